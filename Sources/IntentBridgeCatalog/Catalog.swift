import IntentBridgeJSON
import IntentBridgeText

/// A loaded, defaults-applied intent catalog (format version 1, see docs/CATALOG.md).
///
/// Build one with `CatalogLoader`; the loader reports every problem as a `Diagnostic`.
/// Lookup tables by id are built once at load time.
public struct Catalog: Sendable {
  /// The catalog format version (`formatVersion`); 1, the only version defined.
  public var formatVersion: Int
  /// The app that offers the intents (`app`): its names and languages.
  public var app: AppInfo
  /// The app's actions (`intents`), in catalog order; the order is kept in tool listings and
  /// breaks ranking ties.
  public var intents: [Intent]
  /// The closed value sets (`enums`) that parameters refer to with `{"enum": "<id>"}`, in
  /// catalog order; empty when the catalog has none.
  public var enums: [EnumType]
  /// The app object types (`entities`) that parameters refer to with `{"entity": "<id>"}`, in
  /// catalog order; empty when the catalog has none.
  public var entities: [EntityType]
  /// The App Shortcuts (`appShortcuts`), in catalog order; empty when the catalog has none.
  public var appShortcuts: [AppShortcut]
  /// Phrase templates for requests that must not reach any intent (`negativePhrases`); empty
  /// when absent.
  public var negativePhrases: LocalizedTextList
  /// Named fragments referenced from templates as `<name>`, in catalog order.
  public var phraseRules: [(name: String, text: LocalizedText)]
  /// Filler words ignored in requests (`skipWords`: "please", "bitte"); templates allowed;
  /// empty when absent.
  public var skipWords: LocalizedTextList
  /// Provenance, kept verbatim (free-form apart from `kind`).
  public var source: JSONValue?
  /// The file this catalog was read from, when it came from a file.
  public var filePath: String?
  /// SHA-256 (hex) of the catalog's content: its compact JSON plus the instances read from
  /// `instancesFile`s. Whitespace-only edits keep it; any content change alters it. Vector
  /// files record it to detect staleness. Empty for catalogs built in memory.
  public var contentHash: String = ""

  /// The language of plain-string texts and the fallback for missing translations:
  /// `app.defaultLanguage` (`en` unless the catalog says otherwise).
  public var defaultLanguage: String { app.defaultLanguage }

  private var intentIndex: [String: Int] = [:]
  private var enumIndex: [String: Int] = [:]
  private var entityIndex: [String: Int] = [:]

  /// A catalog of the given parts, with its id lookup tables built; nothing is validated, and
  /// `contentHash` stays empty (`CatalogLoader` sets it).
  public init(
    formatVersion: Int = 1, app: AppInfo, intents: [Intent], enums: [EnumType] = [],
    entities: [EntityType] = [], appShortcuts: [AppShortcut] = [],
    negativePhrases: LocalizedTextList = .empty, phraseRules: [(name: String, text: LocalizedText)] = [],
    skipWords: LocalizedTextList = .empty, source: JSONValue? = nil, filePath: String? = nil
  ) {
    self.formatVersion = formatVersion
    self.app = app
    self.intents = intents
    self.enums = enums
    self.entities = entities
    self.appShortcuts = appShortcuts
    self.negativePhrases = negativePhrases
    self.phraseRules = phraseRules
    self.skipWords = skipWords
    self.source = source
    self.filePath = filePath
    rebuildIndexes()
  }

  /// Rebuilds the id lookup tables; the first occurrence of a duplicated id wins.
  public mutating func rebuildIndexes() {
    intentIndex = Self.firstIndex(of: intents.map(\.id))
    enumIndex = Self.firstIndex(of: enums.map(\.id))
    entityIndex = Self.firstIndex(of: entities.map(\.id))
  }

  private static func firstIndex(of ids: [String]) -> [String: Int] {
    var table: [String: Int] = [:]
    table.reserveCapacity(ids.count)
    for (i, id) in ids.enumerated() where table[id] == nil { table[id] = i }
    return table
  }

  /// The intent whose `id` is `id` (the first one when the id is duplicated); nil when there is
  /// none. Uses the lookup table, so call `rebuildIndexes()` after changing `intents`.
  public func intent(id: String) -> Intent? { intentIndex[id].map { intents[$0] } }
  /// The enum whose `id` is `id` (the first one when the id is duplicated); nil when there is
  /// none. Uses the lookup table, so call `rebuildIndexes()` after changing `enums`.
  public func enumType(id: String) -> EnumType? { enumIndex[id].map { enums[$0] } }
  /// The entity type whose `id` is `id` (the first one when the id is duplicated); nil when
  /// there is none. Uses the lookup table, so call `rebuildIndexes()` after changing `entities`.
  public func entityType(id: String) -> EntityType? { entityIndex[id].map { entities[$0] } }
  /// The text of the phrase rule `name` (written `<name>` in templates; the first one of that
  /// name); nil when the catalog defines no such rule.
  public func phraseRule(named name: String) -> LocalizedText? {
    phraseRules.first { $0.name == name }?.text
  }

  /// Intents exposed as tools, in catalog order.
  public var discoverableIntents: [Intent] { intents.filter(\.isDiscoverable) }

  /// The catalog's own tag for `requested`: the declared tag equal to it (ignoring case), or
  /// else the first declared tag of the same primary language (`de-AT` → `de`); nil when the
  /// catalog declares no such language.
  public func declaredLanguage(for requested: String) -> String? {
    languages.first { LanguageTag.equal($0, requested) } ?? languages.first { LanguageTag.sameLanguage($0, requested) }
  }

  /// Every language the catalog declares or uses, default first.
  public var languages: [String] {
    var seen: [String] = [app.defaultLanguage]
    for language in app.languages where !seen.contains(language) { seen.append(language) }
    return seen
  }
}

/// The `app` object.
public struct AppInfo: Sendable, Hashable {
  /// The app's name (`name`), which `${applicationName}` matches in phrases; nil when absent.
  public var name: LocalizedText?
  /// Other names the app goes by (`alternativeNames`); they also match `${applicationName}`.
  /// Empty when absent.
  public var alternativeNames: LocalizedTextList
  /// The app's bundle identifier (`bundleIdentifier`, e.g. `com.example.notes`); nil when absent.
  public var bundleIdentifier: String?
  /// The BCP 47 tag of plain-string texts and the fallback for missing translations
  /// (`defaultLanguage`); `en` when absent.
  public var defaultLanguage: String
  /// The BCP 47 tags the catalog has text for (`languages`), in catalog order; empty when
  /// absent. `Catalog.languages` adds the default language.
  public var languages: [String]

  /// An `app` object; the defaults are those of a catalog that leaves the fields out.
  public init(
    name: LocalizedText? = nil, alternativeNames: LocalizedTextList = .empty,
    bundleIdentifier: String? = nil, defaultLanguage: String = "en", languages: [String] = []
  ) {
    self.name = name
    self.alternativeNames = alternativeNames
    self.bundleIdentifier = bundleIdentifier
    self.defaultLanguage = defaultLanguage
    self.languages = languages
  }
}
