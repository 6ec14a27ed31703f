import IntentBridgeEngine

/// `resolve_request {request, lang?, context?}`: the best intent for a request with its
/// parameters filled (template slots, typed extractors, value words, the caller's `context`,
/// defaults), as `{intent, confidence, alternatives, arguments, missing, ambiguous}`: what is
/// missing with the question to ask, what is ambiguous with the candidates.
enum ResolveRequestTool: MetaTool {
  static let name = "resolve_request"
  static let title = "Resolve a request"
  static let description =
    "Maps a natural-language request to the best intent with a confidence and alternatives, fills its parameters from the request ('arguments', ready for run_intent), and lists the required parameters still missing with the question to ask the user and the values that are ambiguous with their candidates."
  static let properties: [(String, JSONValue)] = [
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
  ]
  static let required = ["request"]
  static let readOnly = true
  static let requestArgument: String? = "request"

  struct Arguments: MetaToolArguments {
    var request: String
    /// Parameter values the caller already knows.
    var context: JSONObject

    init(validated arguments: JSONValue) {
      request = arguments["request"]?.stringValue ?? ""
      context = arguments["context"]?.objectValue ?? JSONObject()
    }
  }

  static func call(
    _ arguments: Arguments, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) -> JSONObject {
    // Rank, then fill the chosen intent's parameters: the resolution `intentbridge resolve` writes.
    let window = RequestLimit.window(arguments.request)
    let request = window.text
    let resolution = tools.server.resolve(request, context: arguments.context)
    var structured = resolution.jsonValue.objectValue ?? JSONObject()
    if let notice = window.notice { structured["notice"] = .string(notice) }
    return MCPServer.successResult(structured)
  }
}
