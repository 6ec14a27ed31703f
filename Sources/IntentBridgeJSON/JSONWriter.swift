/// Writes `JSONValue`s as deterministic UTF-8 text.
///
/// Object members keep their order; strings escape only what JSON requires (`"`, `\`,
/// control characters), so `/` and non-ASCII text stay readable. Doubles use the shortest
/// representation that round-trips; non-finite doubles become `null`.
///
///     JSONWriter.compact(["a": [1, 2]])   // {"a":[1,2]}
///     JSONWriter.pretty(["a": [1, 2]])    // {\n  "a": [\n    1,\n    2\n  ]\n}
public enum JSONWriter {
  /// One line, no insignificant whitespace (the form for JSON-RPC and golden files of lines).
  public static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: nil, level: 0)
    return out
  }

  /// Two-space indented, `"key": value`, with a trailing newline when `newline` is true.
  public static func pretty(_ value: JSONValue, newline: Bool = true) -> String {
    var out = ""
    write(value, into: &out, indent: "  ", level: 0)
    if newline { out += "\n" }
    return out
  }

  /// The JSON string literal for `text`, with quotes.
  public static func quoted(_ text: String) -> String {
    var out = ""
    writeString(text, into: &out)
    return out
  }

  /// The JSON text of a double: integral values keep a `.0` so the type survives a round trip.
  public static func formatDouble(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    return "\(d)"
  }

  private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .integer(let i): out += String(i)
    case .number(let d): out += formatDouble(d)
    case .string(let s): writeString(s, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, element) in elements.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        write(element, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "]"
    case .object(let object):
      if object.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, member) in object.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        writeString(member.key, into: &out)
        out += indent == nil ? ":" : ": "
        write(member.value, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
    guard let indent else { return }
    out += "\n"
    for _ in 0..<level { out += indent }
  }

  private static func writeString(_ text: String, into out: inout String) {
    out += "\""
    var needsEscape = false
    for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      needsEscape = true
      break
    }
    guard needsEscape else {
      out += text
      out += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16, uppercase: false)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension JSONValue {
  /// `JSONWriter.compact(self)`.
  public var compactText: String { JSONWriter.compact(self) }
  /// `JSONWriter.pretty(self)`.
  public var prettyText: String { JSONWriter.pretty(self) }
}
