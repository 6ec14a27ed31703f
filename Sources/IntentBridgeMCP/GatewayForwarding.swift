import Dispatch
import IntentBridgeJSON

extension GatewayUpstreams {
  /// Seconds a forwarded call's driver waits beyond `callTimeout` for the next event of the
  /// call (each request of it is bounded by `callTimeout`; this is only a safety net).
  static let driveMargin = 10.0

  /// Forwards a call (`call(_:label:arguments:progressToken:send:cancellation:)`) on a thread
  /// of its own and returns what the host gets: the server's result, or — when the server asks
  /// for input during the call and `host` is `.inputRequired` — an `input_required` result,
  /// the call held until `resume`. Requests of the server are answered as `host` allows
  /// (`HostElicitation`). Progress is relayed until the host's request is answered.
  func forward(
    _ route: Route, label: String, arguments: JSONObject, progressToken: JSONValue?, send: @escaping @Sendable (String) -> Void,
    cancellation: UpstreamCancellation, host: HostElicitation
  ) -> JSONObject {
    let forwarded = ForwardedCall(server: route.server, label: label, cancellation: cancellation)
    elicitation.begin(forwarded)
    DetachedThread.start(name: "mcp-forward") { [self] in
      let result = call(
        route, label: label, arguments: arguments, progressToken: progressToken,
        send: { line in if forwarded.relaysProgress { send(line) } }, cancellation: cancellation, ask: { forwarded.post(.input($0)) })
      elicitation.end(forwarded)
      forwarded.post(.finished(result))
    }
    return forwarded.drive(host: host, relay: elicitation, patience: callTimeout + Self.driveMargin)
  }

  /// Continues a held call with the host's retry: the server's request gets the host's answer
  /// under `ForwardedCall.inputKey` in `responses` (none: `{"action": "cancel"}`), then the
  /// call is driven as in `forward`. A retry of another tool than the held call's is an error
  /// (the held call gets `cancel`).
  func resume(_ held: HeldCalls.Held, label: String, responses: JSONValue?, host: HostElicitation) -> JSONObject {
    held.call.resume()
    guard held.call.label == label else {
      held.request.reply(result: ["action": "cancel"])
      return MCPServer.errorResult(
        "The requestState of this call belongs to the call of \(held.call.label), not of \(label); call \(label) again without requestState.")
    }
    if case .object(let answer)? = responses?[ForwardedCall.inputKey] {
      held.request.reply(result: answer)
    } else {
      held.request.reply(result: ["action": "cancel"])
    }
    return held.call.drive(host: host, relay: elicitation, patience: callTimeout + Self.driveMargin)
  }
}
