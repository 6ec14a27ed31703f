/// `intent-without-phrases`: a discoverable intent without phrases (of its own or of an App
/// Shortcut) in a catalog where most intents have some.
///
///     notes.json: warning: intent "Archive" has no phrases, while most intents of the catalog have some: … [intent-without-phrases]
struct IntentWithoutPhrasesRule: LintRule {
  static let rule = DiagnosticRule.intentWithoutPhrases
  static let info = RuleInfo.warning(
    "when the other intents have phrases, one without is rarely chosen (phrases are what requests are matched against)",
    fix: "add \"phrases\": a few ways people ask for it")

  /// Whether most intents of the catalog have phrases (`mostHavePhrases`).
  private var phrasesExpected = false

  mutating func prepare(_ context: LintContext) {
    phrasesExpected = Self.mostHavePhrases(context.catalog)
  }

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard intent.isDiscoverable && phrasesExpected && !Self.hasPhrases(intent, in: context.catalog) else { return }
    let name = "intent \"\(intent.id)\""
    context.report(
      Self.self,
      "\(name) has no phrases, while most intents of the catalog have some: requests are matched against phrases, so it is rarely chosen",
      hint:
        "add \"phrases\" to \(name): a few ways people ask for \"\(intent.title.resolved())\" (templates with (a|b), [optional] words and ${parameter} slots count as many)",
      at: intent.path)
  }

  /// Whether the intent has phrases of its own or App Shortcut phrases.
  private static func hasPhrases(_ intent: Intent, in catalog: Catalog) -> Bool {
    !intent.phrases.allItems.isEmpty || catalog.appShortcuts.contains { $0.intent == intent.id && !$0.phrases.allItems.isEmpty }
  }

  /// At least half of the discoverable intents (and at least two) have phrases.
  /// - Complexity: O(intents × App Shortcuts).
  private static func mostHavePhrases(_ catalog: Catalog) -> Bool {
    let discoverable = catalog.intents.filter(\.isDiscoverable)
    let with = discoverable.filter { hasPhrases($0, in: catalog) }.count
    return with >= 2 && 2 * with >= discoverable.count
  }
}
