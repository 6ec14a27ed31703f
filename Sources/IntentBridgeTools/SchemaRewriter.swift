import IntentBridgeJSON

/// Rewrites JSON Schemas into the subsets some providers accept. Every function is pure and
/// keeps key order, so output stays deterministic.
enum SchemaRewriter {
  static let subschemaKeys = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]
  static let subschemaListKeys = ["anyOf", "oneOf", "allOf", "prefixItems"]
  static let subschemaMapKeys = ["properties", "patternProperties", "$defs", "definitions"]

  /// Applies `transform` to every nested subschema first, then to the schema itself.
  static func map(_ schema: JSONObject, _ transform: (JSONObject) -> JSONObject) -> JSONObject {
    var out = JSONObject()
    for (key, value) in schema {
      if subschemaKeys.contains(key), let object = value.objectValue {
        out[key] = .object(map(object, transform))
      } else if subschemaListKeys.contains(key), let list = value.arrayValue {
        out[key] = .array(list.map { $0.objectValue.map { .object(map($0, transform)) } ?? $0 })
      } else if subschemaMapKeys.contains(key), let members = value.objectValue {
        out[key] = .object(JSONObject(members.map { ($0.key, $0.value.objectValue.map { .object(map($0, transform)) } ?? $0.value) }))
      } else {
        out[key] = value
      }
    }
    return transform(out)
  }

  static func removingKeys(_ keys: Set<String>, from schema: JSONObject) -> JSONObject {
    map(schema) { s in
      var s = s
      for key in keys { s[key] = nil }
      return s
    }
  }

  static func appendingToDescription(_ text: String, in schema: JSONObject) -> JSONObject {
    var s = schema
    if let existing = s["description"]?.stringValue, !existing.isEmpty {
      s["description"] = .string(existing + " " + text)
    } else {
      s["description"] = .string(text)
    }
    return s
  }

  /// OpenAI strict mode: `additionalProperties: false` and all properties required on every
  /// object; no `default`, `title` or unsupported `format`s (folded into the description).
  static let openAIFormats: Set<String> = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]

  static func strictOpenAI(_ schema: JSONObject) -> JSONObject {
    map(schema) { s in
      var s = s
      s["title"] = nil
      if let format = s["format"]?.stringValue, !openAIFormats.contains(format) {
        s["format"] = nil
        s = appendingToDescription("Format: \(format).", in: s)
      }
      if let value = s["default"] {
        s["default"] = nil
        s = appendingToDescription("Default: \(value.compactText).", in: s)
      }
      if s["type"] == "object" || s["properties"] != nil {
        let names = s["properties"]?.objectValue?.keys ?? []
        var required = s["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if var properties = s["properties"]?.objectValue {
          for name in names where !required.contains(name) {
            if let p = properties[name]?.objectValue { properties[name] = .object(nullable(p)) }
          }
          s["properties"] = .object(properties)
        }
        required = names
        s["required"] = .array(required.map(JSONValue.string))
        s["additionalProperties"] = false
      }
      return s
    }
  }

  /// Adds `null` to the allowed types (and to `enum`, when present).
  static func nullable(_ schema: JSONObject) -> JSONObject {
    var s = schema
    switch s["type"] {
    case .string(let t)?: s["type"] = [.string(t), "null"]
    case .array(let types)? where !types.contains("null"): s["type"] = .array(types + ["null"])
    case nil:
      if let options = s["anyOf"]?.arrayValue { s["anyOf"] = .array(options + [["type": "null"]]) }
    default: break
    }
    if let values = s["enum"]?.arrayValue, !values.contains(.null) { s["enum"] = .array(values + [.null]) }
    return s
  }

  /// Gemini's OpenAPI-3 subset: a single `type` (+ `nullable`), `enum` on strings only,
  /// `format` only `date-time` or `enum`, no `additionalProperties`, `const`, `$ref`,
  /// exclusive bounds, `oneOf`/`allOf`/`not`; `propertyOrdering` on objects.
  static let geminiKeys: Set<String> = [
    "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required",
    "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "anyOf", "propertyOrdering", "items",
    "minimum", "maximum",
  ]

  static func gemini(_ schema: JSONObject) -> JSONObject {
    map(schema) { s in
      var out = JSONObject()
      for (key, value) in s {
        switch key {
        case "type":
          if let types = value.arrayValue {
            let real = types.filter { $0 != "null" }
            out["type"] = real.first ?? "string"
            if real.count < types.count { out["nullable"] = true }
          } else {
            out["type"] = value
          }
        case "oneOf":
          out["anyOf"] = value
        case "const":
          out["enum"] = [value]
        case "format":
          if value == "date-time" || value == "enum" {
            out["format"] = value
          } else if let f = value.stringValue {
            out = appendingToDescription("Format: \(f).", in: out)
          }
        case "default":
          out = appendingToDescription("Default: \(value.compactText).", in: out)
        case "enum":
          out["enum"] = .array((value.arrayValue ?? []).filter { !$0.isNull }.map { $0.stringValue.map(JSONValue.string) ?? .string($0.compactText) })
        default:
          if geminiKeys.contains(key) { out[key] = value }
        }
      }
      if out["enum"] != nil { out["type"] = "string" }
      if out["type"] == "object", let properties = out["properties"]?.objectValue, out["propertyOrdering"] == nil {
        out["propertyOrdering"] = .array(properties.keys.map(JSONValue.string))
      }
      return out
    }
  }

  /// Foundation Models' GenerationSchema: objects closed and ordered with `x-order`.
  static func generationSchema(_ schema: JSONObject) -> JSONObject {
    map(schema) { s in
      var s = s
      if s["type"] == "object", let properties = s["properties"]?.objectValue {
        s["x-order"] = .array(properties.keys.map(JSONValue.string))
        s["additionalProperties"] = false
      }
      return s
    }
  }
}
