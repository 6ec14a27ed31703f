import IntentBridgeJSON

/// The scalar forms a `json` parameter's JSON Schema admits, as far as filling a value from
/// words needs to know: whether a number may stand there, and which strings are listed
/// (`enum`, `const`). Looks at the schema itself and its `anyOf` / `oneOf` branches (nested
/// ones too, up to a small depth); anything else (objects, arrays, patterns) admits neither.
package struct JSONSchemaForms: Sendable, Hashable {
  /// An integer or number may fill the parameter.
  package var admitsNumbers: Bool = false
  /// A number below zero may fill the parameter (a numeric form without a `minimum` ≥ 0 or
  /// `exclusiveMinimum` ≥ 0).
  package var admitsNegativeNumbers: Bool = false
  /// The strings the schema lists, in schema order, without repeats.
  package var strings: [String] = []

  package init(_ schema: JSONObject?) {
    guard let schema else { return }
    collect(schema, depth: 0)
  }

  /// Nothing a word could fill.
  package var isEmpty: Bool { !admitsNumbers && strings.isEmpty }

  private mutating func collect(_ schema: JSONObject, depth: Int) {
    guard depth < 8 else { return }
    var types: [String] = []
    switch schema["type"] {
    case .string(let t)?: types = [t]
    case .array(let list)?: types = list.compactMap(\.stringValue)
    default: break
    }
    if types.contains("integer") || types.contains("number") {
      admitsNumbers = true
      let floors = [schema["minimum"], schema["exclusiveMinimum"]].compactMap { $0?.doubleValue }
      if !floors.contains(where: { $0 >= 0 }) { admitsNegativeNumbers = true }
    }
    var listed: [JSONValue] = schema["enum"]?.arrayValue ?? []
    if let constant = schema["const"] { listed.append(constant) }
    for value in listed {
      if let text = value.stringValue, !strings.contains(text) { strings.append(text) }
      if let number = value.doubleValue {
        admitsNumbers = true
        if number < 0 { admitsNegativeNumbers = true }
      }
    }
    for key in ["anyOf", "oneOf"] {
      for branch in schema[key]?.arrayValue ?? [] {
        if case .object(let object) = branch { collect(object, depth: depth + 1) }
      }
    }
  }
}
