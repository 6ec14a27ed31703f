import IntentBridgeJSON
import IntentBridgeText

/// Helpers shared by the lint rules, in one place.
extension LintRule {
  /// The intent's description when some translation of it is not blank, else nil.
  static func description(of intent: Intent) -> LocalizedText? {
    intent.description.flatMap { $0.entries.contains { !$0.text.trimmingSpaces.isEmpty } ? $0 : nil }
  }

  /// The path of one translation: the field itself for a plain string, else `field/<tag>`.
  static func entryPath(_ text: LocalizedText, _ entry: LocalizedText.Entry, _ path: JSONPath) -> JSONPath {
    text.isPlain ? path : path / entry.language
  }

  /// ` (de)` for an entry of a language map, nothing for a plain string.
  static func languageNote(_ text: LocalizedText, _ entry: LocalizedText.Entry) -> String {
    text.isPlain ? "" : " (\(entry.language))"
  }

  /// The text on one line, cut to `limit` characters with "…".
  static func preview(_ text: some StringProtocol, limit: Int = 60) -> String {
    let flat = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
  }

  /// Whether the text is missing or all its translations are whitespace.
  static func isBlank(_ text: LocalizedText?) -> Bool {
    text.map { $0.entries.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } } ?? true
  }

  /// `darkMode`, `dark_mode`, `dark-mode` → "Dark mode".
  static func humanized(_ value: String) -> String {
    var words: [String] = []
    var current = ""
    var previous: Character?
    for c in value {
      if c == "_" || c == "-" || c == " " || c == "." {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else if c.isUppercase, let p = previous, p.isLowercase || p.isNumber {
        words.append(current)
        current = String(c)
      } else {
        current.append(c)
      }
      previous = c
    }
    if !current.isEmpty { words.append(current) }
    let sentence = words.map { $0.lowercased() }.joined(separator: " ")
    return sentence.prefix(1).uppercased() + sentence.dropFirst()
  }
}
