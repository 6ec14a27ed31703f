import IntentBridgeEngine
import IntentBridgeTools

/// `describe_intent {intent}`: the intent's MCP tool definition, with `intent` added.
enum DescribeIntentTool: MetaTool {
  static let name = "describe_intent"
  static let title = "Describe an intent"
  static let description =
    "Returns the full tool definition of one intent: description, parameters with types, allowed values and defaults."
  static let properties: [(String, JSONValue)] = [
    ("intent", ["type": "string", "description": "The intent id (or its tool name) from search_intents."])
  ]
  static let required = ["intent"]
  static let readOnly = true

  struct Arguments: MetaToolArguments {
    /// The intent id or its tool name.
    var intent: String

    init(validated arguments: JSONValue) { intent = arguments["intent"]?.stringValue ?? "" }
  }

  static func call(
    _ arguments: Arguments, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) -> JSONObject {
    let reference = arguments.intent
    guard let (_, tool) = tools.intent(reference), case .object(let definition) = MCPServer.renderTool(tool) else {
      return tools.unknownIntent(reference)
    }
    var structured = definition
    structured["intent"] = .string(tool.intentID)
    return MCPServer.successResult(structured)
  }
}
