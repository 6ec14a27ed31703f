import IntentBridgeJSON

/// What the gateway does with an upstream server's `elicitation/create` during a forwarded
/// call, given what the host (the agent's MCP client) can do.
///
/// | host | gateway |
/// |---|---|
/// | handshake era, declared `elicitation` at `initialize` | `.request`: asks the host with an `elicitation/create` of its own (`HostRequests`) and relays the host's answer to the server |
/// | stateless era (2026-07-28), `elicitation` in the request's client capabilities | `.inputRequired`: answers the host's call with `resultType: "input_required"` carrying the server's request, holds the server's call (`HeldCalls`) and continues it when the host retries with `inputResponses` and the `requestState` |
/// | anything else | `.unavailable`: the server gets `{"action": "decline"}` at once |
package enum HostElicitation: Sendable {
  case unavailable
  /// `write` sends one line to the host (the transport's writer).
  case request(write: @Sendable (String) -> Void)
  case inputRequired

  /// The mode for a call from a host of either era: `stateless` and its request's
  /// `clientCapabilities`, or the capabilities it declared at `initialize` (nil: none known).
  static func mode(stateless: Bool, capabilities: JSONObject?, write: @escaping @Sendable (String) -> Void) -> HostElicitation {
    guard let capabilities, capabilities["elicitation"]?.objectValue != nil else { return .unavailable }
    return stateless ? .inputRequired : .request(write: write)
  }
}
