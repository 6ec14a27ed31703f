import IntentBridgeJSON

/// `destructive-without-confirmation`: an intent whose effects are destructive but that does
/// not ask for confirmation.
///
///     notes.json: warning: intent "DeleteNote" is destructive but does not ask for confirmation [destructive-without-confirmation]
///       at $.intents[3].effects.destructive
struct DestructiveWithoutConfirmationRule: LintRule {
  static let rule = DiagnosticRule.destructiveWithoutConfirmation
  static let info = RuleInfo.warning("destructive actions should ask before they run", fix: "set \"requiresConfirmation\": true")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    guard intent.effects?.destructive == true && !intent.requiresConfirmation else { return }
    let name = "intent \"\(intent.id)\""
    context.report(
      Self.self, "\(name) is destructive but does not ask for confirmation",
      hint: "set \"requiresConfirmation\": true on \(name) so people confirm before it runs",
      at: intent.path / "effects" / "destructive")
  }
}
