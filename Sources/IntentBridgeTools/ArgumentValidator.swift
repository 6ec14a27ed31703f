import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeText

/// One reason a call's arguments do not fit the intent's tool schema, written for a model
/// to act on: which argument, what was expected, and a valid example.
public struct ArgumentError: Sendable, Hashable, CustomStringConvertible {
  /// JSON path inside the arguments object, e.g. `$.priority` or `$.tags[1]`.
  public var path: JSONPath
  /// The top-level argument name (empty for problems with the whole object).
  public var argument: String
  /// What is wrong: an unknown or missing argument, or how the value found fails
  /// (e.g. `"urgentt" is not one of: …`).
  public var message: String
  /// The expected form, e.g. `one of "low", "normal", "high"`.
  public var expected: String
  /// A value of the expected form.
  public var example: JSONValue?

  public var description: String {
    var text = argument.isEmpty ? message : "argument \"\(argument)\": \(message)"
    if let example { text += " (for example \(example.compactText))" }
    return text
  }

  /// `{"path", "argument", "message", "expected", "example"?}`: the error as a JSON object
  /// (`intentbridge validate --json` prints one per line).
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["path"] = .string(path.description)
    object["argument"] = .string(argument)
    object["message"] = .string(message)
    object["expected"] = .string(expected)
    if let example { object["example"] = example }
    return .object(object)
  }
}

/// Validates call arguments against an intent's generated input schema.
///
///     let errors = ArgumentValidator(catalog: catalog).validate(["priority": "urgentt"], for: intent)
///     // argument "priority": "urgentt" is not one of: "low", "normal", "high" (for example "low")
///
/// - Complexity: O(size of the arguments + size of the schema).
public struct ArgumentValidator: Sendable {
  let builder: ToolDefinitionBuilder

  /// A validator of the tools `catalog`'s intents become, with texts in `language` (nil: the
  /// catalog's default language).
  public init(catalog: Catalog, language: String? = nil) {
    self.builder = ToolDefinitionBuilder(catalog: catalog, language: language)
  }

  /// The problems of `arguments` against the tool of `intent`; empty when they fit.
  public func validate(_ arguments: JSONValue, for intent: Intent) -> [ArgumentError] {
    validate(arguments, against: builder.tool(for: intent))
  }

  /// The problems of `arguments` against `tool`'s input schema, each with the argument, the
  /// expected form and, where there is one, an example; empty when they fit.
  public func validate(_ arguments: JSONValue, against tool: ToolDefinition) -> [ArgumentError] {
    let schema = JSONValue.object(tool.inputSchema)
    guard case .object(let given) = arguments else {
      return [
        ArgumentError(
          path: .root, argument: "", message: "arguments must be an object, found \(arguments.typeName) \(arguments.shortPreview)",
          expected: "an object of argument name → value", example: JSONSchemaExample.example(for: schema))
      ]
    }
    let properties = tool.inputSchema["properties"]?.objectValue ?? JSONObject()
    var errors: [ArgumentError] = []
    for violation in JSONSchemaValidator.validate(arguments, against: schema) {
      let argument: String
      if case .key(let k)? = violation.instancePath.components.first { argument = k } else { argument = "" }
      var expected = violation.message
      var example: JSONValue?
      var message = violation.message
      if violation.keyword == "additionalProperties" || (argument.isEmpty == false && properties[argument] == nil) {
        let unknown = argument.isEmpty ? (given.keys.first { properties[$0] == nil } ?? "") : argument
        let suggestion = DidYouMean.closest(to: unknown, in: properties.keys)
        message = "unknown argument \"\(unknown)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        expected = properties.isEmpty ? "no arguments" : "one of the arguments: " + properties.keys.joined(separator: ", ")
        errors.append(ArgumentError(path: .root / unknown, argument: unknown, message: message, expected: expected, example: nil))
        continue
      }
      if violation.keyword == "required" {
        let missing = properties.keys.first { name in tool.required.contains(name) && given[name] == nil } ?? ""
        let property = properties[missing] ?? .null
        message = "missing required argument \"\(missing)\""
        expected = describe(property)
        example = JSONSchemaExample.example(for: property)
        if !errors.contains(where: { $0.argument == missing && $0.message == message }) {
          errors.append(ArgumentError(path: .root / missing, argument: missing, message: message, expected: expected, example: example))
        }
        continue
      }
      if let property = properties[argument] {
        expected = describe(property)
        example = JSONSchemaExample.example(for: subschema(property, at: Array(violation.instancePath.components.dropFirst())))
      }
      errors.append(ArgumentError(path: violation.instancePath, argument: argument, message: message, expected: expected, example: example))
    }
    return errors
  }

  /// The subschema for a path inside a property value (array items, object properties).
  private func subschema(_ schema: JSONValue, at components: [JSONPath.Component]) -> JSONValue {
    var current = schema
    for component in components {
      switch component {
      case .index: current = current["items"] ?? current
      case .key(let k): current = current["properties"]?[k] ?? current
      }
    }
    return current
  }

  /// A short phrase for what a property accepts: `an integer from 1 to 50`, `one of "a", "b"`.
  func describe(_ schema: JSONValue) -> String {
    if let values = schema["enum"]?.arrayValue {
      let shown = values.prefix(12).map(\.compactText).joined(separator: ", ")
      return "one of " + shown + (values.count > 12 ? ", …" : "")
    }
    var type = schema["type"]?.stringValue
    if type == nil, let types = schema["type"]?.arrayValue { type = types.compactMap(\.stringValue).first { $0 != "null" } }
    var text: String
    switch type {
    case "integer": text = "an integer"
    case "number": text = "a number"
    case "boolean": text = "true or false"
    case "array": text = "an array"
    case "object": text = "an object"
    case "string":
      switch schema["format"]?.stringValue {
      case "date": text = "a date as YYYY-MM-DD"
      case "time": text = "a time as HH:MM:SS"
      case "date-time": text = "a date and time in RFC 3339 form (YYYY-MM-DDTHH:MM:SSZ)"
      case "email": text = "an email address"
      case "uri": text = "an absolute URL"
      case "uri-reference": text = "a file path or URL"
      default: text = "a string"
      }
    default: text = "a value"
    }
    if let lo = schema["minimum"], let hi = schema["maximum"] {
      text += " from \(lo.compactText) to \(hi.compactText)"
    } else if let lo = schema["minimum"] {
      text += " ≥ \(lo.compactText)"
    } else if let hi = schema["maximum"] {
      text += " ≤ \(hi.compactText)"
    }
    if type == "array", let items = schema["items"] { text += " of " + describe(items) }
    return text
  }
}
