import IntentBridgeCatalog
import IntentBridgeText
import Synchronization

/// The engines of one catalog, one per language it declares, each loaded on first use; for a
/// request whose language nobody chose, the catalog language it is written in.
///
///     let engines = try CatalogEngines(catalogPath: "smart-home.en.json", options: options)
///     let (engine, detected) = try engines.engine(for: "schalte das Licht in der Küche aus")
///     // engine.language == "de" when the catalog declares German; detected == true
///
/// With `Options.language` set, or a catalog of one language, every request goes to that
/// language's engine. Otherwise the request's language is detected (`LanguageDetector`:
/// script, function words, letters) and, when the guess is confident and the catalog
/// declares that language (or one of the same primary language), its engine ranks the
/// request; anything else stays with the default language, where a request in another
/// language is ranked cross-lingually (docs/RANKING.md, "Languages").
public final class CatalogEngines: Sendable {
  public let catalog: Catalog
  public let catalogPath: String
  public let options: IntentEngine.Options
  let loaded: Mutex<[String: IntentEngine]>
  let notice: @Sendable (String) -> Void

  /// Loads the catalog and the engine of the chosen (or default) language.
  public init(catalogPath: String, options: IntentEngine.Options, notice: @escaping @Sendable (String) -> Void = { _ in }) throws(IntentEngine
    .LoadError)
  {
    // The model loads while the catalog does; every engine of the catalog then shares it.
    let (catalog, options, first) = try IntentEngine.loadCatalogAndEngine(catalogPath: catalogPath, options: options, notice: notice)
    self.catalog = catalog
    self.catalogPath = catalogPath
    self.options = options
    self.notice = notice
    loaded = Mutex([first.language: first])
    defaultLanguage = first.language
  }

  /// The language of `Options.language`, or the catalog's default.
  public let defaultLanguage: String

  /// The engine of the default language (loaded at `init`).
  public var defaultEngine: IntentEngine { loaded.withLock { $0[defaultLanguage]! } }

  /// The catalog language `request` is ranked in, and whether it was detected (not the default).
  public func language(of request: String) -> (language: String, detected: Bool) {
    guard options.language == nil, catalog.languages.count > 1,
      let guess = LanguageDetector().detect(request), guess.isConfident,
      let declared = catalog.declaredLanguage(for: guess.language), declared != defaultLanguage
    else { return (defaultLanguage, false) }
    return (declared, true)
  }

  /// The engine of `language` (a declared language), loaded once.
  public func engine(language: String) throws(IntentEngine.LoadError) -> IntentEngine {
    if let engine = loaded.withLock({ $0[language] }) { return engine }
    var options = options
    options.language = language
    // The engines share the first one's model (loaded once), whichever kind it is.
    if let embedder = defaultEngine.embedder { options.embedding = .loaded(embedder) }
    let engine = try IntentEngine.load(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice)
    loaded.withLock { $0[language] = $0[language] ?? engine }
    return engine
  }

  /// The engine for `request`: its row's `lang` when given (and declared), else its detected
  /// language (`language(of:)`); the default language's when that one cannot be loaded.
  public func engine(for request: String, rowLanguage: String? = nil) throws(IntentEngine.LoadError) -> (engine: IntentEngine, detected: Bool) {
    if options.language == nil, let rowLanguage, let declared = catalog.declaredLanguage(for: rowLanguage) {
      return (try engine(language: declared), false)
    }
    let (language, detected) = language(of: request)
    return (try engine(language: language), detected)
  }
}
