import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeEmbedding
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeRanking

/// The index file of one catalog language as read (the stage between the compiled catalog
/// and `PreparedIndex`): its contents, or why they cannot be used, and the compiled catalog it
/// holds when that is fresh for the catalog.
struct StoredIndex: Sendable {
  var contents: Result<IndexFile.Contents, IndexFile.Problem>
  var compiled: CompiledCatalog?
  /// The file's vectors when they fit the embedder, catalog and language, and their index
  /// (built beside the compiled catalog's templates).
  var vectors: (file: VectorFile, index: VectorIndex)?

  /// The index file at `path` as read and integrity-checked (`IndexFile.read`; with `vectors`
  /// false its rows are not copied), or why it cannot be used. Needs no catalog, so it may
  /// run while the catalog is validated.
  static func read(path: String, vectors: Bool) -> Result<IndexFile.Contents, IndexFile.Problem> {
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
  init(
    _ stored: Result<IndexFile.Contents, IndexFile.Problem>, catalog: Catalog, language: String, options: IntentEngine.Options,
    embedder: (any TextEmbedder)?
  ) {
    guard case .success(let contents) = stored, Self.isFresh(contents, catalog: catalog, language: language),
      let bytes = contents.vectors.compiledCatalog
    else {
      self.init(contents: stored, compiled: nil, vectors: nil)
      return
    }
    // The vectors, when they fit, are indexed on the second core while the templates decode.
    let ranking = options.ranking
    let indexVectors: @Sendable () -> (file: VectorFile, index: VectorIndex)? = {
      guard let embedder, (try? Self.checkVectors(contents, catalog: catalog, language: language, embedder: embedder)) != nil else {
        return nil
      }
      return (contents.vectors, Ranker.vectorIndex(contents.vectors, intentCount: catalog.intents.count, configuration: ranking))
    }
    do {
      let (compiled, vectors) = try CompiledCatalog.stored(
        bytes, catalog: catalog, language: language, keyword: options.ranking.keyword, beside: indexVectors)
      self.init(contents: stored, compiled: compiled, vectors: vectors ?? nil)
    } catch {
      self.init(contents: .failure(.corrupt("its compiled catalog does not read (\(error.message))")), compiled: nil, vectors: nil)
    }
  }

  init(contents: Result<IndexFile.Contents, IndexFile.Problem>, compiled: CompiledCatalog?, vectors: (file: VectorFile, index: VectorIndex)?) {
    self.contents = contents
    self.compiled = compiled
    self.vectors = vectors
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

  /// Whether `contents` were built by this engine format for this catalog and language
  /// (whatever the model).
  static func isFresh(_ contents: IndexFile.Contents, for compiled: CompiledCatalog) -> Bool {
    isFresh(contents, catalog: compiled.catalog, language: compiled.language)
  }

  static func isFresh(_ contents: IndexFile.Contents, catalog: Catalog, language: String) -> Bool {
    contents.engine == VectorFileBuilder.engineFormat && contents.vectors.catalogHash == catalog.contentHash
      && contents.vectors.language == language
  }

  /// Where in an index file's calibration the keyword-only confidence is kept.
  static let keywordOnlyKey = "keywordOnly"
}
