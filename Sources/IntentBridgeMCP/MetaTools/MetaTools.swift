import IntentBridgeEngine
import IntentBridgeText
import IntentBridgeTools

/// Compact mode: four meta-tools instead of one tool per intent, for large catalogs.
///
/// | tool | arguments | structured result |
/// |---|---|---|
/// | `search_intents` | `{query, limit?}` | `{results: [{intent, tool, title, summary, confidence, required, available?, unavailable?}], noMatch, ambiguousIntents?}` |
/// | `describe_intent` | `{intent}` | the intent's MCP tool definition |
/// | `resolve_request` | `{request, lang?, context?}` | `{intent, confidence, alternatives, arguments, missing, ambiguous}` |
/// | `run_intent` | `{intent, arguments}` | as a `tools/call` of the intent's own tool in full mode |
///
/// One type each (`MetaTool`), listed in `all`; this type calls them with a server and holds
/// what they share (finding an intent by id or tool name).
struct MetaTools {
  let server: MCPServer

  /// Every meta-tool, in `tools/list` order.
  static let all: [any MetaTool.Type] = [SearchIntentsTool.self, DescribeIntentTool.self, ResolveRequestTool.self, RunIntentTool.self]

  static let names = all.map { $0.name }

  /// The `tools/list` entries.
  static let definitions = all.map { $0.definition }

  /// Calls the meta-tool `name`: arguments that break its input schema, or a request beyond
  /// `RequestLimit.maximumBytes`, are an error result naming the argument.
  func call(
    _ name: String, arguments: JSONValue, responses: JSONValue? = nil, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    guard let tool = Self.all.first(where: { $0.name == name }) else { throw server.unknownTool(name) }
    let violations = JSONSchemaValidator.validate(arguments, against: .object(tool.inputSchema))
    if !violations.isEmpty {
      let lines = violations.map { "- \($0.instancePath): \($0.message)" }
      return MCPServer.errorResult("Invalid arguments for \(name):\n" + lines.joined(separator: "\n"))
    }
    // One request must not stall the server: beyond `RequestLimit.maximumBytes` it is an
    // error result; beyond `RequestLimit.windowBytes` a window of it is read (`search`, `resolve`).
    if let field = tool.requestArgument, let text = arguments[field]?.stringValue, let tooLong = RequestLimit.check(text) {
      return MCPServer.errorResult("Invalid arguments for \(name):\n- /\(field): \(tooLong)")
    }
    return try tool.run(arguments, on: self, responses: responses, context: context, progress: progress)
  }

  /// An intent by id, or by tool name.
  func intent(_ reference: String) -> (Intent, ToolDefinition)? {
    if let intent = server.catalog.intent(id: reference), intent.isDiscoverable,
      let tool = server.tools.first(where: { $0.intentID == intent.id })
    {
      return (intent, tool)
    }
    if let index = server.toolsByName[reference], let intent = server.catalog.intent(id: server.tools[index].intentID) {
      return (intent, server.tools[index])
    }
    return nil
  }

  /// The error result for an intent reference that names none, with the closest intent id.
  func unknownIntent(_ reference: String) -> JSONObject {
    let suggestion = DidYouMean.closest(to: reference, in: server.tools.map(\.intentID))
    return MCPServer.errorResult(
      "Unknown intent \"\(reference)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ".") + " Use search_intents to find intent ids.")
  }
}
