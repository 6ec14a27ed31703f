import IntentBridgeEngine

/// What one ranking mode answered for one labelled request.
public struct RowOutcome: Sendable, Hashable {
  /// The chosen intent, nil for "no match".
  public var predicted: String?
  /// The chosen intent's confidence (0…1); for "no match", the first-ranked intent's (0 when
  /// nothing was ranked).
  public var confidence: Double
  /// The confidence of the first-ranked intent (the reliability diagram's), nil when nothing
  /// was ranked. Differs from `confidence` only when the answer was forced.
  public var firstRankedConfidence: Double?
  /// Every ranked candidate, best first, including those below the no-match threshold
  /// (recall@k, MRR and nDCG look at this list).
  public var ranked: [String]
  /// The filled call of the chosen intent.
  public var arguments: JSONObject
  /// Argument pairs scored against the row (`ArgumentScoring`).
  public var argumentCounts: ArgumentScoring.Counts
  /// Rank + fill time in milliseconds.
  public var latencyMilliseconds: Double

  /// An outcome; `firstRankedConfidence` defaults to `confidence` when something was ranked, else
  /// nil.
  public init(
    predicted: String?, confidence: Double, firstRankedConfidence: Double? = nil, ranked: [String], arguments: JSONObject = JSONObject(),
    argumentCounts: ArgumentScoring.Counts = ArgumentScoring.Counts(), latencyMilliseconds: Double = 0
  ) {
    self.predicted = predicted
    self.confidence = confidence
    self.firstRankedConfidence = firstRankedConfidence ?? (ranked.isEmpty ? nil : confidence)
    self.ranked = ranked
    self.arguments = arguments
    self.argumentCounts = argumentCounts
    self.latencyMilliseconds = latencyMilliseconds
  }
}
