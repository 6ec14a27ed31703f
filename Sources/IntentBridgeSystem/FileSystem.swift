#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// Calls on paths rather than open files: rename, remove, make a folder, resolve a path.
package enum FileSystem {
  /// Renames `source` to `destination`, replacing a file there atomically (`rename(2)`).
  package static func rename(_ source: String, to destination: String) throws(Errno) {
    #if canImport(Darwin)
      let result = Darwin.rename(source, destination)
    #elseif canImport(Glibc)
      let result = Glibc.rename(source, destination)
    #elseif canImport(Musl)
      let result = Musl.rename(source, destination)
    #endif
    guard result == 0 else { throw .current }
  }

  /// Removes the file (not folder) at `path` (`unlink(2)`).
  package static func removeFile(_ path: String) throws(Errno) {
    guard unlink(path) == 0 else { throw .current }
  }

  /// Makes the folder `path` with `permissions` (before the umask); its parent must exist
  /// (`mkdir(2)`).
  package static func makeFolder(_ path: String, permissions: UInt16) throws(Errno) {
    guard mkdir(path, mode_t(permissions)) == 0 else { throw .current }
  }

  /// Whether `path` itself is a symbolic link, whatever it points to (`lstat(2)`).
  package static func isSymbolicLink(_ path: String) -> Bool {
    var raw = stat()
    return lstat(path, &raw) == 0 && raw.st_mode & S_IFMT == S_IFLNK
  }

  /// The absolute path of `path` with symbolic links, `.` and `..` resolved (`realpath`).
  package static func resolvedPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(path, nil) else { throw .current }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
