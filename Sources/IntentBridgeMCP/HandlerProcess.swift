import Dispatch
import IntentBridgeSystem
import Synchronization

/// A handler's child process (`ChildProcess`: `posix_spawn` in a process group of its own,
/// the group's id being the child's pid), so that a timeout, a cancellation or the server's
/// exit stops everything the handler started (`sh -c 'sleep 30 & sleep 30'`), not only the
/// child.
///
/// The child's end is waited for by a thread of its own blocked in `waitid` (no polling, no
/// dependence on a notification queue that a busy process serves late), and the child is
/// not reaped until `reap()`: until then its pid, and so its group's id, cannot be reused,
/// and signalling the group never reaches an unrelated process.
final class HandlerProcess: Sendable {
  private let child: ChildProcess
  private let exited = DispatchSemaphore(value: 0)
  private let hasExited = Mutex(false)

  var pid: Int32 { child.pid }
  /// Our ends of the child's standard input, output and error.
  var input: FileDescriptor { child.input }
  var output: FileDescriptor { child.output }
  var error: FileDescriptor { child.error }

  private init(child: ChildProcess) {
    self.child = child
  }

  /// Starts `program` with `arguments` (argv[1…]) and exactly `environment`; every signal
  /// at its default disposition and none blocked (the server ignores SIGPIPE), and no file
  /// descriptor of the server but the three pipes. Nil when the program cannot be started.
  static func spawn(program: String, arguments: [String], environment: [String: String]) -> HandlerProcess? {
    try? start(program: program, arguments: arguments, environment: environment)
  }

  /// `spawn`, in `workingDirectory` (nil: ours), throwing why the program could not be started.
  static func start(program: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil) throws(Errno)
    -> HandlerProcess
  {
    let child = try ChildProcess.start(program: program, arguments: arguments, environment: environment, workingDirectory: workingDirectory)
    let process = HandlerProcess(child: child)
    DetachedThread.start(name: "mcp-wait-child") { [process] in
      process.child.waitUntilEnded()
      process.exited.signal()
    }
    return process
  }

  /// Waits until the child has ended, at most `seconds` (nil: however long it takes); true
  /// when it has. Returns as soon as it ends.
  func waitForExit(seconds: Double?) -> Bool {
    if hasExited.withLock({ $0 }) { return true }
    if let seconds {
      guard exited.wait(timeout: .now() + seconds) == .success else { return false }
    } else {
      exited.wait()
    }
    hasExited.withLock { $0 = true }
    return true
  }

  /// Sends `signal` to every process of the child's group (the child, and what it started).
  /// Call before `reap()` only.
  func signalGroup(_ signal: Signal) {
    child.signalGroup(signal)
  }

  /// Reaps the ended child (call after `waitForExit` returned true): how it ended.
  func reap() -> (exitStatus: Int32?, signal: Int32?) {
    child.reap()
  }
}
