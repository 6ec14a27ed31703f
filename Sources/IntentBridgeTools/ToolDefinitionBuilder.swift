import IntentBridgeCatalog
import IntentBridgeJSON

/// Builds `ToolDefinition`s from a catalog: one per discoverable intent, in catalog order.
///
///     let tools = ToolDefinitionBuilder(catalog: catalog, language: "fi").tools()
///
/// - Complexity: O(n) in the catalog size.
public struct ToolDefinitionBuilder: Sendable {
  /// The catalog the tools are built from.
  public let catalog: Catalog
  /// The language of titles and descriptions; nil: the catalog's default language.
  public let language: String?

  /// A builder of `catalog`'s tools with texts in `language` (nil: the catalog's default language).
  public init(catalog: Catalog, language: String? = nil) {
    self.catalog = catalog
    self.language = language
  }

  /// Tools for every discoverable intent, in catalog order.
  public func tools() -> [ToolDefinition] {
    catalog.intents.filter(\.isDiscoverable).map(tool(for:))
  }

  /// The tool of `intent` (discoverable or not): name, title, description, input schema,
  /// annotations, output schema.
  public func tool(for intent: Intent) -> ToolDefinition {
    var properties = JSONObject()
    var required: [String] = []
    var defaults: [(String, JSONValue)] = []
    for parameter in intent.parameters {
      properties[parameter.name] = .object(propertySchema(for: parameter))
      if parameter.isRequired { required.append(parameter.name) }
      if let value = parameter.defaultValue { defaults.append((parameter.name, value)) }
    }
    var input = JSONObject()
    input["type"] = "object"
    input["properties"] = .object(properties)
    if !required.isEmpty { input["required"] = .array(required.map(JSONValue.string)) }
    input["additionalProperties"] = false

    let effects = intent.effects ?? Effects()
    let readOnly = effects.readOnly ?? false
    let annotations = ToolDefinition.Annotations(
      readOnlyHint: readOnly, destructiveHint: effects.destructive ?? !readOnly,
      idempotentHint: effects.idempotent ?? readOnly, openWorldHint: effects.openWorld ?? true)

    var output: JSONObject?
    if let returns = intent.returns, let type = returns.type {
      var resultParameter = Parameter(name: "result", type: type)
      resultParameter.isArray = returns.isArray
      var schema = JSONObject()
      schema["type"] = "object"
      schema["properties"] = .object(JSONObject([("result", .object(ParameterSchema.schema(for: resultParameter, in: catalog)))]))
      schema["required"] = ["result"]
      output = schema
    }

    return ToolDefinition(
      intentID: intent.id, name: intent.toolName, title: intent.title.resolved(for: language),
      description: ToolDescription(catalog: catalog, language: language).toolDescription(for: intent),
      inputSchema: input, annotations: annotations, outputSchema: output,
      parameterOrder: intent.parameters.map(\.name), required: required, defaults: defaults)
  }

  /// The property schema of a parameter: canonical value schema plus title, description and default.
  func propertySchema(for parameter: Parameter) -> JSONObject {
    let value = ParameterSchema.schema(for: parameter, in: catalog)
    let description = ToolDescription(catalog: catalog, language: language).propertyDescription(for: parameter)
    var out = JSONObject()
    if case .json = parameter.type, parameter.jsonSchema != nil {
      // Passthrough: the schema as written; add title/description only where absent.
      out = value
      if out["title"] == nil, let title = parameter.title { out["title"] = .string(title.resolved(for: language)) }
      if out["description"] == nil, !description.isEmpty { out["description"] = .string(description) }
      if out["default"] == nil, let value = parameter.defaultValue { out["default"] = value }
      return out
    }
    if let type = value["type"] { out["type"] = type }
    if let title = parameter.title { out["title"] = .string(title.resolved(for: language)) }
    if !description.isEmpty { out["description"] = .string(description) }
    for (key, v) in value where key != "type" { out[key] = v }
    if let value = parameter.defaultValue { out["default"] = value }
    return out
  }
}
