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

/// The engine of one catalog language: the catalog compiled for it, with its embedding model
/// and vectors, ready to rank and resolve requests. The library's door is `CatalogEngines`,
/// which holds one engine per catalog language and answers each request in its own; the CLI,
/// the MCP server and evaluation are thin layers over it. An engine alone serves a catalog of
/// one language, or a language chosen up front:
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

  /// The engine of a prepared catalog language (the last load stage).
  init(prepared: PreparedIndex) { self.init(ranker: prepared.ranker) }

  package init(ranker: Ranker) {
    compiled = ranker.compiled
    self.ranker = ranker
    filler = ParameterFiller(catalog: ranker.catalog, templates: ranker.templates, language: ranker.language)
  }

  /// The same engine ranking with `mode`'s signals (indexes and vectors shared, no reload).
  public func with(mode: RankingMode) -> IntentEngine {
    var ranker = ranker
    ranker.configuration.mode = mode
    return IntentEngine(ranker: ranker)
  }

  /// Analyses `request` once; `rank(_:top:)` and `resolve(_:…)` of the same analysis share it.
  package func analyze(_ request: String, reading: LanguageDetector.Reading? = nil) -> AnalyzedRequest {
    compiled.analyze(request, reading: reading)
  }

  /// The discoverable intents ranked for `request`, best `top` first, with calibrated
  /// confidences, or "no match".
  /// - Complexity: see `Ranker.rank`: postings of the request's terms, one embedding, the
  ///   vectors' dot products, template matching of a bounded candidate set.
  public func rank(_ request: String, top: Int = 5) -> Ranking {
    rank(request, top: top, reading: nil)
  }

  /// `rank(_:top:)` with the language detector's reading of `request` already made (choosing
  /// the catalog language: `CatalogEngines`).
  package func rank(_ request: String, top: Int = 5, reading: LanguageDetector.Reading?) -> Ranking {
    ranker.rank(analyze(request, reading: reading), top: top)
  }
}
