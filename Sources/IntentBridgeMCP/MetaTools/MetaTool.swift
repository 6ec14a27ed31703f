import IntentBridgeEngine

/// One meta-tool of compact mode: its `tools/list` entry (name, title, description, input
/// schema, annotations) and its handler. `MetaTools.all` lists them; the listed definitions
/// and the names come from there.
protocol MetaTool: SendableMetatype {
  associatedtype Arguments: MetaToolArguments

  /// The tool name, e.g. `search_intents`.
  static var name: String { get }
  static var title: String { get }
  static var description: String { get }
  /// The input schema's properties, in order.
  static var properties: [(String, JSONValue)] { get }
  /// The required properties.
  static var required: [String] { get }
  /// Only reads (search, describe, resolve): annotated read-only and idempotent; else
  /// destructive and open-world.
  static var readOnly: Bool { get }
  /// The argument holding the user's request text, held to `RequestLimit` before the call
  /// (nil, the default: none).
  static var requestArgument: String? { get }

  /// The result for arguments valid against `inputSchema` (and within `RequestLimit`).
  static func call(
    _ arguments: Arguments, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject
}

extension MetaTool {
  static var requestArgument: String? { nil }

  /// Reads `arguments` (valid against `inputSchema`) and calls the tool.
  static func run(
    _ arguments: JSONValue, on tools: MetaTools, responses: JSONValue?, context: MCPServer.Context,
    progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    try call(Arguments(validated: arguments), on: tools, responses: responses, context: context, progress: progress)
  }

  /// The input schema: an object of `properties`, `required`, nothing else.
  static var inputSchema: JSONObject {
    var schema = JSONObject()
    schema["type"] = "object"
    schema["properties"] = .object(JSONObject(properties))
    schema["required"] = .array(required.map(JSONValue.string))
    schema["additionalProperties"] = false
    return schema
  }

  /// The `tools/list` entry.
  static var definition: JSONValue {
    var object = JSONObject()
    object["name"] = .string(name)
    object["title"] = .string(title)
    object["description"] = .string(description)
    object["inputSchema"] = .object(inputSchema)
    object["annotations"] = [
      "title": .string(title), "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(!readOnly),
      "idempotentHint": .bool(readOnly), "openWorldHint": .bool(!readOnly),
    ]
    return .object(object)
  }
}

/// The arguments of a meta-tool, read from a `tools/call` arguments object that its input
/// schema has accepted (so reading cannot fail).
protocol MetaToolArguments: Sendable {
  init(validated arguments: JSONValue)
}
