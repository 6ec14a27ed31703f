import IntentBridgeEngine

/// `run_intent {intent, arguments}`: as a full-mode `tools/call` of the intent's own tool,
/// missing arguments asked for through elicitation where the client offers it (stateless era).
enum RunIntentTool: MetaTool {
  static let name = "run_intent"
  static let title = "Run an intent"
  static let description =
    "Validates the arguments against the intent's parameters and runs it. Errors name the argument, the expected form and an example, or the question to ask for a missing value."
  static let properties: [(String, JSONValue)] = [
    ("intent", ["type": "string", "description": "The intent id (or its tool name)."]),
    ("arguments", ["type": "object", "description": "Argument name → value, as described by describe_intent.", "additionalProperties": true]),
  ]
  static let required = ["intent"]
  static let readOnly = false

  struct Arguments: MetaToolArguments {
    /// The intent id or its tool name.
    var intent: String
    /// The intent's arguments (`{}` when absent), validated when the intent runs.
    var arguments: JSONValue

    init(validated arguments: JSONValue) {
      intent = arguments["intent"]?.stringValue ?? ""
      self.arguments = arguments["arguments"] ?? .object(JSONObject())
    }
  }

  static func call(
    _ arguments: Arguments, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    let server = tools.server
    let reference = arguments.intent
    guard let (intent, tool) = tools.intent(reference) else { return tools.unknownIntent(reference) }
    var given = arguments.arguments
    if context.stateless, context.clientCapabilities["elicitation"] != nil {
      switch try server.elicitMissing(intent, tool: tool, arguments: given, responses: responses) {
      case .ask(let result): return result
      case .proceed(let merged): given = merged
      }
    }
    return server.callIntent(intent, tool: tool, arguments: given, context: context, progress: progress)
  }
}
