/// Bounds of every intent's best cosine (`VectorIndex.scores`) from its centroid's cosine
/// alone, so that a large index need not read the rows of intents that cannot reach the top.
///
/// Each row `x` of an intent is split along the intent's unit centroid `ĉ`: `x = a·ĉ + x⊥`
/// with `a = x·ĉ` and `b = ‖x⊥‖`. A query `y` splits the same way (`p = y·ĉ`,
/// `q = ‖y⊥‖ = √(‖y‖² − p²)`), so `x·y = a·p + x⊥·y⊥` lies within `a·p ± b·q`
/// (Cauchy–Schwarz). Over the intent's rows the best cosine is at most the largest `a·p + b·q`
/// and at least the largest `a·p − b·q`; it is also at least the multiplicity-weighted mean
/// of the rows' cosines, `ρ·p` with `ρ = ‖Σ m·x‖ / Σ m` (the centroid is `Σ m·x` normalised).
/// `p` is known within an interval (the centroid's 8-bit estimate and its error), and each
/// bound is taken at the interval's worse end. A margin covers the Float rounding of the
/// exact scan (`Int8Rows.errorBound`'s, 1e-4) and of these sums.
///
/// - Complexity: building O(rows × dimensions); `bounds` O(rows + intents), two Floats a row.
struct CentroidBounds: Sendable {
  /// Per row, in `rowsByIntent` order: `a` and `b` (rounded up) against its intent's unit centroid.
  private let along: [Float]
  private let across: [Float]
  /// Per intent: `‖c‖` of the stored (Float) centroid, and `ρ`; 0 for an intent without rows.
  private let centroidNorms: [Double]
  private let meanLengths: [Double]
  /// Intent `k`'s rows are `along[rowStarts[k]..<rowStarts[k + 1]]`.
  private let rowStarts: [Int32]

  /// The room left for Float rounding of the exact scan and of the split (far above either).
  static let margin: Double = 1e-4

  init(rows: [Float], multiplicity: [Float], rowsByIntent: [Int32], rowStarts: [Int32], centroids: [Float], intentCount: Int, dimensions d: Int) {
    var along = [Float](repeating: 0, count: rowsByIntent.count)
    var across = [Float](repeating: 0, count: rowsByIntent.count)
    var centroidNorms = [Double](repeating: 0, count: intentCount)
    var meanLengths = [Double](repeating: 0, count: intentCount)
    var sum = [Double](repeating: 0, count: d)
    for k in 0..<intentCount {
      let start = Int(rowStarts[k])
      let end = Int(rowStarts[k + 1])
      guard end > start else { continue }
      var norm: Double = 0
      for i in 0..<d { norm += Double(centroids[k * d + i]) * Double(centroids[k * d + i]) }
      norm = norm.squareRoot()
      centroidNorms[k] = norm
      for i in 0..<d { sum[i] = 0 }
      var weight: Double = 0
      for slot in start..<end {
        let row = Int(rowsByIntent[slot])
        let m = Double(multiplicity[row])
        weight += m
        var a: Double = 0
        var length: Double = 0
        for i in 0..<d {
          let x = Double(rows[row * d + i])
          sum[i] += m * x
          length += x * x
          if norm > 0 { a += x * Double(centroids[k * d + i]) }
        }
        if norm > 0 { a /= norm }
        along[slot] = Float(a)
        across[slot] = Float(max(0, length - a * a).squareRoot() * (1 + 1e-6) + 1e-7)
      }
      var meanLength: Double = 0
      for i in 0..<d { meanLength += sum[i] * sum[i] }
      meanLengths[k] = weight > 0 ? meanLength.squareRoot() / weight * (1 - 1e-6) : 0
    }
    self.along = along
    self.across = across
    self.centroidNorms = centroidNorms
    self.meanLengths = meanLengths
    self.rowStarts = rowStarts
  }

  /// Per intent, bounds of its best cosine with a query of length `queryNorm` whose cosine
  /// with the stored centroid `k` is within `error` of `centroidScores[k]`; exactly -1 for an
  /// intent without rows (as `VectorIndex.scores`).
  /// - Complexity: O(rows + intents).
  func bounds(centroidScores: [Float], error: Float, queryNorm: Double) -> (lower: [Float], upper: [Float]) {
    let count = centroidNorms.count
    var lower = [Float](repeating: -1, count: count)
    var upper = [Float](repeating: -1, count: count)
    let e = Double(error)
    let yy = queryNorm * queryNorm
    along.withUnsafeBufferPointer { along in
      across.withUnsafeBufferPointer { across in
        for k in 0..<count {
          let start = Int(rowStarts[k])
          let end = Int(rowStarts[k + 1])
          guard end > start else { continue }
          let norm = centroidNorms[k]
          guard norm > 1e-3 else {
            lower[k] = Float(-queryNorm - Self.margin)
            upper[k] = Float(queryNorm + Self.margin)
            continue
          }
          // p = y·ĉ within [low, high] (and within ±‖y‖).
          let low = max(-queryNorm, (Double(centroidScores[k]) - e) / norm)
          let high = min(queryNorm, (Double(centroidScores[k]) + e) / norm)
          let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high))
          let q = max(0, yy - nearest * nearest).squareRoot()
          var best = -Double.infinity
          var worst = meanLengths[k] * low  // ρ ≥ 0
          for slot in start..<end {
            let a = Double(along[slot])
            let b = Double(across[slot]) * q
            let ap = a >= 0 ? (a * high, a * low) : (a * low, a * high)
            best = max(best, ap.0 + b)
            worst = max(worst, ap.1 - b)
          }
          upper[k] = Float(best + Self.margin)
          lower[k] = Float(worst - Self.margin)
        }
      }
    }
    return (lower, upper)
  }
}
