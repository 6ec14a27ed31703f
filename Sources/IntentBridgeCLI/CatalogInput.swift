import IntentBridgeEngine

/// Loads a catalog for a subcommand and prints its diagnostics to standard error.
enum CatalogInput {
  /// Loads `path`; prints errors (and warnings when `showWarnings`); returns the catalog
  /// only when it has no errors (and no warnings when `strict`).
  static func load(_ path: String, console: Console, showWarnings: Bool = false, strict: Bool = false) -> Catalog? {
    let result = CatalogLoader.load(path: path)
    let shown = result.diagnostics.filter { $0.severity == .error || showWarnings || strict }
    DiagnosticPrinter.print(shown, console: console)
    if result.diagnostics.hasErrors || (strict && !result.diagnostics.warnings.isEmpty) { return nil }
    return result.catalog
  }

  /// The catalog language `tag` (`--lang`) names (a declared one, see
  /// `Catalog.declaredLanguage`), the default language without it; nil, with an error naming
  /// the declared languages, when the catalog does not declare it.
  static func language(_ tag: String?, of catalog: Catalog, path: String, console: Console) -> String? {
    do {
      return try IntentEngine.declaredLanguage(tag, of: catalog)
    } catch {
      console.err("\(path): error: \(error)\n")
      return nil
    }
  }
}

enum DiagnosticPrinter {
  static func print(_ diagnostics: [Diagnostic], console: Console) {
    for diagnostic in diagnostics.sortedForOutput() {
      var text = diagnostic.description
      if console.errIsTerminal {
        let colour = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
        let label = "\(diagnostic.severity.rawValue):"
        if let range = text.firstRange(of: label) {
          text.replaceSubrange(range, with: colour + label + "\u{1B}[0m")
        }
      }
      console.err(text + "\n")
    }
  }
}
