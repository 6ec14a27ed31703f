import IntentBridgeCatalog
import IntentBridgeJSON

/// One intent as a tool, dialect-neutral: the input schema is JSON Schema 2020-12 with a flat
/// object root and properties in parameter declaration order. Dialect renderers
/// (`ToolDialect`) turn it into MCP, OpenAI, Anthropic, Gemini or GenerationSchema form.
public struct ToolDefinition: Sendable, Hashable {
  public var intentID: String
  /// Matches `^[a-zA-Z0-9_-]{1,64}$`.
  public var name: String
  public var title: String
  /// The model-facing description (at most `ToolDescription.limit` characters).
  public var description: String
  /// `{"type":"object","properties":{…},"required":[…],"additionalProperties":false}`.
  public var inputSchema: JSONObject
  /// Pessimistic where the catalog is silent (MCP defaults).
  public var annotations: Annotations
  /// `{"type":"object","properties":{"result":…}}` when the intent returns a value.
  public var outputSchema: JSONObject?
  /// Parameter names in declaration order, and which of them are required.
  public var parameterOrder: [String]
  public var required: [String]
  /// Per-parameter facts that some dialects fold into descriptions (e.g. defaults).
  public var defaults: [(name: String, value: JSONValue)]

  public struct Annotations: Sendable, Hashable {
    public init(readOnlyHint: Bool, destructiveHint: Bool, idempotentHint: Bool, openWorldHint: Bool) {
      self.readOnlyHint = readOnlyHint
      self.destructiveHint = destructiveHint
      self.idempotentHint = idempotentHint
      self.openWorldHint = openWorldHint
    }

    public var readOnlyHint: Bool
    public var destructiveHint: Bool
    public var idempotentHint: Bool
    public var openWorldHint: Bool
  }

  public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
    lhs.intentID == rhs.intentID && lhs.name == rhs.name && lhs.description == rhs.description && lhs.inputSchema == rhs.inputSchema
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(intentID)
    hasher.combine(name)
  }
}
