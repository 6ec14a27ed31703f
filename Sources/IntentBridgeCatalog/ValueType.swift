/// The type of a parameter or entity property (`ValueType` in docs/CATALOG.md).
public enum ValueType: Sendable, Hashable, CustomStringConvertible {
  case string, integer, number, boolean, date, duration, url, email
  case measurement, currency, file, person, placemark, json
  /// A reference to an `EnumType` by id.
  case enumeration(String)
  /// A reference to an `EntityType` by id.
  case entity(String)

  /// The primitive type names in catalog spelling, in docs/CATALOG.md order.
  public static let primitiveNames: [String] = [
    "string", "integer", "number", "boolean", "date", "duration", "url", "email",
    "measurement", "currency", "file", "person", "placemark", "json",
  ]

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
