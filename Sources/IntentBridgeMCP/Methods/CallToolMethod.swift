import IntentBridgeEngine

/// `tools/call`: runs one listed tool (an intent, or a meta-tool in compact mode). Its result
/// is the tool's `CallToolResult`, or an upstream server's relayed as it is (gateway).
enum CallToolMethod: MCPMethod {
  static let name = "tools/call"
  static let eras: Set<MCPEra> = [.handshake, .stateless]
  static let runsLong = true

  struct Params: MCPParams {
    /// The tool name from `tools/list`.
    var name: String
    /// The arguments object; `{}` when absent or null.
    var arguments: JSONValue
    /// Stateless era: a retry's `requestState` (a call held for the client's input), as sent.
    var requestState: JSONValue?
    /// Stateless era: a retry's `inputResponses`, as sent (read where they are used).
    var inputResponses: JSONValue?

    init(params: JSONObject) throws(RPCError) {
      guard case .string(let name)? = params["name"] else {
        throw .invalidParams("tools/call needs \"name\" (a string: the tool name from tools/list)")
      }
      self.name = name
      arguments = .object(JSONObject())
      if let given = params["arguments"], !given.isNull {
        guard case .object = given else { throw .invalidParams("\"arguments\" must be an object, found \(given.typeName)") }
        arguments = given
      }
      requestState = params["requestState"]
      inputResponses = params["inputResponses"]
    }
  }

  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    try server.callTool(params, context: context, progress: progress)
  }
}
