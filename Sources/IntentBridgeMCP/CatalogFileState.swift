import FoundationEssentials
import IntentBridgeCatalog

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the catalog watcher compares between two looks at the file: which file it is
/// (device, inode), its size, its modification and status-change times, and, while the
/// change is recent, a hash of its contents.
///
/// The status-change time (ctime) moves with every write, also when an editor puts the old
/// modification time back (`touch -r`, `cp -p`), so an edit that keeps size and mtime is
/// noticed. Two writes within one tick of the file system's clock share their times; for
/// the first seconds after a change the contents are hashed too, so the second is noticed.
struct CatalogFileState: Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec
  var changed: timespec
  /// SHA-256 of the contents, when the change was recent at the time of the look.
  var contentHash: String?
  /// Whether the path names a regular file (not a FIFO, socket, device or folder, which are
  /// never opened: opening a FIFO would wait for a writer and stop the watcher).
  var isRegularFile = true

  /// How long after a change the contents are hashed as well.
  static let recentSeconds = 2.0

  /// The file's state now (nil when it cannot be read).
  static func read(_ path: String) -> CatalogFileState? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    var state = CatalogFileState(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: info.st_mtim, changed: info.st_ctim)
    guard info.st_mode & S_IFMT == S_IFREG else {
      state.isRegularFile = false
      return state
    }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let age = Double(now.tv_sec - info.st_ctim.tv_sec) + Double(now.tv_nsec - info.st_ctim.tv_nsec) / 1e9
    if age < recentSeconds, info.st_size <= CatalogLoader.maximumFileSize, let data = FileManager.default.contents(atPath: path) {
      state.contentHash = SHA256.hex(Array(data))
    }
    return state
  }

  /// Whether two looks saw the same version of the file: the same metadata, and the same
  /// contents where both looks hashed them.
  func isSameVersion(as other: CatalogFileState) -> Bool {
    guard device == other.device, inode == other.inode, size == other.size, Self.same(modified, other.modified), Self.same(changed, other.changed),
      isRegularFile == other.isRegularFile
    else {
      return false
    }
    if let contentHash, let otherHash = other.contentHash { return contentHash == otherHash }
    return true
  }

  private static func same(_ a: timespec, _ b: timespec) -> Bool { a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec }
}
