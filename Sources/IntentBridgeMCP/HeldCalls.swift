import Synchronization

/// Forwarded calls held for a stateless-era host's answer: the host's `tools/call` was
/// answered `input_required` with the server's request, and the server's call waits until
/// the host retries with `inputResponses` and the `requestState` we gave it (a token of
/// ours, `ib-held-N`; the host treats it as opaque).
///
///     let token = held.hold(call, request: request)     // answered input_required
///     // the retry: tools/call {…, "requestState": token, "inputResponses": {…}}
///     held.take(token)                                  // Held(call, request); nil: not held (any more)
///
/// A held call whose server call ends meanwhile (the per-call timeout, the server gone) is
/// dropped (`drop`): nothing stays held longer than the server's call runs.
final class HeldCalls: Sendable {
  struct Held: Sendable {
    let call: ForwardedCall
    /// The server's request the host was asked.
    let request: UpstreamServerRequest
  }

  private struct State {
    var next: Int64 = 1
    var held: [String: Held] = [:]
  }
  private let state = Mutex(State())

  /// Holds `call` waiting for the host's answer to `request`; returns the `requestState` token.
  func hold(_ call: ForwardedCall, request: UpstreamServerRequest) -> String {
    state.withLock { state in
      let token = "ib-held-\(state.next)"
      state.next += 1
      state.held[token] = Held(call: call, request: request)
      return token
    }
  }

  /// The call held under `token`, no longer held; nil when none is.
  func take(_ token: String) -> Held? {
    state.withLock { $0.held.removeValue(forKey: token) }
  }

  /// Forgets every hold of `call` (its server call ended).
  func drop(_ call: ForwardedCall) {
    state.withLock { state in
      for (token, held) in state.held where held.call === call { state.held[token] = nil }
    }
  }

  /// How many calls are held.
  var count: Int { state.withLock { $0.held.count } }
}
