import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeCatalog

@Suite struct LintRulesCommandTests {
  /// `lint --rules` prints one line per rule, in `DiagnosticRule` order; each lint rule's line
  /// carries the id, severity, reason and fix of its `LintRule` type.
  @Test func lintRulesPrintsEveryLintRuleFromItsType() throws {
    let run = CapturedRun(["lint", "--rules"])
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.map { $0.prefix { $0 != " " } } == DiagnosticRule.allCases.map { Substring($0.rawValue) })
    for type in CatalogLinter.rules {
      let line = try #require(lines.first { $0.hasPrefix(type.rule.rawValue + " ") }, "no line for \(type.rule.rawValue)")
      let rest = line.dropFirst(type.rule.rawValue.count).drop { $0 == " " }
      #expect(rest.hasPrefix(type.info.severity.rawValue + " "))
      #expect(line.hasSuffix("\(type.info.reason). Fix: \(type.info.fix)."))
    }
  }
}
