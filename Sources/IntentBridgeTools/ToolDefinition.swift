import IntentBridgeCatalog
import IntentBridgeJSON

/// One intent as a tool, dialect-neutral: the input schema is JSON Schema 2020-12 with a flat
/// object root and properties in parameter declaration order. Dialect renderers
/// (`ToolDialect`) turn it into MCP, OpenAI, Anthropic, Gemini or GenerationSchema form.
public struct ToolDefinition: Sendable, Hashable {
  /// The id of the intent the tool calls.
  public var intentID: String
  /// Matches `^[a-zA-Z0-9_-]{1,64}$`.
  public var name: String
  /// The intent's title in the builder's language.
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
  /// The required parameters' names, in declaration order.
  public var required: [String]
  /// Per-parameter facts that some dialects fold into descriptions (e.g. defaults).
  public var defaults: [(name: String, value: JSONValue)]

  /// The MCP tool annotations (hints, not guarantees), from the intent's `effects`.
  public struct Annotations: Sendable, Hashable {
    /// Annotations with the given hints.
    public init(readOnlyHint: Bool, destructiveHint: Bool, idempotentHint: Bool, openWorldHint: Bool) {
      self.readOnlyHint = readOnlyHint
      self.destructiveHint = destructiveHint
      self.idempotentHint = idempotentHint
      self.openWorldHint = openWorldHint
    }

    /// The tool does not change its environment (`effects.readOnly`; default false).
    public var readOnlyHint: Bool
    /// The tool may destroy or overwrite data (`effects.destructive`; default: not read-only).
    public var destructiveHint: Bool
    /// Calling it again with the same arguments has no further effect (`effects.idempotent`;
    /// default: read-only).
    public var idempotentHint: Bool
    /// The tool may reach beyond the app, e.g. the network (`effects.openWorld`; default true).
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
