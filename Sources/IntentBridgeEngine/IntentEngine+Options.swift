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

extension IntentEngine {
  /// How an engine is loaded: the catalog language, the embeddings, what happens to the index
  /// file, the ranking settings.
  public struct Options: Sendable {
    /// Where the engine's embeddings come from.
    public enum Embedding: Sendable {
      /// No embeddings: keyword scoring and templates only.
      case none
      /// The in-process static model in this folder (nil = the default model, see `ModelLocator`).
      case staticModel(directory: String?)
      /// The in-process transformer encoder in this folder (nil = the default encoder,
      /// `Models/e5small-q4-latcjk`; `--encoder transformer`).
      case transformer(directory: String?)
      /// The default model the catalog ranks best with, decided by its kind of evidence
      /// (docs/RANKING.md, "Choosing the encoder"): the transformer encoder for catalogs of
      /// phrases, titles or descriptions without entity instances, the static model for
      /// template grammars and catalogs with entity instances. The static model also for a
      /// catalog of more than a million characters of text (`CatalogEvidence`'s budget:
      /// minutes to index with the transformer), when `INTENTBRIDGE_MODEL` names one, or when
      /// the default transformer encoder is not found. The `intentbridge` commands' default (`--encoder auto`).
      case automatic
      /// An OpenAI-compatible `/v1/embeddings` endpoint.
      case endpoint(EndpointEmbedder.Configuration)
      /// An embedder already loaded (e.g. another language's engine's, so that the engines of
      /// one catalog share one model).
      case loaded(any TextEmbedder)
    }

    /// The catalog language to use (a language the catalog declares, or one of the same
    /// primary language); nil = the catalog's default language.
    public var language: String?
    /// Where embeddings come from (default: the in-process static model, found by `ModelLocator`).
    public var embedding: Embedding = .staticModel(directory: nil)
    /// When the index file is missing, stale or built with another model or engine: rebuild
    /// it (true) or fail (false, `--no-rebuild`).
    public var rebuildIndex = true
    /// Write rebuilt index files next to the catalog (false keeps them in memory only).
    public var writeIndex = true
    /// The ranking settings; a tuning file in use replaces their fusion weights and confidence
    /// models.
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

    /// The defaults: the catalog's default language, the static model, index files rebuilt and
    /// written, tuning used.
    public init() {}
  }

  /// Why an engine could not be loaded.
  public enum LoadError: Error, Sendable, CustomStringConvertible {
    /// The catalog did not validate; the diagnostics say where and why.
    case invalidCatalog([Diagnostic])
    /// `Options.language` names a language the catalog does not declare.
    case unknownLanguage(requested: String, declared: [String])
    /// No model folder was given (nor `INTENTBRIDGE_MODEL`) and the default static embedding model
    /// was not found.
    case modelNotFound
    /// No encoder folder was given and the default transformer encoder was not found.
    case encoderNotFound
    /// The embedding model or encoder in the given folder could not be loaded; the message says
    /// which and why.
    case model(String)
    /// The embeddings endpoint failed (probing it, or embedding the catalog).
    case endpoint(EndpointEmbedder.Failure)
    /// The index file at `path` is missing, unreadable or stale (`problem`) and
    /// `Options.rebuildIndex` is false.
    case indexFile(path: String, problem: String)

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

  /// `embedding` with `.automatic` decided for `catalog` in `language`
  /// (`CatalogEvidence.autoChoosesTransformer`); any other embedding as it is.
  /// - Complexity: O(phrases of `catalog`) for `.automatic`, O(1) otherwise.
  package static func resolved(_ embedding: Options.Embedding, for catalog: Catalog, language: String) -> Options.Embedding {
    guard case .automatic = embedding else { return embedding }
    guard ModelLocator.modelFromEnvironment == nil, CatalogEvidence.autoChoosesTransformer(catalog, language: language),
      ModelLocator.locateEncoder() != nil
    else { return .staticModel(directory: nil) }
    return .transformer(directory: nil)
  }

  /// The embedder `embedding` names (nil: keyword signals only; `.automatic` not yet decided
  /// for a catalog: the static model).
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
    case .automatic:
      return try makeEmbedder(.staticModel(directory: nil))
    case .staticModel(let directory):
      guard let modelDirectory = ModelLocator.locate(explicit: directory) else { throw .modelNotFound }
      do {
        return try StaticEmbeddingModel(directory: modelDirectory)
      } catch {
        throw .model("cannot load the embedding model in \(modelDirectory): \(error)")
      }
    }
  }
}
