import FoundationEssentials
import IntentBridgeCatalog
import IntentBridgeEmbedding
import IntentBridgeIndex
import IntentBridgeRanking
import IntentBridgeTemplates

/// The library's front door: a catalog with its embedding model and vector file, ready to
/// rank requests. The CLI and the MCP server are thin layers over it.
///
///     let engine = try IntentEngine.load(catalogPath: "notes.en.json", options: .init())
///     engine.rank("add milk to my shopping list").best?.intentID
public struct IntentEngine: Sendable {
  public struct Options: Sendable {
    public enum Embedding: Sendable {
      /// No embeddings: keyword scoring only.
      case none
      /// The in-process static model in this folder (nil = the default model, see `ModelLocator`).
      case staticModel(directory: String?)
      /// An OpenAI-compatible `/v1/embeddings` endpoint.
      case endpoint(EndpointEmbedder.Configuration)
    }

    public var language: String?
    public var embedding: Embedding = .staticModel(directory: nil)
    /// When the vector file is missing, stale or built with another model: rebuild it
    /// (true) or fail (false, `--no-rebuild`).
    public var rebuildVectors = true
    /// Write rebuilt vector files next to the catalog (false keeps them in memory only).
    public var writeVectors = true
    public var ranking = RankingConfiguration()

    public init() {}
  }

  public enum LoadError: Error, Sendable, CustomStringConvertible {
    case invalidCatalog([Diagnostic])
    case modelNotFound
    case model(String)
    case endpoint(EndpointEmbedder.Failure)
    case vectorFile(path: String, problem: VectorFile.Problem)

    public var description: String {
      switch self {
      case .invalidCatalog(let diagnostics): diagnostics.errors.map(\.description).joined(separator: "\n")
      case .modelNotFound:
        "the default embedding model was not found; pass --model DIR, set INTENTBRIDGE_MODEL, or use --no-embeddings"
      case .model(let message): message
      case .endpoint(let failure): "embeddings endpoint: \(failure)"
      case .vectorFile(let path, let problem): "\(path) \(problem) (run 'intentbridge index', or drop --no-rebuild)"
      }
    }
  }

  public let catalog: Catalog
  public let ranker: Ranker
  public let language: String

  /// An engine over a ranker built elsewhere (e.g. the MCP server's), in its language.
  public init(catalog: Catalog, ranker: Ranker) {
    self.init(catalog: catalog, ranker: ranker, language: ranker.language)
  }

  init(catalog: Catalog, ranker: Ranker, language: String) {
    self.catalog = catalog
    self.ranker = ranker
    self.language = language
  }

  /// Loads the catalog, the model and the vector file. Notices (a rebuilt vector file) go to
  /// `notice`, e.g. standard error.
  public static func load(catalogPath: String, options: Options, notice: (String) -> Void = { _ in }) throws(LoadError) -> IntentEngine {
    let result = CatalogLoader.load(path: catalogPath)
    guard let catalog = result.validCatalog else { throw .invalidCatalog(result.diagnostics) }
    return try load(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice)
  }

  /// The same for a catalog already loaded from `catalogPath` (its vector file sits beside it),
  /// e.g. one engine per language of one catalog.
  public static func load(
    catalog: Catalog, catalogPath: String, options: Options, notice: (String) -> Void = { _ in }
  ) throws(LoadError) -> IntentEngine {
    let language = options.language ?? catalog.defaultLanguage
    var embedder: (any TextEmbedder)?
    var vectors: VectorFile?
    if case .endpoint(let configuration) = options.embedding {
      let endpoint: EndpointEmbedder
      do {
        endpoint = try EndpointEmbedder(configuration: configuration)
      } catch {
        throw .endpoint(error)
      }
      embedder = endpoint
      vectors = try loadVectors(catalog: catalog, catalogPath: catalogPath, language: language, embedder: endpoint, options: options, notice: notice)
    }
    if case .staticModel(let directory) = options.embedding {
      guard let modelDirectory = ModelLocator.locate(explicit: directory) else { throw .modelNotFound }
      let model: StaticEmbeddingModel
      do {
        model = try StaticEmbeddingModel(directory: modelDirectory)
      } catch {
        throw .model("cannot load the embedding model in \(modelDirectory): \(error)")
      }
      embedder = model
      vectors = try loadVectors(catalog: catalog, catalogPath: catalogPath, language: language, embedder: model, options: options, notice: notice)
    }
    let ranker = Ranker(catalog: catalog, language: language, embedder: embedder, vectors: vectors, configuration: options.ranking)
    return IntentEngine(catalog: catalog, ranker: ranker, language: language)
  }

  /// Reads and checks the vector file; rebuilds it (with a notice) when it is missing,
  /// stale, foreign or corrupt, unless `rebuildVectors` is false.
  static func loadVectors(
    catalog: Catalog, catalogPath: String, language: String, embedder: any TextEmbedder, options: Options, notice: (String) -> Void
  ) throws(LoadError) -> VectorFile {
    let path = VectorFile.path(forCatalog: catalogPath, language: language)
    let problem: VectorFile.Problem
    do {
      let file = try VectorFile.read(path: path)
      try file.check(model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: catalog.contentHash, language: language)
      return file
    } catch {
      problem = error
    }
    let exists = FileManager.default.fileExists(atPath: path)
    guard options.rebuildVectors else { throw .vectorFile(path: path, problem: problem) }
    let file = buildVectors(catalog: catalog, language: language, embedder: embedder)
    if exists { notice("notice: \(path) \(problem); rebuilt it") }
    if options.writeVectors {
      do {
        try file.write(path: path)
        if !exists { notice("notice: wrote \(path)") }
      } catch {
        notice("notice: could not write \(path) (\(error)); using the vectors in memory")
      }
    }
    return file
  }

  public static func buildVectors(catalog: Catalog, language: String, embedder: any TextEmbedder) -> VectorFile {
    let analyzer = Ranker.analyzer(catalog: catalog, language: language)
    let templates = IntentTemplates(catalog: catalog, language: language, analyzer: analyzer)
    let documents = catalog.intents.enumerated().map {
      IntentDocument(intent: $0.element, index: $0.offset, catalog: catalog, language: language, delexicalize: templates.delexicalize)
    }
    // The static model does not throw; an endpoint embedder's failure leaves no vectors.
    return (try? VectorFileBuilder.build(documents: documents, catalog: catalog, language: language, embedder: embedder))
      ?? VectorFile(model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: catalog.contentHash, language: language, entries: [], vectors: [])
  }

  /// The same engine ranking with `mode`'s signals (indexes and vectors shared, no reload).
  public func with(mode: RankingMode) -> IntentEngine {
    var ranker = ranker
    ranker.configuration.mode = mode
    return IntentEngine(catalog: catalog, ranker: ranker, language: language)
  }

  public func rank(_ request: String, top: Int = 5) -> Ranking {
    ranker.rank(request, top: top)
  }
}
