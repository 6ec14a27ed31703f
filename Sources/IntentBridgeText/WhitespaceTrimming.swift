extension StringProtocol {
  /// The text without leading and trailing whitespace: exactly what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` removes (tab, U+0020, U+00A0, U+1680,
  /// U+2000–U+200B, U+202F, U+205F, U+3000), scalar by scalar, so a combining mark after a
  /// leading space stays. Inner whitespace is kept.
  /// - Complexity: O(n) in the length of the text.
  package func trimmingWhitespace() -> String { trimming(where: Self.isWhitespace) }

  /// The text without leading and trailing whitespace and line breaks: exactly what
  /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` removes (the whitespace
  /// of `trimmingWhitespace()` plus U+000A–U+000D, U+0085, U+2028, U+2029).
  /// - Complexity: O(n) in the length of the text.
  package func trimmingWhitespaceAndNewlines() -> String {
    trimming { Self.isWhitespace($0) || Self.isNewline($0) }
  }

  private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isTrimmed($0) })!
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }
}
