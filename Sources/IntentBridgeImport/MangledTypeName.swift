/// Demangles the Swift nominal-type names that Xcode writes into App Intents metadata.
///
/// Only the small subset that `mangledTypeName` fields use is understood: an optional
/// `$s` prefix, `s` for the standard library module, length-prefixed identifiers (with
/// Swift's word substitutions, e.g. `04OpenA16AirQualityIntent`) and the kind letter
/// after each type (`V` struct, `O` enum, `C` class, `P` protocol).
///
///     MangledTypeName.demangle("7Weather14OpenMoonIntentV")
///     // "Weather.OpenMoonIntent"
///     MangledTypeName.demangle("7Weather04OpenA16AirQualityIntentV")
///     // "Weather.OpenWeatherAirQualityIntent"
///     MangledTypeName.demangle("ChangeOperation")   // nil: not a mangled name
///
/// - Returns: the dot-separated type name, or `nil` when the text is not in that subset
///   (it never traps, whatever the input).
/// - Complexity: O(n) in the length of `mangled`.
package enum MangledTypeName {
  package static func demangle(_ mangled: String) -> String? {
    var bytes = Array(mangled.utf8)
    for prefix in ["$s", "$S", "_T0"] where bytes.starts(with: prefix.utf8) {
      bytes.removeFirst(prefix.utf8.count)
      break
    }
    var parser = Parser(bytes: bytes)
    return parser.parse()
  }

  /// A cursor over the mangled bytes; mirrors the identifier rules of Swift's demangler.
  private struct Parser {
    let bytes: [UInt8]
    var position = 0
    /// Words seen so far; `a`…`z` / `A`…`Z` substitute one of the first 26.
    var words: [[UInt8]] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> String? {
      var components: [String] = []
      if peek == UInt8(ascii: "s"), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
        components.append("Swift")
        position += 1
      }
      var expectsIdentifier = true
      while let byte = peek {
        if isDigit(byte) {
          guard let identifier = parseIdentifier() else { return nil }
          components.append(identifier)
          expectsIdentifier = false
        } else if !expectsIdentifier, Self.kindLetters.contains(byte) {
          position += 1
          expectsIdentifier = true
        } else {
          return nil
        }
      }
      guard !components.isEmpty, components.last != "Swift" || components.count > 1 else { return nil }
      return components.joined(separator: ".")
    }

    private static let kindLetters: Set<UInt8> = Set("VOCPa".utf8)

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    private mutating func parseNatural() -> Int? {
      var value = 0
      var digits = 0
      while let byte = peek, isDigit(byte) {
        digits += 1
        // Nine digits are far beyond any real identifier and cannot overflow `Int`.
        guard digits <= 9 else { return nil }
        value = value * 10 + Int(byte - 0x30)
        position += 1
      }
      return digits > 0 ? value : nil
    }

    /// `NATURAL chars`, or `0` followed by literal parts and word substitutions.
    private mutating func parseIdentifier() -> String? {
      var hasWordSubstitutions = false
      if peek == UInt8(ascii: "0") {
        position += 1
        // `00` introduces a Punycode identifier, which type names in metadata never use.
        guard peek != UInt8(ascii: "0") else { return nil }
        hasWordSubstitutions = true
      }
      var identifier: [UInt8] = []
      repeat {
        while hasWordSubstitutions, let byte = peek, isLower(byte) || isUpper(byte) {
          position += 1
          let index: Int
          if isLower(byte) {
            index = Int(byte - UInt8(ascii: "a"))
          } else {
            index = Int(byte - UInt8(ascii: "A"))
            hasWordSubstitutions = false
          }
          guard index < words.count else { return nil }
          identifier += words[index]
        }
        // A `0` ends an identifier whose last part is a word substitution.
        if peek == UInt8(ascii: "0") {
          position += 1
          break
        }
        guard let count = parseNatural(), count > 0, position + count <= bytes.count else { return nil }
        let literal = Array(bytes[position..<(position + count)])
        position += count
        identifier += literal
        recordWords(in: literal)
      } while hasWordSubstitutions
      guard !identifier.isEmpty else { return nil }
      return String(decoding: identifier, as: UTF8.self)
    }

    /// Words start at a non-digit, non-underscore character and end before an underscore
    /// or an uppercase letter that follows a non-uppercase one; only words of two or
    /// more characters are recorded.
    private mutating func recordWords(in literal: [UInt8]) {
      var wordStart: Int?
      for index in 0...literal.count {
        let byte: UInt8 = index < literal.count ? literal[index] : 0
        if let start = wordStart {
          let previous = literal[index - 1]
          if byte == UInt8(ascii: "_") || byte == 0 || (!isUpper(previous) && isUpper(byte)) {
            if index - start >= 2, words.count < 26 { words.append(Array(literal[start..<index])) }
            wordStart = nil
          }
        }
        if wordStart == nil, byte != 0, byte != UInt8(ascii: "_"), !isDigit(byte) {
          wordStart = index
        }
      }
    }
  }
}
