import IntentBridgeJSON
import IntentBridgeText

/// `missing-translation`: an intent's title or (non-blank) description without a
/// translation for a language that `app.languages` declares.
///
///     notes.json: warning: title of intent "AddNote" has no translation for de (app.languages declares it) [missing-translation]
struct MissingTranslationRule: LintRule {
  static let rule = DiagnosticRule.missingTranslation
  static let info = RuleInfo.warning(
    "declared languages fall back to the default language for missing text", fix: "add the translation, or remove the language from app.languages")

  func check(_ intent: Intent, at index: Int, in context: inout LintContext) {
    check(intent.title, field: "title", of: intent, in: &context)
    if let description = Self.description(of: intent) { check(description, field: "description", of: intent, in: &context) }
  }

  private func check(_ text: LocalizedText, field: String, of intent: Intent, in context: inout LintContext) {
    let catalog = context.catalog
    let declared = catalog.app.languages
    let others = Self.uniqueLanguages(declared.filter { !LanguageTag.equal($0, catalog.defaultLanguage) })
    guard !others.isEmpty else { return }
    let missing: [String]
    if text.isPlain {
      // A plain string is in the default language only; it counts as untranslated when the
      // app declares several languages.
      guard declared.count > 1 else { return }
      missing = others
    } else {
      missing = others.filter { !text.hasTranslation(for: $0) }
    }
    guard !missing.isEmpty else { return }
    let list = missing.joined(separator: ", ")
    let hint: String
    if text.isPlain {
      let pairs = ["\"\(catalog.defaultLanguage)\": \"\(Self.preview(text.resolved(), limit: 30))\""] + missing.map { "\"\($0)\": \"…\"" }
      hint = "write the \(field) as a language map {\(pairs.joined(separator: ", "))}, or remove \(list) from app.languages"
    } else {
      hint = "add \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")) to the \(field), or remove \(list) from app.languages"
    }
    context.report(
      Self.self,
      "\(field) of intent \"\(intent.id)\" has no translation for \(list) (app.languages declares \(missing.count == 1 ? "it" : "them"))",
      hint: hint, at: intent.path / field)
  }

  /// The languages without repeats (tags compared case-insensitively), first spelling kept.
  private static func uniqueLanguages(_ languages: [String]) -> [String] {
    var out: [String] = []
    for language in languages where !out.contains(where: { LanguageTag.equal($0, language) }) { out.append(language) }
    return out
  }
}
