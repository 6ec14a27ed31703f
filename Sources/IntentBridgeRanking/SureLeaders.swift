/// The `count` highest finite scores of a score array whose entries only rise, kept up to
/// date, so that "the k-th best score of the other intents" (`Ranker.templateScores`) costs
/// O(count) instead of a pass over every intent.
///
/// Ties at the last place are kept in any order: only the scores are read, never which
/// intent holds them.
struct SureLeaders {
  private var leaders: [(index: Int, score: Double)] = []
  private let capacity: Int

  /// The `count` highest scores of `scores` above -∞. - Complexity: O(scores × log count).
  init(_ scores: [Double], count: Int) {
    capacity = max(0, count)
    leaders.reserveCapacity(capacity + 1)
    for (index, score) in scores.enumerated() { raise(index, to: score) }
  }

  /// Records that `index` now scores `score` (not less than before).
  /// - Complexity: O(count).
  mutating func raise(_ index: Int, to score: Double) {
    guard score > -.infinity, capacity > 0 else { return }
    if let k = leaders.firstIndex(where: { $0.index == index }) {
      leaders[k].score = score
    } else if leaders.count < capacity {
      leaders.append((index, score))
    } else if score > leaders[leaders.count - 1].score {
      leaders[leaders.count - 1] = (index, score)
    } else {
      return
    }
    // One entry moved up: insertion into the descending order.
    var k = leaders.firstIndex { $0.index == index }!
    while k > 0, leaders[k - 1].score < leaders[k].score {
      leaders.swapAt(k - 1, k)
      k -= 1
    }
  }

  /// The best `count - 1` scores (descending) of the entries other than `index`: exactly
  /// those of a pass over every other entry above -∞, which may be fewer.
  func scores(excluding index: Int) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(capacity)
    for leader in leaders where leader.index != index && out.count < capacity - 1 { out.append(leader.score) }
    return out
  }
}
