import IntentBridgeBinary
import IntentBridgeSystem

/// File access for model files, with errors that name the file: whole-file reads, opening
/// for a memory map (`ByteStore`), streaming content hashes, and atomic writes of derived
/// files (the compiled tokenizer cache).
///
/// The system calls themselves are IntentBridgeSystem's; this module needs no Foundation.
enum ModelFile {
  /// An open descriptor of a regular file and its size.
  struct OpenFile {
    let handle: FileDescriptor
    let size: Int
  }

  /// The largest model, tokenizer or compiled tokenizer file read: 4 GiB.
  static let maximumBytes = 1 << 32

  /// Opens `path` for reading; the caller closes `handle`.
  /// - Throws: `.fileNotFound`, or `.unreadable` for a directory, FIFO or device (checked
  ///   before reading) and for I/O errors.
  static func openRegularFile(_ path: String) throws(EmbeddingError) -> OpenFile {
    // `FileReader`'s policy: never open a FIFO (it would block), name a folder, a dangling
    // link or a path that is not valid UTF-8 as such.
    do {
      _ = try FileReader.status(path, what: "a model file", limit: maximumBytes)
    } catch {
      if error.kind == .missing { throw .fileNotFound(file: path) }
      throw .unreadable(file: path, reason: error.reason)
    }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(forReading: path)
    } catch {
      if error == .noSuchFile || error == .notDirectory { throw .fileNotFound(file: path) }
      throw .unreadable(file: path, reason: error.description)
    }
    let status: FileStatus
    do {
      status = try FileStatus(descriptor: descriptor)
    } catch {
      descriptor.closeIgnoringErrors()
      throw .unreadable(file: path, reason: error.description)
    }
    guard status.kind == .regularFile else {
      descriptor.closeIgnoringErrors()
      throw .unreadable(file: path, reason: "not a regular file")
    }
    return OpenFile(handle: descriptor, size: Int(status.size))
  }

  /// The bytes of the file at `path`.
  static func contents(of path: String) throws(EmbeddingError) -> [UInt8] {
    let file = try openRegularFile(path)
    let descriptor = file.handle
    defer { descriptor.closeIgnoringErrors() }
    let size = file.size
    var failure: Errno?
    var total = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while total < size {
        do throws(Errno) {
          let got = try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[total...]))
          if got == 0 { break }  // the file shrank while we read it
          total += got
        } catch {
          failure = error
          break
        }
      }
      count = total
    }
    if let failure { throw .unreadable(file: path, reason: failure.description) }
    if total != size { throw .truncated(file: path, expectedBytes: size, actualBytes: total) }
    return bytes
  }

  /// The size and `ContentHash` of the file at `path`, read in 256 KB chunks (so hashing a
  /// large file adds nothing to resident memory).
  /// - Complexity: O(size); 0.9 ms for a 4.9 MB `tokenizer.json` in the page cache (release).
  static func fingerprint(of path: String) throws(EmbeddingError) -> SourceFingerprint {
    let file = try openRegularFile(path)
    defer { file.handle.closeIgnoringErrors() }
    var hash = ContentHash()
    let chunk = 256 * 1024
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      let got: Int
      do {
        got = try file.handle.read(into: buffer)
      } catch {
        throw .unreadable(file: path, reason: error.description)
      }
      if got == 0 { break }
      hash.combine(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
      total += got
    }
    return SourceFingerprint(size: UInt64(total), hash: hash.finish())
  }

  /// Writes `bytes` to `path` atomically: into a new temporary file in the same folder, then
  /// renamed over `path`, so a reader (another process starting at the same time) sees the old
  /// file or the whole new one, never a part. No fsync: a file cut short by a power loss fails
  /// its checksum and is rebuilt.
  /// - Returns: whether the file was written (false: the folder cannot be written; nothing is
  ///   left behind).
  static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
    var random = SystemRandomNumberGenerator()
    let temporary = path + ".tmp-\(CurrentProcess.id)-\(String(random.next() as UInt64, radix: 36))"
    guard let descriptor = try? FileDescriptor.create(newFile: temporary, permissions: 0o644) else { return false }
    let complete = (try? descriptor.writeAll(bytes)) != nil
    let closed = (try? descriptor.close()) != nil
    guard complete, closed, (try? FileSystem.rename(temporary, to: path)) != nil else {
      try? FileSystem.removeFile(temporary)
      return false
    }
    return true
  }

  /// Creates `folder` and its missing parents (mode 0755); true when it exists afterwards.
  static func makeFolder(_ folder: String) -> Bool {
    if isFolder(folder) { return true }
    var prefix = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      if !isFolder(prefix) { try? FileSystem.makeFolder(prefix, permissions: 0o755) }
    }
    return isFolder(folder)
  }

  static func isFolder(_ path: String) -> Bool {
    (try? FileStatus(path: path))?.kind == .directory
  }

  /// The file at `path` mapped read-only and private (`ByteStore`); nil when it is empty or
  /// mapping fails (the caller reads it instead).
  static func map(_ path: String) throws(EmbeddingError) -> UnsafeRawBufferPointer? {
    let file = try openRegularFile(path)
    defer { file.handle.closeIgnoringErrors() }  // the mapping outlives the descriptor
    guard file.size > 0 else { return nil }
    return try? MemoryMap.mapReadOnly(file.handle, size: file.size)
  }

  /// The permission bits (`st_mode & 0o7777`) of `path`, or nil when it cannot be examined.
  static func permissionBits(of path: String) -> UInt32? {
    (try? FileStatus(path: path))?.permissionBits
  }

  /// The process's values of the environment variables `names` (absent ones left out).
  static func environment(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = CurrentProcess.environmentValue(name) { values[name] = value }
    }
    return values
  }

  /// The absolute path of `path` with symbolic links resolved, or nil when it does not exist.
  static func absolutePath(_ path: String) -> String? {
    try? FileSystem.resolvedPath(path)
  }

  /// Whether a regular file exists at `path`.
  static func exists(_ path: String) -> Bool {
    (try? FileStatus(path: path))?.kind == .regularFile
  }
}
