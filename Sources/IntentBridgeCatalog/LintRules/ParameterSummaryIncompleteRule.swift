import IntentBridgeJSON
import IntentBridgeText

/// `parameter-summary-incomplete`: a discoverable intent with parameters but no parameter
/// summary, or a summary (translation) that leaves out a required parameter.
///
///     notes.json: warning: parameterSummary of intent "AddNote" does not mention the required parameter ${title}: "Add note" [parameter-summary-incomplete]
struct ParameterSummaryIncompleteRule: LintRule {
  static let rule = DiagnosticRule.parameterSummaryIncomplete
  static let info = RuleInfo.warning(
    "the parameter summary should mention every required parameter", fix: "write \"parameterSummary\" with a ${param} for each required parameter")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    let name = "intent \"\(intent.id)\""
    guard let summary = intent.parameterSummary else {
      if intent.isDiscoverable && !intent.parameters.isEmpty {
        let example = ([intent.title.resolved()] + Self.summaryParameters(of: intent).map { "${\($0.name)}" }).joined(separator: " ")
        context.report(
          Self.self,
          "\(name) has \(intent.parameters.count) parameter\(intent.parameters.count == 1 ? "" : "s") but no parameterSummary",
          hint: "add \"parameterSummary\": a phrase with a ${slot} for each required parameter, e.g. \"\(example)\"",
          at: intent.path)
      }
      return
    }
    let required = intent.parameters.filter(\.isRequired).map(\.name)
    guard !required.isEmpty else { return }
    for entry in summary.entries {
      // Syntax errors are the validator's to report.
      guard let template = try? PhraseTemplate.parse(entry.text) else { continue }
      let slots = Set(template.slots)
      let missing = required.filter { !slots.contains($0) }
      guard !missing.isEmpty else { continue }
      let list = missing.map { "${\($0)}" }.joined(separator: ", ")
      context.report(
        Self.self,
        "parameterSummary of \(name)\(Self.languageNote(summary, entry)) does not mention the required parameter\(missing.count == 1 ? "" : "s") \(list): \"\(Self.preview(entry.text))\"",
        hint: "add \(list) to the summary, e.g. \"\(entry.text.trimmingSpaces) \(list)\"; or make the parameter optional or give it a default",
        at: Self.entryPath(summary, entry, intent.path / "parameterSummary"))
    }
  }

  /// Parameters to show in an example summary: the required ones, else all.
  private static func summaryParameters(of intent: Intent) -> [Parameter] {
    let required = intent.parameters.filter(\.isRequired)
    return required.isEmpty ? intent.parameters : required
  }
}
