import IntentBridgeJSON

/// `unresolved-localization-key`: a text for people (title, description, dialog, …) that is
/// an ALL_CAPS_KEY of a strings file rather than the text itself.
///
///     notes.json: warning: title of intent "AddNote" is "ADD_NOTE_TITLE", which looks like an unresolved localisation key [unresolved-localization-key]
struct UnresolvedLocalizationKeyRule: LintRule {
  static let rule = DiagnosticRule.unresolvedLocalizationKey
  static let info = RuleInfo.warning(
    "an ALL_CAPS_KEY is a strings-file key, not text for people", fix: "write the text itself, or a Text object with translations")

  func check(app: AppInfo, in context: inout LintContext) {
    check(app.name, at: .root / "app" / "name", what: "app name", in: &context)
  }

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    let name = "intent \"\(intent.id)\""
    check(intent.title, at: intent.path / "title", what: "title of \(name)", in: &context)
    check(intent.description, at: intent.path / "description", what: "description of \(name)", in: &context)
    check(intent.categoryName, at: intent.path / "categoryName", what: "categoryName of \(name)", in: &context)
    check(intent.resultValueName, at: intent.path / "resultValueName", what: "resultValueName of \(name)", in: &context)
    check(intent.parameterSummary, at: intent.path / "parameterSummary", what: "parameterSummary of \(name)", in: &context)
    check(intent.returns?.dialog, at: intent.path / "returns" / "dialog", what: "returns.dialog of \(name)", in: &context)
    check(intent.deprecation?.message, at: intent.path / "deprecation" / "message", what: "deprecation.message of \(name)", in: &context)
  }

  func check(_ parameter: Parameter, of intent: Intent, in context: inout LintContext) {
    let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
    check(parameter.title, at: parameter.path / "title", what: "title of \(name)", in: &context)
    check(parameter.description, at: parameter.path / "description", what: "description of \(name)", in: &context)
    check(parameter.requestValueDialog, at: parameter.path / "requestValueDialog", what: "requestValueDialog of \(name)", in: &context)
    check(
      parameter.requestDisambiguationDialog, at: parameter.path / "requestDisambiguationDialog",
      what: "requestDisambiguationDialog of \(name)", in: &context)
  }

  func check(_ enumType: EnumType, in context: inout LintContext) {
    check(enumType.title, at: enumType.path / "title", what: "title of enum \"\(enumType.id)\"", in: &context)
  }

  func check(_ enumCase: EnumType.Case, at index: Int, of enumType: EnumType, in context: inout LintContext) {
    let name = "case \"\(enumCase.value)\" of enum \"\(enumType.id)\""
    check(enumCase.title, at: enumCase.path / "title", what: "title of \(name)", in: &context)
    check(enumCase.subtitle, at: enumCase.path / "subtitle", what: "subtitle of \(name)", in: &context)
  }

  func check(_ entity: EntityType, in context: inout LintContext) {
    let entityName = "entity type \"\(entity.id)\""
    check(entity.title, at: entity.path / "title", what: "title of \(entityName)", in: &context)
    check(entity.description, at: entity.path / "description", what: "description of \(entityName)", in: &context)
    for (i, property) in entity.properties.enumerated() {
      let path = entity.path / "properties" / i
      check(property.title, at: path / "title", what: "title of property \"\(property.name)\" of \(entityName)", in: &context)
      check(property.description, at: path / "description", what: "description of property \"\(property.name)\" of \(entityName)", in: &context)
    }
  }

  func check(_ instance: EntityType.Instance, at index: Int, of entity: EntityType, in context: inout LintContext) {
    let name = "instance \"\(instance.id)\" of entity type \"\(entity.id)\""
    check(instance.title, at: instance.path / "title", what: "title of \(name)", in: &context)
    check(instance.subtitle, at: instance.path / "subtitle", what: "subtitle of \(name)", in: &context)
  }

  func check(_ shortcut: AppShortcut, in context: inout LintContext) {
    check(shortcut.shortTitle, at: shortcut.path / "shortTitle", what: "shortTitle of the App Shortcut for \"\(shortcut.intent)\"", in: &context)
  }

  /// Reports each translation of `text` (the `what` of an object, at `path`) that is a key.
  private func check(_ text: LocalizedText?, at path: JSONPath, what: String, in context: inout LintContext) {
    guard let text else { return }
    for entry in text.entries where CatalogLinter.isLocalizationKey(entry.text) {
      context.report(
        Self.self,
        "\(what)\(Self.languageNote(text, entry)) is \"\(entry.text)\", which looks like an unresolved localisation key",
        hint: "replace \"\(entry.text)\" with the text itself (resolve it from the strings file), e.g. {\"\(entry.language)\": \"…\"}",
        at: Self.entryPath(text, entry, path))
    }
  }
}

extension CatalogLinter {
  /// Whether `text` matches `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`: an unresolved localisation key.
  static func isLocalizationKey(_ text: String) -> Bool {
    var previous: Unicode.Scalar?
    var underscores = 0
    for (i, s) in text.unicodeScalars.enumerated() {
      let upper = s >= "A" && s <= "Z"
      let digit = s >= "0" && s <= "9"
      if i == 0 {
        guard upper else { return false }
      } else if s == "_" {
        guard previous != "_" else { return false }
        underscores += 1
      } else if !(upper || digit) {
        return false
      }
      previous = s
    }
    return underscores > 0 && previous != "_"
  }
}
