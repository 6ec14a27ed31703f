import IntentBridgeJSON

/// Which catalogs a lint rule applies to. `CatalogLinter` runs the rules of each scope in turn,
/// in the order of the cases, over the whole catalog.
enum LintScope: Sendable, CaseIterable {
  /// Every catalog.
  case everyCatalog
  /// Catalogs imported from an App Intents app (`source.kind` `swift` or `actionsdata`),
  /// where each finding is something to fix in the app's code; other catalogs describe tools
  /// that App Intents never shows.
  case appIntentsCatalogs

  /// `source.kind` values of catalogs that come from App Intents code.
  static let appIntentsSources: Set<String> = ["swift", "actionsdata"]

  /// Whether the rules of this scope apply to `catalog`.
  func applies(to catalog: Catalog) -> Bool {
    switch self {
    case .everyCatalog: true
    case .appIntentsCatalogs: catalog.source?["kind"]?.stringValue.map { Self.appIntentsSources.contains($0) } ?? false
    }
  }
}
