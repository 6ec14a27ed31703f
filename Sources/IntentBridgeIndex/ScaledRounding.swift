/// A Float vector rounded to integers of magnitude at most `limit` with one scale
/// (`x ≈ scale · values`), and the norms an estimate's error bound needs of a rounded query:
/// the rounding `Int8Rows` (limit 127) and `Int16Rows` share.
struct ScaledRounding {
  let scale: Float
  let values: [Int16]

  /// Scale `max|x| / limit`; 0 and all-zero values for the zero vector (or a non-finite one).
  /// - Complexity: O(n).
  init(_ vector: ArraySlice<Float>, limit: Int) {
    let largest = vector.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else {
      scale = 0
      values = [Int16](repeating: 0, count: vector.count)
      return
    }
    let scale = largest / Float(limit)
    let bound = Float(limit)
    self.scale = scale
    values = vector.map { Int16(max(-bound, min(bound, ($0 / scale).rounded()))) }
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
