@preconcurrency import Glibc
import Synchronization

/// libc access lives here only (STYLE.md, Linux pitfall 4): unbuffered writes to fd 1 and 2.
extension Console {
  /// Writes straight to the file descriptors with `write(2)`, so output is never held in a
  /// buffer when piped, and EPIPE ends the process quietly.
  public static let standard = Console(
    out: { writeAll(1, $0) }, err: { writeAll(2, $0) }, errIsTerminal: isatty(2) == 1,
    keepUntilExit: { object in kept.withLock { $0.append(object) } })

  /// What `keepUntilExit` was given; never freed (the process exits without tearing it down).
  private static let kept = Mutex<[any Sendable]>([])

  private static func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { Glibc.exit(0) }
        return
      }
      offset += n
    }
  }
}

/// Process set-up for the executable: a closed pipe must not kill the process mid-write
/// (EPIPE is handled in `writeAll`).
public func prepareProcess() {
  signal(SIGPIPE, SIG_IGN)
}

/// Ends the process with `code`.
public func exit(_ code: Int32) -> Never {
  Glibc.exit(code)
}
