#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A POSIX error number (`errno`), as the calls of this module report it: read on the
/// calling thread right after the call that failed, so no later call can overwrite it.
///
///     do { _ = try FileStatus(path: "missing.json") } catch { print(error) }
///     // No such file or directory
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno` now.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `ENOENT`: no file or folder at the path.
  package static let noSuchFile = Errno(rawValue: ENOENT)
  /// `ENOTDIR`: a component of the path is not a folder.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EINTR`: a signal interrupted the call (the calls here retry it themselves).
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`: a non-blocking descriptor has nothing to give or take now.
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EPIPE`: the reading end of a pipe or socket is closed.
  package static let brokenPipe = Errno(rawValue: EPIPE)

  /// The system's message (`strerror`), e.g. "No such file or directory"; `errno N` when the
  /// system has none.
  package var description: String {
    guard let message = strerror(rawValue) else { return "errno \(rawValue)" }
    return String(cString: message)
  }
}
