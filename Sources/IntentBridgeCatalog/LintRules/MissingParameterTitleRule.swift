/// `missing-parameter-title`: in a catalog imported from an App Intents app, a parameter of a
/// discoverable intent without a title.
///
///     Larder.json: warning: parameter "recipe" of intent "PlanMeal" has no title; people see parameters by their titles [missing-parameter-title]
struct MissingParameterTitleRule: LintRule {
  static let rule = DiagnosticRule.missingParameterTitle
  static let info = RuleInfo.warning(
    "people see a parameter by its title (Shortcuts, Siri, the parameter summary)", fix: "add a \"title\" to the parameter")
  static let scope = LintScope.appIntentsCatalogs

  func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext) {
    guard intent.isDiscoverable && Self.isBlank(parameter.title) else { return }
    let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
    context.report(
      Self.self, "\(name) has no title; people see parameters by their titles",
      hint: "add \"title\": \"\(Self.humanized(parameter.name))\" to \(name)", at: parameter.path)
  }
}
