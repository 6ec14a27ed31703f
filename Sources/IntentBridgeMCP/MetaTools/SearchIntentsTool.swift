import IntentBridgeEngine
import IntentBridgeTools

/// `search_intents {query, limit?}`: the intents for a request, best first, as
/// `{results: [{intent, tool, title, summary, confidence, required, available?, unavailable?}],
/// noMatch, ambiguousIntents?}`. Behind a gateway, a result whose server is restarting has
/// `available: false` and `unavailable` saying why, and a second text block names those tools.
enum SearchIntentsTool: MetaTool {
  static let name = "search_intents"
  static let title = "Search intents"
  static let description =
    "Finds the app's intents (actions) for a natural-language request, best first, with a one-line summary, a confidence from 0 to 1 and the required parameters. Use it to find which intent to run."
  static let properties: [(String, JSONValue)] = [
    ("query", ["type": "string", "description": "The user's request or keywords, in their words."]),
    ("limit", ["type": "integer", "description": "How many intents to return (1–50); default 5.", "minimum": 1, "maximum": 50, "default": 5]),
  ]
  static let required = ["query"]
  static let readOnly = true
  static let requestArgument: String? = "query"

  struct Arguments: MetaToolArguments {
    var query: String
    /// How many intents to list (default 5).
    var limit: Int

    init(validated arguments: JSONValue) {
      query = arguments["query"]?.stringValue ?? ""
      limit = Int(arguments["limit"]?.integerValue ?? 5)
    }
  }

  static func call(
    _ arguments: Arguments, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) -> JSONObject {
    let server = tools.server
    let window = RequestLimit.window(arguments.query)
    let query = window.text
    let limit = arguments.limit
    let ranking = server.rank(query, top: limit)
    var results: [JSONValue] = []
    // A gateway's tools whose server is restarting are found as ever, and marked.
    var unavailable: [(tool: String, reason: String)] = []
    for candidate in ranking.candidates.prefix(limit) {
      guard let (intent, tool) = tools.intent(candidate.intentID) else { continue }
      var row = JSONObject()
      row["intent"] = .string(intent.id)
      row["tool"] = .string(tool.name)
      row["title"] = .string(tool.title)
      row["summary"] = .string(summary(intent, language: server.language))
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

  /// The first line of the intent's description (else its title), at most 200 characters.
  static func summary(_ intent: Intent, language: String) -> String {
    let text = intent.description?.resolved(for: language) ?? intent.title.resolved(for: language)
    let line = text.split(separator: "\n").first.map(String.init) ?? text
    return line.count > 200 ? String(line.prefix(199)) + "…" : line
  }
}
