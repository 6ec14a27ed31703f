import Testing

@testable import IntentBridgeCatalog

/// The rule table (`DiagnosticRule`, printed by `intentbridge lint --rules`) is derived from
/// the `LintRule` types of `CatalogLinter.rules` and from the table of the rules reported while
/// a catalog is read and validated.
@Suite struct DiagnosticRuleTests {
  /// Each rule's metadata is written exactly once: in its `LintRule` type or in
  /// `readingAndValidationInfo`, never in both and never in neither.
  @Test(arguments: DiagnosticRule.allCases) func everyRuleHasMetadataOnce(rule: DiagnosticRule) {
    let sources = [rule.lintRule?.info, rule.readingAndValidationInfo].compactMap { $0 }
    #expect(sources.count == 1, "\(rule.rawValue) has metadata in \(sources.count) places")
    guard sources.count == 1 else { return }  // `info` would stop the process.
    #expect(!rule.reason.isEmpty && !rule.hint.isEmpty)
    #expect(!rule.reason.hasSuffix(".") && !rule.hint.hasSuffix("."), "lint --rules adds the full stops")
  }

  @Test func lintRuleIDsAreUniqueAndInTheTable() {
    let ids = CatalogLinter.rules.map { $0.rule }
    #expect(Set(ids).count == ids.count, "a rule is listed twice in CatalogLinter.rules")
    for type in CatalogLinter.rules {
      let (rule, info) = (type.rule, type.info)
      let found = rule.lintRule.map(ObjectIdentifier.init)
      #expect(found == ObjectIdentifier(type))
      #expect(rule.info == info)
      #expect(rule.readingAndValidationInfo == nil, "\(rule.rawValue) also has an entry in readingAndValidationInfo")
      // Every lint rule is a warning.
      #expect(info.severity == .warning)
    }
    // The decoder and validator report errors only.
    let others = DiagnosticRule.allCases.compactMap(\.readingAndValidationInfo)
    #expect(others.allSatisfy { $0.severity == .error })
  }
}
