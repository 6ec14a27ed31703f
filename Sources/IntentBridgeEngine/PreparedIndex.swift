import IntentBridgeCatalog
import IntentBridgeEmbedding
import IntentBridgeIndex
import IntentBridgeRanking

/// A catalog language ready to rank: its compiled catalog, the vectors and their index when
/// there is an embedder, and the ranking settings with the catalog's calibration (and tuning)
/// applied. The stage between the index file as read (`StoredIndex`) and the engine
/// (`IntentEngine(prepared:)`); `prepare` rebuilds (and writes) the index file when it does
/// not fit.
///
/// The load stages: catalog file (`CatalogLoader.decode`) → validated catalog
/// (`CatalogLoader.validate`) → compiled catalog (`CompiledCatalog`, or the one the index file
/// holds) → prepared index (this) → engine. Every file they read or write beside the catalog
/// is named by `SidecarFiles`.
struct PreparedIndex: Sendable {
  let compiled: CompiledCatalog
  let embedder: (any TextEmbedder)?
  /// The vectors' index (nil without an embedder).
  let vectorIndex: VectorIndex?
  /// The settings with the calibration and tuning applied.
  let configuration: RankingConfiguration

  /// The ranker over the prepared parts.
  var ranker: Ranker { Ranker(compiled: compiled, embedder: embedder, vectorIndex: vectorIndex, configuration: configuration) }

  /// `catalog` (valid) in `language`, from its index file as read (`stored`): the compiled
  /// catalog it holds or, failing that, the catalog compiled here; its vectors and calibration
  /// checked against `embedder`, the file rebuilt when they do not fit; the catalog's tuning
  /// file applied when `options.useTuning`.
  static func prepare(
    catalog: Catalog, language: String, files: SidecarFiles, stored index: StoredIndex, embedder: (any TextEmbedder)?,
    options: IntentEngine.Options, notice: (String) -> Void
  ) throws(IntentEngine.LoadError) -> PreparedIndex {
    let indexPath = files.index(for: embedder)
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
      configuration = Self.withEvidence(ConfidenceCalibrationFile(json: file.calibration).applied(to: configuration), embedder, compiled)
      // The encoder leads where its coverage is weighed, unless the signals were chosen.
      configuration.encoderLeads = options.signalsFromEvidence && configuration.embeddingWeighsCoverage
    } else {
      // Without a model only keywords (and templates) rank, with their own calibration.
      if configuration.mode == .hybrid { configuration.mode = .keyword }
      let models = keywordOnlyConfidence(compiled: compiled, path: indexPath, stored: stored, options: options, notice: notice)
      configuration = ConfidenceCalibrationFile(models: models, crossLingualShifts: [:]).applied(to: configuration)
    }
    if options.useTuning {
      configuration = IntentEngine.applyTuning(
        to: configuration, tuningPath: files.tuning, compiled: compiled, model: vectors?.model, notice: notice)
    }
    // The calibration and the tuning change weights and confidence, not what the vector
    // index was built with (near-duplicate threshold, int8 scan size).
    return PreparedIndex(compiled: compiled, embedder: embedder, vectorIndex: vectorIndex, configuration: configuration)
  }

  /// `configuration` with what `embedder` on `compiled`'s evidence decides whatever the signals
  /// chosen: coverage weighed where the transformer encoder leads (`embeddingWeighsCoverage`,
  /// `CatalogEvidence.encoderLeads`) and the keyword weight's scale (`keywordScale`,
  /// `CatalogEvidence.transformerKeywordScale`; 1 with any other embedder). The same for the
  /// fit at index time as for the ranking at load, so that the fitted models match the ranking.
  /// - Complexity: O(intents) with the transformer (the evidence read once), O(1) otherwise.
  static func withEvidence(
    _ configuration: RankingConfiguration, _ embedder: any TextEmbedder, _ compiled: CompiledCatalog
  ) -> RankingConfiguration {
    var out = configuration
    guard embedder is TransformerEncoder else {
      out.embeddingWeighsCoverage = false
      out.keywordScale = 1
      return out
    }
    let evidence = CatalogEvidence(compiled)
    out.embeddingWeighsCoverage = evidence.encoderLeads
    out.keywordScale = evidence.transformerKeywordScale
    return out
  }
}
