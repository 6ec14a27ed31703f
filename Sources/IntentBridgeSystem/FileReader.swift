/// The one policy by which the engine reads a file it is given or keeps beside a catalog
/// (catalogs, request sets, tuning files, prompts, import inputs, model and tokenizer files;
/// index files and models that are mapped check with `status` first):
///
/// - the path's kind is looked at before anything is opened: a folder is refused, and so is
///   a FIFO, socket or device unless the caller reads streams (`streams: true`: a request set
///   or catalog from a pipe) — opening a FIFO with no writer would wait forever;
/// - a regular file over the caller's `limit` is refused by its size, unread; a stream is read
///   up to one byte past the limit and then refused;
/// - a path that is not valid UTF-8 (Swift reads such a command-line argument with U+FFFD in
///   place of the bad bytes, so the file cannot be found under that name) and a symbolic link
///   to nothing are named as such instead of "no such file";
/// - every failure is one line in the project's style, `PATH: reason`, with the system's own
///   words (`Errno`), never a Foundation error dump.
///
///     let bytes = try FileReader.read("notes.en.tuning.json", what: "a tuning file", limit: 1 << 20)
///     // FileReader.Failure: "notes.en.tuning.json is a folder, not a tuning file"
package enum FileReader {
  /// Why a file was not read: the path and the reason, as one line.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
      /// Nothing at the path.
      case missing
      /// A symbolic link to nothing.
      case danglingLink
      /// A path that is not valid UTF-8 as given (U+FFFD in place of its bad bytes).
      case invalidPath
      /// A folder where a file is needed.
      case folder
      /// A FIFO, socket or device where a regular file is needed.
      case notRegularFile
      case tooLarge
      /// The system refused (permission, I/O error).
      case system
    }

    package var path: String
    package var reason: String
    package var kind: Kind

    package init(path: String, reason: String, kind: Kind) {
      self.path = path
      self.reason = reason
      self.kind = kind
    }

    package var description: String { "\(path): \(reason)" }
  }

  /// `what` names the file with its article, for messages: "a tuning file", "an index file".
  /// The status of the file at `path` when it is a regular file (or, with `streams`, a FIFO,
  /// socket or device) within `limit` bytes; otherwise the failure that names why.
  package static func status(_ path: String, what: String, limit: Int, streams: Bool = false) throws(Failure) -> FileStatus {
    let status: FileStatus
    do {
      status = try FileStatus(path: path)
    } catch {
      throw missingOrUnreadable(path, error)
    }
    switch status.kind {
    case .regularFile:
      guard status.size <= Int64(limit) else {
        throw Failure(path: path, reason: "is \(status.size) bytes; \(what) may be at most \(limit) bytes", kind: .tooLarge)
      }
    case .directory:
      throw Failure(path: path, reason: "is a folder, not \(what)", kind: .folder)
    case .other:
      guard streams else {
        throw Failure(path: path, reason: "is not a regular file (a FIFO, socket or device), not \(what)", kind: .notRegularFile)
      }
    }
    return status
  }

  /// The whole file at `path`, read under the policy above.
  /// - Complexity: O(file size); memory holds the file once (plus up to 64 KiB for a stream).
  package static func read(_ path: String, what: String, limit: Int, streams: Bool = false) throws(Failure) -> [UInt8] {
    let before = try status(path, what: what, limit: limit, streams: streams)
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(forReading: path)
    } catch {
      throw missingOrUnreadable(path, error)
    }
    defer { file.closeIgnoringErrors() }
    // The same checks on what was opened (the path may have been replaced meanwhile).
    let opened: FileStatus
    do {
      opened = try FileStatus(descriptor: file)
    } catch {
      throw Failure(path: path, reason: error.description, kind: .system)
    }
    if opened.kind == .directory || (opened.kind == .other && !streams) || opened.size > Int64(limit) {
      _ = try status(path, what: what, limit: limit, streams: streams)
      throw Failure(path: path, reason: "changed while it was opened; try again", kind: .system)
    }
    let expected = before.kind == .regularFile ? Int(opened.size) : 0
    var bytes = [UInt8](repeating: 0, count: min(limit, expected) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= limit else { break }
        bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 1 << 16), limit + 1 - count))
      }
      let got: Int
      do {
        got = try file.read(into: &bytes, at: count)
      } catch {
        throw Failure(path: path, reason: error.description, kind: .system)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= limit else {
      throw Failure(path: path, reason: "is more than \(limit) bytes; \(what) may be at most \(limit) bytes", kind: .tooLarge)
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// The failure for a path whose status could not be read.
  static func missingOrUnreadable(_ path: String, _ error: Errno) -> Failure {
    guard error == .noSuchFile || error == .notDirectory else { return Failure(path: path, reason: error.description, kind: .system) }
    if path.unicodeScalars.contains("\u{FFFD}") {
      return Failure(
        path: path,
        reason: "no such file; the path given is not valid UTF-8 (IntentBridge reads paths as UTF-8): rename the file or a folder on its path",
        kind: .invalidPath)
    }
    if FileSystem.isSymbolicLink(path) {
      return Failure(path: path, reason: "is a symbolic link to a file that does not exist", kind: .danglingLink)
    }
    return Failure(path: path, reason: "no such file", kind: .missing)
  }
}
