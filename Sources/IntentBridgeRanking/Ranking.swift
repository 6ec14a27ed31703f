import IntentBridgeIndex
import IntentBridgeTemplates

/// One intent's place in a ranking, with each signal's contribution (for `--explain`).
public struct RankedIntent: Sendable, Hashable {
  /// The intent's id.
  public var intentID: String
  /// The intent's position in the catalog's `intents`.
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
  /// `keywordScore` divided by the best keyword score any intent has for the request (0…1; 0 when
  /// none has one).
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
  /// Each signal's weight and what it added to `score`, as the ranker fused them.
  public var contributions = SignalContributions()
}

/// What each signal added to a candidate's fused score (`RankedIntent.score`), with the
/// weight it was added with: `weighted` = weight × the signal's value as the ranker used it
/// (the normalised keyword score, the cosine floored at 0, the template quality raised to
/// `RankingConfiguration.templatePower`). 0 for a signal that did not rank the request.
public struct SignalContributions: Sendable, Hashable {
  /// The keyword score's weight: `RankingConfiguration.keywordWeight`, a fifth of it with the
  /// transformer encoder on a tool list of descriptions (docs/RANKING.md).
  public var keywordWeight = 0.0
  /// `keywordWeight` × the BM25F score over the request's best (`RankedIntent.keywordNormalized`).
  public var keyword = 0.0
  /// `RankingConfiguration.embeddingWeight`.
  public var embeddingWeight = 0.0
  /// `embeddingWeight` × the embedding score floored at 0 (`RankedIntent.vectorScore`).
  public var embedding = 0.0
  /// `RankingConfiguration.templateWeight`.
  public var templateWeight = 0.0
  /// `templateWeight` × the template quality raised to `RankingConfiguration.templatePower`
  /// (`RankedIntent.templateScore`).
  public var template = 0.0
  /// Entity affinity (`RankingConfiguration.affinityWeight` × −1, 0 or +1) and the affinity
  /// tie boost, when given.
  public var affinity = 0.0
}

/// A request term found in an intent's fields: exactly, or as another indexed term (a typo,
/// a compound part) that counts with `weight` < 1.
public struct MatchedTerm: Sendable, Hashable {
  /// The request's term.
  public var request: String
  /// The intent's indexed term it matched.
  public var indexed: String
  /// 1 for an exact match; `RankingConfiguration.functionWordWeight` for a stop or function word,
  /// `fuzzyWeight` for a typo or compound part.
  public var weight: Double

  /// `term`, or `request→indexed` when the request's term matched another.
  public var shown: String { request == indexed ? request : "\(request)→\(indexed)" }
}

/// The answer for one request: candidates best first, and what the ranking concludes
/// (`outcome`: an answer, an ambiguous answer, or "no match").
public struct Ranking: Sendable {
  /// What a ranking concludes about its request; one value, so that the answer, the
  /// ambiguity and the reason for "no match" cannot disagree.
  public enum Outcome: Sendable, Hashable {
    /// The first candidate is the answer.
    case match
    /// The first candidate is the answer, and the candidates named (the answer first) fit
    /// the request, each on its own, at least 0.8 as well as it (`get_weather`,
    /// `get_weather_by_city` for "weather in Paris tomorrow"): which of them is meant the
    /// ranking cannot tell, so a caller should ask or show them all. Never when the answer's
    /// confidence is 0.9 or more.
    case ambiguous([String])
    /// No intent fits (low confidence, likelier outside the catalog, a negative phrase, or no
    /// discoverable intent), and why, for explanations.
    case noMatch(reason: String)
  }

  /// The request text, as given.
  public var request: String
  /// Best first; ties broken by catalog order. Empty only for an empty catalog.
  public var candidates: [RankedIntent]
  /// What the ranking concludes.
  public var outcome: Outcome
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
  /// The template alignment the ranking made of a candidate (the free-text reading it put
  /// first, or the first candidate when asked), for filling to reuse.
  package var alignment: IntentAlignment?

  /// True when no intent fits (`Outcome.noMatch`).
  public var isNoMatch: Bool {
    if case .noMatch = outcome { return true }
    return false
  }

  /// Why there is no match (`Outcome.noMatch`), nil otherwise.
  public var noMatchReason: String? {
    if case .noMatch(let reason) = outcome { return reason }
    return nil
  }

  /// The intents of an ambiguous answer (`Outcome.ambiguous`), the answer first; empty
  /// otherwise.
  public var ambiguous: [String] {
    if case .ambiguous(let intents) = outcome { return intents }
    return []
  }

  /// The chosen intent, nil for no match.
  public var best: RankedIntent? { isNoMatch ? nil : candidates.first }
}
