import IntentBridgeText

extension LocalizedText {
  /// Whether a text is written for `language`: exactly, or for its primary language, as
  /// `resolved(for:)` would pick it before falling back to the default language.
  public func hasTranslation(for language: String) -> Bool {
    entries.contains { LanguageTag.sameLanguage($0.language, language) }
  }
}

extension LocalizedTextList {
  /// Whether items are written for `language` (exactly, or for its primary language).
  public func hasTranslation(for language: String) -> Bool {
    entries.contains { LanguageTag.sameLanguage($0.language, language) }
  }
}
