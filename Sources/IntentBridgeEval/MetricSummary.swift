/// The figures docs/EVAL.md asks for, over a set of rows of one mode (all rows, one language, one
/// tag). Ratios are nil where they are undefined (no rows of that kind).
///
/// - `top1`: share of all rows answered right: an acceptable intent for intent rows, "no
///   match" for `null` rows.
/// - `recall@k`, `mrr`, `ndcg@10`: over intent rows, on the full ranking (see `RankingMetrics`).
/// - no-match precision and recall: "no match" answers that were right / all "no match"
///   answers, and / all `null` rows.
/// - argument precision, recall, F1: over (name, value) pairs of all rows (`ArgumentScoring`).
/// - `exactFrame`: right intent (or right "no match") and the row's arguments exactly.
/// - `calibrationError`: the expected calibration error of the first-ranked intent's confidence
///   (`ReliabilityDiagram`, over all rows).
public struct MetricSummary: Sendable, Hashable {
  /// Rows added.
  public var requests = 0
  /// Rows that expect an intent (not `null` rows).
  public var intentRequests = 0
  /// `null` rows: rows that expect "no match".
  public var noMatchRequests = 0
  /// Rows answered right: an acceptable intent for intent rows, "no match" for `null` rows.
  public var correct = 0
  /// Rows answered right whose arguments were exactly right too (`ArgumentScoring.Counts.isExact`).
  public var exactFrames = 0
  /// Intent rows with an acceptable intent in the first k, per k.
  public var recalled: [Int: Int] = [:]
  /// The sum over intent rows of 1 / rank of the first acceptable intent (0 when not ranked).
  public var reciprocalRankSum = 0.0
  /// The sum over intent rows of nDCG@10.
  public var ndcgSum = 0.0
  /// Rows answered "no match", right or wrong.
  public var predictedNoMatch = 0
  /// `null` rows answered "no match".
  public var correctNoMatch = 0
  /// The argument pairs of all rows, summed.
  public var argumentCounts = ArgumentScoring.Counts()
  /// Each row's rank + fill time in milliseconds, in the order the rows were added.
  public var latencies: [Double] = []
  /// Confidence of the first-ranked intent against whether it was right (`ReliabilityDiagram`).
  public var reliability = ReliabilityDiagram()

  /// An empty summary: no rows, every ratio nil.
  public init() {}

  /// Adds one row. - Complexity: O(ranked + ks).
  public mutating func add(_ request: LabelledRequest, _ outcome: RowOutcome, ks: [Int]) {
    requests += 1
    let right = request.intent.accepts(outcome.predicted)
    if right { correct += 1 }
    if outcome.predicted == nil { predictedNoMatch += 1 }
    switch request.intent {
    case .noMatch:
      noMatchRequests += 1
      if outcome.predicted == nil { correctNoMatch += 1 }
    case .anyOf(let ids):
      intentRequests += 1
      let rank = RankingMetrics.firstRelevantRank(outcome.ranked, acceptable: ids)
      for k in ks { recalled[k, default: 0] += Int(RankingMetrics.recall(at: k, rank: rank)) }
      reciprocalRankSum += RankingMetrics.reciprocalRank(rank)
      ndcgSum += RankingMetrics.ndcg(at: 10, rank: rank)
    }
    argumentCounts.truePositives += outcome.argumentCounts.truePositives
    argumentCounts.falsePositives += outcome.argumentCounts.falsePositives
    argumentCounts.falseNegatives += outcome.argumentCounts.falseNegatives
    if right && outcome.argumentCounts.isExact { exactFrames += 1 }
    latencies.append(outcome.latencyMilliseconds)
    if let first = outcome.ranked.first, let confidence = outcome.firstRankedConfidence {
      reliability.add(confidence: confidence, right: request.intent.accepts(first))
    }
  }

  private static func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

  /// The share of rows answered right (0…1); nil without rows.
  public var top1: Double? { Self.ratio(correct, requests) }
  /// The share of intent rows answered with an acceptable intent (not "no match"; 0…1), the
  /// development figures' "answered"; nil without intent rows.
  public var answeredInScope: Double? { Self.ratio(correct - correctNoMatch, intentRequests) }
  /// The share of intent rows with an acceptable intent among the first `k` (0…1); nil without
  /// intent rows.
  public func recall(at k: Int) -> Double? { Self.ratio(recalled[k] ?? 0, intentRequests) }
  /// Mean reciprocal rank over intent rows (0…1); nil without intent rows.
  public var meanReciprocalRank: Double? { intentRequests == 0 ? nil : reciprocalRankSum / Double(intentRequests) }
  /// Mean nDCG@10 over intent rows (0…1); nil without intent rows.
  public var ndcgAt10: Double? { intentRequests == 0 ? nil : ndcgSum / Double(intentRequests) }
  /// Right "no match" answers / all "no match" answers (0…1); nil when "no match" was never
  /// answered.
  public var noMatchPrecision: Double? { Self.ratio(correctNoMatch, predictedNoMatch) }
  /// "No match" answers / `null` rows (0…1); nil without `null` rows.
  public var noMatchRecall: Double? { Self.ratio(correctNoMatch, noMatchRequests) }
  /// The share of rows with the right intent (or the right "no match") and exactly the right
  /// arguments (0…1); nil without rows.
  public var exactFrame: Double? { Self.ratio(exactFrames, requests) }
  /// The expected calibration error of the first-ranked intent's confidence (0 is perfect); nil
  /// when no row ranked anything.
  public var calibrationError: Double? { reliability.expectedCalibrationError }
  /// Argument true positives / (true + false positives) (0…1); nil when both are 0.
  public var argumentPrecision: Double? {
    Self.ratio(argumentCounts.truePositives, argumentCounts.truePositives + argumentCounts.falsePositives)
  }
  /// Argument true positives / (true positives + false negatives) (0…1); nil when both are 0.
  public var argumentRecall: Double? {
    Self.ratio(argumentCounts.truePositives, argumentCounts.truePositives + argumentCounts.falseNegatives)
  }
  /// The harmonic mean of argument precision and recall (0 when both are 0); nil when either is
  /// nil.
  public var argumentF1: Double? {
    guard let p = argumentPrecision, let r = argumentRecall else { return nil }
    return p + r == 0 ? 0 : 2 * p * r / (p + r)
  }

  /// The latency at percentile `p` (0…100), nearest-rank; nil without rows.
  /// - Complexity: O(n log n).
  public func latencyPercentile(_ p: Double) -> Double? {
    guard !latencies.isEmpty else { return nil }
    let sorted = latencies.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
  }
}
