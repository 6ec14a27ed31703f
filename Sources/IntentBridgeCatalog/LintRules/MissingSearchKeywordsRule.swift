/// `missing-search-keywords`: a discoverable intent without search keywords.
///
///     notes.json: warning: intent "AddNote" has no searchKeywords [missing-search-keywords]
///       fix: add "searchKeywords": 3–6 words people use for this action, e.g. ["add", "note"]
struct MissingSearchKeywordsRule: LintRule {
  static let rule = DiagnosticRule.missingSearchKeywords
  static let info = RuleInfo.warning(
    "search keywords help people and rankers find the intent", fix: "add \"searchKeywords\": 3–6 words people use for this action")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard intent.isDiscoverable && intent.searchKeywords.isEmpty else { return }
    let words = Self.keywordSuggestions(for: intent)
    context.report(
      Self.self, "intent \"\(intent.id)\" has no searchKeywords",
      hint:
        "add \"searchKeywords\": 3–6 words people use for this action\(words.isEmpty ? "" : ", e.g. [\(words.map { "\"\($0)\"" }.joined(separator: ", "))]")",
      at: intent.path)
  }

  /// Up to four lowercased title words as a starting point for search keywords.
  private static func keywordSuggestions(for intent: Intent) -> [String] {
    var words: [String] = []
    for token in CatalogLinter.tokens(intent.title.resolved()) where !words.contains(token) && words.count < 4 { words.append(token) }
    return words
  }
}
