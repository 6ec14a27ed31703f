import IntentBridgeJSON

/// `near-duplicate-intents`: a discoverable intent with the same title as an earlier one, or
/// with a title and description nearly the same as an earlier one's
/// (`CatalogLinter.findNearDuplicates()`).
///
///     notes.json: warning: intent "NewNote" has the same title "Add Note" as intent "AddNote" (at $.intents[0]); models will confuse them [near-duplicate-intents]
struct NearDuplicateIntentsRule: LintRule {
  static let rule = DiagnosticRule.nearDuplicateIntents
  static let info = RuleInfo.warning(
    "intents with near-identical titles or descriptions get confused", fix: "make titles and descriptions say what differs")

  /// The near-duplicates of the catalog, keyed by the later intent's index.
  private var nearDuplicates: [Int: [CatalogLinter.NearDuplicate]] = [:]

  mutating func prepare(_ context: LintContext) {
    nearDuplicates = context.linter.findNearDuplicates()
  }

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    for duplicate in nearDuplicates[index] ?? [] {
      let earlier = context.catalog.intents[duplicate.earlier]
      let why =
        switch duplicate.reason {
        case .sameTitle(let title): "has the same title \"\(title)\" as"
        case .similar(let percent): "has a title and description \(percent)% similar to those of"
        }
      context.report(
        Self.self, "intent \"\(intent.id)\" \(why) intent \"\(earlier.id)\" (at \(earlier.path)); models will confuse them",
        hint:
          "make the titles and descriptions of \"\(earlier.id)\" and \"\(intent.id)\" say what differs, merge them, or hide one with \"isDiscoverable\": false",
        at: intent.path / "title")
    }
  }
}
