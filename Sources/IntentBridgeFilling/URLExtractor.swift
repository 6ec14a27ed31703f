import IntentBridgeText

/// Finds web addresses starting with `http://`, `https://` or `www.`.
///
///     URLExtractor().extract("open https://example.org/a?b=1.")  // url "https://example.org/a?b=1", span 5..<30
///
/// The address runs to the next space, quote or closing bracket; trailing sentence
/// punctuation is left out.
///
/// - Complexity: O(n) in the scalars of the request.
package struct URLExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.url]

  package init() {}

  package func extract(_ text: String) -> [ExtractedValue] { extract(scalars: Array(text.unicodeScalars)) }

  /// The same on the scalars of a request.
  func extract(scalars s: [Unicode.Scalar]) -> [ExtractedValue] {
    var out: [ExtractedValue] = []
    var i = 0
    while i < s.count {
      let boundary = i == 0 || !(s[i - 1].isASCII && (s[i - 1].properties.isAlphabetic || SurfaceLexer.isDigit(s[i - 1])))
      if boundary, let length = Self.prefixLength(s, i) {
        var end = i + length
        while end < s.count, !Self.stops(s[end]) { end += 1 }
        while end > i + length, ".,;:!?".unicodeScalars.contains(s[end - 1]) { end -= 1 }
        if end > i + length {
          let t = SurfaceLexer.text(s, i..<end)
          out.append(ExtractedValue(kind: .url, value: .text(t), span: i..<end, confidence: 1, text: t))
          i = end
          continue
        }
      }
      i += 1
    }
    return out
  }

  private static let schemes: [[Unicode.Scalar]] = ["https://", "http://", "www."].map { Array($0.unicodeScalars) }

  private static func prefixLength(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
    let first = s[i].value | 0x20
    guard first == 0x68 || first == 0x77 else { return nil }  // h, w
    for ps in schemes {
      if i + ps.count <= s.count,
        (0..<ps.count).allSatisfy({ Unicode.Scalar(UInt8(truncatingIfNeeded: lower(s[i + $0].value))) == ps[$0] })
      {
        return ps.count
      }
    }
    return nil
  }

  private static func lower(_ v: UInt32) -> UInt32 { v >= 0x41 && v <= 0x5A ? v | 0x20 : (v < 0x80 ? v : 0) }

  static func stops(_ c: Unicode.Scalar) -> Bool {
    c.properties.isWhitespace || "\"'<>()[]{}“”„«»「」『』‘’，。".unicodeScalars.contains(c)
  }
}
