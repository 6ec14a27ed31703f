/// What `intentbridge lint --rules` shows for one rule: its default severity, the reason it
/// exists and a generic fix (diagnostics usually carry a more specific one).
struct RuleInfo: Sendable, Hashable {
  var severity: Diagnostic.Severity
  /// One line: why the rule exists.
  var reason: String
  var fix: String

  /// An error-level rule.
  static func error(_ reason: String, fix: String) -> RuleInfo { RuleInfo(severity: .error, reason: reason, fix: fix) }

  /// A warning-level rule.
  static func warning(_ reason: String, fix: String) -> RuleInfo { RuleInfo(severity: .warning, reason: reason, fix: fix) }
}
