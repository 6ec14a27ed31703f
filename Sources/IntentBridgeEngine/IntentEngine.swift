import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeEmbedding
import IntentBridgeFilling
import IntentBridgeIndex
import IntentBridgeRanking
import IntentBridgeSystem
import IntentBridgeTemplates
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The library's front door: a catalog compiled for one language, with its embedding model
/// and vectors, ready to rank and resolve requests. The CLI, the MCP server and evaluation
/// are thin layers over it.
///
///     let engine = try IntentEngine.load(catalogPath: "Examples/notes/notes.en.json")
///     let resolution = engine.resolve("add a high priority note to buy milk")
///     resolution.intentID     // "AddNoteIntent"
///     resolution.arguments    // {"title": "buy milk", "priority": "high", …}
///
/// It owns the compiled catalog (analyser, templates, documents, keyword index, entity
/// affinity), the ranker and the parameter filler; each request is analysed once for both.
/// Immutable and `Sendable`: one engine serves concurrent requests.
public struct IntentEngine: Sendable {
  public struct Options: Sendable {
    public enum Embedding: Sendable {
      /// No embeddings: keyword scoring and templates only.
      case none
      /// The in-process static model in this folder (nil = the default model, see `ModelLocator`).
      case staticModel(directory: String?)
      /// The in-process transformer encoder in this folder (nil = the default encoder,
      /// `Models/e5small-q4-latcjk`; `--encoder transformer`).
      case transformer(directory: String?)
      /// An OpenAI-compatible `/v1/embeddings` endpoint.
      case endpoint(EndpointEmbedder.Configuration)
      /// An embedder already loaded (e.g. another language's engine's, so that the engines of
      /// one catalog share one model).
      case loaded(any TextEmbedder)
    }

    /// The catalog language to use (a language the catalog declares, or one of the same
    /// primary language); nil = the catalog's default language.
    public var language: String?
    public var embedding: Embedding = .staticModel(directory: nil)
    /// When the index file is missing, stale or built with another model or engine: rebuild
    /// it (true) or fail (false, `--no-rebuild`).
    public var rebuildIndex = true
    /// Write rebuilt index files next to the catalog (false keeps them in memory only).
    public var writeIndex = true
    public var ranking = RankingConfiguration()
    /// With the transformer encoder, let the catalog's kind of evidence choose the signals
    /// (`CatalogEvidence`: the encoder alone for catalogs of example phrases or titles) when
    /// `ranking.mode` is the default `hybrid`; false when the user chose the signals
    /// (`--signals`).
    public var signalsFromEvidence = true
    /// Told how an index build is going, `(step, done, total)`: the catalog texts being
    /// embedded (`"embedding"`), then the calibration (`"calibrating"`, in two counts); for a
    /// progress line (the CLI draws one on a terminal when a build takes more than a second).
    public var progress: (@Sendable (_ step: String, _ done: Int, _ total: Int) -> Void)?
    /// Use the catalog's tuning file (`TuningFile`, written by `intentbridge tune`) when there
    /// is one for this language, catalog version and model (false: `--no-tuning`).
    public var useTuning = true

    public init() {}
  }

  public enum LoadError: Error, Sendable, CustomStringConvertible {
    case invalidCatalog([Diagnostic])
    /// `Options.language` names a language the catalog does not declare.
    case unknownLanguage(requested: String, declared: [String])
    case modelNotFound
    case encoderNotFound
    case model(String)
    case endpoint(EndpointEmbedder.Failure)
    case indexFile(path: String, problem: IndexFile.Problem)

    public var description: String {
      switch self {
      case .invalidCatalog(let diagnostics): diagnostics.errors.map(\.description).joined(separator: "\n")
      case .unknownLanguage(let requested, let declared):
        "the catalog has no language '\(requested)'; it declares \(declared.joined(separator: ", ")) (app.defaultLanguage and app.languages)"
      case .modelNotFound:
        "the default embedding model was not found; pass --model DIR, set INTENTBRIDGE_MODEL, or use --no-embeddings"
      case .encoderNotFound:
        "the default transformer encoder (Models/\(ModelLocator.defaultEncoderName)) was not found; pass --model DIR with the encoder's folder, or use --encoder static"
      case .model(let message): message
      case .endpoint(let failure): "embeddings endpoint: \(failure)"
      case .indexFile(let path, let problem): "\(path) \(problem) (run 'intentbridge index', or drop --no-rebuild)"
      }
    }
  }

  /// Everything derived from the catalog for this language.
  package let compiled: CompiledCatalog
  package let ranker: Ranker
  package let filler: ParameterFiller

  /// The catalog the engine serves.
  public var catalog: Catalog { compiled.catalog }
  /// The catalog language the engine ranks and fills in.
  public var language: String { compiled.language }
  /// The ranking settings in effect.
  public var configuration: RankingConfiguration { ranker.configuration }
  /// Whether requests are also compared with the intents' vectors.
  public var hasEmbeddings: Bool { ranker.vectorIndex != nil }
  /// The embedder of requests (nil: keyword signals only).
  public var embedder: (any TextEmbedder)? { ranker.embedder }

  /// An engine over `catalog` in memory, without embeddings (keyword scoring and phrase
  /// templates): nothing is read or written. `language` must be one the catalog declares
  /// (nil: its default).
  public init(catalog: Catalog, language: String? = nil, configuration: RankingConfiguration = RankingConfiguration()) {
    let compiled = CompiledCatalog(catalog: catalog, language: language, keyword: configuration.keyword)
    self.init(ranker: Ranker(compiled: compiled, configuration: configuration))
  }

  package init(ranker: Ranker) {
    compiled = ranker.compiled
    self.ranker = ranker
    filler = ParameterFiller(catalog: ranker.catalog, templates: ranker.templates, language: ranker.language)
  }

  /// Loads the catalog, the model and the index file (built and written next to the
  /// catalog when missing or stale). Notices (a rebuilt index file) go to `notice`, e.g.
  /// standard error.
  public static func load(
    catalogPath: String, options: Options = Options(), notice: (String) -> Void = { _ in }
  ) throws(LoadError) -> IntentEngine {
    try loadCatalogAndEngine(catalogPath: catalogPath, options: options, notice: notice).engine
  }

  /// Loads the catalog at `catalogPath`, the embedder `options` name and the engine of
  /// `options.language` (nil: the catalog's default), the work spread over two cores: the
  /// model loads while the catalog is read and decoded, and the index file is read and
  /// checked while the catalog is validated (its compiled catalog is decoded once the
  /// catalog is valid). `options` come back with the embedder loaded (`.loaded`), so that the
  /// other engines of the catalog start from it. An invalid catalog is reported before any
  /// model or language error.
  package static func loadCatalogAndEngine(
    catalogPath: String, options: Options, notice: (String) -> Void
  ) throws(LoadError) -> (catalog: Catalog, options: Options, engine: IntentEngine) {
    let (decoded, embedder) = sideBySide {
      CatalogLoader.decode(path: catalogPath)
    } _: { () -> Result<(any TextEmbedder)?, LoadError> in
      do throws(LoadError) { return .success(try makeEmbedder(options.embedding)) } catch { return .failure(error) }
    }
    // The index file is read beside the validation once the catalog and its language are
    // known; otherwise the validation runs alone and decides what is reported.
    guard let catalog = decoded.catalog, !decoded.diagnostics.hasErrors,
      let language = try? declaredLanguage(options.language, of: catalog)
    else {
      let result = CatalogLoader.validate(decoded)
      guard let catalog = result.validCatalog else { throw .invalidCatalog(result.diagnostics) }
      var options = options
      if let loaded = try embedder.get() { options.embedding = .loaded(loaded) }
      return (catalog, options, try load(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice))
    }
    let indexPath = indexFilePath(catalogPath: catalogPath, language: language, embedding: options.embedding)
    let withVectors = (try? embedder.get()) != nil
    let (result, stored) = sideBySide {
      CatalogLoader.validate(decoded)
    } _: {
      readIndexFile(path: indexPath, vectors: withVectors)
    }
    guard let catalog = result.validCatalog else { throw .invalidCatalog(result.diagnostics) }
    var options = options
    let loaded = try embedder.get()
    let index = readIndex(stored, catalog: catalog, language: language, options: options, embedder: loaded)
    if let loaded { options.embedding = .loaded(loaded) }
    let engine = try load(
      catalog: catalog, language: language, catalogPath: catalogPath, index: index, embedder: loaded, options: options, notice: notice)
    return (catalog, options, engine)
  }

  /// The embedder `embedding` names (nil: keyword signals only).
  static func makeEmbedder(_ embedding: Options.Embedding) throws(LoadError) -> (any TextEmbedder)? {
    switch embedding {
    case .none:
      return nil
    case .endpoint(let configuration):
      do {
        return try EndpointEmbedder(configuration: configuration)
      } catch {
        throw .endpoint(error)
      }
    case .loaded(let loaded):
      return loaded
    case .transformer(let directory):
      guard let encoderDirectory = ModelLocator.locateEncoder(explicit: directory) else { throw .encoderNotFound }
      do {
        return try TransformerEncoder(directory: encoderDirectory)
      } catch {
        throw .model("cannot load the transformer encoder in \(encoderDirectory): \(error)")
      }
    case .staticModel(let directory):
      guard let modelDirectory = ModelLocator.locate(explicit: directory) else { throw .modelNotFound }
      do {
        return try StaticEmbeddingModel(directory: modelDirectory)
      } catch {
        throw .model("cannot load the embedding model in \(modelDirectory): \(error)")
      }
    }
  }

  /// The same for a catalog already loaded from `catalogPath` (its index file sits beside it),
  /// e.g. one engine per language of one catalog.
  public static func load(
    catalog: Catalog, catalogPath: String, options: Options = Options(), notice: (String) -> Void = { _ in }
  ) throws(LoadError) -> IntentEngine {
    let language = try declaredLanguage(options.language, of: catalog)
    let embedder = try makeEmbedder(options.embedding)
    let stored = readIndexFile(path: indexFilePath(catalogPath: catalogPath, language: language, embedder: embedder), vectors: embedder != nil)
    let index = readIndex(stored, catalog: catalog, language: language, options: options, embedder: embedder)
    return try load(
      catalog: catalog, language: language, catalogPath: catalogPath, index: index, embedder: embedder, options: options, notice: notice)
  }

  /// The engine of `catalog` (valid) in `language`, from its index file as read (`index`):
  /// the compiled catalog it holds or, failing that, the catalog compiled here; its vectors
  /// and calibration checked against `embedder`, the file rebuilt when they do not fit.
  private static func load(
    catalog: Catalog, language: String, catalogPath: String, index: ReadIndex, embedder: (any TextEmbedder)?, options: Options,
    notice: (String) -> Void
  ) throws(LoadError) -> IntentEngine {
    let indexPath = indexFilePath(catalogPath: catalogPath, language: language, embedder: embedder)
    let stored = index.contents
    let compiled = index.compiled ?? CompiledCatalog(catalog: catalog, language: language, keyword: options.ranking.keyword)
    var vectors: VectorFile?
    var vectorIndex: VectorIndex?
    var configuration = options.ranking
    if let embedder {
      let file: VectorFile
      if let checked = index.vectors {
        (file, vectorIndex) = checked
      } else {
        file = try loadVectors(compiled: compiled, path: indexPath, stored: stored, embedder: embedder, options: options, notice: notice)
        vectorIndex = Ranker.vectorIndex(file, intentCount: catalog.intents.count, configuration: configuration)
      }
      vectors = file
      configuration = ConfidenceCalibrationFile(json: file.calibration).applied(to: configuration)
      configuration.encoderLeads = embedder is TransformerEncoder && options.signalsFromEvidence && CatalogEvidence(compiled).encoderLeads
    } else {
      // Without a model only keywords (and templates) rank, with their own calibration.
      if configuration.mode == .hybrid { configuration.mode = .keyword }
      let models = keywordOnlyConfidence(compiled: compiled, path: indexPath, stored: stored, options: options, notice: notice)
      configuration = ConfidenceCalibrationFile(models: models, crossLingualShifts: [:]).applied(to: configuration)
    }
    if options.useTuning {
      configuration = applyTuning(
        to: configuration, catalogPath: catalogPath, compiled: compiled, model: vectors?.model, notice: notice)
    }
    // The calibration and the tuning change weights and confidence, not what the vector
    // index was built with (near-duplicate threshold, int8 scan size).
    return IntentEngine(ranker: Ranker(compiled: compiled, embedder: embedder, vectorIndex: vectorIndex, configuration: configuration))
  }

  /// `configuration` with the catalog's tuning file applied when there is one that fits this
  /// catalog version, language and model (`model` nil: keyword signals only, whose model and
  /// the fusion weights are then all that applies); a notice says why one is not used.
  static func applyTuning(
    to configuration: RankingConfiguration, catalogPath: String, compiled: CompiledCatalog, model: String?, notice: (String) -> Void
  ) -> RankingConfiguration {
    let path = TuningFile.path(forCatalog: catalogPath, language: compiled.language)
    do {
      guard var tuning = try TuningFile.read(path: path) else { return configuration }
      if tuning.language != compiled.language {
        notice("notice: \(path) was tuned for the language \(tuning.language), not \(compiled.language); not used (run 'intentbridge tune' again)")
        return configuration
      }
      if tuning.catalogHash != compiled.catalog.contentHash {
        notice("notice: \(path) was tuned for another version of the catalog; not used (run 'intentbridge tune' again)")
        return configuration
      }
      if let model, tuning.model != model {
        notice("notice: \(path) was tuned with another embedding model (\(tuning.model ?? "none")); not used (run 'intentbridge tune' again)")
        return configuration
      }
      if model == nil { tuning.models = tuning.models.filter { !$0.key.usesEmbeddings } }
      var tuned = tuning.applied(to: configuration)
      tuned.tuningFile = path
      return tuned
    } catch {
      notice("notice: \(path): \(error); not used")
      return configuration
    }
  }

  /// Fits the fusion weights, confidence models and no-match thresholds to labelled requests
  /// (`ConfidenceTuner`): each row is a request and the intents any of which is right (nil:
  /// none is, the request is out of scope). Rows naming no intent of the catalog are left
  /// out. Returns the tuning (write it with `TuningFile.write` beside the catalog) and this
  /// engine with it applied.
  /// - Complexity: O(grid × rows × rank); a few seconds for thousands of rows.
  public func tuned(with rows: [(request: String, intents: [String]?)]) -> (tuning: TuningFile, engine: IntentEngine) {
    let indexByID = Dictionary(catalog.intents.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
    var tunerRows: [ConfidenceTuner.Row] = []
    for row in rows {
      let intents = row.intents.map { Set($0.compactMap { indexByID[$0] }) }
      if let intents, intents.isEmpty { continue }
      tunerRows.append(ConfidenceTuner.Row(request: analyze(row.request), intents: intents))
    }
    let result = ConfidenceTuner.tune(ranker: ranker, rows: tunerRows)
    let tuning = TuningFile(
      catalogHash: catalog.contentHash, language: language, model: ranker.vectorIndex?.model, keywordWeight: result.keywordWeight,
      centroidWeight: result.centroidWeight, models: result.models)
    var tunedRanker = ranker
    tunedRanker.configuration = tuning.applied(to: ranker.configuration)
    return (tuning, IntentEngine(ranker: tunedRanker))
  }

  /// The confidence models of `compiled` for `modes`, fitted from its pseudo-requests
  /// (`ConfidenceCalibration`); held-out examples are ranked by catalogs compiled without
  /// them, whose vectors come from `vectors` (by text; `embedder` embeds any missing).
  static func fitConfidence(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)?, vectors: VectorFile?, texts: [(intent: Int, kind: String, text: String)],
    modes: [RankingMode], configuration: RankingConfiguration
  ) -> [RankingMode: ConfidenceModel] {
    // A grammar catalog keeps the shipped calibration (`ConfidenceCalibration.fit`): no
    // pseudo-requests to rank, no catalogs to compile per fold.
    guard !compiled.isGrammar else { return [:] }
    var shipped = configuration
    shipped.confidenceModels = [:]
    let ranker = Ranker(compiled: compiled, embedder: embedder, vectors: vectors, configuration: shipped)
    let requests = PseudoRequests.make(compiled: compiled)
    var folds: [Int: Ranker] = [:]
    let foldsUsed = Set(requests.compactMap(\.fold))
    if !foldsUsed.isEmpty {
      var rowOfText: [String: Int] = [:]
      for (row, text) in texts.enumerated() where rowOfText[text.text] == nil { rowOfText[text.text] = row }
      // The held-out catalogs are compiled at the same time, one per core.
      let sortedFolds = foldsUsed.sorted()
      let rankers = concurrentMap(sortedFolds) { [rowOfText, shipped] fold in
        let catalog = PseudoRequests.catalog(compiled.catalog, without: fold, language: compiled.language)
        let foldCompiled = CompiledCatalog(catalog: catalog, language: compiled.language, keyword: configuration.keyword)
        var foldVectors: VectorFile?
        if let embedder, let vectors {
          foldVectors = subset(vectors, for: foldCompiled.embeddingTexts(), rowOfText: rowOfText, embedder: embedder)
        }
        return Ranker(compiled: foldCompiled, embedder: embedder, vectors: foldVectors, configuration: shipped)
      }
      for (fold, foldRanker) in zip(sortedFolds, rankers) { folds[fold] = foldRanker }
    }
    return ConfidenceCalibration.fit(ranker: ranker, foldRankers: folds, modes: modes, requests: requests)
  }

  /// The vectors of `texts` from the rows of `vectors` with the same text (embedding the
  /// few it lacks).
  static func subset(
    _ vectors: VectorFile, for texts: [(intent: Int, kind: String, text: String)], rowOfText: [String: Int], embedder: any TextEmbedder
  ) -> VectorFile {
    let d = vectors.dimensions
    var rows: [Float] = []
    rows.reserveCapacity(texts.count * d)
    var entries: [VectorFile.Entry] = []
    for text in texts {
      if let row = rowOfText[text.text], (row + 1) * d <= vectors.vectors.count {
        rows += vectors.vectors[(row * d)..<((row + 1) * d)]
      } else if let embedded = try? embedder.embed([text.text], kind: .passage).first, embedded.count == d {
        rows += embedded
      } else {
        continue
      }
      entries.append(VectorFile.Entry(intent: text.intent, kind: text.kind))
    }
    return VectorFile(
      model: vectors.model, dimensions: d, catalogHash: vectors.catalogHash, language: vectors.language, entries: entries, vectors: rows)
  }

  /// The catalog's own tag for `requested`: exactly, or the declared tag of the same primary
  /// language (`de-AT` → `de`); the default language when nil.
  public static func declaredLanguage(_ requested: String?, of catalog: Catalog) throws(LoadError) -> String {
    guard let requested else { return catalog.defaultLanguage }
    guard let declared = catalog.declaredLanguage(for: requested) else {
      throw .unknownLanguage(requested: requested, declared: catalog.languages)
    }
    return declared
  }

  /// The index file of one catalog language as read (`readIndex`): its contents, or why they
  /// cannot be used, and the compiled catalog it holds when that is fresh for the catalog.
  struct ReadIndex: Sendable {
    var contents: Result<IndexFile.Contents, IndexFile.Problem>
    var compiled: CompiledCatalog?
    /// The file's vectors when they fit the embedder, catalog and language, and their index
    /// (built beside the compiled catalog's templates).
    var vectors: (file: VectorFile, index: VectorIndex)?
  }

  /// The index file at `path` as read and integrity-checked (`IndexFile.read`; with `vectors`
  /// false its rows are not copied), or why it cannot be used. Needs no catalog, so it may
  /// run while the catalog is validated.
  static func readIndexFile(path: String, vectors: Bool) -> Result<IndexFile.Contents, IndexFile.Problem> {
    do {
      return .success(try IndexFile.read(path: path, vectors: vectors))
    } catch {
      return .failure(error)
    }
  }

  /// The index file as read (`stored`) with its compiled catalog read back when the file is
  /// fresh for this catalog (valid), language and engine format and its compiled catalog was
  /// built with the same keyword settings (otherwise nil: the catalog is compiled). A
  /// compiled catalog that does not read makes the file count as corrupt (it is then rebuilt
  /// with a notice, or refused with `rebuildIndex` false).
  static func readIndex(
    _ stored: Result<IndexFile.Contents, IndexFile.Problem>, catalog: Catalog, language: String, options: Options,
    embedder: (any TextEmbedder)?
  ) -> ReadIndex {
    guard case .success(let contents) = stored, isFresh(contents, catalog: catalog, language: language),
      let bytes = contents.vectors.compiledCatalog
    else { return ReadIndex(contents: stored, compiled: nil, vectors: nil) }
    // The vectors, when they fit, are indexed on the second core while the templates decode.
    let ranking = options.ranking
    let indexVectors: @Sendable () -> (file: VectorFile, index: VectorIndex)? = {
      guard let embedder, (try? checkVectors(contents, catalog: catalog, language: language, embedder: embedder)) != nil else { return nil }
      return (contents.vectors, Ranker.vectorIndex(contents.vectors, intentCount: catalog.intents.count, configuration: ranking))
    }
    do {
      let (compiled, vectors) = try CompiledCatalog.stored(
        bytes, catalog: catalog, language: language, keyword: options.ranking.keyword, beside: indexVectors)
      return ReadIndex(contents: stored, compiled: compiled, vectors: vectors ?? nil)
    } catch {
      return ReadIndex(contents: .failure(.corrupt("its compiled catalog does not read (\(error.message))")), compiled: nil, vectors: nil)
    }
  }

  /// Throws why the vectors of the index file `contents` do not fit `embedder` (model and
  /// dimensions), the catalog (hash, intents) and the language, or the engine format.
  static func checkVectors(
    _ contents: IndexFile.Contents, catalog: Catalog, language: String, embedder: any TextEmbedder
  ) throws(IndexFile.Problem) {
    try IndexFile.check(
      contents, engine: VectorFileBuilder.engineFormat, model: VectorFileBuilder.modelIdentity(embedder),
      dimensions: embedder.dimensions, catalogHash: catalog.contentHash, language: language)
    try contents.vectors.validate(intentCount: catalog.intents.count)
    try checkCalibration(contents)
  }

  /// Throws when the index file's stored calibration (`CALI`) is not what this engine writes
  /// (values out of range, unknown keys): the file is then rebuilt, not used without it.
  static func checkCalibration(_ contents: IndexFile.Contents) throws(IndexFile.Problem) {
    if let problem = ConfidenceCalibrationFile.problem(in: contents.vectors.calibration, nested: keywordOnlyKey) {
      throw .corrupt("its CALI section \(problem)")
    }
  }

  /// Checks the index file as read (`stored`, from `path`); rebuilds it (with a notice) when
  /// it is missing, stale, foreign or corrupt, unless `rebuildIndex` is false.
  static func loadVectors(
    compiled: CompiledCatalog, path: String, stored: Result<IndexFile.Contents, IndexFile.Problem>, embedder: any TextEmbedder,
    options: Options, notice: (String) -> Void
  ) throws(LoadError) -> VectorFile {
    let problem: IndexFile.Problem
    var previous: IndexFile.Contents?
    do {
      let contents = try stored.get()
      previous = contents
      try checkVectors(contents, catalog: compiled.catalog, language: compiled.language, embedder: embedder)
      return contents.vectors
    } catch {
      problem = error
    }
    let exists = FileManager.default.fileExists(atPath: path)
    guard options.rebuildIndex else { throw .indexFile(path: path, problem: problem) }
    // The compiled catalog's bytes (for the file) are encoded beside the vectors' build.
    let writes = options.writeIndex && !isReadOnlyFolder(of: path)
    // The rows of unchanged texts come from the previous file when it was built with this
    // model (`ReusableRows`): only new texts are embedded; the calibration is fitted anew.
    let reusable = ReusableRows(
      previous: previous?.vectors, model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions)
    let (encoded, (built, embedded, reused)) = sideBySide {
      writes ? compiled.encoded() : []
    } _: {
      let texts = compiled.embeddingTexts()
      let outcome = buildVectors(compiled: compiled, texts: texts, embedder: embedder, reusing: reusable) {
        options.progress?("embedding", $0, $1)
      }
      var file = outcome.file
      options.progress?("calibrating", 0, 2)
      let models = fitConfidence(
        compiled: compiled, embedder: embedder, vectors: file, texts: texts, modes: RankingMode.allCases, configuration: options.ranking)
      options.progress?("calibrating", 1, 2)
      var shipped = options.ranking
      shipped.confidenceModels = [:]
      let shifts = CrossLingualShift.measure(Ranker(compiled: compiled, embedder: embedder, vectors: file, configuration: shipped))
      options.progress?("calibrating", 2, 2)
      file.calibration = ConfidenceCalibrationFile(models: models, crossLingualShifts: shifts).json
      return (file, outcome.embedded, outcome.reused)
    }
    var file = built
    // The keyword-only confidence of a file for the same catalog stays (it needs no model).
    if let previous, isFresh(previous, for: compiled), let keywordOnly = previous.vectors.calibration?[Self.keywordOnlyKey] {
      keep(keywordOnly: keywordOnly, in: &file)
    }
    if exists {
      notice("notice: \(path) \(problem); rebuilt it (embedded \(embedded) text\(embedded == 1 ? "" : "s"), reused \(reused))")
    }
    if writes { write(file, compiledBytes: encoded, path: path, existed: exists, otherwise: "the vectors", notice: notice) }
    return file
  }

  /// Whether `contents` were built by this engine format for this catalog and language
  /// (whatever the model).
  static func isFresh(_ contents: IndexFile.Contents, for compiled: CompiledCatalog) -> Bool {
    isFresh(contents, catalog: compiled.catalog, language: compiled.language)
  }

  static func isFresh(_ contents: IndexFile.Contents, catalog: Catalog, language: String) -> Bool {
    contents.engine == VectorFileBuilder.engineFormat && contents.vectors.catalogHash == catalog.contentHash
      && contents.vectors.language == language
  }

  /// `file` with the keyword-only confidence `keywordOnly` in its calibration.
  static func keep(keywordOnly: JSONValue, in file: inout VectorFile) {
    var calibration = file.calibration?.objectValue ?? JSONObject()
    calibration[Self.keywordOnlyKey] = keywordOnly
    file.calibration = .object(calibration)
  }

  /// Writes the index file at `path`, with `compiled` stored in it, unless its folder is
  /// read-only by its permission bits; a notice says when a new file was written, or that
  /// `otherwise` stays in memory.
  static func write(
    _ file: VectorFile, compiled: CompiledCatalog, path: String, existed: Bool, otherwise: String, notice: (String) -> Void
  ) {
    write(file, compiledBytes: compiled.encoded(), path: path, existed: existed, otherwise: otherwise, notice: notice)
  }

  /// `write`, with the compiled catalog already encoded (`CompiledCatalog.encoded()`).
  static func write(
    _ file: VectorFile, compiledBytes: [UInt8], path: String, existed: Bool, otherwise: String, notice: (String) -> Void
  ) {
    guard !isReadOnlyFolder(of: path) else { return }
    var file = file
    file.compiledCatalog = ByteRange(copying: compiledBytes)
    do {
      try IndexFile.write(file, engine: VectorFileBuilder.engineFormat, path: path)
      if !existed { notice("notice: wrote \(path)") }
    } catch {
      notice("notice: could not write \(path) (\(Errno.describe(error))); using \(otherwise) in memory")
    }
  }

  /// The confidence model of keyword signals ranking without an embedding model: the one the
  /// index file keeps (`keywordOnly` in its calibration) when the file is fresh for this
  /// catalog, language and engine, whatever its model; otherwise fitted (`fitConfidence`) and
  /// kept in the index file for the next start (added to a fresh file, or a file without
  /// vectors when there is none or it is stale). A file that cannot be written leaves the
  /// fit in memory.
  static func keywordOnlyConfidence(
    compiled: CompiledCatalog, path: String, stored: Result<IndexFile.Contents, IndexFile.Problem>, options: Options,
    notice: (String) -> Void
  ) -> [RankingMode: ConfidenceModel] {
    var kept: VectorFile?
    // The rows are not read (keyword signals do not use them) unless the file is rewritten.
    if case .success(let contents) = stored, isFresh(contents, for: compiled), (try? checkCalibration(contents)) != nil {
      // Present but empty: the fit kept the shipped calibration (a grammar catalog).
      if let keywordOnly = contents.vectors.calibration?[Self.keywordOnlyKey] { return ConfidenceCalibrationFile(json: keywordOnly).models }
      kept = (try? IndexFile.read(path: path))?.vectors
    }
    let models = fitConfidence(compiled: compiled, embedder: nil, vectors: nil, texts: [], modes: [.keyword], configuration: options.ranking)
    guard options.writeIndex else { return models }
    var file =
      kept
      ?? VectorFile(
        model: VectorFileBuilder.noModel, dimensions: 0, catalogHash: compiled.catalog.contentHash, language: compiled.language, entries: [],
        vectors: [])
    keep(keywordOnly: ConfidenceCalibrationFile(models: models, crossLingualShifts: [:]).json, in: &file)
    write(
      file, compiled: compiled, path: path, existed: FileManager.default.fileExists(atPath: path), otherwise: "the confidence fitted",
      notice: notice)
    return models
  }

  /// Where in an index file's calibration the keyword-only confidence is kept.
  static let keywordOnlyKey = "keywordOnly"

  /// Whether the folder of `path` is read-only by its permission bits (no write bit for
  /// anyone): a shared, read-only data folder gets no index file even when the process could
  /// write there (as root can); the index stays in memory.
  static func isReadOnlyFolder(of path: String) -> Bool {
    FolderPermissions.isReadOnly(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Where the index file of the catalog at `catalogPath` in `language` lives (beside it).
  public static func indexFilePath(catalogPath: String, language: String) -> String {
    IndexFile.path(forCatalog: catalogPath, language: language)
  }

  /// The index file for an engine with `embedder`: the transformer encoder's vectors are kept
  /// in a file of their own (`IndexFile.transformerPath`), the static model's, an endpoint's
  /// and the keyword-only file share `indexFilePath(catalogPath:language:)`.
  public static func indexFilePath(catalogPath: String, language: String, embedder: (any TextEmbedder)?) -> String {
    embedder is TransformerEncoder
      ? IndexFile.transformerPath(forCatalog: catalogPath, language: language) : indexFilePath(catalogPath: catalogPath, language: language)
  }

  /// The index file for an engine loaded with `embedding`.
  static func indexFilePath(catalogPath: String, language: String, embedding: Options.Embedding) -> String {
    switch embedding {
    case .transformer: IndexFile.transformerPath(forCatalog: catalogPath, language: language)
    case .loaded(let embedder): indexFilePath(catalogPath: catalogPath, language: language, embedder: embedder)
    case .none, .staticModel, .endpoint: indexFilePath(catalogPath: catalogPath, language: language)
    }
  }

  /// "N vectors × D dimensions, model M" of the index file at `path`; nil when it does not read.
  public static func indexFileSummary(path: String) -> String? {
    guard let file = try? IndexFile.read(path: path).vectors else { return nil }
    return "\(file.entries.count) vectors × \(file.dimensions) dimensions, model \(file.model)"
  }

  /// Embeds the compiled catalog's texts (`CompiledCatalog.embeddingTexts`), taking the rows
  /// `reusable` has (`VectorFileBuilder.build(texts:…reusing:)`); with the counts of texts
  /// embedded and reused.
  static func buildVectors(
    compiled: CompiledCatalog, texts: [(intent: Int, kind: String, text: String)], embedder: any TextEmbedder,
    reusing reusable: ReusableRows = .none, progress: (Int, Int) -> Void = { _, _ in }
  ) -> VectorFileBuilder.Outcome {
    let hash = compiled.catalog.contentHash
    // The static model does not throw; an endpoint embedder's failure leaves no vectors.
    do {
      return try VectorFileBuilder.build(
        texts: texts, catalogHash: hash, language: compiled.language, embedder: embedder, reusing: reusable, progress: progress)
    } catch {
      let empty = VectorFile(
        model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: hash, language: compiled.language,
        entries: [], vectors: [])
      return VectorFileBuilder.Outcome(file: empty, embedded: 0, reused: 0)
    }
  }

  /// The same engine ranking with `mode`'s signals (indexes and vectors shared, no reload).
  public func with(mode: RankingMode) -> IntentEngine {
    var ranker = ranker
    ranker.configuration.mode = mode
    return IntentEngine(ranker: ranker)
  }

  /// Analyses `request` once; `rank(_:top:)` and `resolve(_:…)` of the same analysis share it.
  public func analyze(_ request: String) -> AnalyzedRequest { compiled.analyze(request) }

  /// The discoverable intents ranked for `request`, best `top` first, with calibrated
  /// confidences, or "no match".
  /// - Complexity: see `Ranker.rank`: postings of the request's terms, one embedding, the
  ///   vectors' dot products, template matching of a bounded candidate set.
  public func rank(_ request: String, top: Int = 5) -> Ranking {
    ranker.rank(analyze(request), top: top)
  }
}
