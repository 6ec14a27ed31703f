import IntentBridgeJSON

/// The lint rules for what App Intents shows people and asks them: a question for every
/// required parameter, titles for parameters and for enum and entity types, and the short
/// title and image of App Shortcuts. Part of `CatalogLinter.lint()` for catalogs imported
/// from an App Intents app (`source.kind` `swift` or `actionsdata`), where each finding is
/// something to fix in the app's code; other catalogs describe tools that App Intents
/// never shows, so these rules do not apply to them.
///
///     notes.json: warning: parameter "title" of intent "AddNote" is required but has no requestValueDialog [missing-request-value-dialog]
///       at $.intents[0].parameters[0]
///
/// - Complexity: O(n) in the catalog size.
struct AppIntentsRules {
  let catalog: Catalog
  let file: String?

  /// `source.kind` values of catalogs that come from App Intents code.
  static let appIntentsSources: Set<String> = ["swift", "actionsdata"]

  func lint() -> [Diagnostic] {
    guard let kind = catalog.source?["kind"]?.stringValue, Self.appIntentsSources.contains(kind) else { return [] }
    var out: [Diagnostic] = []
    func report(_ rule: DiagnosticRule, _ message: String, hint: String, at path: JSONPath) {
      out.append(Diagnostic(rule.severity, rule: rule.rawValue, message, hint: hint, path: path, file: file))
    }
    for intent in catalog.intents where intent.isDiscoverable {
      for parameter in intent.parameters {
        let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
        if Self.isBlank(parameter.title) {
          report(
            .missingParameterTitle, "\(name) has no title; people see parameters by their titles",
            hint: "add \"title\": \"\(CatalogLinter.humanized(parameter.name))\" to \(name)", at: parameter.path)
        }
        if parameter.isRequired && Self.isBlank(parameter.requestValueDialog) {
          let subject = parameter.title.map { $0.resolved().lowercased() } ?? CatalogLinter.humanized(parameter.name).lowercased()
          report(
            .missingRequestValueDialog, "\(name) is required but has no requestValueDialog, the question to ask when it is missing",
            hint: "add \"requestValueDialog\": a short question such as \"Which \(subject)?\", or give the parameter a default", at: parameter.path)
        }
      }
    }
    for enumType in catalog.enums where Self.isBlank(enumType.title) {
      report(
        .missingTypeTitle, "enum \"\(enumType.id)\" has no title (typeDisplayRepresentation)",
        hint: "add \"title\": \"\(CatalogLinter.humanized(enumType.id))\" to enum \"\(enumType.id)\"", at: enumType.path)
    }
    for entity in catalog.entities where Self.isBlank(entity.title) {
      report(
        .missingTypeTitle, "entity type \"\(entity.id)\" has no title (typeDisplayRepresentation)",
        hint: "add \"title\": \"\(CatalogLinter.humanized(entity.id))\" to entity type \"\(entity.id)\"", at: entity.path)
    }
    for shortcut in catalog.appShortcuts {
      var missing: [String] = []
      if Self.isBlank(shortcut.shortTitle) { missing.append("shortTitle") }
      if shortcut.systemImageName?.isEmpty ?? true { missing.append("systemImageName") }
      guard !missing.isEmpty else { continue }
      report(
        .incompleteAppShortcut,
        "the App Shortcut for intent \"\(shortcut.intent)\" has no \(missing.joined(separator: " and ")); the Shortcuts app and Spotlight show both",
        hint: "add \(missing.map { "\"\($0)\"" }.joined(separator: " and ")) to the App Shortcut", at: shortcut.path)
    }
    return out
  }

  private static func isBlank(_ text: LocalizedText?) -> Bool {
    text.map { $0.entries.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } } ?? true
  }
}
