/// A Float vector rounded to integers of magnitude at most `limit` with one scale
/// (`x ≈ scale · values`), and the norms an estimate's error bound needs of a rounded query:
/// the rounding `Int8Rows` (limit 127) and `Int16Rows` share.
package struct ScaledRounding {
  package let scale: Float
  package let values: [Int16]

  /// Scale `max|x| / limit`; 0 and all-zero values for the zero vector (or a non-finite one).
  /// - Complexity: O(n).
  package init(_ vector: ArraySlice<Float>, limit: Int) {
    self = vector.withUnsafeBufferPointer { Self(rounding: $0, limit: limit) }
  }

  /// The same over a buffer: plain loops, which the 16-bit rows of every intent's vectors
  /// are built with at each start. - Complexity: O(n).
  private init(rounding vector: UnsafeBufferPointer<Float>, limit: Int) {
    var largest: Float = 0
    for x in vector { largest = max(largest, abs(x)) }
    guard largest > 0, largest.isFinite else {
      scale = 0
      values = [Int16](repeating: 0, count: vector.count)
      return
    }
    let scale = largest / Float(limit)
    let bound = Float(limit)
    let limit = Int32(limit)
    self.scale = scale
    values = [Int16](unsafeUninitializedCapacity: vector.count) { buffer, initialized in
      for (i, x) in vector.enumerated() {
        let q = x / scale
        // `q` lies within ±limit (±32767 at most): rounded half away from zero through a
        // truncating conversion, exactly as `rounded()` but without a libm call per value
        // (most of the time of building the 16-bit rows). NaN takes the general path.
        guard q.magnitude < 32768 else {
          buffer[i] = Int16(max(-bound, min(bound, q.rounded())))
          continue
        }
        var n = Int32(q)
        let fraction = q - Float(n)  // exact: q and n share their integer part
        if fraction >= 0.5 { n += 1 } else if fraction <= -0.5 { n -= 1 }
        buffer[i] = Int16(max(-limit, min(limit, n)))
      }
      initialized = vector.count
    }
  }

  /// `‖y‖` and the rounding error `‖y − scale · values‖` of the query `vector` this rounds,
  /// summed in Double and rounded up.
  func queryNorms(of vector: [Float]) -> (norm: Float, error: Float) {
    var norm: Double = 0
    var error: Double = 0
    for i in vector.indices {
      norm += Double(vector[i]) * Double(vector[i])
      let difference = Double(vector[i]) - Double(scale) * Double(values[i])
      error += difference * difference
    }
    return (Float(norm.squareRoot() * (1 + 1e-6)), Float(error.squareRoot() * (1 + 1e-6)))
  }
}
