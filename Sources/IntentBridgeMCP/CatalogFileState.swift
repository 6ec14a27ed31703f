import IntentBridgeCatalog
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
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
  var modified: SystemTime
  var changed: SystemTime
  /// SHA-256 of the contents, when the change was recent at the time of the look.
  var contentHash: String?
  /// Whether the path names a regular file (not a FIFO, socket, device or folder, which are
  /// never opened: opening a FIFO would wait for a writer and stop the watcher).
  var isRegularFile = true

  /// How long after a change the contents are hashed as well.
  static let recentSeconds = 2.0

  /// The file's state now (nil when it cannot be read).
  static func read(_ path: String) -> CatalogFileState? {
    guard let info = try? FileStatus(path: path) else { return nil }
    var state = CatalogFileState(device: info.device, inode: info.inode, size: info.size, modified: info.modified, changed: info.changed)
    guard info.kind == .regularFile else {
      state.isRegularFile = false
      return state
    }
    let age = SystemTime.now().seconds(since: info.changed)
    if age < recentSeconds, info.size <= CatalogLoader.maximumFileSize, let data = FileManager.default.contents(atPath: path) {
      state.contentHash = SHA256.hex(Array(data))
    }
    return state
  }

  /// Whether two looks saw the same version of the file: the same metadata, and the same
  /// contents where both looks hashed them.
  func isSameVersion(as other: CatalogFileState) -> Bool {
    guard device == other.device, inode == other.inode, size == other.size, modified == other.modified, changed == other.changed,
      isRegularFile == other.isRegularFile
    else {
      return false
    }
    if let contentHash, let otherHash = other.contentHash { return contentHash == otherHash }
    return true
  }
}
