/// One lint rule: its id and metadata, which `intentbridge lint --rules` prints, and its check.
///
/// Each rule is a type in its own file under LintRules/ (swift-format's layout), listed once in
/// `CatalogLinter.rules`. For each catalog the linter makes a fresh rule (`init()`), calls
/// `prepare(_:)`, then walks the catalog in order and calls the rule's `check` for each
/// object: the app; each intent followed by its parameters; each enum followed by its cases;
/// each entity type followed by its instances; each App Shortcut. For one object the rules run
/// in the order of `CatalogLinter.rules`. A rule implements the checks it needs; the others
/// do nothing.
///
///     struct DestructiveWithoutConfirmationRule: LintRule {
///       static let rule = DiagnosticRule.destructiveWithoutConfirmation
///       static let info = RuleInfo.warning("destructive actions should ask before they run", fix: "set \"requiresConfirmation\": true")
///       func check(_ intent: Intent, at index: Int, in context: inout LintContext) { … }
///     }
protocol LintRule: Sendable {
  /// The rule this check reports: its id is `rule.rawValue`.
  static var rule: DiagnosticRule { get }
  /// Default severity, reason and generic fix.
  static var info: RuleInfo { get }
  /// Which catalogs the rule applies to; `.everyCatalog` unless the rule says otherwise.
  static var scope: LintScope { get }

  init()

  /// Called once per catalog before the walk: whole-catalog analysis belongs here.
  mutating func prepare(_ context: LintContext)
  mutating func check(app: AppInfo, in context: inout LintContext)
  /// `index` is the intent's position in `catalog.intents`.
  mutating func check(_ intent: Intent, at index: Int, in context: inout LintContext)
  mutating func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext)
  mutating func check(_ enumType: EnumType, in context: inout LintContext)
  /// `index` is the case's position in `enumType.cases`.
  mutating func check(_ enumCase: EnumType.Case, at index: Int, of enumType: EnumType, in context: inout LintContext)
  mutating func check(_ entity: EntityType, in context: inout LintContext)
  /// `index` is the instance's position in `entity.instances`.
  mutating func check(_ instance: EntityType.Instance, at index: Int, of entity: EntityType, in context: inout LintContext)
  mutating func check(_ shortcut: AppShortcut, in context: inout LintContext)
}

extension LintRule {
  static var scope: LintScope { .everyCatalog }

  mutating func prepare(_ context: LintContext) {}
  mutating func check(app: AppInfo, in context: inout LintContext) {}
  mutating func check(_ intent: Intent, at index: Int, in context: inout LintContext) {}
  mutating func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext) {}
  mutating func check(_ enumType: EnumType, in context: inout LintContext) {}
  mutating func check(_ enumCase: EnumType.Case, at index: Int, of enumType: EnumType, in context: inout LintContext) {}
  mutating func check(_ entity: EntityType, in context: inout LintContext) {}
  mutating func check(_ instance: EntityType.Instance, at index: Int, of entity: EntityType, in context: inout LintContext) {}
  mutating func check(_ shortcut: AppShortcut, in context: inout LintContext) {}
}
