import IntentBridgeJSON

/// The canonical JSON Schema (2020-12) of one parameter's value, before any dialect or
/// model-facing description is applied. Tool definitions build on it, and the catalog's
/// `invalid-default` check validates defaults against it, so both agree on what fits.
///
/// Type mapping (documented in docs/TOOLS.md):
/// `string`, `person`, `placemark` → string; `integer`/`number` → with `minimum`/`maximum`;
/// `boolean`; `date` → string with `format` `date`, `time` or `date-time` (from `dateKind`,
/// default `date-time`); `duration` → number of seconds ≥ 0; `url` → `format: uri`;
/// `email` → `format: email`; `file` → `format: uri-reference`; `measurement` → number in
/// the unit's default unit; `currency` → number (one currency) or `{amount, currency}`
/// (several); `json` → the parameter's `jsonSchema` or `{}`; enum → string `enum` of case
/// values; entity → string (an instance id), with `enum` of the ids when the entity's
/// query kind is `enumerable`; `array: true` wraps the element schema in an array.
package enum ParameterSchema {
  /// The value schema of `parameter` (no title or description).
  package static func schema(for parameter: Parameter, in catalog: Catalog) -> JSONObject {
    let element = elementSchema(for: parameter, in: catalog)
    guard parameter.isArray else { return element }
    var array = JSONObject()
    array["type"] = "array"
    array["items"] = .object(element)
    if let minItems = parameter.minItems { array["minItems"] = .integer(Int64(minItems)) }
    if let maxItems = parameter.maxItems { array["maxItems"] = .integer(Int64(maxItems)) }
    return array
  }

  private static func elementSchema(for parameter: Parameter, in catalog: Catalog) -> JSONObject {
    var s = JSONObject()
    func bounds(integer: Bool) {
      if let minimum = parameter.minimum { s["minimum"] = number(minimum, integer: integer) }
      if let maximum = parameter.maximum { s["maximum"] = number(maximum, integer: integer) }
    }
    switch parameter.type {
    case .string, .person, .placemark:
      s["type"] = "string"
    case .integer:
      s["type"] = "integer"
      bounds(integer: true)
    case .number, .measurement:
      s["type"] = "number"
      bounds(integer: false)
    case .boolean:
      s["type"] = "boolean"
    case .date:
      s["type"] = "string"
      switch parameter.dateKind ?? .dateTime {
      case .date: s["format"] = "date"
      case .time: s["format"] = "time"
      case .dateTime: s["format"] = "date-time"
      }
    case .duration:
      s["type"] = "number"
      s["minimum"] = .integer(0)
      if let minimum = parameter.minimum { s["minimum"] = number(minimum, integer: false) }
      if let maximum = parameter.maximum { s["maximum"] = number(maximum, integer: false) }
    case .url:
      s["type"] = "string"
      s["format"] = "uri"
    case .email:
      s["type"] = "string"
      s["format"] = "email"
    case .file:
      s["type"] = "string"
      s["format"] = "uri-reference"
    case .currency:
      if parameter.currencyCodes.count > 1 {
        s["type"] = "object"
        var amount = JSONObject()
        amount["type"] = "number"
        if let minimum = parameter.minimum { amount["minimum"] = number(minimum, integer: false) }
        if let maximum = parameter.maximum { amount["maximum"] = number(maximum, integer: false) }
        var currency = JSONObject()
        currency["type"] = "string"
        currency["enum"] = .array(parameter.currencyCodes.map(JSONValue.string))
        s["properties"] = .object(JSONObject([("amount", .object(amount)), ("currency", .object(currency))]))
        s["required"] = ["amount", "currency"]
        s["additionalProperties"] = false
      } else {
        s["type"] = "number"
        bounds(integer: false)
      }
    case .json:
      if let schema = parameter.jsonSchema { return schema }
    case .enumeration(let id):
      s["type"] = "string"
      if let enumType = catalog.enumType(id: id) {
        s["enum"] = .array(enumType.cases.map { .string($0.value) })
      }
    case .entity(let id):
      s["type"] = "string"
      if let entity = catalog.entityType(id: id), entity.queryKind == .enumerable, !entity.instances.isEmpty {
        s["enum"] = .array(entity.instances.map { .string($0.id) })
      }
    }
    return s
  }

  /// Integral bounds print as integers (`0`, not `0.0`) for integer parameters and whole numbers.
  static func number(_ d: Double, integer: Bool) -> JSONValue {
    if abs(d) < 9e15, Double(Int64(d)) == d { return .integer(Int64(d)) }
    return .number(d)
  }
}
