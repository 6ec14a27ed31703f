import IntentBridgeEngine

/// What one ranking mode answered for one labelled request.
public struct RowOutcome: Sendable, Hashable {
  /// The chosen intent, nil for "no match".
  public var predicted: String?
  public var confidence: Double
  /// Every ranked candidate, best first, including those below the no-match threshold
  /// (recall@k, MRR and nDCG look at this list).
  public var ranked: [String]
  /// The filled call of the chosen intent.
  public var arguments: JSONObject
  /// Argument pairs scored against the row (`ArgumentScoring`).
  public var argumentCounts: ArgumentScoring.Counts
  /// Rank + fill time in milliseconds.
  public var latencyMilliseconds: Double

  public init(
    predicted: String?, confidence: Double, ranked: [String], arguments: JSONObject = JSONObject(),
    argumentCounts: ArgumentScoring.Counts = ArgumentScoring.Counts(), latencyMilliseconds: Double = 0
  ) {
    self.predicted = predicted
    self.confidence = confidence
    self.ranked = ranked
    self.arguments = arguments
    self.argumentCounts = argumentCounts
    self.latencyMilliseconds = latencyMilliseconds
  }
}
