#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads for model files, with errors that name the file.
///
/// The only place in this module that touches libc: models are read once at load time into
/// an array (no memory map, so a file changed on disk later cannot fault a running process),
/// and the module needs no Foundation.
enum ModelFile {
  /// The bytes of the file at `path`.
  static func contents(of path: String) throws(EmbeddingError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .fileNotFound(file: path) }
      throw .unreadable(file: path, reason: describe(code))
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(file: path, reason: describe(errno)) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(file: path, reason: "not a regular file") }
    let size = Int(status.st_size)
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
