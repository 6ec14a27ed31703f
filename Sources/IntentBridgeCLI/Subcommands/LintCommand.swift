import IntentBridgeEngine

/// `intentbridge lint CATALOG… [--json] [--strict]`: every diagnostic of every catalog.
enum LintCommand: Subcommand {
  static let spec = CommandSpec(
    name: "lint", abstract: "Check catalogs against the format and App Intents practice.",
    positionals: [.init(name: "catalog", help: "Catalog JSON files.", repeating: true, optional: true)],
    groups: [OptionGroups.json],
    flags: [
      .init(name: "strict", help: "Treat warnings as errors (exit 65)."),
      .init(name: "rules", help: "List every rule with its id, severity and reason, then exit."),
    ],
    discussion: "Exit status: 0 when clean (warnings allowed), 65 when any catalog has errors (or warnings with --strict).")

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    if arguments.flag("rules") {
      for rule in DiagnosticRule.allCases {
        console.out("\(rule.rawValue.padded(to: 34))\(rule.severity.rawValue.padded(to: 9))\(rule.reason). Fix: \(rule.hint).\n")
      }
      return .success
    }
    guard !arguments.positionals.isEmpty else {
      throw UsageError(message: "missing expected argument '<catalog>'", command: spec.name)
    }
    let strict = arguments.flag("strict")
    var failed = false
    var counts = (errors: 0, warnings: 0)
    for path in arguments.positionals {
      var diagnostics = CatalogLoader.load(path: path, lint: true).diagnostics
      if strict {
        diagnostics = diagnostics.map {
          var d = $0
          if d.severity == .warning { d.severity = .error }
          return d
        }
      }
      counts.errors += diagnostics.errors.count
      counts.warnings += diagnostics.warnings.count
      if diagnostics.hasErrors { failed = true }
      if arguments.flag("json") {
        for diagnostic in diagnostics.sortedForOutput() { console.out(diagnostic.jsonValue.compactText + "\n") }
      } else {
        DiagnosticPrinter.print(diagnostics, console: console)
      }
    }
    if !arguments.flag("json") {
      console.err("\(arguments.positionals.count) catalog(s): \(counts.errors) error(s), \(counts.warnings) warning(s)\n")
    }
    return failed ? .dataError : .success
  }
}
