#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// What `stat(2)` tells of a file: its kind, size, permission bits, identity (device and
/// inode) and its modification and status-change times.
///
///     let status = try FileStatus(path: "Examples/notes/notes.en.json")
///     status.kind     // .regularFile
///     status.size     // 10462
///
/// The times come from `st_mtim`/`st_ctim` on Linux and `st_mtimespec`/`st_ctimespec` on
/// Apple platforms; this is the one place that knows.
package struct FileStatus: Sendable {
  package enum Kind: Sendable, Equatable {
    case regularFile
    case directory
    /// A FIFO, socket, device or (for `lstat`, unused here) symbolic link.
    case other
  }

  package var kind: Kind
  /// Bytes (`st_size`).
  package var size: Int64
  /// `st_mode & 0o7777`: permission, set-id and sticky bits.
  package var permissionBits: UInt32
  package var device: UInt64
  package var inode: UInt64
  /// Last change of the contents (mtime).
  package var modified: SystemTime
  /// Last change of the contents or the metadata (ctime); moves with every write, also when
  /// the modification time is set back.
  package var changed: SystemTime

  /// The status of the file at `path`, following symbolic links (`stat`).
  package init(path: String) throws(Errno) {
    var raw = stat()
    guard stat(path, &raw) == 0 else { throw .current }
    self.init(raw)
  }

  /// The status of the open file `descriptor` (`fstat`).
  package init(descriptor: FileDescriptor) throws(Errno) {
    var raw = stat()
    guard fstat(descriptor.rawValue, &raw) == 0 else { throw .current }
    self.init(raw)
  }

  private init(_ raw: stat) {
    switch raw.st_mode & S_IFMT {
    case S_IFREG: kind = .regularFile
    case S_IFDIR: kind = .directory
    default: kind = .other
    }
    size = Int64(raw.st_size)
    permissionBits = UInt32(raw.st_mode) & 0o7777
    device = UInt64(truncatingIfNeeded: raw.st_dev)
    inode = UInt64(truncatingIfNeeded: raw.st_ino)
    #if canImport(Darwin)
      modified = SystemTime(raw.st_mtimespec)
      changed = SystemTime(raw.st_ctimespec)
    #elseif canImport(Glibc) || canImport(Musl)
      modified = SystemTime(raw.st_mtim)
      changed = SystemTime(raw.st_ctim)
    #endif
  }
}
