import IntentBridgeIndex

/// Every intent's embedding score (`Ranker.blendedVectorScores`) estimated from the 8-bit
/// rows of a large vector index (`VectorIndex.estimatedScores`), each with an interval that
/// holds its exact score, made exact one intent at a time where the ranking needs it.
///
/// The ranker fuses the estimates, then scores exactly every intent whose fused score could
/// reach the places it looks at (`Ranker.refine`): the intents it shows, the template step's
/// candidates and its matched intents get the exact scores a full float scan gives them,
/// so the ranking is the same, and the other intents (of tens of thousands) cost a quarter
/// of the memory traffic.
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
  init?(index: VectorIndex, query: [Float], centroidWeight: Float?) {
    guard let (best, error) = index.estimatedScores(query) else { return nil }
    var centroid: (scores: [Float], error: Float)?
    if centroidWeight != nil {
      guard let estimated = index.estimatedCentroidScores(query) else { return nil }
      centroid = estimated
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
      let low = max(-1, Double(best[i]) - Double(error))
      let high = max(-1, Double(best[i]) + Double(error))
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
  /// fused estimates, all below the `keep` best exact scores (the entries with the `keep`
  /// best lower bounds are exact and score at least the `keep`-th of those bounds; an entry
  /// whose upper bound is below it cannot be among the first `keep`).
  /// - Complexity: O(n × keep) at worst, O(n) when few bounds beat the `keep`-th, plus the
  ///   exact scores made (each O(rows of the intent × dimensions)).
  func refine(
    _ scored: inout [(index: Int, score: Double)], vector: inout [Float], estimate: inout EstimatedVectorScores, keep: Int, fusion: BaseFusion
  ) {
    var threshold = -Double.infinity
    if keep > 0, scored.count > keep {
      var best: [Double] = []  // the best `keep` lower bounds, descending
      best.reserveCapacity(keep + 1)
      for entry in scored {
        let low = fusion.bounds(entry.index, estimate.lower[entry.index], estimate.upper[entry.index]).low
        if best.count == keep, low <= best[keep - 1] { continue }
        var at = best.count
        while at > 0, best[at - 1] < low { at -= 1 }
        best.insert(low, at: at)
        if best.count > keep { best.removeLast() }
      }
      threshold = best[keep - 1]
    }
    for k in scored.indices where !estimate.isExact[scored[k].index] {
      let i = scored[k].index
      guard fusion.bounds(i, estimate.lower[i], estimate.upper[i]).high >= threshold else { continue }
      estimate.makeExact(i)
      vector[i] = estimate.scores[i]
      scored[k].score = fusion.score(i, cosine: vector[i])
    }
  }

  /// Makes exact the embedding scores of `intents` (those of them in `scored`, which is in
  /// catalog order) and fuses them again.
  /// - Complexity: O(intents × log n) plus the exact scores made.
  func refine(
    _ scored: inout [(index: Int, score: Double)], vector: inout [Float], estimate: inout EstimatedVectorScores, intents: [Int],
    fusion: BaseFusion
  ) {
    for i in intents where i < estimate.isExact.count && !estimate.isExact[i] {
      var low = 0, high = scored.count
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
