import IntentBridgeSystem

/// Per-request ranking metrics for a row whose expected intent is one of a set (docs/EVAL.md: an
/// array means any of them is right). Relevance is binary and the acceptable intents are
/// alternatives, so only the first of them in the ranking counts: the ideal ranking has one
/// relevant intent at rank 1.
public enum RankingMetrics {
  /// 1-based rank of the first acceptable intent in `ranked`, nil when none is listed.
  /// - Complexity: O(ranked × acceptable).
  public static func firstRelevantRank(_ ranked: [String], acceptable: [String]) -> Int? {
    ranked.firstIndex(where: acceptable.contains).map { $0 + 1 }
  }

  /// 1 when an acceptable intent is among the first `k`, else 0.
  public static func recall(at k: Int, rank: Int?) -> Double {
    guard let rank else { return 0 }
    return rank <= k ? 1 : 0
  }

  /// 1 / rank of the first acceptable intent (0 when it is not ranked).
  public static func reciprocalRank(_ rank: Int?) -> Double {
    guard let rank else { return 0 }
    return 1 / Double(rank)
  }

  /// nDCG@k with binary relevance and one ideal hit: 1 / log2(1 + rank) within the first `k`.
  public static func ndcg(at k: Int, rank: Int?) -> Double {
    guard let rank, rank <= k else { return 0 }
    return 1 / log2(Double(rank) + 1)
  }
}
