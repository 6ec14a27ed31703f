import Dispatch
import IntentBridgeJSON
import Synchronization

/// The requests of an `UpstreamConnection` that wait for their answers, by id, so that
/// several may be in flight at once (a gateway forwarding calls): the reader thread hands
/// each response to the request with its id, and the end of the server's output — or a line
/// that is no JSON-RPC message, after which nothing it writes can be trusted — to all of them
/// and to every later request.
///
///     let waiter = replies.register(7)         // before request 7 is written
///     replies.deliver(response, to: 7)         // reader thread
///     waiter.wait(until: .now() + 30)          // .message(response); nil on time-out
final class UpstreamReplies: Sendable {
  enum Outcome: Sendable, Equatable {
    /// The response (`result` or `error`).
    case message(JSONObject)
    /// The server wrote something that is no JSON-RPC message (described).
    case invalid(String)
    /// The server's standard output ended.
    case end
    /// The request was given up before its answer came (`cancel`).
    case cancelled
  }

  /// One request's wait for its outcome.
  final class Waiter: Sendable {
    private let outcome = Mutex<Outcome?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Sets the outcome unless one is set already.
    func fulfil(_ value: Outcome) {
      let first = outcome.withLock { outcome -> Bool in
        guard outcome == nil else { return false }
        outcome = value
        return true
      }
      if first { ready.signal() }
    }

    /// The outcome, waiting until `deadline`; nil when none came in time. Call once.
    func wait(until deadline: DispatchTime) -> Outcome? {
      guard ready.wait(timeout: deadline) == .success else { return nil }
      return outcome.withLock { $0 }
    }
  }

  private struct State {
    var waiting: [Int64: Waiter] = [:]
    /// What ended every request: set once, given to every later one at once.
    var final: Outcome?
  }

  private let state = Mutex(State())

  /// A waiter for request `id` (fulfilled at once when the connection has ended).
  func register(_ id: Int64) -> Waiter {
    let waiter = Waiter()
    state.withLock { state in
      if let final = state.final {
        waiter.fulfil(final)
      } else {
        state.waiting[id] = waiter
      }
    }
    return waiter
  }

  /// Forgets request `id` (it timed out or could not be sent): a late answer is dropped.
  func remove(_ id: Int64) {
    _ = state.withLock { $0.waiting.removeValue(forKey: id) }
  }

  /// Gives request `id` up: it ends with `.cancelled`, and a late answer is dropped.
  func cancel(_ id: Int64) {
    state.withLock { $0.waiting.removeValue(forKey: id) }?.fulfil(.cancelled)
  }

  /// Hands `response` to request `id`; dropped when no request waits for that id.
  func deliver(_ response: JSONObject, to id: Int64) {
    state.withLock { $0.waiting.removeValue(forKey: id) }?.fulfil(.message(response))
  }

  /// Ends every waiting request, and every later one, with `outcome` (the first such outcome stays).
  func finish(_ outcome: Outcome) {
    let (waiters, final) = state.withLock { state -> ([Waiter], Outcome) in
      if state.final == nil { state.final = outcome }
      defer { state.waiting = [:] }
      return (Array(state.waiting.values), state.final ?? outcome)
    }
    for waiter in waiters { waiter.fulfil(final) }
  }
}
