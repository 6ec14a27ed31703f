import Dispatch
import Foundation
import Synchronization

/// Runs `body` on a thread of its own and waits at most `seconds` for it to end.
///
/// A guard against a hang (quadratic time, a deadlock, a child that is never stopped), not
/// a timing measurement: the limit sits far above what the work takes on any machine,
/// loaded or not, so only an algorithm that cannot finish fails it. Timings belong in the
/// stress and benchmark scripts, which print numbers.
///
///     let value = withinHangGuard { try? JSONParser.parse(hugeText) }
///     #expect(value != nil, "parsing did not end within the guard")
///
/// - Returns: what `body` returned, or nil when it had not ended in time (it keeps running).
public func withinHangGuard<T: Sendable>(seconds: Double = 120, _ body: @escaping @Sendable () -> T) -> T? {
  let result = Mutex<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    let value = body()
    result.withLock { $0 = value }
    done.signal()
  }
  guard done.wait(timeout: .now() + seconds) == .success else { return nil }
  return result.withLock { $0 }
}
