/// The type of a parameter or entity property (`ValueType` in docs/CATALOG.md).
public enum ValueType: Sendable, Hashable, CustomStringConvertible {
  /// `string`: free text.
  case string
  /// `integer`: a whole number, within the parameter's `minimum`/`maximum`.
  case integer
  /// `number`: a number, within the parameter's `minimum`/`maximum`.
  case number
  /// `boolean`: true or false.
  case boolean
  /// `date`: a date, a time or both, as the parameter's `dateKind` says.
  case date
  /// `duration`: a length of time, a number of seconds ≥ 0.
  case duration
  /// `url`: a URL (JSON Schema `format` `uri`).
  case url
  /// `email`: an email address (JSON Schema `format` `email`).
  case email
  /// `measurement`: a physical quantity, a number in the parameter's `unit`.
  case measurement
  /// `currency`: an amount of money; with several `currencyCodes`, an amount and its currency.
  case currency
  /// `file`: a file, as a URI reference.
  case file
  /// `person`: a person, as a string.
  case person
  /// `placemark`: a place, as a string.
  case placemark
  /// `json`: any JSON value, described by the parameter's `jsonSchema` when it has one.
  case json
  /// A reference to an `EnumType` by id.
  case enumeration(String)
  /// A reference to an `EntityType` by id.
  case entity(String)

  /// The primitive type names in catalog spelling, in docs/CATALOG.md order.
  public static let primitiveNames: [String] = [
    "string", "integer", "number", "boolean", "date", "duration", "url", "email",
    "measurement", "currency", "file", "person", "placemark", "json",
  ]

  /// The primitive type spelled `primitiveName` in the catalog (one of `primitiveNames`); nil
  /// for any other name.
  public init?(primitiveName: String) {
    switch primitiveName {
    case "string": self = .string
    case "integer": self = .integer
    case "number": self = .number
    case "boolean": self = .boolean
    case "date": self = .date
    case "duration": self = .duration
    case "url": self = .url
    case "email": self = .email
    case "measurement": self = .measurement
    case "currency": self = .currency
    case "file": self = .file
    case "person": self = .person
    case "placemark": self = .placemark
    case "json": self = .json
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .number: "number"
    case .boolean: "boolean"
    case .date: "date"
    case .duration: "duration"
    case .url: "url"
    case .email: "email"
    case .measurement: "measurement"
    case .currency: "currency"
    case .file: "file"
    case .person: "person"
    case .placemark: "placemark"
    case .json: "json"
    case .enumeration(let id): "{\"enum\": \"\(id)\"}"
    case .entity(let id): "{\"entity\": \"\(id)\"}"
    }
  }
}
