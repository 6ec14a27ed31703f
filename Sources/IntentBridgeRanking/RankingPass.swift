import IntentBridgeIndex
import IntentBridgeTemplates

/// One request's working state as `Ranker.rank`'s stages hand it on: base scores
/// (`Ranker+BaseScores`), template evidence (`Ranker+TemplateEvidence`), the free-text reading
/// (`Ranker+FreeTextReading`), calibration (`Ranker+Calibration`) and the decision
/// (`Ranker+Decision`). Lives for one `rank` call.
struct RankingPass {
  let request: AnalyzedRequest
  /// The signals that rank the request (`Ranker.signals(for:)`).
  let signals: RankingMode
  /// Places ranked: at least `ConfidenceFeatures.window`, whatever the caller shows.
  let top: Int
  /// The request's terms found in the keyword index, and every intent's BM25F score.
  let terms: [KeywordIndex.MatchedTerm]
  let keyword: [Double]
  let maxKeyword: Double
  /// The request's content terms (`Ranker.analyzedTerms`), for coverage.
  let requestTerms: Set<String>
  /// The query vector and why the embedding failed, if it did.
  let query: [Float]?
  let embeddingProblem: String?
  /// Every intent's embedding score (estimates made exact where the ranking looks).
  var vector: [Float]?
  var estimate: EstimatedVectorScores?
  /// Intents with their fused scores; cut to the first places when no template step follows.
  var scored: [(index: Int, score: Double)]
  /// Entity affinity per intent (−1, 0, +1), when it was added.
  var affinities: [Int8]
  let fusion: BaseFusion
  /// Whether the template step runs.
  let matchesTemplates: Bool
  /// Every intent's best template quality, as far as the first places need it.
  var template: [Float]
  /// Intents whose template quality was left unknown, being below the floor given (so they
  /// cannot reach the first places).
  var floors: [Int: Float] = [:]
  var arena = TemplateArena()
  /// The template quality from which an intent with positive affinity got the affinity tie
  /// boost, nil when none did.
  var tieBoostQuality: Float?
  /// The alignment made for the free-text reading put first.
  var alignment: IntentAlignment?

  /// The fused score of intent `index` without templates (a cut `scored` does not hold every
  /// intent): 0 when it is not in `scored`.
  func score(of index: Int) -> Double { scored.first { $0.index == index }?.score ?? 0 }
}
