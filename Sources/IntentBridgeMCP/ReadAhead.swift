import IntentBridgeSystem

/// How far the stdio transport reads ahead of its answers: at most `maximumCalls` tool
/// calls in flight and `maximumBytes` of their lines. When both are used up the reader
/// waits, the pipe fills and the client's writes block (back-pressure), instead of the
/// server buffering every line it was sent (200,000 calls written at once grew the
/// process by 80 MB for good).
///
///     let readAhead = ReadAhead(maximumCalls: 32, maximumBytes: 64 << 20)
///     readAhead.acquire(bytes: line.count)   // on the reader thread; may wait
///     worker { …; readAhead.release(bytes: line.count) }
///     readAhead.waitUntilIdle()              // at end of input: every call answered
final class ReadAhead: @unchecked Sendable {
  // @unchecked: `calls` and `bytes` are read and written only while `condition` is locked.
  private let condition = ConditionLock()
  private var calls = 0
  private var bytes = 0
  let maximumCalls: Int
  let maximumBytes: Int

  init(maximumCalls: Int, maximumBytes: Int) {
    self.maximumCalls = maximumCalls
    self.maximumBytes = maximumBytes
  }

  /// Takes room for one call of `count` bytes, waiting until there is some (a call larger
  /// than `maximumBytes` waits until it is the only one).
  func acquire(bytes count: Int) {
    condition.lock()
    while calls > 0 && (calls >= maximumCalls || bytes + count > maximumBytes) { condition.wait() }
    calls += 1
    bytes += count
    condition.unlock()
  }

  /// Gives back the room of an answered call.
  func release(bytes count: Int) {
    condition.lock()
    calls -= 1
    bytes -= count
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until every call taken has been given back.
  func waitUntilIdle() {
    condition.lock()
    while calls > 0 { condition.wait() }
    condition.unlock()
  }
}
