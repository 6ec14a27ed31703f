import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeRanking
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
  /// The catalog, as read and validated.
  public let catalog: Catalog
  /// The path the catalog was read from; its index and tuning files sit beside it.
  public let catalogPath: String
  /// The options every engine is loaded with; the embedding is the first engine's model once
  /// loaded, so that all share it.
  public let options: IntentEngine.Options
  let loaded: Mutex<[String: IntentEngine]>
  let notice: @Sendable (String) -> Void

  /// Loads the catalog and the engine of the chosen (or default) language.
  public convenience init(
    catalogPath: String, options: IntentEngine.Options = IntentEngine.Options(), notice: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(IntentEngine.LoadError) {
    // The model loads while the catalog does; every engine of the catalog then shares it.
    let (catalog, options, first) = try IntentEngine.loadCatalogAndEngine(catalogPath: catalogPath, options: options, notice: notice)
    self.init(catalog: catalog, catalogPath: catalogPath, options: options, first: first, notice: notice)
  }

  /// The engines of `catalog`, already read from `catalogPath` (its index files sit beside
  /// it), starting with the engine of `Options.language` (nil: the default language); e.g.
  /// for a caller that reads the catalog first to know which languages it needs.
  public convenience init(
    catalog: Catalog, catalogPath: String, options: IntentEngine.Options = IntentEngine.Options(),
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(IntentEngine.LoadError) {
    var options = options
    let first = try IntentEngine.load(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice)
    // The other languages' engines start from the first one's model (loaded once).
    if let embedder = first.embedder { options.embedding = .loaded(embedder) }
    self.init(catalog: catalog, catalogPath: catalogPath, options: options, first: first, notice: notice)
  }

  /// The engines of `catalog` with `first` loaded; `options` name the model the others share.
  init(catalog: Catalog, catalogPath: String, options: IntentEngine.Options, first: IntentEngine, notice: @escaping @Sendable (String) -> Void) {
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
  ///
  /// With one language, or `Options.language` set, that language. Otherwise a script that
  /// settles the language (Han, kana, Hangul, Cyrillic, …) chooses the declared language of
  /// that script, or the default language when none is declared (ranked cross-lingually). For
  /// Latin script, each declared language's support is the detector's evidence for it
  /// (function words, typical letters: `LanguageDetector.Reading.latinScores`) plus the request's
  /// words its own vocabulary knows (`CompiledCatalog.knownWords`): the catalog is the best
  /// judge of its languages on short requests ("sytytä olohuoneen valot" has no Finnish
  /// function word, but three words of the Finnish catalog). The best-supported language
  /// wins when it leads by at least one word; when it does not, the request is ranked in
  /// each language within one word of the best (`readings(of:)`) and the reading with the
  /// more confident answer wins — never the default language by default. A request in a
  /// language the catalog does not declare, with no word any of its languages knows, stays
  /// with the default language.
  /// - Complexity: one tokenisation per declared language; in the unsure case one ranking
  ///   per candidate language. Loads every language's engine the first time.
  public func language(of request: String) -> (language: String, detected: Bool) {
    let choice = choose(request, top: 1)
    return (choice.language, choice.detected)
  }

  /// The catalog language `request` is answered in: its row's `rowLanguage` when given and
  /// declared (not detected), else `language(of:)`'s choice, with the ranking made in the
  /// chosen language (`top` candidates) when choosing ranked the request in each candidate
  /// language, and the language detector's reading when one was made, so that the caller
  /// neither ranks nor reads the request again.
  func choose(
    _ request: String, rowLanguage: String? = nil, top: Int
  ) -> (language: String, detected: Bool, ranking: Ranking?, reading: LanguageDetector.Reading?) {
    if options.language == nil, let rowLanguage, let declared = catalog.declaredLanguage(for: rowLanguage) {
      return (declared, false, nil, nil)
    }
    let (candidates, reading) = languages(of: request)
    guard candidates.count > 1 else {
      let language = candidates.first ?? defaultLanguage
      return (language, language != defaultLanguage, nil, reading)
    }
    // Rank in each candidate language; the more confident answer wins (ties: better support).
    // A candidate's confidence does not depend on `top` (`Ranker.rank`).
    var best: (language: String, answered: Bool, confidence: Double, ranking: Ranking)?
    for language in candidates {
      guard let engine = try? engine(language: language) else { continue }
      let ranking = engine.rank(request, top: top, reading: reading)
      let answer = (language: language, answered: !ranking.isNoMatch, confidence: ranking.candidates.first?.confidence ?? 0, ranking: ranking)
      if let current = best, current.answered && !answer.answered || current.answered == answer.answered && current.confidence >= answer.confidence {
        continue
      }
      best = answer
    }
    guard let best else { return (candidates[0], candidates[0] != defaultLanguage, nil, reading) }
    return (best.language, best.language != defaultLanguage, best.ranking, reading)
  }

  /// The catalog languages `request` may be written in, best supported first (see
  /// `language(of:)`); one language when it is settled.
  package func readings(of request: String) -> [String] { languages(of: request).languages }

  /// `readings(of:)`, with the language detector's reading of `request` when it was made
  /// (the engine that ranks the request then reads it no more).
  func languages(of request: String) -> (languages: [String], reading: LanguageDetector.Reading?) {
    let languages = catalog.languages
    guard options.language == nil, languages.count > 1 else { return ([defaultLanguage], nil) }
    let reading = LanguageDetector().read(request)
    let guess = reading.guess()
    if let guess, guess.isConfident, !LanguageDetector.latinLanguages.contains(guess.language) {
      return ([catalog.declaredLanguage(for: guess.language) ?? defaultLanguage], reading)
    }
    let evidence = reading.latinScores
    var support: [(language: String, known: Int, score: Double)] = []
    for language in languages {
      let known = (try? engine(language: language))?.compiled.knownWords(in: request) ?? 0
      support.append((language, known, Double(known) + (evidence[LanguageTag.primary(language)] ?? 0)))
    }
    if let guess, guess.isConfident, catalog.declaredLanguage(for: guess.language) == nil, support.allSatisfy({ $0.known == 0 }) {
      return ([defaultLanguage], reading)
    }
    // Stable: equal support keeps the catalog's order (default language first).
    let ranked = support.enumerated().sorted { a, b in
      a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
    }.map(\.element)
    let top = ranked[0].score
    return (ranked.filter { $0.score > top - 1 }.map(\.language), reading)
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
    let choice = choose(request, rowLanguage: rowLanguage, top: 1)
    return (try engine(language: choice.language), choice.detected)
  }

  /// What the catalog's engines answered for one request: the value, the engine of the catalog
  /// language that answered, and whether that language was detected (not the default, not
  /// chosen by `Options.language` or the row).
  public struct Routed<Value: Sendable>: Sendable {
    /// What was answered (a `Ranking`, a `Resolution`).
    public let value: Value
    /// The engine that answered (`engine.language`: the catalog language of the answer).
    public let engine: IntentEngine
    /// Whether the request's language was detected.
    public let detected: Bool
    /// The catalog language the request was answered in.
    public var language: String { engine.language }
  }

  /// Ranks `request` in the catalog language it is written in (`language(of:)`; its row's
  /// `rowLanguage` when given and declared), best `top` candidates first.
  /// - Complexity: `IntentEngine.rank`, once: when the language is unsure, the ranking made
  ///   while choosing it is the one returned.
  public func rank(_ request: String, top: Int = 5, rowLanguage: String? = nil) throws(IntentEngine.LoadError) -> Routed<Ranking> {
    let choice = choose(request, rowLanguage: rowLanguage, top: top)
    let engine = try engine(language: choice.language)
    return Routed(value: choice.ranking ?? engine.rank(request, top: top, reading: choice.reading), engine: engine, detected: choice.detected)
  }

  /// Resolves `request` (`IntentEngine.resolve`) in the catalog language it is written in,
  /// chosen as `rank` chooses it.
  public func resolve(
    _ request: String, clock: IntentEngine.Clock = IntentEngine.Clock(), intent: String? = nil, top: Int = 5, context: JSONObject = JSONObject(),
    rowLanguage: String? = nil
  ) throws(IntentEngine.LoadError) -> Routed<Resolution> {
    let choice: IntentEngine.IntentChoice = intent.map(IntentEngine.IntentChoice.forced) ?? .answer
    let chosen = choose(request, rowLanguage: rowLanguage, top: 1)
    let engine = try engine(language: chosen.language)
    let resolution = engine.resolve(request, clock: clock, choosing: choice, top: top, context: context, reading: chosen.reading)
    return Routed(value: resolution, engine: engine, detected: chosen.detected)
  }
}
