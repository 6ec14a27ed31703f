/// The names of the figures a report carries, as `--fail-under` and the JSON report spell them.
public enum Metric: Sendable, Hashable, CustomStringConvertible {
  case top1
  case recall(at: Int)
  case meanReciprocalRank
  case ndcgAt10
  case noMatchPrecision
  case noMatchRecall
  case argumentPrecision
  case argumentRecall
  case argumentF1
  case exactFrame

  public static let fixedNames: [String] = [
    "top1", "recall@K", "mrr", "ndcg@10", "no_match_precision", "no_match_recall", "argument_precision", "argument_recall", "argument_f1",
    "exact_frame",
  ]

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
