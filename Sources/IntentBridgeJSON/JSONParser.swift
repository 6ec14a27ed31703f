/// A position in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int

  /// The position at `line` and `column` (both 1-based).
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, e.g. what was expected and what was found.
  public var message: String
  /// The line and column of the problem.
  public var location: SourceLocation
  /// Byte offset of the problem in the input.
  public var offset: Int

  public var description: String { "\(location): \(message)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Rejects what lenient parsers accept silently: trailing commas, comments, leading zeros,
/// unescaped control characters, lone surrogates, invalid UTF-8, duplicate object keys
/// (which would otherwise lose data) and nesting deeper than `maximumDepth`.
/// Errors carry line and column.
///
///     let value = try JSONParser.parse(#"{"a": [1, 2.5, true]}"#)
///     value["a"]?[1]   // .number(2.5)
///
/// - Complexity: O(n) in the input length.
public struct JSONParser {
  /// How strict a parse is: the nesting depth and whether duplicate keys are errors.
  public struct Options: Sendable {
    /// Deeper nesting is rejected with an error instead of exhausting the stack.
    public var maximumDepth: Int = 256
    /// When true, a repeated key in one object is an error; otherwise the last value wins.
    public var rejectDuplicateKeys: Bool = true
    /// The defaults: nesting up to 256 levels, duplicate keys rejected.
    public init() {}
  }

  /// Parses a complete document from a string.
  public static func parse(_ text: String, options: Options = Options()) throws(JSONParseError) -> JSONValue {
    var utf8 = Array(text.utf8)
    return try parse(bytes: &utf8, options: options)
  }

  /// Parses a complete document from UTF-8 bytes.
  public static func parse(bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONValue {
    var copy = bytes
    return try parse(bytes: &copy, options: options)
  }

  private static func parse(bytes: inout [UInt8], options: Options) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
      var parser = JSONParser(buffer: buffer, options: options, recordLocations: false)
      return try parser.parseDocument()
    }
  }

  /// Parses a document and also returns where each value starts, keyed by its path.
  /// Used on the error path to attach line:column to diagnostics that name a JSON path.
  /// - Complexity: O(n): columns are counted once along the input, not from each line's
  ///   start (a catalog written on one line has millions of values on that line).
  public static func parseWithLocations(bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> (
    JSONValue, [JSONPath: SourceLocation]
  ) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> (JSONValue, [JSONPath: SourceLocation]) in
      var parser = JSONParser(buffer: buffer, options: options, recordLocations: true)
      let value = try parser.parseDocument()
      return (value, parser.locations)
    }
  }

  /// Parses a document and also returns the byte range of the text of every value at most
  /// `depth` levels below the root (the root itself at depth 0), keyed by its path: a
  /// protocol layer echoes such a value exactly as it was written (a request id such as
  /// `9223372036854775808` or `1.0e-400`, which no `JSONValue` number keeps).
  ///
  ///     let (value, spans) = try JSONParser.parseWithSpans(bytes: Array(#"{"id": 1.50}"#.utf8), depth: 1)
  ///     spans[.root / "id"]   // 7..<11, the bytes "1.50"
  ///
  /// - Complexity: O(n), plus one dictionary entry per value within `depth`.
  public static func parseWithSpans(bytes: [UInt8], depth: Int, options: Options = Options()) throws(JSONParseError) -> (
    JSONValue, [JSONPath: Range<Int>]
  ) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> (JSONValue, [JSONPath: Range<Int>]) in
      var parser = JSONParser(buffer: buffer, options: options, recordLocations: false, spanDepth: depth)
      let value = try parser.parseDocument()
      return (value, parser.spans)
    }
  }

  private let buffer: UnsafeBufferPointer<UInt8>
  private let options: Options
  private let recordLocations: Bool
  /// Values at most this deep get their byte range recorded in `spans` (-1: none).
  private let spanDepth: Int
  private var position = 0
  private var line = 1
  private var lineStart = 0
  /// The column of `columnOffset` on the current line: `trackedLocation()` counts on from
  /// there instead of from the line's start.
  private var columnOffset = 0
  private var column = 1
  private var depth = 0
  private var path: [JSONPath.Component] = []
  private(set) var locations: [JSONPath: SourceLocation] = [:]
  private(set) var spans: [JSONPath: Range<Int>] = [:]

  private init(buffer: UnsafeBufferPointer<UInt8>, options: Options, recordLocations: Bool, spanDepth: Int = -1) {
    self.buffer = buffer
    self.options = options
    self.recordLocations = recordLocations
    self.spanDepth = spanDepth
  }

  // MARK: Driver

  private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    // A UTF-8 byte order mark is tolerated at the very start.
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      position = 3
      lineStart = 3
    }
    skipWhitespace()
    guard position < buffer.count else { throw error("the document is empty; expected a JSON value") }
    let value = try parseValue()
    skipWhitespace()
    if position < buffer.count {
      throw error("unexpected \(describeByte(at: position)) after the end of the JSON value")
    }
    return value
  }

  /// The location of `position`, counting columns on from the previous call (positions only
  /// grow while parsing), so recording every value's location stays linear on long lines.
  private mutating func trackedLocation() -> SourceLocation {
    if columnOffset < lineStart {
      columnOffset = lineStart
      column = 1
    }
    while columnOffset < position && columnOffset < buffer.count {
      if buffer[columnOffset] & 0xC0 != 0x80 { column += 1 }
      columnOffset += 1
    }
    return SourceLocation(line: line, column: column)
  }

  /// The location of `offset` on the current line, counted from the line's start (for the
  /// one error a parse reports).
  private func location(at offset: Int) -> SourceLocation {
    var column = 1
    var i = lineStart
    while i < offset && i < buffer.count {
      if buffer[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    return SourceLocation(line: line, column: column)
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    let offset = offset ?? position
    return JSONParseError(message: message, location: location(at: offset), offset: offset)
  }

  private func describeByte(at offset: Int) -> String {
    guard offset < buffer.count else { return "end of input" }
    let byte = buffer[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private mutating func skipWhitespace() {
    while position < buffer.count {
      switch buffer[position] {
      case 0x20, 0x09, 0x0D: position += 1
      case 0x0A:
        position += 1
        line += 1
        lineStart = position
      default: return
      }
    }
  }

  // MARK: Values

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    if recordLocations { locations[JSONPath(path)] = trackedLocation() }
    guard path.count <= spanDepth else { return try parseValueText() }
    let start = position
    let value = try parseValueText()
    spans[JSONPath(path)] = start..<position
    return value
  }

  private mutating func parseValueText() throws(JSONParseError) -> JSONValue {
    guard position < buffer.count else { throw error("unexpected end of input; expected a JSON value") }
    switch buffer[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case UInt8(ascii: "/"):
      throw error("comments are not allowed in JSON")
    case UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "N"):
      throw error("unexpected \(describeByte(at: position)); JSON literals are lowercase: true, false, null")
    default:
      throw error("unexpected \(describeByte(at: position)); expected a JSON value (object, array, string, number, true, false or null)")
    }
  }

  private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
    let start = position
    let expected = Array(literal.utf8)
    let count = expected.count
    let matches = position + count <= buffer.count && (0..<count).allSatisfy { buffer[position + $0] == expected[$0] }
    guard matches else {
      throw error("invalid literal; expected '\(literal)' (JSON literals are lowercase: true, false, null)", at: start)
    }
    position += count
  }

  private mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > options.maximumDepth {
      throw error("nesting is deeper than \(options.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1
    var object = JSONObject()
    skipWhitespace()
    if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard position < buffer.count else { throw error("unexpected end of input inside an object; expected a member name in double quotes") }
      guard buffer[position] == UInt8(ascii: "\"") else {
        if buffer[position] == UInt8(ascii: "}") {
          throw error("trailing comma before '}' is not allowed in JSON")
        }
        throw error("unexpected \(describeByte(at: position)); expected a member name in double quotes")
      }
      let keyOffset = position
      let key = try parseString()
      skipWhitespace()
      guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeByte(at: position)) after member name \"\(key)\"; expected ':'")
      }
      position += 1
      skipWhitespace()
      if options.rejectDuplicateKeys, object.contains(key: key) {
        throw error("duplicate member name \"\(key)\" in one object; each key may appear only once", at: keyOffset)
      }
      path.append(.key(key))
      let value = try parseValue()
      path.removeLast()
      object[key] = value
      skipWhitespace()
      guard position < buffer.count else { throw error("unexpected end of input inside an object; expected ',' or '}'") }
      if buffer[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if buffer[position] == UInt8(ascii: "}") {
        position += 1
        depth -= 1
        return .object(object)
      }
      throw error("unexpected \(describeByte(at: position)) after the value of \"\(key)\"; expected ',' or '}'")
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
        throw error("trailing comma before ']' is not allowed in JSON")
      }
      path.append(.index(elements.count))
      elements.append(try parseValue())
      path.removeLast()
      skipWhitespace()
      guard position < buffer.count else { throw error("unexpected end of input inside an array; expected ',' or ']'") }
      if buffer[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if buffer[position] == UInt8(ascii: "]") {
        position += 1
        depth -= 1
        return .array(elements)
      }
      throw error("unexpected \(describeByte(at: position)) after array element \(elements.count - 1); expected ',' or ']'")
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    var isInteger = true
    if buffer[position] == UInt8(ascii: "-") { position += 1 }
    guard position < buffer.count, isDigit(buffer[position]) else {
      throw error("invalid number: expected a digit after '-'")
    }
    if buffer[position] == UInt8(ascii: "0"), position + 1 < buffer.count, isDigit(buffer[position + 1]) {
      throw error("invalid number: leading zeros are not allowed")
    }
    while position < buffer.count, isDigit(buffer[position]) { position += 1 }
    if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard position < buffer.count, isDigit(buffer[position]) else {
        throw error("invalid number: expected a digit after the decimal point")
      }
      while position < buffer.count, isDigit(buffer[position]) { position += 1 }
    }
    if position < buffer.count, buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard position < buffer.count, isDigit(buffer[position]) else {
        throw error("invalid number: expected a digit in the exponent")
      }
      while position < buffer.count, isDigit(buffer[position]) { position += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else {
      throw error("number \(text) is out of range", at: start)
    }
    return .number(double)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// A string's contents. Text without escapes is validated and decoded in one piece; with
  /// escapes, its UTF-8 is gathered into one buffer and decoded once.
  /// - Complexity: O(length), however many escapes (appending to a `String` per escape was
  ///   quadratic: 1 MB of `\n` took 3.9 s).
  private mutating func parseString() throws(JSONParseError) -> String {
    let start = position
    position += 1
    let contentStart = position
    while position < buffer.count {
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") {
        let text = try validatedUTF8(contentStart, position)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw controlCharacterError(byte) }
      position += 1
    }
    guard position < buffer.count else { throw error("unterminated string (missing closing '\"')", at: start) }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(position - contentStart + 16)
    var runStart = contentStart
    while true {
      guard position < buffer.count else { throw error("unterminated string (missing closing '\"')", at: start) }
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") {
        try appendValidated(runStart, position, to: &utf8)
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        try appendValidated(runStart, position, to: &utf8)
        position += 1
        let scalar = try parseEscape()
        UTF8.encode(scalar) { utf8.append($0) }
        runStart = position
        continue
      }
      if byte < 0x20 { throw controlCharacterError(byte) }
      position += 1
    }
  }

  private func controlCharacterError(_ byte: UInt8) -> JSONParseError {
    if byte == 0x0A {
      return error("unterminated string: a newline inside a string must be written as \\n")
    }
    return error("control character 0x\(String(byte, radix: 16, uppercase: true)) inside a string must be escaped")
  }

  /// Appends the raw bytes `start..<end` of a string after checking they are valid UTF-8.
  private func appendValidated(_ start: Int, _ end: Int, to utf8: inout [UInt8]) throws(JSONParseError) {
    guard start < end else { return }
    let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
    if slice.contains(where: { $0 >= 0x80 }) { _ = try validatedUTF8(start, end) }
    utf8.append(contentsOf: slice)
  }

  private func validatedUTF8(_ start: Int, _ end: Int) throws(JSONParseError) -> String {
    let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
    // Fast path: pure ASCII needs no validation.
    if !slice.contains(where: { $0 >= 0x80 }) {
      return String(decoding: slice, as: UTF8.self)
    }
    guard let text = String(validating: slice, as: UTF8.self) else {
      var offset = start
      var iterator = slice.makeIterator()
      var decoder = UTF8()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let s): offset += UTF8.width(s)
        case .emptyInput: break loop
        case .error: break loop
        }
      }
      throw error("invalid UTF-8 byte sequence in a string", at: offset)
    }
    return text
  }

  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    guard position < buffer.count else { throw error("unterminated escape sequence") }
    let byte = buffer[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800...0xDBFF).contains(high) {
        guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u") else {
          throw error("lone high surrogate \\u\(String(high, radix: 16, uppercase: true)); expected a following \\uDC00–\\uDFFF")
        }
        position += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("invalid low surrogate \\u\(String(low, radix: 16, uppercase: true)) after a high surrogate")
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        // The arithmetic above always yields a valid supplementary-plane scalar.
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      if (0xDC00...0xDFFF).contains(high) {
        throw error("lone low surrogate \\u\(String(high, radix: 16, uppercase: true))")
      }
      return Unicode.Scalar(high) ?? "\u{FFFD}"
    default:
      throw error(
        "invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
        at: position - 2)
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard position + 4 <= buffer.count else { throw error("incomplete \\u escape; expected 4 hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = buffer[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit \(describeByte(at: position)) in \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
