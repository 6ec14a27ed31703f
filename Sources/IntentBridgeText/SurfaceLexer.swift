/// One token of a request for the typed extractors (filling): a word (lowercased, Latin diacritics
/// folded, inner apostrophes dropped), a digit run, one Han character, or one punctuation/symbol scalar.
package struct SurfaceToken: Sendable {
  package enum Kind: UInt8, Sendable { case word, digits, cjk, punct }
  package var kind: Kind
  /// Folded text (`"Fünf"` → `"funf"`, `"dreißig"` → `"dreissig"`); digits and punctuation verbatim.
  package var text: String
  /// Scalar offsets in the original text.
  package var start: Int
  package var end: Int
  /// Whitespace separates this token from the previous one.
  package var spaceBefore: Bool
}

/// A text's surface tokens with its scalars (spans index them).
package struct SurfaceTokens: Sendable {
  package var tokens: [SurfaceToken]
  package var scalars: [Unicode.Scalar]
}

/// Splits a request into ``SurfaceToken``s in one pass over its scalars, keeping spans.
///
/// Unlike the index scanner it keeps `.`/`,` and spaces between digit runs visible, so the
/// number extractor can apply locale separators (`1,5` de vs `1.5` en, `1 000` fi).
///
/// - Complexity: O(n) in the scalars of the text.
package enum SurfaceLexer {
  package static func tokens(_ text: String) -> SurfaceTokens {
    let scalars = Array(text.unicodeScalars)
    var out: [SurfaceToken] = []
    out.reserveCapacity(scalars.count / 3 + 2)
    var i = 0
    var space = false
    let n = scalars.count
    while i < n {
      let s = scalars[i]
      if isSpace(s) {
        space = true
        i += 1
        continue
      }
      if isHan(s) {
        out.append(SurfaceToken(kind: .cjk, text: String(s), start: i, end: i + 1, spaceBefore: space))
        i += 1
      } else if isDigit(s) {
        var t = ""
        let start = i
        while i < n, isDigit(scalars[i]) {
          // Fullwidth digits (U+FF10…) are written as ASCII digits.
          let v = scalars[i].value
          t.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: v >= 0xFF10 ? v - 0xFF10 + 0x30 : v)))
          i += 1
        }
        out.append(SurfaceToken(kind: .digits, text: t, start: start, end: i, spaceBefore: space))
      } else if isLetter(s) {
        var t = ""
        let start = i
        while i < n {
          if isLetter(scalars[i]) || isMark(scalars[i]) {
            fold(scalars[i], into: &t)
            i += 1
          } else if scalars[i] == "'" || scalars[i] == "’", i + 1 < n, isLetter(scalars[i + 1]) {
            i += 1  // an apostrophe inside a word is dropped: `o'clock` → `oclock`
          } else {
            break
          }
        }
        out.append(SurfaceToken(kind: .word, text: t, start: start, end: i, spaceBefore: space))
      } else {
        out.append(SurfaceToken(kind: .punct, text: String(s), start: i, end: i + 1, spaceBefore: space))
        i += 1
      }
      space = false
    }
    return SurfaceTokens(tokens: out, scalars: scalars)
  }

  @inline(__always) package static func isDigit(_ s: Unicode.Scalar) -> Bool {
    (0x30...0x39).contains(s.value) || (0xFF10...0xFF19).contains(s.value)
  }

  @inline(__always) package static func isHan(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x3040...0x30FF).contains(v)
  }

  @inline(__always) package static func isLetter(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
    return s.properties.isAlphabetic && !isHan(s) && !isDigit(s)
  }

  @inline(__always) package static func isSpace(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v < 0x80 { return v == 0x20 || (v >= 0x09 && v <= 0x0D) }
    return s.properties.isWhitespace
  }

  @inline(__always) package static func isMark(_ s: Unicode.Scalar) -> Bool {
    s.value >= 0x300 && s.properties.generalCategory == .nonspacingMark
  }

  /// Lowercases and strips the Latin diacritics of en, de, fi, sk (`ß` → `ss`).
  package static func fold(_ s: Unicode.Scalar, into t: inout String) {
    let v = s.value
    if isMark(s) { return }
    if v < 0x80 {
      t.unicodeScalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(truncatingIfNeeded: v | 0x20)) : s)
      return
    }
    if v == 0xDF {
      t += "ss"
      return
    }
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
    let pairs: [(String, Unicode.Scalar)] = [
      ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ìíîïĩīĭį", "i"),
      ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"), ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"),
      ("ùúûüũūŭůűų", "u"), ("ýÿŷ", "y"), ("źżž", "z"),
    ]
    var m: [UInt32: Unicode.Scalar] = [:]
    for (chars, base) in pairs {
      for c in chars.unicodeScalars { m[c.value] = base }
    }
    return m
  }()

  /// The source text of a scalar range.
  package static func text(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
    var s = ""
    s.unicodeScalars.append(contentsOf: scalars[range])
    return s
  }
}
