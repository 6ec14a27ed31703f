import IntentBridgeJSON

/// What the lint rules share while `CatalogLinter` walks one catalog: the catalog and its file
/// name, and the diagnostics reported so far, in the order they were reported.
struct LintContext {
  let linter: CatalogLinter
  private(set) var diagnostics: [Diagnostic] = []

  init(linter: CatalogLinter) {
    self.linter = linter
  }

  var catalog: Catalog { linter.catalog }

  /// Adds a diagnostic of `rule` (its id and severity) for the value at `path`.
  mutating func report<Rule: LintRule>(_ rule: Rule.Type, _ message: String, hint: String, at path: JSONPath) {
    diagnostics.append(Diagnostic(Rule.info.severity, rule: Rule.rule.rawValue, message, hint: hint, path: path, file: linter.file))
  }
}
