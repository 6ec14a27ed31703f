/// `missing-type-title`: in a catalog imported from an App Intents app, an enum or entity
/// type without a title (its typeDisplayRepresentation).
///
///     Larder.json: warning: enum "MealSlot" has no title (typeDisplayRepresentation) [missing-type-title]
struct MissingTypeTitleRule: LintRule {
  static let rule = DiagnosticRule.missingTypeTitle
  static let info = RuleInfo.warning(
    "AppEnum and AppEntity types need a typeDisplayRepresentation: it names the type to people",
    fix: "add a \"title\" (typeDisplayRepresentation) to the enum or entity type")
  static let scope = LintScope.appIntentsCatalogs

  func check(_ enumType: EnumType, in context: inout LintContext) {
    guard Self.isBlank(enumType.title) else { return }
    context.report(
      Self.self, "enum \"\(enumType.id)\" has no title (typeDisplayRepresentation)",
      hint: "add \"title\": \"\(Self.humanized(enumType.id))\" to enum \"\(enumType.id)\"", at: enumType.path)
  }

  func check(_ entity: EntityType, in context: inout LintContext) {
    guard Self.isBlank(entity.title) else { return }
    context.report(
      Self.self, "entity type \"\(entity.id)\" has no title (typeDisplayRepresentation)",
      hint: "add \"title\": \"\(Self.humanized(entity.id))\" to entity type \"\(entity.id)\"", at: entity.path)
  }
}
