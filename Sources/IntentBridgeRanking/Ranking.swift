import IntentBridgeIndex
import IntentBridgeTemplates

/// One intent's place in a ranking, with each signal's contribution (for `--explain`).
public struct RankedIntent: Sendable, Hashable {
  public var intentID: String
  public var intentIndex: Int
  /// Calibrated probability that this intent is the right one (`ConfidenceModel`).
  public var confidence: Double
  /// The confidence its own signals give before the catalog's calibration
  /// (`RankingConfiguration.Calibration`); the calibration's main feature.
  public var evidence: Double
  /// The fused score the ranking is sorted by.
  public var score: Double
  /// Raw BM25F score and its per-request normalised value (score / best score).
  public var keywordScore: Double
  public var keywordNormalized: Double
  /// Best cosine similarity to the intent's vectors (nil without embeddings).
  public var vectorScore: Double?
  /// Best phrase-template match quality (0…1; 0 without templates).
  public var templateScore: Double
  /// Share of the request's distinct terms found in the intent's fields (0…1).
  public var coverage: Double
  /// Request terms found in the intent's fields.
  public var matchedTerms: [MatchedTerm]
  /// Entity affinity (−1, 0, +1; see `EntityAffinity`).
  public var affinity: Int = 0
  /// The free-text template that reads the whole request, when that reading put this
  /// candidate first (docs/RANKING.md, "Free-text readings").
  public var wholeReading: String?
}

/// A request term found in an intent's fields: exactly, or as another indexed term (a typo,
/// a compound part) that counts with `weight` < 1.
public struct MatchedTerm: Sendable, Hashable {
  /// The request's term.
  public var request: String
  /// The intent's indexed term it matched.
  public var indexed: String
  public var weight: Double

  /// `term`, or `request→indexed` when the request's term matched another.
  public var shown: String { request == indexed ? request : "\(request)→\(indexed)" }
}

/// The answer for one request: candidates best first, or "no match".
public struct Ranking: Sendable {
  public var request: String
  /// Best first; ties broken by catalog order. Empty only for an empty catalog.
  public var candidates: [RankedIntent]
  /// True when no intent fits: low confidence, or the request matches a negative phrase.
  public var isNoMatch: Bool
  /// Why there is no match, for explanations.
  public var noMatchReason: String?
  /// Set when the request could not be embedded (e.g. an endpoint failed).
  public var embeddingProblem: String?
  /// Where the confidences' calibration comes from.
  public var confidenceOrigin: ConfidenceModel.Origin = .shipped
  /// How likely the request is in the catalog's domain at all (1 with the shipped calibration).
  public var inScope: Double = 1
  /// The language the request was confidently detected in (a primary subtag), if any.
  public var detectedLanguage: String?
  /// Whether it was ranked as a cross-lingual request (embeddings only; docs/RANKING.md).
  public var crossLingual = false
  /// The answer and the candidates right after it that fit the request, each on its own, at
  /// least 0.8 as well as it (`get_weather`, `get_weather_by_city` for "weather in Paris
  /// tomorrow"): which of them is meant the ranking cannot tell, so a caller should ask or
  /// show them all. Empty when one intent leads, when the answer's confidence is 0.9 or more,
  /// and for "no match".
  public var ambiguous: [String] = []

  /// The chosen intent, nil for no match.
  public var best: RankedIntent? { isNoMatch ? nil : candidates.first }
}
