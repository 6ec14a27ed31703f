import Dispatch
import Foundation
import Synchronization

/// Runs `body` on a thread of its own and waits, without blocking a thread of Swift
/// Testing's small cooperative pool, at most `seconds` for it to end.
///
/// A guard against a hang (quadratic time, a deadlock, a child process that is never
/// stopped), not a timing measurement: the limit sits far above what the work takes on any
/// machine, loaded or not, so only work that cannot finish fails it. Timings belong in the
/// stress and benchmark scripts, which print numbers.
///
///     let value = await withinHangGuard { try? JSONParser.parse(hugeText) }
///     #expect(value != nil, "parsing did not end within the guard")
///
/// - Parameter stackSize: the thread's stack in bytes (nil: the default).
/// - Returns: what `body` returned, or nil when it had not ended in time (it keeps running).
public func withinHangGuard<T: Sendable>(seconds: Double = 300, stackSize: Int? = nil, _ body: @escaping @Sendable () -> T) async -> T? {
  await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
    let resumed = Mutex(false)
    let finish: @Sendable (T?) -> Void = { value in
      let first = resumed.withLock { done in
        defer { done = true }
        return !done
      }
      if first { continuation.resume(returning: value) }
    }
    let thread = Thread { finish(body()) }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
  }
}

/// Waits, without blocking a thread of the cooperative pool, until `condition` holds,
/// checking every 20 ms for at most `seconds` (a hang guard, as `withinHangGuard`).
/// - Returns: whether the condition came to hold.
public func eventually(seconds: Double = 300, _ condition: () throws -> Bool) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return try condition()
}
