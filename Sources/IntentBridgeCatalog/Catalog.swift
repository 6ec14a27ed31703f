import IntentBridgeJSON
import IntentBridgeText

/// A loaded, defaults-applied intent catalog (format version 1, see docs/CATALOG.md).
///
/// Build one with `CatalogLoader`; the loader reports every problem as a `Diagnostic`.
/// Lookup tables by id are built once at load time.
public struct Catalog: Sendable {
  public var formatVersion: Int
  public var app: AppInfo
  public var intents: [Intent]
  public var enums: [EnumType]
  public var entities: [EntityType]
  public var appShortcuts: [AppShortcut]
  public var negativePhrases: LocalizedTextList
  /// Named fragments referenced from templates as `<name>`, in catalog order.
  public var phraseRules: [(name: String, text: LocalizedText)]
  public var skipWords: LocalizedTextList
  /// Provenance, kept verbatim (free-form apart from `kind`).
  public var source: JSONValue?
  /// The file this catalog was read from, when it came from a file.
  public var filePath: String?
  /// SHA-256 (hex) of the catalog's content: its compact JSON plus the instances read from
  /// `instancesFile`s. Whitespace-only edits keep it; any content change alters it. Vector
  /// files record it to detect staleness. Empty for catalogs built in memory.
  public var contentHash: String = ""

  public var defaultLanguage: String { app.defaultLanguage }

  private var intentIndex: [String: Int] = [:]
  private var enumIndex: [String: Int] = [:]
  private var entityIndex: [String: Int] = [:]

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

  public func intent(id: String) -> Intent? { intentIndex[id].map { intents[$0] } }
  public func enumType(id: String) -> EnumType? { enumIndex[id].map { enums[$0] } }
  public func entityType(id: String) -> EntityType? { entityIndex[id].map { entities[$0] } }
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
  public var name: LocalizedText?
  public var alternativeNames: LocalizedTextList
  public var bundleIdentifier: String?
  public var defaultLanguage: String
  public var languages: [String]

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
