import IntentBridgeJSON

/// The tool-definition formats `intentbridge tools --format` writes.
///
/// | dialect | document |
/// |---|---|
/// | `mcp` | `{"tools": [{name, title, description, inputSchema, annotations, outputSchema?}]}` (a `tools/list` result) |
/// | `openai` | `[{"type": "function", "function": {name, description, parameters[, strict]}}]` (Chat Completions `tools`) |
/// | `anthropic` | `[{name, description, input_schema}]` (Messages API `tools`) |
/// | `gemini` | `{"functionDeclarations": [{name, description, parameters}]}` (a Gemini `Tool`, restricted schema subset) |
/// | `generation-schema` | `[{name, description, parameters}]` with Apple Foundation Models `GenerationSchema` objects (`x-order`, `additionalProperties: false`) |
public enum ToolDialect: String, Sendable, CaseIterable {
  /// MCP `tools/list`.
  case mcp
  /// OpenAI Chat Completions `tools`.
  case openai
  /// Anthropic Messages API `tools`.
  case anthropic
  /// A Gemini `Tool` with `functionDeclarations`.
  case gemini
  /// Apple Foundation Models `GenerationSchema` objects (`generation-schema`).
  case generationSchema = "generation-schema"

  /// Renders `tools` as this dialect's document. `strict` applies to `openai` only: every
  /// property becomes required, optional ones nullable, `additionalProperties: false` throughout.
  public func render(_ tools: [ToolDefinition], strict: Bool = false) -> JSONValue {
    switch self {
    case .mcp:
      return ["tools": .array(tools.map(MCPToolRenderer.render))]
    case .openai:
      return .array(tools.map { OpenAIToolRenderer.render($0, strict: strict) })
    case .anthropic:
      return .array(tools.map(AnthropicToolRenderer.render))
    case .gemini:
      return ["functionDeclarations": .array(tools.map(GeminiToolRenderer.render))]
    case .generationSchema:
      return .array(tools.map(GenerationSchemaRenderer.render))
    }
  }
}

enum MCPToolRenderer {
  static func render(_ tool: ToolDefinition) -> JSONValue {
    var object = JSONObject()
    object["name"] = .string(tool.name)
    object["title"] = .string(tool.title)
    object["description"] = .string(tool.description)
    object["inputSchema"] = .object(tool.inputSchema)
    if let output = tool.outputSchema { object["outputSchema"] = .object(output) }
    object["annotations"] = [
      "title": .string(tool.title),
      "readOnlyHint": .bool(tool.annotations.readOnlyHint),
      "destructiveHint": .bool(tool.annotations.destructiveHint),
      "idempotentHint": .bool(tool.annotations.idempotentHint),
      "openWorldHint": .bool(tool.annotations.openWorldHint),
    ]
    return .object(object)
  }
}

enum AnthropicToolRenderer {
  static func render(_ tool: ToolDefinition) -> JSONValue {
    ["name": .string(tool.name), "description": .string(tool.description), "input_schema": .object(tool.inputSchema)]
  }
}

enum OpenAIToolRenderer {
  static func render(_ tool: ToolDefinition, strict: Bool) -> JSONValue {
    var function = JSONObject()
    function["name"] = .string(tool.name)
    function["description"] = .string(tool.description)
    if strict {
      function["parameters"] = .object(strictRoot(tool))
      function["strict"] = true
    } else {
      function["parameters"] = .object(SchemaRewriter.removingKeys(["title"], from: tool.inputSchema))
    }
    return ["type": "function", "function": .object(function)]
  }

  /// OpenAI structured-outputs rules: all properties required, optional ones nullable,
  /// `additionalProperties: false` on every object, no `default` (moved into the description),
  /// only the string formats OpenAI supports.
  static func strictRoot(_ tool: ToolDefinition) -> JSONObject {
    var root = JSONObject()
    root["type"] = "object"
    var properties = JSONObject()
    for (name, schema) in tool.inputSchema["properties"]?.objectValue ?? JSONObject() {
      guard var property = schema.objectValue else { continue }
      property = SchemaRewriter.strictOpenAI(property)
      if !tool.required.contains(name) { property = SchemaRewriter.nullable(property) }
      properties[name] = .object(property)
    }
    root["properties"] = .object(properties)
    root["required"] = .array(tool.parameterOrder.map(JSONValue.string))
    root["additionalProperties"] = false
    return root
  }
}

enum GeminiToolRenderer {
  static func render(_ tool: ToolDefinition) -> JSONValue {
    var declaration = JSONObject()
    declaration["name"] = .string(tool.name)
    declaration["description"] = .string(tool.description)
    if !tool.parameterOrder.isEmpty {
      var parameters = JSONObject()
      parameters["type"] = "object"
      var properties = JSONObject()
      for (name, schema) in tool.inputSchema["properties"]?.objectValue ?? JSONObject() {
        guard let property = schema.objectValue else { continue }
        properties[name] = .object(SchemaRewriter.gemini(property))
      }
      parameters["properties"] = .object(properties)
      if !tool.required.isEmpty { parameters["required"] = .array(tool.required.map(JSONValue.string)) }
      parameters["propertyOrdering"] = .array(tool.parameterOrder.map(JSONValue.string))
      declaration["parameters"] = .object(parameters)
    }
    return .object(declaration)
  }
}

enum GenerationSchemaRenderer {
  static func render(_ tool: ToolDefinition) -> JSONValue {
    var parameters = JSONObject()
    parameters["type"] = "object"
    parameters["title"] = .string(tool.title)
    parameters["description"] = .string(tool.description)
    parameters["properties"] = .object(
      JSONObject(
        (tool.inputSchema["properties"]?.objectValue ?? JSONObject()).map {
          ($0.key, .object(SchemaRewriter.generationSchema($0.value.objectValue ?? JSONObject())))
        }))
    parameters["required"] = .array(tool.required.map(JSONValue.string))
    parameters["x-order"] = .array(tool.parameterOrder.map(JSONValue.string))
    parameters["additionalProperties"] = false
    return ["name": .string(tool.name), "description": .string(tool.description), "parameters": .object(parameters)]
  }
}
