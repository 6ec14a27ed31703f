/// One token of a request for the extractors: a word (lowercased, Latin diacritics
/// folded), a digit run, one Han character, or one punctuation/symbol scalar.
struct Token: Sendable {
  enum Kind: UInt8, Sendable { case word, digits, cjk, punct }
  var kind: Kind
  /// Folded text (`"Fünf"` → `"funf"`, `"dreißig"` → `"dreissig"`); digits and punctuation verbatim.
  var text: String
  /// Scalar offsets in the original text.
  var start: Int
  var end: Int
  /// Whitespace separates this token from the previous one.
  var spaceBefore: Bool
}

/// Splits a request into ``Token``s in one pass over its scalars, keeping spans.
///
/// Unlike the index scanner it keeps `.`/`,` and spaces between digit runs visible, so the
/// number extractor can apply locale separators (`1,5` de vs `1.5` en, `1 000` fi).
///
/// - Complexity: O(n) in the scalars of the text.
enum Lexer {
  static func tokens(_ text: String) -> (tokens: [Token], scalars: [Unicode.Scalar]) {
    let scalars = Array(text.unicodeScalars)
    var out: [Token] = []
    out.reserveCapacity(scalars.count / 3 + 2)
    var i = 0
    var space = false
    let n = scalars.count
    while i < n {
      let s = scalars[i]
      if s.properties.isWhitespace {
        space = true
        i += 1
        continue
      }
      if isHan(s) {
        out.append(Token(kind: .cjk, text: String(s), start: i, end: i + 1, spaceBefore: space))
        i += 1
      } else if isDigit(s) {
        var t = ""
        let start = i
        while i < n, isDigit(scalars[i]) {
          t.unicodeScalars.append(Unicode.Scalar(scalars[i].value >= 0xFF10 ? scalars[i].value - 0xFF10 + 0x30 : scalars[i].value)!)
          i += 1
        }
        out.append(Token(kind: .digits, text: t, start: start, end: i, spaceBefore: space))
      } else if isLetter(s) {
        var t = ""
        let start = i
        while i < n, isLetter(scalars[i]) || (scalars[i].properties.generalCategory == .nonspacingMark) {
          fold(scalars[i], into: &t)
          i += 1
        }
        out.append(Token(kind: .word, text: t, start: start, end: i, spaceBefore: space))
      } else {
        out.append(Token(kind: .punct, text: String(s), start: i, end: i + 1, spaceBefore: space))
        i += 1
      }
      space = false
    }
    return (out, scalars)
  }

  @inline(__always) static func isDigit(_ s: Unicode.Scalar) -> Bool {
    (0x30...0x39).contains(s.value) || (0xFF10...0xFF19).contains(s.value)
  }

  @inline(__always) static func isHan(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x3040...0x30FF).contains(v)
  }

  @inline(__always) static func isLetter(_ s: Unicode.Scalar) -> Bool {
    s.properties.isAlphabetic && !isHan(s) && !isDigit(s)
  }

  /// Lowercases and strips the Latin diacritics of en, de, fi, sk (`ß` → `ss`).
  static func fold(_ s: Unicode.Scalar, into t: inout String) {
    if s.properties.generalCategory == .nonspacingMark { return }
    let v = s.value
    if v < 0x80 {
      t.unicodeScalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v | 0x20)! : s)
      return
    }
    if v == 0xDF { t += "ss"; return }
    let lower = s.properties.lowercaseMapping
    for l in lower.unicodeScalars {
      if let base = latinBase[l.value] {
        t.unicodeScalars.append(base)
      } else {
        t.unicodeScalars.append(l)
      }
    }
  }

  private static let latinBase: [UInt32: Unicode.Scalar] = {
    let pairs: [(String, String)] = [
      ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ìíîïĩīĭį", "i"),
      ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"),
      ("ùúûüũūŭůűų", "u"), ("ýÿŷ", "y"), ("źżž", "z"),
    ]
    var m: [UInt32: Unicode.Scalar] = [:]
    for (chars, base) in pairs {
      for c in chars.unicodeScalars { m[c.value] = base.unicodeScalars.first! }
    }
    return m
  }()

  /// The source text of a scalar range.
  static func text(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
    var s = ""
    s.unicodeScalars.append(contentsOf: scalars[range])
    return s
  }

  /// The primary language subtag, lowercased (`zh-CN` → `zh`).
  static func primary(_ language: String) -> String {
    let lower = language.lowercased()
    if let dash = lower.firstIndex(where: { $0 == "-" || $0 == "_" }) { return String(lower[..<dash]) }
    return lower
  }
}
