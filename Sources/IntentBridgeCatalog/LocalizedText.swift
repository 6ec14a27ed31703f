import IntentBridgeText

/// A catalog `Text`: one string per language, with fallback to the catalog's default language.
///
/// A plain string in the catalog is stored under the catalog's `defaultLanguage`.
///
///     let title = LocalizedText(["en": "Add Note", "fi": "Lisää muistiinpano"], defaultLanguage: "en")
///     title.resolved(for: "fi")      // "Lisää muistiinpano"
///     title.resolved(for: "sk")      // "Add Note" (fallback)
public struct LocalizedText: Sendable, Hashable {
  /// The text of one language.
  public struct Entry: Sendable, Hashable {
    /// The BCP 47 language tag (`en`, `zh-CN`).
    public var language: String
    /// The text in that language.
    public var text: String
  }

  /// Translations in catalog order.
  public var entries: [Entry]
  /// The language used when the requested one is missing.
  public var defaultLanguage: String
  /// True when the catalog wrote a plain string rather than a language map.
  public var isPlain: Bool

  /// A plain text: `text` in `language`, which is also the default language.
  public init(_ text: String, language: String) {
    self.entries = [Entry(language: language, text: text)]
    self.defaultLanguage = language
    self.isPlain = true
  }

  /// A language map: one entry per language tag → text pair, in the given order.
  public init(_ pairs: KeyValuePairs<String, String>, defaultLanguage: String) {
    self.entries = pairs.map { Entry(language: $0.key, text: $0.value) }
    self.defaultLanguage = defaultLanguage
    self.isPlain = false
  }

  /// A text of the given entries, default language and spelling (plain string or language map).
  public init(entries: [Entry], defaultLanguage: String, isPlain: Bool) {
    self.entries = entries
    self.defaultLanguage = defaultLanguage
    self.isPlain = isPlain
  }

  /// The text in `language`, else its primary subtag match (`zh` for `zh-CN`), else the
  /// default language, else the first entry.
  public func resolved(for language: String? = nil) -> String {
    if let language, let exact = text(exactly: language) { return exact }
    if let language, let match = entries.first(where: { LanguageTag.primary($0.language) == LanguageTag.primary(language) }) {
      return match.text
    }
    return text(exactly: defaultLanguage) ?? entries.first?.text ?? ""
  }

  /// The text written for exactly `language` (case-insensitive tag comparison), if any.
  public func text(exactly language: String) -> String? {
    entries.first { LanguageTag.equal($0.language, language) }?.text
  }

  /// The language tags of the entries, in catalog order.
  public var languages: [String] { entries.map(\.language) }
}

/// A catalog `TextList`: a list of strings per language, with the same fallback as `LocalizedText`.
public struct LocalizedTextList: Sendable, Hashable {
  /// The list of one language.
  public struct Entry: Sendable, Hashable {
    /// The BCP 47 language tag (`en`, `zh-CN`).
    public var language: String
    /// The strings in that language, in catalog order.
    public var items: [String]
  }

  /// The lists per language, in catalog order.
  public var entries: [Entry]
  /// The language used when the requested one is missing.
  public var defaultLanguage: String
  /// True when the catalog wrote a plain array rather than a language map.
  public var isPlain: Bool

  /// A list of the given entries, default language and spelling (plain array or language map);
  /// with no arguments, the empty list.
  public init(entries: [Entry] = [], defaultLanguage: String = "en", isPlain: Bool = true) {
    self.entries = entries
    self.defaultLanguage = defaultLanguage
    self.isPlain = isPlain
  }

  /// A plain list: `items` in `language`, which is also the default language.
  public init(_ items: [String], language: String) {
    self.entries = [Entry(language: language, items: items)]
    self.defaultLanguage = language
    self.isPlain = true
  }

  /// The list with no entries (default language `en`).
  public static let empty = LocalizedTextList()

  /// True when no language has any item.
  public var isEmpty: Bool { entries.allSatisfy(\.items.isEmpty) }

  /// The list for `language` with the fallback rules of `LocalizedText.resolved(for:)`.
  public func resolved(for language: String? = nil) -> [String] {
    resolvedIndex(for: language).map { entries[$0].items } ?? []
  }

  /// The same list with only the items `isIncluded` keeps in the entry `resolved(for:)`
  /// reads for `language`.
  public func filtered(for language: String?, _ isIncluded: (String) -> Bool) -> LocalizedTextList {
    var copy = self
    if let index = resolvedIndex(for: language) { copy.entries[index].items = entries[index].items.filter(isIncluded) }
    return copy
  }

  /// The entry `resolved(for:)` reads: exactly `language`, else its primary language, else the
  /// default language, else the first.
  private func resolvedIndex(for language: String?) -> Int? {
    if let language, let exact = entries.firstIndex(where: { LanguageTag.equal($0.language, language) }) { return exact }
    if let language, let match = entries.firstIndex(where: { LanguageTag.primary($0.language) == LanguageTag.primary(language) }) {
      return match
    }
    return entries.firstIndex { LanguageTag.equal($0.language, defaultLanguage) } ?? (entries.isEmpty ? nil : 0)
  }

  /// Every item in every language, in catalog order (for indexing and lint).
  public var allItems: [String] { entries.flatMap(\.items) }

  /// The language tags of the entries, in catalog order.
  public var languages: [String] { entries.map(\.language) }
}
