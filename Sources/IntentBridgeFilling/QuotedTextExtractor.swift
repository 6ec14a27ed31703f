import IntentBridgeText

/// Finds quoted text: `"…"`, `“…”`, `„…“`/`„…”`, `«…»`, `»…«`, `”…”`, `»…»`, `‚…‘`, `「…」`, `『…』`.
///
///     QuotedTextExtractor().extract("add „Milch kaufen“ to my list")  // quotedText "Milch kaufen", span 5..<17
///
/// The span and text are the content **inside** the marks; an opening mark without its
/// closing mark, and empty quotes, give nothing.
///
/// - Complexity: O(n) in the scalars of the request.
package struct QuotedTextExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.quotedText]

  package init() {}

  static let pairs: [Unicode.Scalar: Set<Unicode.Scalar>] = [
    "\"": ["\""], "“": ["”", "“"], "„": ["“", "”"], "”": ["”"], "«": ["»"], "»": ["«", "»"], "‚": ["‘", "’"], "「": ["」"],
    "『": ["』"], "‘": ["’"],
  ]

  package func extract(_ text: String) -> [ExtractedValue] { extract(scalars: Array(text.unicodeScalars)) }

  /// The same on the scalars of a request.
  func extract(scalars s: [Unicode.Scalar]) -> [ExtractedValue] {
    var out: [ExtractedValue] = []
    var i = 0
    while i < s.count {
      guard s[i] == "\"" || s[i].value >= 0xAB, let closers = Self.pairs[s[i]] else {
        i += 1
        continue
      }
      var j = i + 1
      while j < s.count, !closers.contains(s[j]) { j += 1 }
      guard j < s.count else {
        i += 1
        continue
      }
      if j > i + 1 {
        let t = SurfaceLexer.text(s, (i + 1)..<j)
        out.append(ExtractedValue(kind: .quotedText, value: .text(t), span: (i + 1)..<j, confidence: 1, text: t))
      }
      i = j + 1
    }
    return out
  }
}
