/// A JSON value that keeps what Foundation's types lose: the order of object keys and the
/// difference between an integer (`1`) and a floating-point number (`1.0`).
///
/// Every JSON document IntentBridge reads or writes for users or models goes through this
/// type, so output is byte-for-byte deterministic.
///
///     let value: JSONValue = ["name": "add_note", "count": 2]
///     print(value.compactText)   // {"name":"add_note","count":2}
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer literal that fits `Int64` (no fraction, no exponent).
  case integer(Int64)
  /// Any other number: literals with a fraction or exponent, or integers beyond `Int64`.
  case number(Double)
  /// A string.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object, its members in order.
  case object(JSONObject)
}

extension JSONValue {
  /// The JSON type name used in error messages (`"object"`, `"integer"`, …).
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer: "integer"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The string; nil for other values.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The boolean; nil for other values.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The value as an integer: integer literals, and numbers with no fractional part.
  public var integerValue: Int64? {
    switch self {
    case .integer(let i): return i
    case .number(let d) where abs(d) < 9.2e18 && Double(Int64(d)) == d: return Int64(d)
    default: return nil
    }
  }

  /// The value as a double: both integer and floating-point literals.
  public var doubleValue: Double? {
    switch self {
    case .integer(let i): return Double(i)
    case .number(let d): return d
    default: return nil
    }
  }

  /// The elements; nil for other values.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The object; nil for other values.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// Member lookup on objects; `nil` for other values or missing keys.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// Element lookup on arrays; `nil` for other values or out-of-range indices.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let a) = self, a.indices.contains(index) else { return nil }
    return a[index]
  }

  /// Numeric equality across `.integer` and `.number` (`50 == 50.0`), structural otherwise.
  public func numericallyEquals(_ other: JSONValue) -> Bool {
    switch (self, other) {
    case (.integer(let a), .integer(let b)): return a == b
    case (.integer, .number), (.number, .integer), (.number, .number):
      return doubleValue == other.doubleValue
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.numericallyEquals($1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      return a.allSatisfy { key, value in b[key].map { value.numericallyEquals($0) } ?? false }
    default: return self == other
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}
