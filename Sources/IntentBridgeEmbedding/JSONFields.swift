import IntentBridgeJSON

/// Typed access to the fields of a JSON document, throwing errors that name the file and
/// the JSON path of the field (`normalizer.normalizers[1].type`).
struct JSONFields {
  let file: String

  /// Parses `bytes` with our strict parser; a syntax error names the file and line:column.
  func parse(_ bytes: [UInt8]) throws(EmbeddingError) -> JSONValue {
    do {
      return try JSONParser.parse(bytes: bytes)
    } catch {
      throw .malformedJSON(file: file, location: error.location.description, message: error.message)
    }
  }

  func object(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> JSONObject {
    guard let value else { throw .missingField(file: file, field: path, expected: "an object") }
    guard let object = value.objectValue else { throw invalid(value, path, "an object") }
    return object
  }

  func array(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> [JSONValue] {
    guard let value else { throw .missingField(file: file, field: path, expected: "an array") }
    guard let array = value.arrayValue else { throw invalid(value, path, "an array") }
    return array
  }

  func string(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> String {
    guard let value else { throw .missingField(file: file, field: path, expected: "a string") }
    guard let string = value.stringValue else { throw invalid(value, path, "a string") }
    return string
  }

  func bool(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> Bool {
    guard let value else { throw .missingField(file: file, field: path, expected: "true or false") }
    guard let bool = value.boolValue else { throw invalid(value, path, "true or false") }
    return bool
  }

  func double(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> Double {
    guard let value else { throw .missingField(file: file, field: path, expected: "a number") }
    guard let number = value.doubleValue, number.isFinite else { throw invalid(value, path, "a finite number") }
    return number
  }

  /// An integer in `range`.
  func integer(_ value: JSONValue?, _ path: String, in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(EmbeddingError) -> Int {
    let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
    guard let value else { throw .missingField(file: file, field: path, expected: expected) }
    guard let integer = value.integerValue, integer >= Int64(range.lowerBound), integer <= Int64(range.upperBound) else {
      throw invalid(value, path, expected)
    }
    return Int(integer)
  }

  /// Optional variants: a missing key or an explicit `null` give nil.
  func optionalString(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> String? {
    guard let value, !value.isNull else { return nil }
    return try string(value, path)
  }

  func optionalBool(_ value: JSONValue?, _ path: String) throws(EmbeddingError) -> Bool? {
    guard let value, !value.isNull else { return nil }
    return try bool(value, path)
  }

  func optionalInteger(_ value: JSONValue?, _ path: String, in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(EmbeddingError) -> Int? {
    guard let value, !value.isNull else { return nil }
    return try integer(value, path, in: range)
  }

  func invalid(_ value: JSONValue, _ path: String, _ expected: String) -> EmbeddingError {
    .invalidField(file: file, field: path, value: Self.render(value), expected: expected)
  }

  func unsupported(_ value: String, _ path: String, _ supported: [String]) -> EmbeddingError {
    .unsupported(file: file, field: path, value: "'\(value)'", supported: supported)
  }

  /// A short rendering of a value for messages (long values are cut).
  static func render(_ value: JSONValue) -> String {
    let text = JSONWriter.compact(value)
    return text.count > 80 ? String(text.prefix(77)) + "…" : text
  }
}
