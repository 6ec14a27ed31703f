/// A row-major Float matrix rounded to 8-bit integers (one scale per row), for estimating
/// every row's dot product with a query at a quarter of the memory traffic of the floats.
///
/// Row `r` is stored as `q[r] = round(x[r] / s[r])` with `s[r] = max|x[r]| / 127`, so
/// `x[r] = s[r] · q[r] + e[r]`. For a query `y` rounded the same way (`y = t · p + f`),
/// `x · y − s[r] · t · (q[r] · p) = x̂ · f + e[r] · y` (x̂ = s[r] · q[r]), so every estimate is
/// within `max‖x̂‖ · ‖f‖ + max‖e‖ · ‖y‖` (Cauchy–Schwarz) of the exact product, plus the Float
/// rounding of either side: `errorBound` says how far.
///
/// - Complexity: building O(rows × dimensions); `estimates` O(rows × dimensions) with
///   integer SIMD lanes (16-bit products summed in pairs, exact).
struct Int8Rows: Sendable {
  let dimensions: Int
  let rowCount: Int
  /// `rowCount × dimensions` values in −127…127.
  private let values: [Int8]
  private let scales: [Float]
  /// The largest `‖x̂‖` and `‖e‖` over the rows (rounded up).
  private let largestNorm: Float
  private let largestError: Float

  init(_ matrix: [Float], rows: Int, dimensions: Int) {
    self.dimensions = dimensions
    rowCount = rows
    var values = [Int8](repeating: 0, count: rows * dimensions)
    var scales = [Float](repeating: 0, count: rows)
    var largestNorm: Double = 0
    var largestError: Double = 0
    for r in 0..<rows {
      let base = r * dimensions
      let rounding = ScaledRounding(matrix[base..<(base + dimensions)], limit: 127)
      let (scale, quantized) = (rounding.scale, rounding.values)
      scales[r] = scale
      var norm: Double = 0
      var error: Double = 0
      for i in 0..<dimensions {
        values[base + i] = Int8(quantized[i])
        let approximate = Double(scale) * Double(quantized[i])
        norm += approximate * approximate
        error += (Double(matrix[base + i]) - approximate) * (Double(matrix[base + i]) - approximate)
      }
      largestNorm = max(largestNorm, norm.squareRoot())
      largestError = max(largestError, error.squareRoot())
    }
    self.values = values
    self.scales = scales
    self.largestNorm = Float(largestNorm * (1 + 1e-6))
    self.largestError = Float(largestError * (1 + 1e-6))
  }

  /// A query rounded for `estimates`, with what the bound needs of it.
  struct Query {
    let values: [Int8]
    /// Per 16 values, the even- and odd-numbered ones as 16-bit lanes (`forEachEstimate`).
    let even: [SIMD8<Int16>]
    let odd: [SIMD8<Int16>]
    let scale: Float
    /// `‖y‖` and the rounding error's `‖f‖`.
    let norm: Float
    let error: Float

    init(_ vector: [Float]) {
      let rounding = ScaledRounding(vector[...], limit: 127)
      values = rounding.values.map { Int8($0) }
      var even: [SIMD8<Int16>] = []
      var odd: [SIMD8<Int16>] = []
      values.withUnsafeBytes { raw in
        for chunk in 0..<(vector.count / 16) {
          let pairs = Int8Rows.pairs(raw.loadUnaligned(fromByteOffset: chunk * 16, as: SIMD16<Int8>.self))
          even.append(pairs.even)
          odd.append(pairs.odd)
        }
      }
      self.even = even
      self.odd = odd
      scale = rounding.scale
      (norm, error) = rounding.queryNorms(of: vector)
    }
  }

  /// How far an estimate of `query` may be from the exact Float dot product: the rounding
  /// bound above, plus a margin for the Float sums on either side (the 256 products of two
  /// unit vectors sum to within 1e-5 of the real value; the margin is ten times that, scaled
  /// by the norms).
  func errorBound(_ query: Query) -> Float {
    largestNorm * query.error + largestError * query.norm + 1e-4 * max(1, (largestNorm + largestError) * query.norm)
  }

  /// 16 bytes as their even- and odd-numbered values in 16-bit lanes, by shifts of the
  /// same bytes read as 16-bit lanes (no lane-by-lane conversion). Which of a pair is
  /// "even" depends on the byte order, the same for a row and a query, so their products
  /// pair up either way.
  @inline(__always)
  static func pairs(_ bytes: SIMD16<Int8>) -> (even: SIMD8<Int16>, odd: SIMD8<Int16>) {
    let lanes = unsafeBitCast(bytes, to: SIMD8<Int16>.self)
    return ((lanes &<< 8) &>> 8, lanes &>> 8)
  }

  /// The sum of 16-bit lanes as 32-bit lanes (the same shifts, one level up).
  @inline(__always)
  static func widen(_ lanes: SIMD8<Int16>) -> SIMD4<Int32> {
    let wide = unsafeBitCast(lanes, to: SIMD4<Int32>.self)
    return ((wide &<< 16) &>> 16) &+ (wide &>> 16)
  }

  /// Calls `body(row, estimate)` for every row: `s[r] · t · (q[r] · p)`.
  /// - Complexity: O(rows × dimensions), 16 values per step; the integer dot of a row is
  ///   exact (|q|, |p| ≤ 127: a product and the sum of two fit in 16 bits).
  @inline(__always)
  func forEachEstimate(_ query: Query, _ body: (Int, Float) -> Void) {
    guard query.values.count == dimensions else { return }
    let chunks = dimensions / 16
    query.values.withUnsafeBufferPointer { q in
      query.even.withUnsafeBufferPointer { even in
        query.odd.withUnsafeBufferPointer { odd in
          values.withUnsafeBufferPointer { m in
            guard let mBase = m.baseAddress else { return }
            let mRaw = UnsafeRawPointer(mBase)
            for row in 0..<rowCount {
              let base = row * dimensions
              var acc0 = SIMD4<Int32>()
              var acc1 = SIMD4<Int32>()
              var chunk = 0
              while chunk + 1 < chunks {
                let a = Self.pairs(mRaw.loadUnaligned(fromByteOffset: base + chunk * 16, as: SIMD16<Int8>.self))
                let b = Self.pairs(mRaw.loadUnaligned(fromByteOffset: base + chunk * 16 + 16, as: SIMD16<Int8>.self))
                acc0 &+= Self.widen(a.even &* even[chunk] &+ a.odd &* odd[chunk])
                acc1 &+= Self.widen(b.even &* even[chunk + 1] &+ b.odd &* odd[chunk + 1])
                chunk += 2
              }
              if chunk < chunks {
                let a = Self.pairs(mRaw.loadUnaligned(fromByteOffset: base + chunk * 16, as: SIMD16<Int8>.self))
                acc0 &+= Self.widen(a.even &* even[chunk] &+ a.odd &* odd[chunk])
              }
              let sum = acc0 &+ acc1
              var dot = sum[0] &+ sum[1] &+ sum[2] &+ sum[3]
              for i in (chunks * 16)..<dimensions { dot &+= Int32(m[base + i]) &* Int32(q[i]) }
              body(row, scales[row] * query.scale * Float(dot))
            }
          }
        }
      }
    }
  }
}
