/// A small valid example value for a JSON Schema, used in error messages ("e.g. …") so that
/// a model or a person sees the expected form.
///
///     JSONSchemaExample.example(for: ["type": "string", "enum": ["low", "high"]])   // "low"
///     JSONSchemaExample.example(for: ["type": "string", "format": "date"])          // "2026-01-31"
///     JSONSchemaExample.example(for: ["type": "integer", "minimum": 5])             // 5
package enum JSONSchemaExample {
  package static func example(for schema: JSONValue) -> JSONValue {
    example(for: schema, depth: 0)
  }

  private static func example(for schema: JSONValue, depth: Int) -> JSONValue {
    guard depth < 8, let s = schema.objectValue else { return .null }
    if let value = s["const"] { return value }
    if let values = s["enum"]?.arrayValue, let first = values.first { return first }
    if let value = s["default"] { return value }
    if let examples = s["examples"]?.arrayValue, let first = examples.first { return first }
    if let options = (s["anyOf"] ?? s["oneOf"])?.arrayValue, let first = options.first {
      return example(for: first, depth: depth + 1)
    }
    var type = s["type"]?.stringValue
    if type == nil, let types = s["type"]?.arrayValue {
      type = types.compactMap(\.stringValue).first { $0 != "null" }
    }
    switch type {
    case "string":
      switch s["format"]?.stringValue {
      case "date": return "2026-01-31"
      case "time": return "17:30:00"
      case "date-time": return "2026-01-31T17:30:00Z"
      case "email": return "name@example.com"
      case "uri": return "https://example.com"
      case "uri-reference": return "file:///path/to/file"
      case "uuid": return "123e4567-e89b-12d3-a456-426614174000"
      default: return "text"
      }
    case "integer":
      if let minimum = s["minimum"]?.integerValue { return .integer(minimum) }
      if let maximum = s["maximum"]?.integerValue, maximum < 1 { return .integer(maximum) }
      return 1
    case "number":
      if let minimum = s["minimum"] { return minimum }
      if let maximum = s["maximum"]?.doubleValue, maximum < 1 { return s["maximum"] ?? 0 }
      return 1
    case "boolean": return true
    case "null": return .null
    case "array":
      let count = max(1, Int(s["minItems"]?.integerValue ?? 1))
      let item = s["items"].map { example(for: $0, depth: depth + 1) } ?? "text"
      return .array(Array(repeating: item, count: min(count, 3)))
    case "object":
      var object = JSONObject()
      let required = s["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
      if let properties = s["properties"]?.objectValue {
        for (name, propertySchema) in properties where required.contains(name) {
          object[name] = example(for: propertySchema, depth: depth + 1)
        }
      }
      return .object(object)
    default:
      return "text"
    }
  }
}
