/// `missing-request-value-dialog`: in a catalog imported from an App Intents app, a required
/// parameter of a discoverable intent without the question to ask when it is missing.
///
///     Larder.json: warning: parameter "title" of intent "AddNote" is required but has no requestValueDialog, the question to ask when it is missing [missing-request-value-dialog]
///       at $.intents[0].parameters[0]
struct MissingRequestValueDialogRule: LintRule {
  static let rule = DiagnosticRule.missingRequestValueDialog
  static let info = RuleInfo.warning(
    "a required parameter without a default is asked for when missing, and requestValueDialog is the question",
    fix: "add \"requestValueDialog\": the question to ask, e.g. \"Which recipe?\"")
  static let scope = LintScope.appIntentsCatalogs

  func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext) {
    guard intent.isDiscoverable && parameter.isRequired && Self.isBlank(parameter.requestValueDialog) else { return }
    let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
    let subject = parameter.title.map { $0.resolved().lowercased() } ?? Self.humanized(parameter.name).lowercased()
    context.report(
      Self.self, "\(name) is required but has no requestValueDialog, the question to ask when it is missing",
      hint: "add \"requestValueDialog\": a short question such as \"Which \(subject)?\", or give the parameter a default", at: parameter.path)
  }
}
