import IntentBridgeJSON

/// `description-not-sentence`: a translation of an intent's description that does not start
/// with a capital letter and a verb or does not end like a sentence
/// (`CatalogLinter.sentenceProblems`). Localisation keys are `unresolved-localization-key`'s.
///
///     notes.json: warning: description of intent "AddNote" does not end with ".", "!" or "?": "Creates a note" [description-not-sentence]
struct DescriptionNotSentenceRule: LintRule {
  static let rule = DiagnosticRule.descriptionNotSentence
  static let info = RuleInfo.warning(
    "descriptions read best as a sentence that starts with a verb (\"Creates a note.\")", fix: "start with a verb and end with a full stop")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard let description = Self.description(of: intent) else { return }
    for entry in description.entries where !CatalogLinter.isLocalizationKey(entry.text) {
      let problems = CatalogLinter.sentenceProblems(entry.text, language: entry.language)
      guard !problems.isEmpty else { continue }
      let fixes = problems.map(\.fix).joined(separator: "; ")
      context.report(
        Self.self,
        "description of intent \"\(intent.id)\"\(Self.languageNote(description, entry)) \(problems.map(\.message).joined(separator: " and ")): \"\(Self.preview(entry.text))\"",
        hint: fixes, at: Self.entryPath(description, entry, intent.path / "description"))
    }
  }
}
