#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A POSIX signal number; the values differ between systems (`SIGTERM` is 15 everywhere, but
/// e.g. `SIGUSR1` is 10 on Linux and 30 on Apple platforms), so name them through here.
package struct Signal: Hashable, Sendable {
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// `SIGTERM`: asked to end.
  package static let terminate = Signal(rawValue: SIGTERM)
  /// `SIGKILL`: ended, cannot be caught.
  package static let kill = Signal(rawValue: SIGKILL)
  /// `SIGINT`: Ctrl-C.
  package static let interrupt = Signal(rawValue: SIGINT)
  /// `SIGHUP`: the terminal went away.
  package static let hangUp = Signal(rawValue: SIGHUP)
  /// `SIGPIPE`: a write to a pipe whose reading end is closed.
  package static let brokenPipe = Signal(rawValue: SIGPIPE)
}
