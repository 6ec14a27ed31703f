/// A row-major Float matrix rounded to 16-bit integers (one scale per row), for telling
/// which rows of an intent can hold its best cosine before any of them is computed in floats.
///
/// Row `r` is stored as `q[r] = round(x[r] / s[r])` with `s[r] = max|x[r]| / limit`, so
/// `x[r] = s[r] · q[r] + e[r]`. For a query `y` rounded the same way (`y = t · p + f`),
/// `x · y − s[r] · t · (q[r] · p) = x̂ · f + e[r] · y` (x̂ = s[r] · q[r]), so the estimate of
/// row `r` is within `‖x̂[r]‖ · ‖f‖ + ‖e[r]‖ · ‖y‖` (Cauchy–Schwarz) of the exact product, plus
/// a margin for the Float rounding of either side (`errorBound`). Unlike `Int8Rows` (one
/// bound for all rows, 8 bits), the bound is per row and about 1e-3 wide: a row whose
/// estimate plus bound is below another row's estimate less its bound cannot be the best.
///
/// - Complexity: building O(rows × dimensions); `estimates` O(rows × dimensions) over half
///   the bytes of the floats, 16-bit products summed in pairs into 32-bit lanes (exact), the
///   lanes in floats.
struct Int16Rows: Sendable {
  let dimensions: Int
  let rowCount: Int
  /// `rowCount × dimensions` values in −limit…limit.
  private let values: [Int16]
  private let scales: [Float]
  /// Per row, `‖x̂‖` and `‖e‖` (rounded up).
  private let norms: [Float]
  private let errors: [Float]
  /// The largest magnitude of a rounded value: small enough that no 32-bit lane of
  /// `estimates` overflows (each sums `dimensions / 8` products; the lanes are summed as
  /// floats).
  let limit: Int

  /// Nil when the matrix cannot be rounded so (a dimension count that is not a multiple of
  /// 16, or a value that is not finite): `VectorIndex.scores` then scans the floats alone.
  init?(_ matrix: [Float], rows: Int, dimensions: Int) {
    guard dimensions > 0, dimensions % 16 == 0, rows > 0, matrix.count >= rows * dimensions, matrix.allSatisfy(\.isFinite) else {
      return nil
    }
    let limit = Self.limit(dimensions: dimensions)
    self.dimensions = dimensions
    self.limit = limit
    rowCount = rows
    var values = [Int16](repeating: 0, count: rows * dimensions)
    var scales = [Float](repeating: 0, count: rows)
    var norms = [Float](repeating: 0, count: rows)
    var errors = [Float](repeating: 0, count: rows)
    for r in 0..<rows {
      let base = r * dimensions
      let rounding = ScaledRounding(matrix[base..<(base + dimensions)], limit: limit)
      let (scale, rounded) = (rounding.scale, rounding.values)
      scales[r] = scale
      var norm: Double = 0
      var error: Double = 0
      for i in 0..<dimensions {
        values[base + i] = rounded[i]
        let approximate = Double(scale) * Double(rounded[i])
        norm += approximate * approximate
        error += (Double(matrix[base + i]) - approximate) * (Double(matrix[base + i]) - approximate)
      }
      norms[r] = Float(norm.squareRoot() * (1 + 1e-6))
      errors[r] = Float(error.squareRoot() * (1 + 1e-6))
    }
    self.values = values
    self.scales = scales
    self.norms = norms
    self.errors = errors
  }

  /// The rounding limit for rows of `dimensions` values: each 32-bit lane of `estimates`
  /// sums `dimensions / 8` products of two values of at most `limit`.
  static func limit(dimensions: Int) -> Int {
    min(16_383, Int((Double(Int32.max) / Double(dimensions / 8 + 2)).squareRoot()))
  }

  /// A query rounded for `estimates`, with what the bound needs of it.
  struct Query {
    let values: [Int16]
    let scale: Float
    /// `‖y‖` and the rounding error's `‖f‖` (rounded up).
    let norm: Float
    let error: Float

    /// Nil for a query of another length or with a value that is not finite.
    init?(_ vector: [Float], rows: Int16Rows) {
      guard vector.count == rows.dimensions, vector.allSatisfy(\.isFinite) else { return nil }
      let rounding = ScaledRounding(vector[...], limit: rows.limit)
      values = rounding.values
      scale = rounding.scale
      (norm, error) = rounding.queryNorms(of: vector)
    }
  }

  /// How far row `row`'s estimate may be from its exact Float dot product with `query`: the
  /// rounding bound above plus a margin for the Float sums on either side (256 products of
  /// two unit vectors sum to within 1e-5 of the real value; the margin is ten times that,
  /// scaled by the norms).
  @inline(__always)
  func errorBound(_ row: Int, _ query: Query) -> Float {
    Self.errorBound(norm: norms[row], error: errors[row], query)
  }

  /// `errorBound` of a row with `‖x̂‖ = norm` and `‖e‖ = error`.
  @inline(__always)
  private static func errorBound(norm: Float, error: Float, _ query: Query) -> Float {
    norm * query.error + error * query.norm + 1e-4 * max(1, (norm + error) * query.norm)
  }

  /// Every row's `errorBound` for `query`, into `out` (`rowCount` values), computed as
  /// `errorBound` computes it.
  /// - Complexity: O(rows).
  func errorBounds(_ query: Query, into out: inout [Float]) {
    out = [Float](repeating: 0, count: rowCount)
    guard norms.count == rowCount, errors.count == rowCount else { return }
    norms.withUnsafeBufferPointer { norms in
      errors.withUnsafeBufferPointer { errors in
        out.withUnsafeMutableBufferPointer { out in
          for row in 0..<rowCount {
            out[row] = Self.errorBound(norm: norms[row], error: errors[row], query)
          }
        }
      }
    }
  }

  /// Every row's estimate `s[r] · t · (q[r] · p)`, into `out` (`rowCount` values).
  /// - Complexity: O(rows × dimensions), two rows and 16 values per step; the integer lanes
  ///   are exact (`limit`). The loop walks raw pointers with wrapping arithmetic: every
  ///   offset stays inside the rows (`dimensions % 16 == 0`, checked at `init`), so no step
  ///   needs an overflow check.
  func estimates(_ query: Query, into out: inout [Float]) {
    out = [Float](repeating: 0, count: rowCount)
    guard query.values.count == dimensions, values.count >= rowCount * dimensions else { return }
    let rowBytes = dimensions * 2
    query.values.withUnsafeBytes { q in
      values.withUnsafeBytes { m in
        guard let qBase = q.baseAddress, let mBase = m.baseAddress else { return }
        out.withUnsafeMutableBufferPointer { out in
          scales.withUnsafeBufferPointer { scales in
            // Two rows at a time, so that each load of the query serves both.
            var row = mBase
            var r = 0
            while r &+ 1 < rowCount {
              let (first, second) = Self.dots(row, row.advanced(by: rowBytes), qBase, bytes: rowBytes)
              out[r] = scales[r] * query.scale * first
              out[r &+ 1] = scales[r &+ 1] * query.scale * second
              row = row.advanced(by: 2 &* rowBytes)
              r &+= 2
            }
            if r < rowCount {
              let (last, _) = Self.dots(row, row, qBase, bytes: rowBytes)
              out[r] = scales[r] * query.scale * last
            }
          }
        }
      }
    }
  }

  /// The integer dot products of rows `a` and `b` with `query` over `bytes` bytes (a
  /// multiple of 32), as floats.
  ///
  /// Each 32-bit lane sums `dimensions / 8` products and fits (`limit`); a row's eight lanes
  /// together may not, so they are summed as floats: each conversion and addition is within
  /// 2⁻²⁴ of the sum of the lanes' magnitudes, at most `‖q[r]‖ · ‖p‖`, far inside the margin
  /// `errorBound` keeps for float sums.
  @inline(__always)
  private static func dots(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ query: UnsafeRawPointer, bytes: Int) -> (Float, Float) {
    var a0 = SIMD4<Int32>()
    var a1 = SIMD4<Int32>()
    var b0 = SIMD4<Int32>()
    var b1 = SIMD4<Int32>()
    var i = 0
    while i < bytes {
      let q0 = query.loadUnaligned(fromByteOffset: i, as: SIMD8<Int16>.self)
      let q1 = query.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD8<Int16>.self)
      a0 &+= pairProducts(a.loadUnaligned(fromByteOffset: i, as: SIMD8<Int16>.self), q0)
      a1 &+= pairProducts(a.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD8<Int16>.self), q1)
      b0 &+= pairProducts(b.loadUnaligned(fromByteOffset: i, as: SIMD8<Int16>.self), q0)
      b1 &+= pairProducts(b.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD8<Int16>.self), q1)
      i &+= 32
    }
    return ((SIMD4<Float>(a0) + SIMD4<Float>(a1)).sum(), (SIMD4<Float>(b0) + SIMD4<Float>(b1)).sum())
  }

  /// The four sums of adjacent products of `a` and `b` (one SSE2 `pmaddwd` on x86).
  @inline(__always)
  private static func pairProducts(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
    let p = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
    return p.evenHalf &+ p.oddHalf
  }
}
