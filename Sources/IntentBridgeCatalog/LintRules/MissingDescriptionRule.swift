/// `missing-description`: a discoverable intent without a description.
///
///     notes.json: warning: intent "AddNote" has no description; models choose tools by their descriptions [missing-description]
struct MissingDescriptionRule: LintRule {
  static let rule = DiagnosticRule.missingDescription
  static let info = RuleInfo.warning(
    "models choose tools by their descriptions (22% of Apple's own intents lack one)", fix: "add \"description\": a sentence starting with a verb")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard intent.isDiscoverable && Self.description(of: intent) == nil else { return }
    context.report(
      Self.self, "intent \"\(intent.id)\" has no description; models choose tools by their descriptions",
      hint:
        "add \"description\": one sentence that starts with a verb (e.g. \"\(Self.exampleDescription(for: intent))\"), ends with a full stop and says what \"\(intent.title.resolved())\" does and when to use it",
      at: intent.path)
  }

  /// The start of an example description: the title's verb in the third person
  /// ("Add Note" → "Adds …"), else "Creates …".
  private static func exampleDescription(for intent: Intent) -> String {
    let words = intent.title.resolved().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    guard let verb = words.first, CatalogLinter.imperativeVerbs.contains(verb.lowercased()) else { return "Creates …" }
    let lower = verb.lowercased()
    let third = lower.hasSuffix("s") || lower.hasSuffix("sh") || lower.hasSuffix("ch") || lower.hasSuffix("x") ? verb + "es" : verb + "s"
    return "\(third) …"
  }
}
