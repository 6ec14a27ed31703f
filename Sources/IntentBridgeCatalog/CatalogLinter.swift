/// The warning-level rules of docs/CATALOG.md (App Intents practice): descriptions, search
/// keywords, parameter summaries, confirmation of destructive actions, enum titles,
/// synonyms, near-duplicate intents, description length, localisation keys, translations,
/// and for catalogs imported from an App Intents app what App Intents shows people and asks
/// them.
///
///     let warnings = CatalogLinter(catalog: catalog, file: "notes.json").lint()
///     // notes.json: warning: intent "DeleteNote" is destructive but does not ask for confirmation [destructive-without-confirmation]
///     //   at $.intents[3].effects.destructive
///
/// Run it on a catalog that loaded without errors; the error-level rules live in
/// `CatalogValidator`. Each rule is a `LintRule` type in LintRules/, listed in `rules`. Every
/// diagnostic names the object, carries the JSON path of the offending value (or of the object
/// that lacks a field) and a specific hint.
///
/// The heuristics are conservative: a warning should almost always be worth fixing.
///
/// - Complexity: O(n) in the catalog size, plus a near-duplicate search that uses an
///   inverted index with prefix filtering and a per-intent cap on candidate checks.
public struct CatalogLinter: Sendable {
  /// The catalog to check.
  public let catalog: Catalog
  /// The catalog's file, named in every diagnostic; nil for a catalog without one.
  public let file: String?

  /// Descriptions longer than this are truncated by clients.
  public static let maximumDescriptionLength = 2048

  /// Every lint rule, the one place they are listed. Within a scope, the rules check each
  /// object in this order.
  static let rules: [any LintRule.Type] = [
    MissingDescriptionRule.self,
    MissingParameterDescriptionRule.self,
    DescriptionNotSentenceRule.self,
    MissingSearchKeywordsRule.self,
    ParameterSummaryIncompleteRule.self,
    DestructiveWithoutConfirmationRule.self,
    EnumCaseWithoutTitleRule.self,
    DuplicateSynonymRule.self,
    NearDuplicateIntentsRule.self,
    DescriptionTooLongRule.self,
    UnresolvedLocalizationKeyRule.self,
    MissingTranslationRule.self,
    IntentWithoutPhrasesRule.self,
    MissingParameterTitleRule.self,
    MissingRequestValueDialogRule.self,
    MissingTypeTitleRule.self,
    IncompleteAppShortcutRule.self,
  ]

  /// A linter of `catalog`, whose diagnostics name `file`.
  public init(catalog: Catalog, file: String?) {
    self.catalog = catalog
    self.file = file
  }

  /// Every warning: scope by scope (`LintScope`), in catalog order of the objects (app,
  /// intents each followed by its parameters, enums each followed by their cases, entity
  /// types each followed by their instances, App Shortcuts), and for one object in the order
  /// of `rules`.
  public func lint() -> [Diagnostic] {
    var context = LintContext(linter: self)
    for scope in LintScope.allCases where scope.applies(to: catalog) {
      var rules = Self.rules.filter { $0.scope == scope }.map { $0.init() as any LintRule }
      func each(_ check: (inout any LintRule) -> Void) {
        for index in rules.indices { check(&rules[index]) }
      }
      each { $0.prepare(context) }
      each { $0.check(app: catalog.app, in: &context) }
      for (index, intent) in catalog.intents.enumerated() {
        each { $0.check(intent, at: index, in: &context) }
        for parameter in intent.parameters { each { $0.check(parameter, of: intent, in: &context) } }
      }
      for enumType in catalog.enums {
        each { $0.check(enumType, in: &context) }
        for (index, enumCase) in enumType.cases.enumerated() { each { $0.check(enumCase, at: index, of: enumType, in: &context) } }
      }
      for entity in catalog.entities {
        each { $0.check(entity, in: &context) }
        for (index, instance) in entity.instances.enumerated() { each { $0.check(instance, at: index, of: entity, in: &context) } }
      }
      for shortcut in catalog.appShortcuts { each { $0.check(shortcut, in: &context) } }
    }
    return context.diagnostics
  }
}
