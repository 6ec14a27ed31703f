import IntentBridgeText

/// Finds yes/no, on/off and true/false words.
///
///     BooleanExtractor(language: "de").extract("Ja, bitte")     // boolean true, span 0..<2
///     BooleanExtractor(language: "zh-CN").extract("关闭")        // boolean false
///
/// Short words that are often something else (`on`, `an`, `ein`, `真`) get confidence
/// 0.6–0.7; single `开`/`关`/`是` are left out (they are parts of `开关`, `是什么`).
///
/// - Complexity: O(n × w) for n tokens and w (≤ 3) tokens of the longest phrase.
package struct BooleanExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.boolean]

  package let language: String
  let phrases: [([String], Bool, Double)]

  package init(language: String) {
    self.language = language
    self.phrases = Self.sortedTables[LanguageTag.primary(language)] ?? Self.sortedTables["en"]!
  }

  /// Each language's phrases, longest first, built once (filling makes an extractor per
  /// request).
  private static let sortedTables: [String: [([String], Bool, Double)]] = Dictionary(
    uniqueKeysWithValues: ["en", "de", "fi", "sk", "zh"].map { ($0, table($0).sorted { $0.0.count > $1.0.count }) })

  package func extract(_ text: String) -> [ExtractedValue] { extract(lexed: SurfaceLexer.tokens(text)) }

  /// The same on an already tokenised request (``Extractors`` tokenises once for all).
  func extract(lexed: SurfaceTokens) -> [ExtractedValue] {
    let (t, scalars) = (lexed.tokens, lexed.scalars)
    var out: [ExtractedValue] = []
    var i = 0
    outer: while i < t.count {
      for (seq, value, confidence) in phrases where i + seq.count <= t.count {
        if (0..<seq.count).allSatisfy({ t[i + $0].text == seq[$0] }) {
          let span = t[i].start..<t[i + seq.count - 1].end
          out.append(
            ExtractedValue(
              kind: .boolean, value: .boolean(value), span: span, confidence: confidence,
              text: SurfaceLexer.text(scalars, span)))
          i += seq.count
          continue outer
        }
      }
      i += 1
    }
    return out
  }

  static func table(_ lang: String) -> [([String], Bool, Double)] {
    func words(_ list: [(String, Bool, Double)]) -> [([String], Bool, Double)] {
      list.map { ($0.0.split(separator: " ").map(String.init), $0.1, $0.2) }
    }
    func chars(_ list: [(String, Bool, Double)]) -> [([String], Bool, Double)] {
      list.map { ($0.0.map(String.init), $0.1, $0.2) }
    }
    switch lang {
    case "de":
      return words([
        ("ja", true, 1), ("nein", false, 1), ("wahr", true, 1), ("falsch", false, 1), ("an", true, 0.6),
        ("ein", true, 0.6), ("aus", false, 0.7), ("eingeschaltet", true, 0.9), ("ausgeschaltet", false, 0.9),
      ])
    case "fi":
      return words([
        ("kylla", true, 1), ("ei", false, 1), ("tosi", true, 1), ("epatosi", false, 1), ("paalla", true, 0.9),
        ("paalle", true, 0.8), ("pois", false, 0.7),
      ])
    case "sk":
      return words([
        ("ano", true, 1), ("nie", false, 1), ("pravda", true, 1), ("nepravda", false, 1), ("zapnute", true, 0.9),
        ("zapnuty", true, 0.9), ("vypnute", false, 0.9), ("vypnuty", false, 0.9),
      ])
    case "zh":
      return chars([
        ("是的", true, 1), ("不是", false, 1), ("不对", false, 0.9), ("打开", true, 0.8), ("开启", true, 0.8),
        ("关闭", false, 0.8), ("否", false, 0.9), ("对的", true, 0.8), ("真", true, 0.7), ("假", false, 0.7),
      ])
    default:
      return words([
        ("yes", true, 1), ("yeah", true, 0.9), ("no", false, 1), ("true", true, 1), ("false", false, 1),
        ("on", true, 0.7), ("off", false, 0.8), ("enabled", true, 0.9), ("disabled", false, 0.9),
      ])
    }
  }
}
