import IntentBridgeSystem
import Synchronization

/// The process's own console: unbuffered writes to standard output and error (the system
/// calls are IntentBridgeSystem's).
extension Console {
  /// Writes straight to the file descriptors with `write(2)`, so output is never held in a
  /// buffer when piped, and EPIPE ends the process quietly.
  public static let standard = Console(
    out: { writeAll(.standardOutput, $0) }, err: { writeAll(.standardError, $0) }, errIsTerminal: FileDescriptor.standardError.isTerminal,
    keepUntilExit: { object in kept.withLock { $0.append(object) } })

  /// What `keepUntilExit` was given; never freed (the process exits without tearing it down).
  private static let kept = Mutex<[any Sendable]>([])

  /// Writes all of `text`; a closed pipe (EPIPE) exits with 0, any other failure drops the rest.
  private static func writeAll(_ descriptor: FileDescriptor, _ text: String) {
    do {
      try descriptor.writeAll(Array(text.utf8))
    } catch {
      if error == .brokenPipe { CurrentProcess.exit(0) }
    }
  }
}

/// Process set-up for the executable: a closed pipe must not kill the process mid-write
/// (EPIPE is handled in `writeAll`).
public func prepareProcess() {
  CurrentProcess.ignore(.brokenPipe)
}

/// Ends the process with `code`.
public func exit(_ code: Int32) -> Never {
  CurrentProcess.exit(code)
}
