import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The files of a Swift import: the `.swift` sources, the `.xcstrings` / `.strings` files
/// and the `Info.plist` found in the given files and folders (folders read recursively,
/// hidden folders and `.build` skipped), in a stable order.
///
/// File names as recorded in the catalog are the paths as given (relative paths stay
/// relative), or relative to `base` when they lie inside it, so the same command gives the
/// same catalog wherever it runs.
public struct SwiftImportInput: Sendable {
  /// One file read: its name as the catalog records it, and its bytes.
  public struct File: Sendable {
    /// The path as given, or relative to `base` when inside it.
    public var name: String
    /// The file's content.
    public var bytes: [UInt8]

    /// A file `name` with content `bytes`.
    public init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// The `.swift` files, in a stable order.
  public var sources: [File] = []
  /// The `.xcstrings` and `.strings` files, in a stable order.
  public var strings: [File] = []
  /// The first `Info.plist` found; nil when none was.
  public var infoPlist: File?
  /// The last component of the first folder given: the app's name when nothing else names it.
  public var appName: String?
  /// The paths as given (relative to `base` when inside it), for `source.upstream`.
  public var upstream: [String] = []
  /// Files that were found but not read (too large, unreadable), with the reason.
  public var skipped: [(name: String, reason: String)] = []

  /// Files larger than this are skipped with a warning.
  public static let maximumFileSize = 64 << 20

  /// Why the input could not be collected.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The path given.
    public var path: String
    /// What is wrong, e.g. `no such file or folder`.
    public var reason: String
    public var description: String { "\(path): error: \(reason)" }
  }

  /// An empty input.
  public init() {}

  /// Collects `paths` (Swift sources, string files or folders) and `stringPaths` (string
  /// files or folders holding them).
  public static func collect(paths: [String], stringPaths: [String] = [], relativeTo base: String? = nil) throws(Failure) -> SwiftImportInput {
    var input = SwiftImportInput()
    var seen: Set<String> = []
    for (isStrings, list) in [(false, paths), (true, stringPaths)] {
      for path in list {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
          throw Failure(path: path, reason: "no such file or folder")
        }
        let display = relative(path, to: base)
        input.upstream.append(display)
        if isDirectory {
          if input.appName == nil, !isStrings { input.appName = folderName(path) }
          var found: [String] = []
          var skippedFolders: [(name: String, reason: String)] = []
          Self.walk(path, relative: "", depth: 0, into: &found, skipped: &skippedFolders)
          input.skipped += skippedFolders.map { (relative($0.name, to: base), $0.reason) }
          for item in found.sorted() {
            let full = path.hasSuffix("/") ? path + item : path + "/" + item
            input.add(full: full, name: relative(full, to: base), stringsOnly: isStrings, seen: &seen)
          }
        } else {
          guard let kind = Self.kind(of: path), !isStrings || kind != .source else {
            throw Failure(
              path: path,
              reason: isStrings
                ? "expected a .xcstrings or .strings file, or a folder" : "expected a .swift, .xcstrings or .strings file, or a folder")
          }
          input.add(full: path, name: display, stringsOnly: isStrings, seen: &seen)
        }
      }
    }
    return input
  }

  /// Folders nest at most this deep below an imported folder.
  static let maximumDepth = 64

  /// Relative paths of the files of interest under `directory`; hidden entries, `.build`,
  /// `DerivedData` and symbolic links to folders (which could loop) are skipped quietly. A
  /// folder that cannot be read, one nested deeper than `maximumDepth`, and an entry whose
  /// name is not valid UTF-8 are skipped with the reason in `skipped` (the import warns).
  private static func walk(
    _ directory: String, relative: String, depth: Int, into found: inout [String], skipped: inout [(name: String, reason: String)]
  ) {
    guard depth < maximumDepth else {
      skipped.append((directory, "the folder is nested more than \(maximumDepth) folders deep; it was not read"))
      return
    }
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      skipped.append((directory, "the folder cannot be read (\(Errno.describe(error))); it was skipped"))
      return
    }
    for entry in entries.sorted() where !entry.hasPrefix(".") && entry != "DerivedData" {
      let full = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
      guard !entry.unicodeScalars.contains("\u{FFFD}") else {
        skipped.append((full, "the name is not valid UTF-8, which this importer cannot name in a catalog; rename it to import what it holds"))
        continue
      }
      let item = relative.isEmpty ? entry : relative + "/" + entry
      let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
      if type == .typeDirectory {
        walk(full, relative: item, depth: depth + 1, into: &found, skipped: &skipped)
      } else if type == .typeSymbolicLink {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory, kind(of: entry) != nil { found.append(item) }
      } else if kind(of: entry) != nil {
        found.append(item)
      }
    }
  }

  private enum Kind { case source, strings, infoPlist }

  private static func kind(of path: String) -> Kind? {
    if path.hasSuffix(".swift") { return .source }
    if path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") { return .strings }
    if path.hasSuffix("Info.plist") { return .infoPlist }
    return nil
  }

  private mutating func add(full: String, name: String, stringsOnly: Bool, seen: inout Set<String>) {
    guard let kind = Self.kind(of: full), seen.insert(full).inserted else { return }
    if stringsOnly && kind != .strings { return }
    if kind == .infoPlist && infoPlist != nil { return }
    let bytes: [UInt8]
    do {
      // `FileReader`'s policy: the size limit from the file's status (before, a cast of the
      // size to Int failed on Linux and the limit was never applied), no FIFO opened.
      bytes = try FileReader.read(full, what: "a source or strings file", limit: Self.maximumFileSize)
    } catch {
      if error.kind == .folder { return }
      skipped.append((name, "\(error.reason); it was not read"))
      return
    }
    let file = File(name: name, bytes: bytes)
    switch kind {
    case .source: sources.append(file)
    case .strings: strings.append(file)
    case .infoPlist: infoPlist = file
    }
  }

  private static func relative(_ path: String, to base: String?) -> String {
    guard let base, !base.isEmpty else { return path }
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  private static func folderName(_ path: String) -> String? {
    let name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    return name.isEmpty || name == "/" ? nil : name
  }
}
