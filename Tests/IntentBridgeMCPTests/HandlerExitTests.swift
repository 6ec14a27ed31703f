import Dispatch
import Foundation
@testable import IntentBridgeMCP
import Testing

/// A handler's end is noticed without Foundation's termination notification, which can come
/// late when the process's dispatch threads are busy: the child's state is polled too, by
/// `waitid` (an exited child not yet reaped: its status) or by `Process.isRunning` (reaped).
@Suite struct HandlerExitTests {
  /// Starts `/bin/sh -c script` with a termination handler that is never awaited, so only
  /// the polling can see the end.
  static func start(_ script: String) throws -> (Process, DispatchSemaphore) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    try process.run()
    return (process, DispatchSemaphore(value: 0))
  }

  @Test func aKilledChildIsSeenWithoutTheNotification() throws {
    let (process, neverSignalled) = try Self.start("exec sleep 30")
    kill(process.processIdentifier, SIGKILL)
    let begin = ContinuousClock.now
    let exit = HandlerRunner.waitForExit(process.processIdentifier, neverSignalled, isRunning: { process.isRunning }, until: .now() + 10)
    #expect(ContinuousClock.now - begin < .seconds(5))
    process.waitUntilExit()
    #expect(exit == .signalled(SIGKILL) || (exit == .notified && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL))
  }

  @Test func anExitStatusIsSeenWithoutTheNotification() throws {
    let (process, neverSignalled) = try Self.start("exit 3")
    let exit = HandlerRunner.waitForExit(process.processIdentifier, neverSignalled, isRunning: { process.isRunning }, until: .now() + 10)
    process.waitUntilExit()
    #expect(exit == .exited(3) || (exit == .notified && process.terminationStatus == 3))
  }

  /// A child Foundation does not watch (started with `posix_spawn`): only `waitid` can see
  /// its end, and it does, status included.
  @Test func anUnwatchedChildsStatusIsReadByWaitid() throws {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("exit 7"), nil]
    defer { for p in argv { free(p) } }
    #expect(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0)
    let exit = HandlerRunner.waitForExit(pid, DispatchSemaphore(value: 0), isRunning: { true }, until: .now() + 10)
    #expect(exit == .exited(7))
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  @Test func aRunningChildTimesOut() throws {
    let (process, neverSignalled) = try Self.start("exec sleep 30")
    #expect(HandlerRunner.waitForExit(process.processIdentifier, neverSignalled, isRunning: { process.isRunning }, until: .now() + 0.2) == nil)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
