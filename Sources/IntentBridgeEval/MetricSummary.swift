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
  public var requests = 0
  public var intentRequests = 0
  public var noMatchRequests = 0
  public var correct = 0
  public var exactFrames = 0
  /// Intent rows with an acceptable intent in the first k, per k.
  public var recalled: [Int: Int] = [:]
  public var reciprocalRankSum = 0.0
  public var ndcgSum = 0.0
  public var predictedNoMatch = 0
  public var correctNoMatch = 0
  public var argumentCounts = ArgumentScoring.Counts()
  public var latencies: [Double] = []
  /// Confidence of the first-ranked intent against whether it was right (`ReliabilityDiagram`).
  public var reliability = ReliabilityDiagram()

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

  public var top1: Double? { Self.ratio(correct, requests) }
  public func recall(at k: Int) -> Double? { Self.ratio(recalled[k] ?? 0, intentRequests) }
  public var meanReciprocalRank: Double? { intentRequests == 0 ? nil : reciprocalRankSum / Double(intentRequests) }
  public var ndcgAt10: Double? { intentRequests == 0 ? nil : ndcgSum / Double(intentRequests) }
  public var noMatchPrecision: Double? { Self.ratio(correctNoMatch, predictedNoMatch) }
  public var noMatchRecall: Double? { Self.ratio(correctNoMatch, noMatchRequests) }
  public var exactFrame: Double? { Self.ratio(exactFrames, requests) }
  public var calibrationError: Double? { reliability.expectedCalibrationError }
  public var argumentPrecision: Double? {
    Self.ratio(argumentCounts.truePositives, argumentCounts.truePositives + argumentCounts.falsePositives)
  }
  public var argumentRecall: Double? {
    Self.ratio(argumentCounts.truePositives, argumentCounts.truePositives + argumentCounts.falseNegatives)
  }
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
