/// The names of the figures a report carries, as `--fail-under` and the JSON report spell them.
public enum Metric: Sendable, Hashable, CustomStringConvertible {
  /// `top1`: the share of rows answered right.
  case top1
  /// `recall@k`: the share of intent rows with an acceptable intent among the first k.
  case recall(at: Int)
  /// `mrr`: mean reciprocal rank over intent rows.
  case meanReciprocalRank
  /// `ndcg@10`: mean nDCG@10 over intent rows.
  case ndcgAt10
  /// `no_match_precision`: right "no match" answers / all "no match" answers.
  case noMatchPrecision
  /// `no_match_recall`: "no match" answers / `null` rows.
  case noMatchRecall
  /// `argument_precision`: right (name, value) pairs / predicted pairs.
  case argumentPrecision
  /// `argument_recall`: right (name, value) pairs / expected pairs.
  case argumentRecall
  /// `argument_f1`: the harmonic mean of argument precision and recall.
  case argumentF1
  /// `exact_frame`: the share of rows with the right intent and exactly the right arguments.
  case exactFrame

  /// Every metric name, `recall@K` standing for `recall@1`, `recall@2`, … (for error messages).
  public static let fixedNames: [String] = [
    "top1", "recall@K", "mrr", "ndcg@10", "no_match_precision", "no_match_recall", "argument_precision", "argument_recall", "argument_f1",
    "exact_frame",
  ]

  /// The metric named `name` (as `fixedNames`, with a positive k for `recall@k`); nil for any other
  /// name.
  public init?(name: String) {
    switch name {
    case "top1": self = .top1
    case "mrr": self = .meanReciprocalRank
    case "ndcg@10": self = .ndcgAt10
    case "no_match_precision": self = .noMatchPrecision
    case "no_match_recall": self = .noMatchRecall
    case "argument_precision": self = .argumentPrecision
    case "argument_recall": self = .argumentRecall
    case "argument_f1": self = .argumentF1
    case "exact_frame": self = .exactFrame
    default:
      guard name.hasPrefix("recall@"), let k = Int(name.dropFirst("recall@".count)), k > 0 else { return nil }
      self = .recall(at: k)
    }
  }

  public var description: String {
    switch self {
    case .top1: "top1"
    case .recall(let k): "recall@\(k)"
    case .meanReciprocalRank: "mrr"
    case .ndcgAt10: "ndcg@10"
    case .noMatchPrecision: "no_match_precision"
    case .noMatchRecall: "no_match_recall"
    case .argumentPrecision: "argument_precision"
    case .argumentRecall: "argument_recall"
    case .argumentF1: "argument_f1"
    case .exactFrame: "exact_frame"
    }
  }
}

extension MetricSummary {
  /// The value of `metric` (nil where undefined, e.g. no-match recall without `null` rows).
  public func value(_ metric: Metric) -> Double? {
    switch metric {
    case .top1: top1
    // A k outside `--k` was not measured.
    case .recall(let k): recalled[k] == nil ? nil : recall(at: k)
    case .meanReciprocalRank: meanReciprocalRank
    case .ndcgAt10: ndcgAt10
    case .noMatchPrecision: noMatchPrecision
    case .noMatchRecall: noMatchRecall
    case .argumentPrecision: argumentPrecision
    case .argumentRecall: argumentRecall
    case .argumentF1: argumentF1
    case .exactFrame: exactFrame
    }
  }
}
