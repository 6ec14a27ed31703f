/// `incomplete-app-shortcut`: in a catalog imported from an App Intents app, an App Shortcut
/// without a short title or a system image name.
///
///     Larder.json: warning: the App Shortcut for intent "PlanMeal" has no systemImageName; the Shortcuts app and Spotlight show both [incomplete-app-shortcut]
struct IncompleteAppShortcutRule: LintRule {
  static let rule = DiagnosticRule.incompleteAppShortcut
  static let info = RuleInfo.warning(
    "an App Shortcut shows in the Shortcuts app and Spotlight with its shortTitle and systemImageName",
    fix: "add \"shortTitle\" and \"systemImageName\" to the App Shortcut")
  static let scope = LintScope.appIntentsCatalogs

  func check(_ shortcut: AppShortcut, in context: inout LintContext) {
    var missing: [String] = []
    if Self.isBlank(shortcut.shortTitle) { missing.append("shortTitle") }
    if shortcut.systemImageName?.isEmpty ?? true { missing.append("systemImageName") }
    guard !missing.isEmpty else { return }
    context.report(
      Self.self,
      "the App Shortcut for intent \"\(shortcut.intent)\" has no \(missing.joined(separator: " and ")); the Shortcuts app and Spotlight show both",
      hint: "add \(missing.map { "\"\($0)\"" }.joined(separator: " and ")) to the App Shortcut", at: shortcut.path)
  }
}
