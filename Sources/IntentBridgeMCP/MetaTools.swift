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
/// `resolve_request` fills the chosen intent's parameters (template slots, typed extractors,
/// value words, the caller's `context`, defaults) and lists what is missing with the question
/// to ask and what is ambiguous with the candidates. Behind a gateway, a result whose server
/// is restarting has `available: false` and `unavailable` saying why, and a second text block
/// names those tools.
struct MetaTools {
  let server: MCPServer

  static let names = ["search_intents", "describe_intent", "resolve_request", "run_intent"]

  static let definitions: [JSONValue] = [
    tool(
      "search_intents", title: "Search intents",
      description:
        "Finds the app's intents (actions) for a natural-language request, best first, with a one-line summary, a confidence from 0 to 1 and the required parameters. Use it to find which intent to run.",
      properties: [
        ("query", ["type": "string", "description": "The user's request or keywords, in their words."]),
        ("limit", ["type": "integer", "description": "How many intents to return (1–50); default 5.", "minimum": 1, "maximum": 50, "default": 5]),
      ], required: ["query"], readOnly: true),
    tool(
      "describe_intent", title: "Describe an intent",
      description: "Returns the full tool definition of one intent: description, parameters with types, allowed values and defaults.",
      properties: [("intent", ["type": "string", "description": "The intent id (or its tool name) from search_intents."])],
      required: ["intent"], readOnly: true),
    tool(
      "resolve_request", title: "Resolve a request",
      description:
        "Maps a natural-language request to the best intent with a confidence and alternatives, fills its parameters from the request ('arguments', ready for run_intent), and lists the required parameters still missing with the question to ask the user and the values that are ambiguous with their candidates.",
      properties: [
        ("request", ["type": "string", "description": "The user's request, verbatim."]),
        ("lang", ["type": "string", "description": "BCP 47 language of the request (informational; ranking uses the server's language)."]),
        (
          "context",
          [
            "type": "object",
            "description":
              "Parameter values you already know (e.g. {\"area\": \"Kitchen\"} for the device's room); used for parameters the request leaves empty.",
          ]
        ),
      ], required: ["request"], readOnly: true),
    tool(
      "run_intent", title: "Run an intent",
      description:
        "Validates the arguments against the intent's parameters and runs it. Errors name the argument, the expected form and an example, or the question to ask for a missing value.",
      properties: [
        ("intent", ["type": "string", "description": "The intent id (or its tool name)."]),
        ("arguments", ["type": "object", "description": "Argument name → value, as described by describe_intent.", "additionalProperties": true]),
      ], required: ["intent"], readOnly: false),
  ]

  static func tool(
    _ name: String, title: String, description: String, properties: [(String, JSONValue)], required: [String], readOnly: Bool
  ) -> JSONValue {
    var schema = JSONObject()
    schema["type"] = "object"
    schema["properties"] = .object(JSONObject(properties))
    schema["required"] = .array(required.map(JSONValue.string))
    schema["additionalProperties"] = false
    var object = JSONObject()
    object["name"] = .string(name)
    object["title"] = .string(title)
    object["description"] = .string(description)
    object["inputSchema"] = .object(schema)
    object["annotations"] = [
      "title": .string(title), "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(!readOnly),
      "idempotentHint": .bool(readOnly), "openWorldHint": .bool(!readOnly),
    ]
    return .object(object)
  }

  func call(
    _ name: String, arguments: JSONValue, responses: JSONValue? = nil, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    guard let index = Self.names.firstIndex(of: name), case .object(let definition) = Self.definitions[index],
      let schemaObject = definition["inputSchema"]?.objectValue
    else { throw server.unknownTool(name) }
    let violations = JSONSchemaValidator.validate(arguments, against: .object(schemaObject))
    if !violations.isEmpty {
      let lines = violations.map { "- \($0.instancePath): \($0.message)" }
      return MCPServer.errorResult("Invalid arguments for \(name):\n" + lines.joined(separator: "\n"))
    }
    // One request must not stall the server: beyond `RequestLimit.maximumBytes` it is an
    // error result; beyond `RequestLimit.windowBytes` a window of it is read (`search`, `resolve`).
    if let field = ["search_intents": "query", "resolve_request": "request"][name], let text = arguments[field]?.stringValue,
      let tooLong = RequestLimit.check(text)
    {
      return MCPServer.errorResult("Invalid arguments for \(name):\n- /\(field): \(tooLong)")
    }
    switch name {
    case "search_intents": return search(arguments)
    case "describe_intent": return describe(arguments)
    case "resolve_request": return resolve(arguments)
    default: return try run(arguments, responses: responses, context: context, progress: progress)
    }
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

  func unknownIntent(_ reference: String) -> JSONObject {
    let suggestion = DidYouMean.closest(to: reference, in: server.tools.map(\.intentID))
    return MCPServer.errorResult(
      "Unknown intent \"\(reference)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ".") + " Use search_intents to find intent ids.")
  }

  func summary(_ intent: Intent) -> String {
    let language = server.language
    let text = intent.description?.resolved(for: language) ?? intent.title.resolved(for: language)
    let line = text.split(separator: "\n").first.map(String.init) ?? text
    return line.count > 200 ? String(line.prefix(199)) + "…" : line
  }

  func search(_ arguments: JSONValue) -> JSONObject {
    let window = RequestLimit.window(arguments["query"]?.stringValue ?? "")
    let query = window.text
    let limit = Int(arguments["limit"]?.integerValue ?? 5)
    let ranking = server.engine(for: query).rank(query, top: limit)
    var results: [JSONValue] = []
    // A gateway's tools whose server is restarting are found as ever, and marked.
    var unavailable: [(tool: String, reason: String)] = []
    for candidate in ranking.candidates.prefix(limit) {
      guard let (intent, tool) = intent(candidate.intentID) else { continue }
      var row = JSONObject()
      row["intent"] = .string(intent.id)
      row["tool"] = .string(tool.name)
      row["title"] = .string(tool.title)
      row["summary"] = .string(summary(intent))
      row["confidence"] = .rounded(candidate.confidence)
      row["required"] = .array(tool.required.map(JSONValue.string))
      if let reason = server.options.upstreams?.unavailability(ofIntent: intent.id) {
        row["available"] = false
        row["unavailable"] = .string(reason)
        unavailable.append((intent.id, reason))
      }
      results.append(.object(row))
    }
    var structured = JSONObject()
    structured["results"] = .array(results)
    structured["noMatch"] = .bool(ranking.isNoMatch)
    if !ranking.ambiguous.isEmpty { structured["ambiguousIntents"] = ranking.ambiguousJSON }
    if let notice = window.notice { structured["notice"] = .string(notice) }
    guard !unavailable.isEmpty else { return MCPServer.successResult(structured) }
    var lines: [String] = []
    for reason in Set(unavailable.map(\.reason)).sorted() {
      let tools = unavailable.filter { $0.reason == reason }.map(\.tool)
      lines.append("Unavailable for now: \(tools.joined(separator: ", ")). \(reason)")
    }
    return MCPServer.successResult(structured, text: lines.joined(separator: "\n"))
  }

  func describe(_ arguments: JSONValue) -> JSONObject {
    let reference = arguments["intent"]?.stringValue ?? ""
    guard let (_, tool) = intent(reference), case .object(let definition) = MCPServer.renderTool(tool) else {
      return unknownIntent(reference)
    }
    var structured = definition
    structured["intent"] = .string(tool.intentID)
    return MCPServer.successResult(structured)
  }

  func resolve(_ arguments: JSONValue) -> JSONObject {
    // Rank, then fill the chosen intent's parameters (template slots, typed extractors, value
    // words, the caller's context, defaults): the resolution `intentbridge resolve` writes.
    let window = RequestLimit.window(arguments["request"]?.stringValue ?? "")
    let request = window.text
    let resolution = server.engine(for: request).resolve(request, context: arguments["context"]?.objectValue ?? JSONObject())
    var structured = resolution.jsonValue.objectValue ?? JSONObject()
    if let notice = window.notice { structured["notice"] = .string(notice) }
    return MCPServer.successResult(structured)
  }

  /// `run_intent`: as a full-mode call of the intent's tool, missing arguments asked for
  /// through elicitation where the client offers it (stateless era).
  func run(
    _ arguments: JSONValue, responses: JSONValue?, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    let reference = arguments["intent"]?.stringValue ?? ""
    guard let (intent, tool) = intent(reference) else { return unknownIntent(reference) }
    var given = arguments["arguments"] ?? .object(JSONObject())
    if context.stateless, context.clientCapabilities["elicitation"] != nil {
      switch try server.elicitMissing(intent, tool: tool, arguments: given, responses: responses) {
      case .ask(let result): return result
      case .proceed(let merged): given = merged
      }
    }
    return server.callIntent(intent, tool: tool, arguments: given, context: context, progress: progress)
  }
}
