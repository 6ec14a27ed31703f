import Dispatch
import IntentBridgeJSON

extension GatewayUpstreams {
  /// Rounds of `input_required` one forwarded call may take before it is given up.
  static let maximumInputRounds = 10

  /// Calls the tool behind `route` on `client` and returns its result. A stateless-era
  /// server asks for input by answering `input_required` (it is offered `elicitation`): each
  /// `elicitation/create` of its `inputRequests` goes to `ask` as an `UpstreamServerRequest`
  /// (the same path as a handshake-era server's request), the answers are collected — at most
  /// `callTimeout` seconds per round; an unanswered request counts as `{"action": "cancel"}` —
  /// and the call is sent again with them as `inputResponses` and the server's `requestState`.
  /// Without `ask`, or after `maximumInputRounds`, the call ends (an `isError` result).
  func callTool(
    _ client: MCPClient, _ route: Route, label: String, arguments: JSONObject, progressToken: JSONValue?,
    cancellation: UpstreamCancellation, ask: (@Sendable (UpstreamServerRequest) -> Void)?
  ) throws(MCPClientError) -> JSONObject {
    var result = try client.callTool(route.tool, arguments: arguments, timeout: callTimeout, progressToken: progressToken, cancellation: cancellation)
    var rounds = 0
    while client.session.isStateless, result["resultType"] == "input_required" {
      guard let ask, rounds < Self.maximumInputRounds else {
        return MCPServer.errorResult(
          "MCP server '\(route.server)' still asked for input after \(rounds) rounds of the call of \(label); the call was given up.")
      }
      rounds += 1
      let responses = Self.answers(
        to: result["inputRequests"]?.objectValue ?? JSONObject(), server: route.server, ask: ask, deadline: .now() + callTimeout,
        cancellation: cancellation)
      if cancellation.isCancelled { throw MCPClientError(server: route.server, reason: .cancelled(method: "tools/call")) }
      result = try client.callTool(
        route.tool, arguments: arguments, timeout: callTimeout, progressToken: progressToken, cancellation: cancellation,
        inputResponses: responses, requestState: result["requestState"])
    }
    return result
  }

  /// The answers to a server's `inputRequests`, by key: each `elicitation/create` asked
  /// through `ask` in turn and waited for until `deadline` (or a cancellation); requests of
  /// other kinds (never offered) are left out.
  static func answers(
    to requests: JSONObject, server: String, ask: @Sendable (UpstreamServerRequest) -> Void, deadline: DispatchTime,
    cancellation: UpstreamCancellation
  ) -> JSONObject {
    var responses = JSONObject()
    for (key, request) in requests where request["method"] == "elicitation/create" {
      let waiter = UpstreamReplies.Waiter()
      let question = UpstreamServerRequest(server: server, method: "elicitation/create", params: request["params"]?.objectValue ?? JSONObject()) {
        waiter.fulfil(.message($0))
      }
      cancellation.onCancel { waiter.fulfil(.cancelled) }
      ask(question)
      if case .message(let body)? = waiter.wait(until: deadline), case .object(let answer)? = body["result"] {
        responses[key] = .object(answer)
      } else {
        question.reply(result: ["action": "cancel"])  // no answer: a late one is ignored
        responses[key] = ["action": "cancel"]
      }
    }
    return responses
  }
}
