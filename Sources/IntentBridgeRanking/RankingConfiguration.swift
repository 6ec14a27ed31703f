import IntentBridgeIndex

/// The tunable settings of ranking, with the defaults the documented figures were measured
/// with (docs/RANKING.md).
///
/// Fusion: `score = embeddingWeight · cosine + keywordWeight · bm25 / max(bm25) +
/// templateWeight · template match quality`, all per request. Confidence: `σ(slope · (score − scoreOffset) + marginSlope · margin)` where
/// `margin` is the score gap to the runner-up; "no match" when the best confidence is below
/// `noMatchThreshold`.
public struct RankingConfiguration: Sendable, Hashable {
  public var keyword = KeywordIndex.Configuration()
  public var embeddingWeight: Double = 1.0
  public var keywordWeight: Double = 0.3
  /// Weight of the best phrase-template match quality (0…1) of the intent.
  public var templateWeight: Double = 1.0
  /// Templates are matched for this many intents, the best by keyword + embedding score…
  public var templateCandidates: Int = 6
  /// …plus this many, the best by an optimistic bound of their template match.
  public var templateBoundCandidates: Int = 6
  public var slope: Double = 12
  public var scoreOffset: Double = 0.75
  public var marginSlope: Double = 8
  public var noMatchThreshold: Double = 0.35
  /// A request at least this similar (cosine) to a negative phrase, and more similar to it
  /// than to every intent, gets no match.
  public var negativePhraseSimilarity: Double = 0.85

  public init() {}
}
