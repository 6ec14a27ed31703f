import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeEmbedding
import IntentBridgeIndex
import IntentBridgeRanking

/// Loading an engine through the stages of `PreparedIndex`: the catalog file, read and
/// validated while the model loads and the index file is read, then prepared.
extension IntentEngine {
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
  /// catalog is valid). For `.automatic` the decoded catalog decides the model, so the model
  /// loads beside the validation instead, before the index file is read. `options` come back
  /// with the embedder loaded (`.loaded`), so that the other engines of the catalog start
  /// from it. An invalid catalog is reported before any model or language error.
  package static func loadCatalogAndEngine(
    catalogPath: String, options: Options, notice: (String) -> Void
  ) throws(LoadError) -> (catalog: Catalog, options: Options, engine: IntentEngine) {
    var options = options
    let decoded: DecodedCatalog
    // nil: the model is still to load (`.automatic`, decided by the decoded catalog).
    var embedder: Result<(any TextEmbedder)?, LoadError>?
    if case .automatic = options.embedding {
      decoded = CatalogLoader.decode(path: catalogPath)
      if let catalog = decoded.catalog, let language = try? declaredLanguage(options.language, of: catalog) {
        options.embedding = resolved(options.embedding, for: catalog, language: language)
      } else {
        // The catalog or its language is reported below; no model was chosen to load.
        embedder = .success(nil)
      }
    } else {
      let embedding = options.embedding
      let loaded: Result<(any TextEmbedder)?, LoadError>
      (decoded, loaded) = sideBySide {
        CatalogLoader.decode(path: catalogPath)
      } _: {
        Self.loadModel(embedding)
      }
      embedder = loaded
    }
    // The index file is read beside the validation once the catalog and its language are
    // known; otherwise the validation runs alone and decides what is reported.
    guard let catalog = decoded.catalog, !decoded.diagnostics.hasErrors,
      let language = try? declaredLanguage(options.language, of: catalog)
    else {
      let result = CatalogLoader.validate(decoded)
      guard let catalog = result.validCatalog else { throw .invalidCatalog(result.diagnostics) }
      if let loaded = try (embedder ?? Self.loadModel(options.embedding)).get() { options.embedding = .loaded(loaded) }
      return (catalog, options, try load(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice))
    }
    let files = SidecarFiles(catalogPath: catalogPath, language: language)
    let indexPath = files.index(for: options.embedding)
    // The model, when `.automatic` left it to load, loads before the index file is read
    // (whether it has vectors decides what is read), beside the validation.
    let (result, (model, stored)) = sideBySide {
      CatalogLoader.validate(decoded)
    } _: { [embedder, embedding = options.embedding] in
      let model = embedder ?? Self.loadModel(embedding)
      return (model, StoredIndex.read(path: indexPath, vectors: (try? model.get()) != nil))
    }
    guard let catalog = result.validCatalog else { throw .invalidCatalog(result.diagnostics) }
    let loaded = try model.get()
    let index = StoredIndex(stored, catalog: catalog, language: language, options: options, embedder: loaded)
    if let loaded { options.embedding = .loaded(loaded) }
    let prepared = try PreparedIndex.prepare(
      catalog: catalog, language: language, files: files, stored: index, embedder: loaded, options: options, notice: notice)
    return (catalog, options, IntentEngine(prepared: prepared))
  }

  /// `makeEmbedder(embedding)` as a result, to be carried out of a side-by-side stage.
  private static func loadModel(_ embedding: Options.Embedding) -> Result<(any TextEmbedder)?, LoadError> {
    do throws(LoadError) { return .success(try makeEmbedder(embedding)) } catch { return .failure(error) }
  }

  /// The same for a catalog already loaded from `catalogPath` (its index file sits beside it),
  /// e.g. one engine per language of one catalog.
  public static func load(
    catalog: Catalog, catalogPath: String, options: Options = Options(), notice: (String) -> Void = { _ in }
  ) throws(LoadError) -> IntentEngine {
    let language = try declaredLanguage(options.language, of: catalog)
    let embedder = try makeEmbedder(resolved(options.embedding, for: catalog, language: language))
    let files = SidecarFiles(catalogPath: catalogPath, language: language)
    let stored = StoredIndex.read(path: files.index(for: embedder), vectors: embedder != nil)
    let index = StoredIndex(stored, catalog: catalog, language: language, options: options, embedder: embedder)
    return IntentEngine(
      prepared: try PreparedIndex.prepare(
        catalog: catalog, language: language, files: files, stored: index, embedder: embedder, options: options, notice: notice))
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

  /// Where the index file of the catalog at `catalogPath` in `language` lives (beside it).
  public static func indexFilePath(catalogPath: String, language: String) -> String {
    SidecarFiles(catalogPath: catalogPath, language: language).index
  }

  /// The index file for an engine with `embedder`: the transformer encoder's vectors are kept
  /// in a file of their own (`IndexFile.transformerPath`), the static model's, an endpoint's
  /// and the keyword-only file share `indexFilePath(catalogPath:language:)`.
  public static func indexFilePath(catalogPath: String, language: String, embedder: (any TextEmbedder)?) -> String {
    SidecarFiles(catalogPath: catalogPath, language: language).index(for: embedder)
  }

  /// "N vectors × D dimensions, model M" of the index file at `path`; nil when it does not read.
  public static func indexFileSummary(path: String) -> String? {
    guard let file = try? IndexFile.read(path: path).vectors else { return nil }
    return "\(file.entries.count) vectors × \(file.dimensions) dimensions, model \(file.model)"
  }
}
