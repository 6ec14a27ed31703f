import Dispatch
import Foundation
import Synchronization

/// Work running on a thread of its own from the moment it is made, awaited later behind a
/// hang guard, without blocking a thread of Swift Testing's small cooperative pool.
///
/// A guard against a hang (quadratic time, a deadlock, a child process that is never
/// stopped), not a timing measurement: the limit sits far above what the work takes on any
/// machine, loaded or not, so only work that cannot finish fails it. Timings belong in the
/// stress and benchmark scripts, which print numbers.
///
/// The thread starts in `init`, on the caller's own schedule: work started from a child task
/// (`async let`) would wait for a free pool thread first, which a busy test run may not
/// have for minutes.
///
///     let call = GuardedWork { server.handle(incoming) }   // running now
///     …                                                     // meanwhile, e.g. cancel it
///     let replies = await call.value()                      // nil: it did not end in time
public final class GuardedWork<T: Sendable>: Sendable {
  private struct State {
    var result: T??
    var waiting: CheckedContinuation<T?, Never>?
  }
  private let state = Mutex(State(result: nil, waiting: nil))

  /// Starts `body` on a new thread (with a `stackSize`-byte stack; nil: the default).
  public init(stackSize: Int? = nil, _ body: @escaping @Sendable () -> T) {
    let thread = Thread { [self] in
      let value = body()
      let waiting = state.withLock { state -> CheckedContinuation<T?, Never>? in
        state.result = .some(value)
        defer { state.waiting = nil }
        return state.waiting
      }
      waiting?.resume(returning: value)
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  /// What the work returned, or nil when it had not ended within `seconds` (it keeps running).
  /// Call once.
  public func value(seconds: Double = 300) async -> T? {
    await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
      let done = state.withLock { state -> T?? in
        if let result = state.result { return result }
        state.waiting = continuation
        return nil
      }
      if let done {
        continuation.resume(returning: done)
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        let waiting = state.withLock { state -> CheckedContinuation<T?, Never>? in
          defer { state.waiting = nil }
          return state.waiting
        }
        waiting?.resume(returning: nil)
      }
    }
  }
}

/// Runs `body` on a thread of its own and waits for it behind a hang guard of `seconds`
/// (see `GuardedWork`).
///
///     let value = await withinHangGuard { try? JSONParser.parse(hugeText) }
///     #expect(value != nil, "parsing did not end within the guard")
///
/// - Returns: what `body` returned, or nil when it had not ended in time (it keeps running).
public func withinHangGuard<T: Sendable>(seconds: Double = 300, stackSize: Int? = nil, _ body: @escaping @Sendable () -> T) async -> T? {
  await GuardedWork(stackSize: stackSize, body).value(seconds: seconds)
}

/// Waits, without blocking a thread of the cooperative pool, until `condition` holds,
/// checking every 20 ms for at most `seconds` (a hang guard, as `withinHangGuard`); the
/// condition is checked once more at the end, however late the task was resumed.
/// - Returns: whether the condition came to hold.
public func eventually(seconds: Double = 300, _ condition: () throws -> Bool) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return try condition()
}
