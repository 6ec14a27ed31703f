import IntentBridgeEngine

/// `prompts/list`: the server's prompts.
enum ListPromptsMethod: MCPMethod {
  static let name = "prompts/list"
  static let eras: Set<MCPEra> = [.handshake, .stateless]

  static func capability(of server: MCPServer) -> (name: String, value: JSONValue)? {
    ("prompts", ["listChanged": false])
  }

  struct Result: MCPResult {
    var prompts: [MCPPrompt]

    var jsonObject: JSONObject { ["prompts": .array(prompts.map(\.listEntry))] }
  }

  static func answer(
    _ params: NoParams, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) -> Result {
    Result(prompts: server.options.prompts)
  }
}
