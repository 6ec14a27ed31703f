import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeSystem
import IntentBridgeTemplates
import IntentBridgeText

/// Ranks a catalog's intents for natural-language requests: BM25F keyword scoring fused with
/// embedding similarity and phrase-template matching, calibrated confidence and a real "no
/// match".
///
///     let compiled = CompiledCatalog(catalog: catalog, language: "en")
///     let ranker = Ranker(compiled: compiled, embedder: model, vectors: file)
///     ranker.rank(compiled.analyze("turn off the kitchen lights")).best?.intentID   // "HassTurnOff"
///
/// Built once per compiled catalog (immutable, `Sendable`); `rank` allocates only
/// per-request arrays.
/// - Complexity: `rank` is O(postings of the request terms + vectors × dimensions + n log k);
///   on indexes of `RankingConfiguration.int8ScanRows` rows or more the vectors are scanned in
///   8 bits and only the intents that could reach the first places are scored in floats.
package struct Ranker: Sendable {
  package let compiled: CompiledCatalog
  /// Settings; changing them (e.g. `mode`) on a copy is cheap, the indexes are shared.
  package var configuration: RankingConfiguration
  package let vectorIndex: VectorIndex?
  package let embedder: (any TextEmbedder)?
  /// Embeddings of the negative phrases' samples.
  let negativeVectors: [[Float]]

  package var catalog: Catalog { compiled.catalog }
  package var language: String { compiled.language }
  package var keywordIndex: KeywordIndex { compiled.keywordIndex }
  package var templates: IntentTemplates { compiled.templates }
  package var affinity: EntityAffinity { compiled.affinity }

  /// A ranker over `compiled`, with `vectors` (embedded by `embedder`) when given.
  package init(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)? = nil, vectors: VectorFile? = nil,
    configuration: RankingConfiguration = RankingConfiguration()
  ) {
    let vectorIndex = vectors.map { Self.vectorIndex($0, intentCount: compiled.catalog.intents.count, configuration: configuration) }
    self.init(compiled: compiled, embedder: embedder, vectorIndex: vectorIndex, configuration: configuration)
  }

  /// The vector index `init(compiled:embedder:vectors:configuration:)` builds from `vectors`
  /// for a catalog of `intentCount` intents (with the configuration's near-duplicate
  /// threshold and int8 scan size), for a caller that builds it ahead, e.g. beside decoding
  /// the compiled catalog.
  package static func vectorIndex(_ vectors: VectorFile, intentCount: Int, configuration: RankingConfiguration) -> VectorIndex {
    VectorIndex(
      file: vectors, intentCount: intentCount, nearDuplicate: Float(configuration.nearDuplicate), int8ScanRows: configuration.int8ScanRows)
  }

  /// A ranker over `vectorIndex` as `vectorIndex(_:intentCount:configuration:)` built it for
  /// this configuration (nil: no embeddings).
  package init(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)?, vectorIndex: VectorIndex?, configuration: RankingConfiguration
  ) {
    self.compiled = compiled
    self.configuration = configuration
    self.embedder = embedder
    self.vectorIndex = vectorIndex
    if let embedder, vectorIndex != nil, !compiled.negativeSamples.isEmpty {
      negativeVectors = (try? embedder.embed(compiled.negativeSamples, kind: .query)) ?? []
    } else {
      negativeVectors = []
    }
  }

  /// `rank(_:top:)` of `request` analysed by the compiled catalog.
  package func rank(_ request: String, top: Int = 5) -> Ranking { rank(compiled.analyze(request), top: top) }

  /// The confidence model of the configured signals (`RankingConfiguration.confidenceModels`).
  package var confidenceModel: ConfidenceModel { confidenceModel(configuration.mode) }

  package func confidenceModel(_ mode: RankingMode) -> ConfidenceModel { configuration.confidenceModels[mode] ?? .identity }

  /// The confidence features of `candidates[k]` as this ranker weighs them
  /// (`ConfidenceFeatures.of`): a `crossLingual` request's coverage reads
  /// `ConfidenceFeatures.crossLingualCoverage` where the embeddings weigh coverage
  /// (`RankingConfiguration.embeddingWeighsCoverage`).
  package func confidenceFeatures(_ k: Int, in candidates: [RankedIntent], crossLingual: Bool) -> [Double] {
    ConfidenceFeatures.of(k, in: candidates, crossLingual: crossLingual && configuration.embeddingWeighsCoverage)
  }

  /// The signals that rank `request`: a cross-lingual request (`AnalyzedRequest.foreignLanguage`)
  /// is ranked by embeddings alone when there are vectors, since the catalog's keywords and
  /// templates are in another language (docs/RANKING.md, "Languages") — when the embeddings'
  /// confidence was fitted for this catalog. A phrase-template grammar keeps the shipped
  /// calibration, which never saw cross-lingual requests (it answered 17 of 120 off-domain
  /// requests in other languages against the Chinese Home Assistant grammar), so there such
  /// a request is ranked like any other. With the transformer encoder on a catalog of example
  /// phrases or titles (`RankingConfiguration.encoderLeads`), every request is ranked by the
  /// embeddings alone (docs/RANKING.md, "The transformer encoder").
  package func signals(for request: AnalyzedRequest) -> RankingMode {
    if request.foreignLanguage != nil || configuration.encoderLeads, configuration.mode == .hybrid, vectorIndex != nil, embedder != nil,
      configuration.confidenceModels[.embedding] != nil
    {
      return .embedding
    }
    return configuration.mode
  }

  /// Ranks every discoverable intent for `request` (analysed once by the compiled catalog,
  /// for the keyword index, coverage, delexicalisation, template scores and entity
  /// affinity); returns the best `top`. The stages, one file each: base scores
  /// (`baseScores`), template evidence (`addTemplateEvidence`), the free-text reading
  /// (`readFreeText`), calibration (`calibrate`) and the decision (`decide`).
  ///
  /// `excluding` leaves one intent out, as if the catalog lacked it (a request near the
  /// catalog's domain that no remaining intent answers; `ConfidenceCalibration`).
  ///
  /// `embedding` is `embedQuery(request)` when already computed (the same request ranked
  /// again, e.g. with an intent excluded).
  ///
  /// `aligningFirst`: unless there is no match, the ranking also carries the answer's template
  /// alignment (`Ranking.alignment`), for a caller that fills it (`ParameterFiller`), so that
  /// it is aligned once.
  package func rank(
    _ request: AnalyzedRequest, top: Int = 5, excluding: Int? = nil, embedding: QueryEmbedding? = nil, aligningFirst: Bool = false
  ) -> Ranking {
    let mode = signals(for: request)
    // A candidate's confidence weighs its lead over the others among the first
    // `ConfidenceFeatures.window`: that many are ranked whatever `top` asks, so that the
    // confidence of a request does not depend on how many candidates are shown.
    // No more can be ranked than the catalog has intents: a larger `top` (`--top
    // 9223372036854775807`) is that count, so `top + 1` and reserved capacities stay small.
    let rankable = min(top, catalog.intents.count)
    let requested = max(1, rankable)
    var pass = baseScores(
      request, signals: mode, top: max(ConfidenceFeatures.window, rankable), excluding: excluding, embedding: embedding ?? embedQuery(request))
    addTemplateEvidence(&pass)
    var candidates = leaders(pass)
    readFreeText(&pass, candidates: &candidates)
    let model = confidenceModel(mode)
    // Ranked by embeddings because its language is not the catalog's (an encoder that leads
    // ranks a request in the catalog's language by embeddings too: not cross-lingual).
    let crossLingual = request.foreignLanguage != nil && mode == .embedding
    let calibration = calibrate(candidates, model: model, crossLingual: crossLingual)
    candidates = Array(calibration.candidates.prefix(requested))
    var ranking = Ranking(
      request: request.text, candidates: candidates,
      outcome: decide(
        candidates, uncapped: calibration.uncapped, inScope: calibration.inScope, model: model, crossLingual: crossLingual, query: pass.query))
    ranking.embeddingProblem = pass.embeddingProblem
    ranking.confidenceOrigin = model.origin
    ranking.inScope = calibration.inScope
    ranking.detectedLanguage = request.detectedLanguage.map { $0.isConfident ? $0.language : nil } ?? nil
    ranking.crossLingual = crossLingual
    ranking.alignment = pass.alignment
    if aligningFirst, !ranking.isNoMatch, let first = candidates.first {
      ranking.alignment = templates.alignment(
        request.prepared, intent: first.intentIndex, knownQuality: Float(first.templateScore), reusing: pass.alignment)
    }
    return ranking
  }

  /// The ranking's order: higher score first, then catalog order.
  static func precedes(_ a: (index: Int, score: Double), _ b: (index: Int, score: Double)) -> Bool {
    a.score != b.score ? a.score > b.score : a.index < b.index
  }

  /// The first `k` of `scored` in the order a full sort by score (descending), then index,
  /// gives them. - Complexity: O(n × log k) comparisons and O(n × k) moves at worst, O(n)
  /// when few scores beat the k-th (the usual case).
  static func first(_ k: Int, of scored: [(index: Int, score: Double)]) -> [(index: Int, score: Double)] {
    let before = precedes
    var best: [(index: Int, score: Double)] = []
    best.reserveCapacity(k + 1)
    for entry in scored {
      if best.count == k, let last = best.last, !before(entry, last) { continue }
      var low = 0
      var high = best.count
      while low < high {
        let mid = (low + high) / 2
        if before(best[mid], entry) { low = mid + 1 } else { high = mid }
      }
      best.insert(entry, at: low)
      if best.count > k { best.removeLast() }
    }
    return best
  }
}
