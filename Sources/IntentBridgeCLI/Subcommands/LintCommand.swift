import IntentBridgeEngine

/// `intentbridge lint CATALOG… [--json] [--strict]`: every diagnostic of every catalog.
enum LintCommand: Subcommand {
  static let spec = CommandSpec(
    name: "lint", abstract: "Check catalogs against the format and App Intents practice.",
    positionals: [.init(name: "catalog", help: "Catalog JSON files.", repeating: true, optional: true)],
    groups: [OptionGroups.json],
    flags: [LintOptions.strict, LintOptions.rules],
    discussion: "Exit status: 0 when clean (warnings allowed), 65 when any catalog has errors (or warnings with --strict).")

  static func run(_ options: LintOptions, console: Console) -> ExitCode {
    if options.listsRules {
      for rule in DiagnosticRule.allCases {
        console.out("\(rule.rawValue.padded(to: 34))\(rule.severity.rawValue.padded(to: 9))\(rule.reason). Fix: \(rule.hint).\n")
      }
      return .success
    }
    var failed = false
    var counts = (errors: 0, warnings: 0)
    for path in options.catalogPaths {
      var diagnostics = CatalogLoader.load(path: path, lint: true).diagnostics
      if options.strict {
        diagnostics = diagnostics.map {
          var d = $0
          if d.severity == .warning { d.severity = .error }
          return d
        }
      }
      counts.errors += diagnostics.errors.count
      counts.warnings += diagnostics.warnings.count
      if diagnostics.hasErrors { failed = true }
      if options.output.json {
        for diagnostic in diagnostics.sortedForOutput() { console.out(diagnostic.jsonValue.compactText + "\n") }
      } else {
        DiagnosticPrinter.print(diagnostics, console: console)
      }
    }
    if !options.output.json {
      console.err("\(options.catalogPaths.count) catalog(s): \(counts.errors) error(s), \(counts.warnings) warning(s)\n")
    }
    return failed ? .dataError : .success
  }
}
