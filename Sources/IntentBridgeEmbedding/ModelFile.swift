#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import IntentBridgeBinary

/// File access for model files, with errors that name the file: whole-file reads, opening
/// for a memory map (`ByteStore`), streaming content hashes, and atomic writes of derived
/// files (the compiled tokenizer cache).
///
/// The only place in this module that touches libc (the module needs no Foundation).
enum ModelFile {
  /// An open descriptor of a regular file and its size.
  struct OpenFile {
    let handle: Int32
    let size: Int
  }

  /// Opens `path` for reading; the caller closes `handle`.
  /// - Throws: `.fileNotFound`, or `.unreadable` for a directory, FIFO or device (checked
  ///   before reading) and for I/O errors.
  static func openRegularFile(_ path: String) throws(EmbeddingError) -> OpenFile {
    var before = stat()
    if stat(path, &before) == 0, (before.st_mode & S_IFMT) != S_IFREG {
      throw .unreadable(file: path, reason: "not a regular file")  // never open a FIFO (it would block)
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .fileNotFound(file: path) }
      throw .unreadable(file: path, reason: describe(code))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      _ = close(descriptor)
      throw .unreadable(file: path, reason: describe(code))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      _ = close(descriptor)
      throw .unreadable(file: path, reason: "not a regular file")
    }
    return OpenFile(handle: descriptor, size: Int(status.st_size))
  }

  /// The bytes of the file at `path`.
  static func contents(of path: String) throws(EmbeddingError) -> [UInt8] {
    let file = try openRegularFile(path)
    let descriptor = file.handle
    defer { _ = close(descriptor) }
    let size = file.size
    var failure: Int32 = 0
    var total = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      while total < size, let base = buffer.baseAddress {
        let got = read(descriptor, base + total, size - total)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if got == 0 { break }  // the file shrank while we read it
        total += got
      }
      count = total
    }
    if failure != 0 { throw .unreadable(file: path, reason: describe(failure)) }
    if total != size { throw .truncated(file: path, expectedBytes: size, actualBytes: total) }
    return bytes
  }

  /// The size and `ContentHash` of the file at `path`, read in 256 KB chunks (so hashing a
  /// large file adds nothing to resident memory).
  /// - Complexity: O(size); 0.9 ms for a 4.9 MB `tokenizer.json` in the page cache (release).
  static func fingerprint(of path: String) throws(EmbeddingError) -> SourceFingerprint {
    let file = try openRegularFile(path)
    defer { _ = close(file.handle) }
    var hash = ContentHash()
    let chunk = 256 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var total = 0
    while true {
      let got = read(file.handle, buffer, chunk)
      if got < 0 {
        if errno == EINTR { continue }
        throw .unreadable(file: path, reason: describe(errno))
      }
      if got == 0 { break }
      hash.combine(UnsafeRawBufferPointer(start: buffer, count: got))
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
    let temporary = path + ".tmp-\(getpid())-\(String(random.next() as UInt64, radix: 36))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { return false }
    var written = 0
    let complete = bytes.withUnsafeBytes { raw -> Bool in
      while written < raw.count, let base = raw.baseAddress {
        let got = write(descriptor, base + written, raw.count - written)
        if got < 0 {
          if errno == EINTR { continue }
          return false
        }
        written += got
      }
      return true
    }
    let closed = close(descriptor) == 0
    guard complete, closed, rename(temporary, path) == 0 else {
      _ = unlink(temporary)
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
      if !isFolder(prefix) { _ = mkdir(prefix, 0o755) }
    }
    return isFolder(folder)
  }

  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The file at `path` mapped read-only and private (`ByteStore`); nil when it is empty or
  /// mapping fails (the caller reads it instead).
  static func map(_ path: String) throws(EmbeddingError) -> UnsafeRawBufferPointer? {
    let file = try openRegularFile(path)
    defer { _ = close(file.handle) }  // the mapping outlives the descriptor
    guard file.size > 0, let address = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.handle, 0),
      address != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    return UnsafeRawBufferPointer(start: address, count: file.size)
  }

  /// The permission bits (`st_mode & 0o7777`) of `path`, or nil when it cannot be examined.
  static func permissionBits(of path: String) -> UInt32? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return UInt32(status.st_mode) & 0o7777
  }

  /// The process's values of the environment variables `names` (absent ones left out).
  static func environment(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// The absolute path of `path` with symbolic links resolved, or nil when it does not exist.
  static func absolutePath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether a regular file exists at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  private static func describe(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "errno \(code)" }
    return String(cString: message)
  }
}
