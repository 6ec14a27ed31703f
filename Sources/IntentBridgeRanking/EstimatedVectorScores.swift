import IntentBridgeIndex

/// Every intent's embedding score (`Ranker.blendedVectorScores`) estimated on a large vector
/// index, each with an interval that holds its exact score, made exact one intent at a time
/// where the ranking needs it. With a centroid blend the estimates come from the 8-bit
/// centroids alone (`VectorIndex.estimatedScoreBounds`: no row is read), without one from
/// the 8-bit rows (`VectorIndex.estimatedScores`).
///
/// The ranker fuses the estimates, then scores exactly every intent whose fused score could
/// reach the places it looks at (`Ranker.refine`, best first): the intents it shows, the
/// template step's candidates and its matched intents get the exact scores a full float scan
/// gives them, so the ranking is the same, and the other intents (of tens of thousands) cost
/// a quarter of the memory traffic of their centroid (with a blend; some 50 of 30,000
/// synthetic tools are made exact per request) or of their rows (without).
struct EstimatedVectorScores {
  /// The estimates; exact where `isExact`.
  var scores: [Float]
  /// Bounds of the exact blended score (exact where `isExact`).
  var lower: [Float]
  var upper: [Float]
  var isExact: [Bool]
  let index: VectorIndex
  let query: [Float]
  /// The centroid blend's weight, nil without a blend (as `blendedVectorScores`).
  let centroidWeight: Float?

  /// Nil when `index` has no estimates or `query` does not fit it.
  ///
  /// With a centroid blend, the best cosines are bounded from the centroids' estimates alone
  /// (`VectorIndex.estimatedScoreBounds`): no row is read until `refine` makes an intent
  /// exact. Without one, from the 8-bit rows (`VectorIndex.estimatedScores`).
  init?(index: VectorIndex, query: [Float], centroidWeight: Float?) {
    var centroid: (scores: [Float], error: Float)?
    if centroidWeight != nil {
      guard let estimated = index.estimatedCentroidScores(query) else { return nil }
      centroid = estimated
    }
    // The best cosine's estimate and bounds, per intent.
    let best: [Float]
    let bestLower: [Float]
    let bestUpper: [Float]
    if let centroid, let bounds = index.estimatedScoreBounds(query, centroids: centroid) {
      bestLower = bounds.lower
      bestUpper = bounds.upper
      best = zip(bounds.lower, bounds.upper).map { $0 == -1 && $1 == -1 ? -1 : max(-1, ($0 + $1) / 2) }
    } else {
      guard let (estimates, error) = index.estimatedScores(query) else { return nil }
      best = estimates
      bestLower = estimates.map { $0 - error }
      bestUpper = estimates.map { $0 + error }
    }
    self.index = index
    self.query = query
    self.centroidWeight = centroidWeight
    let count = best.count
    var scores = best
    var lower = [Float](repeating: -1, count: count)
    var upper = [Float](repeating: -1, count: count)
    for i in 0..<count {
      // The exact best cosine is at least -1 (`VectorIndex.scores` starts there), and the
      // blend applies above -1 only: both monotone, so the bounds map through them.
      let low = max(-1, Double(bestLower[i]))
      let high = max(-1, Double(bestUpper[i]))
      if let weight = centroidWeight.map(Double.init), let centroid {
        let c = Double(centroid.scores[i])
        let e = Double(centroid.error)
        lower[i] = Float(low > -1 ? (1 - weight) * low + weight * (c - e) : -1)
        upper[i] = Float(high > -1 ? (1 - weight) * high + weight * (c + e) : -1)
        if best[i] > -1 { scores[i] = (1 - Float(weight)) * best[i] + Float(weight) * centroid.scores[i] }
      } else {
        lower[i] = Float(low)
        upper[i] = Float(high)
      }
      // Room for the Float rounding of the blend and of the conversions (a few units in the
      // last place, far below this).
      lower[i] -= 1e-6
      upper[i] += 1e-6
    }
    self.scores = scores
    self.lower = lower
    self.upper = upper
    isExact = [Bool](repeating: false, count: count)
  }

  /// Makes intent `i`'s score exact: the value `Ranker.blendedVectorScores` gives it.
  /// - Complexity: O(rows of the intent × dimensions).
  mutating func makeExact(_ i: Int) {
    guard !isExact[i] else { return }
    var score = index.score(intent: i, query)
    if let weight = centroidWeight, score > -1 { score = (1 - weight) * score + weight * index.centroidScore(intent: i, query) }
    scores[i] = score
    lower[i] = score
    upper[i] = score
    isExact[i] = true
  }
}

/// How the ranker fuses an intent's scores before the template step, for re-fusing an
/// intent whose embedding score became exact: the same operations in the same order as
/// `Ranker.rank`, so the result is the one a full scan gives.
struct BaseFusion {
  let keywordWeight: Double
  let embeddingWeight: Double
  /// `keyword[i] / max(keyword)` (0 without keyword evidence).
  let normalizedKeyword: (Int) -> Double
  /// `affinityWeight · affinity(i)`, nil when `rank` added none.
  let affinity: ((Int) -> Double)?

  func score(_ i: Int, cosine v: Float) -> Double {
    var score = keywordWeight * normalizedKeyword(i)
    score += embeddingWeight * Double(max(v, 0))
    if let affinity { score += affinity(i) }
    return score
  }

  /// Bounds of `score` for a cosine within `low...high` (monotone in the cosine; the
  /// rounding of each operation is monotone too, so these bound the exact result).
  func bounds(_ i: Int, _ low: Float, _ high: Float) -> (low: Double, high: Double) {
    let a = score(i, cosine: low)
    let b = score(i, cosine: high)
    return (min(a, b), max(a, b))
  }
}

extension Ranker {
  /// Makes exact the embedding score of every entry of `scored` whose fused score could be
  /// among the best `keep` (or equal the `keep`-th), and fuses those again; the others keep
  /// fused estimates, all below the `keep` best exact scores.
  ///
  /// Best first: the entries whose fused upper bound reaches the `keep`-th best lower bound
  /// are made exact in order of that upper bound (highest first), each exact score raising
  /// the `keep` best lower bounds, until the next upper bound is below the `keep`-th of them.
  /// An entry left has an upper bound below it, so below the `keep` entries that hold those
  /// bounds (exact, each with an upper bound at least as high as its lower bound, so made
  /// exact before the stop), and cannot be among the first `keep`.
  /// - Complexity: O(n × keep) at worst, O(n) when few bounds beat the `keep`-th, plus
  ///   O(m log m) to order the m entries within reach and the exact scores made (each
  ///   O(rows of the intent × dimensions)).
  func refine(
    _ scored: inout [(index: Int, score: Double)], vector: inout [Float], estimate: inout EstimatedVectorScores, keep: Int, fusion: BaseFusion
  ) {
    guard keep > 0, scored.count > keep else {
      for k in scored.indices where !estimate.isExact[scored[k].index] { makeExact(&scored[k], vector: &vector, estimate: &estimate, fusion: fusion) }
      return
    }
    var highs = [Double](repeating: 0, count: scored.count)
    // The best `keep` lower bounds, descending, with the entry (position in `scored`) of each.
    var best: [(low: Double, at: Int)] = []
    best.reserveCapacity(keep + 1)
    func offer(_ low: Double, at k: Int) {
      if best.count == keep, low <= best[keep - 1].low { return }
      var at = best.count
      while at > 0, best[at - 1].low < low { at -= 1 }
      best.insert((low, k), at: at)
      if best.count > keep { best.removeLast() }
    }
    for k in scored.indices {
      let i = scored[k].index
      let bounds = fusion.bounds(i, estimate.lower[i], estimate.upper[i])
      highs[k] = bounds.high
      offer(bounds.low, at: k)
    }
    var within = scored.indices.filter { !estimate.isExact[scored[$0].index] && highs[$0] >= best[keep - 1].low }
    within.sort { highs[$0] != highs[$1] ? highs[$0] > highs[$1] : $0 < $1 }
    for k in within {
      guard highs[k] >= best[keep - 1].low else { break }
      makeExact(&scored[k], vector: &vector, estimate: &estimate, fusion: fusion)
      // Its exact score replaces its lower bound among the best (it is at least as high, so
      // the `keep`-th best only rises).
      if let held = best.firstIndex(where: { $0.at == k }) { best.remove(at: held) }
      offer(scored[k].score, at: k)
    }
  }

  /// Makes `entry`'s embedding score exact and fuses it again.
  private func makeExact(
    _ entry: inout (index: Int, score: Double), vector: inout [Float], estimate: inout EstimatedVectorScores, fusion: BaseFusion
  ) {
    let i = entry.index
    estimate.makeExact(i)
    vector[i] = estimate.scores[i]
    entry.score = fusion.score(i, cosine: vector[i])
  }

  /// Makes exact the embedding scores of `intents` (those of them in `scored`, which is in
  /// catalog order) and fuses them again.
  /// - Complexity: O(intents × log n) plus the exact scores made.
  func refine(
    _ scored: inout [(index: Int, score: Double)], vector: inout [Float], estimate: inout EstimatedVectorScores, intents: [Int],
    fusion: BaseFusion
  ) {
    for i in intents where i < estimate.isExact.count && !estimate.isExact[i] {
      var low = 0
      var high = scored.count
      while low < high {
        let mid = (low + high) / 2
        if scored[mid].index < i { low = mid + 1 } else { high = mid }
      }
      guard low < scored.count, scored[low].index == i else { continue }
      estimate.makeExact(i)
      vector[i] = estimate.scores[i]
      scored[low].score = fusion.score(i, cosine: vector[i])
    }
  }
}
