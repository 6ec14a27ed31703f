import IntentBridgeText

/// Finds email addresses (`local@domain.tld`).
///
///     EmailExtractor().extract("mail anna.k@example.fi, please")  // email "anna.k@example.fi", span 5..<22
///
/// The local part takes letters, digits and `._%+-`; the domain letters, digits, `-` and
/// at least one inner `.`. Trailing dots are left out.
///
/// - Complexity: O(n) in the scalars of the request.
package struct EmailExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.email]

  package init() {}

  package func extract(_ text: String) -> [ExtractedValue] { extract(scalars: Array(text.unicodeScalars)) }

  /// The same on the scalars of a request.
  func extract(scalars s: [Unicode.Scalar]) -> [ExtractedValue] {
    var out: [ExtractedValue] = []
    var lastEnd = 0
    for at in s.indices where s[at] == "@" && at >= lastEnd {
      var start = at
      while start > lastEnd, Self.isLocal(s[start - 1]) { start -= 1 }
      while start < at, s[start] == "." { start += 1 }
      var end = at + 1
      while end < s.count, Self.isDomain(s[end]) { end += 1 }
      while end > at + 1, s[end - 1] == "." || s[end - 1] == "-" { end -= 1 }
      guard start < at, end > at + 1 else { continue }
      let domain = s[(at + 1)..<end]
      guard let dot = domain.lastIndex(of: "."), dot > at + 1, dot < end - 1 else { continue }
      let t = SurfaceLexer.text(s, start..<end)
      out.append(ExtractedValue(kind: .email, value: .text(t), span: start..<end, confidence: 1, text: t))
      lastEnd = end
    }
    return out
  }

  private static func isLocal(_ c: Unicode.Scalar) -> Bool {
    (c.isASCII && (c.properties.isAlphabetic || SurfaceLexer.isDigit(c))) || "._%+-".unicodeScalars.contains(c)
  }

  private static func isDomain(_ c: Unicode.Scalar) -> Bool {
    (c.properties.isAlphabetic && !SurfaceLexer.isHan(c)) || SurfaceLexer.isDigit(c) || c == "." || c == "-"
  }
}
