import IntentBridgeText

/// `missing-parameter-description`: a parameter without a description (or with only blank
/// ones).
///
///     notes.json: warning: parameter "title" of intent "AddNote" has no description [missing-parameter-description]
struct MissingParameterDescriptionRule: LintRule {
  static let rule = DiagnosticRule.missingParameterDescription
  static let info = RuleInfo.warning("models fill parameters from their descriptions", fix: "add a \"description\" to the parameter")

  func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext) {
    guard parameter.description.map({ $0.entries.allSatisfy { $0.text.trimmingSpaces.isEmpty } }) ?? true else { return }
    let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
    let titleNote = parameter.title.map { " (its title \"\($0.resolved())\" alone does not tell a model what to give)" } ?? ""
    context.report(
      Self.self, "\(name) has no description\(titleNote)",
      hint: "add \"description\" to \(name): what value to give, its format or unit, and what happens when it is left out",
      at: parameter.path)
  }
}
