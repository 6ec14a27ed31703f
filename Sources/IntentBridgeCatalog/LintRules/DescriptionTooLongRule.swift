import IntentBridgeJSON

/// `description-too-long`: a translation of an intent's description longer than
/// `CatalogLinter.maximumDescriptionLength` characters.
///
///     notes.json: warning: description of intent "AddNote" has 2100 characters; clients truncate at 2048 [description-too-long]
struct DescriptionTooLongRule: LintRule {
  static let rule = DiagnosticRule.descriptionTooLong
  static let info = RuleInfo.warning("clients truncate tool descriptions at 2,048 characters", fix: "shorten the description")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard let description = Self.description(of: intent) else { return }
    let maximum = CatalogLinter.maximumDescriptionLength
    for entry in description.entries where entry.text.count > maximum {
      context.report(
        Self.self,
        "description of intent \"\(intent.id)\"\(Self.languageNote(description, entry)) has \(entry.text.count) characters; clients truncate at \(maximum)",
        hint: "shorten it by at least \(entry.text.count - maximum) characters; move details into parameter descriptions",
        at: Self.entryPath(description, entry, intent.path / "description"))
    }
  }
}
