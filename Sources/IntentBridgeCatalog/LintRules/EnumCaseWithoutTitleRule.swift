import IntentBridgeText

/// `enum-case-without-title`: an enum case without a title (or with only blank ones).
///
///     notes.json: warning: case "veryHigh" of enum "Priority" has no title; people and models see titles, not raw values [enum-case-without-title]
///       fix: add "title": "Very high" (or the wording people use) to case "veryHigh" of enum "Priority"
struct EnumCaseWithoutTitleRule: LintRule {
  static let rule = DiagnosticRule.enumCaseWithoutTitle
  static let info = RuleInfo.warning("people and models see case titles, not raw values", fix: "add a \"title\" to the case")

  func check(_ enumCase: EnumType.Case, at index: Int, of enumType: EnumType, in context: inout LintContext) {
    guard enumCase.title.map({ $0.entries.allSatisfy { $0.text.trimmingSpaces.isEmpty } }) ?? true else { return }
    let name = "case \"\(enumCase.value)\" of enum \"\(enumType.id)\""
    context.report(
      Self.self, "\(name) has no title; people and models see titles, not raw values",
      hint: "add \"title\": \"\(Self.humanized(enumCase.value))\" (or the wording people use) to \(name)", at: enumCase.path)
  }
}
