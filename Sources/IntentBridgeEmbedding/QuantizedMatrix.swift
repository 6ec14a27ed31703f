import IntentBridgeBinary

/// A weight matrix of the transformer encoder in 4-bit blocks, read in place from the encoder
/// file: `rows × depth` bytes each 0…15 (weight = (value − 8) × scale), one float scale per 32
/// values along a row, and an optional bias per row.
///
/// Its product with `QuantizedActivations` (`MatrixKernel.multiply`) is defined exactly, so
/// that every kernel gives the same bits: for output (token t, row o), lane j (0…7) of block b
/// is the integer Σ_{i=4j}^{4j+3} value_i × activation_i − 8 × Σ_{i=4j}^{4j+3} activation_i;
/// sixteen float accumulators start at 0 and, for b = 0, 1, …, accumulator 8·(b mod 2) + j
/// becomes fma(float(lane j), scale_b × activationScale_b, accumulator); then
/// u_j = acc_j + acc_{j+8}, v_j = u_j + u_{j+4}, w_j = v_j + v_{j+2}, and the output is
/// bias + (w_0 + w_1). (The same definition is in `IntentBridgeKernels.h`.)
package struct QuantizedMatrix: Sendable {
  /// Values per block (one scale each).
  package static let blockSize = 32

  package let weights: FlatArray<UInt8>
  package let scales: FlatArray<Float>
  package let bias: FlatArray<Float>?
  package let rows: Int
  package let depth: Int

  /// A matrix over stored values; the caller has checked the counts (`rows × depth` values,
  /// `rows × depth / 32` scales, `rows` biases), that `rows` is a multiple of 4 and `depth`
  /// of 64 (the kernels' tiles).
  package init(weights: FlatArray<UInt8>, scales: FlatArray<Float>, bias: FlatArray<Float>?, rows: Int, depth: Int) {
    precondition(rows % 4 == 0 && depth % 64 == 0 && weights.count == rows * depth && scales.count == rows * depth / Self.blockSize)
    precondition(bias.map { $0.count == rows } ?? true)
    self.weights = weights
    self.scales = scales
    self.bias = bias
    self.rows = rows
    self.depth = depth
  }
}

/// Activations (one row of `depth` floats per token) quantized as the matrix kernels read
/// them: per block of 32 values, scale = max |x| / 127 and value = x / scale rounded to the
/// nearest integer (ties to even) and clamped to −128…127 (an all-zero block has scale 0 and
/// values 0), plus the lane corrections −8 × (sum of each 4 consecutive values).
///
/// The storage is kept between calls (`quantize` reuses it), so a forward pass allocates it
/// once.
package struct QuantizedActivations: Sendable {
  package private(set) var values: [Int8] = []
  package private(set) var scales: [Float] = []
  package private(set) var laneCorrections: [Int32] = []
  package private(set) var tokens = 0
  package private(set) var depth = 0

  package init() {}

  /// Quantizes `tokens` rows of `depth` floats (`depth` a multiple of 32) from `rows`.
  /// - Complexity: O(tokens × depth).
  package mutating func quantize(_ rows: UnsafeBufferPointer<Float>, tokens: Int, depth: Int) {
    precondition(depth % QuantizedMatrix.blockSize == 0 && rows.count >= tokens * depth)
    let blocks = depth / QuantizedMatrix.blockSize
    self.tokens = tokens
    self.depth = depth
    if values.count < tokens * depth { values = [Int8](repeating: 0, count: tokens * depth) }
    if scales.count < tokens * blocks { scales = [Float](repeating: 0, count: tokens * blocks) }
    if laneCorrections.count < tokens * blocks * 8 { laneCorrections = [Int32](repeating: 0, count: tokens * blocks * 8) }
    values.withUnsafeMutableBufferPointer { values in
      scales.withUnsafeMutableBufferPointer { scales in
        laneCorrections.withUnsafeMutableBufferPointer { corrections in
          for block in 0..<(tokens * blocks) {
            Self.quantizeBlock(
              rows.baseAddress! + block * QuantizedMatrix.blockSize, into: values.baseAddress! + block * QuantizedMatrix.blockSize,
              scale: &scales[block], corrections: corrections.baseAddress! + block * 8)
          }
        }
      }
    }
  }

  /// One block of 32 values, sixteen lanes at a time. The largest magnitude is found on the bit
  /// patterns (for non-negative floats their order as integers is their order as numbers); a
  /// block with a non-finite value is quantized as zeros.
  @inline(__always)
  private static func quantizeBlock(
    _ x: UnsafePointer<Float>, into values: UnsafeMutablePointer<Int8>, scale: inout Float, corrections: UnsafeMutablePointer<Int32>
  ) {
    typealias Lanes = SIMD16<Float>
    let input = UnsafeRawPointer(x)
    let low = input.loadUnaligned(as: Lanes.self)
    let high = input.loadUnaligned(fromByteOffset: MemoryLayout<Lanes>.size, as: Lanes.self)
    let magnitudes = pointwiseMax(
      unsafeBitCast(low, to: SIMD16<UInt32>.self) & 0x7FFF_FFFF, unsafeBitCast(high, to: SIMD16<UInt32>.self) & 0x7FFF_FFFF)
    let largest = Float(bitPattern: magnitudes.max())
    let blockScale: Float = largest.isFinite ? largest / 127 : 0
    let inverse: Float = blockScale > 0 ? 1 / blockScale : 0
    scale = blockScale
    @inline(__always) func quantize(_ lanes: Lanes, half: Int) {
      // Swift.min(Swift.max(x, −128), 127) per lane (a NaN stays NaN, then becomes 0).
      let product = lanes * inverse
      let bounded = product.replacing(with: -128, where: product .<= -128)
      let scaled = bounded.replacing(with: 127, where: bounded .> 127)
      let integers = VectorMath.roundedToInteger(scaled.replacing(with: 0, where: scaled .!= scaled)).1
      UnsafeMutableRawPointer(values + half * 16).storeBytes(of: SIMD16<Int8>(truncatingIfNeeded: integers), as: SIMD16<Int8>.self)
      // Sums of each 4 consecutive values: pairs, then pairs of pairs.
      let pairs = integers.evenHalf &+ integers.oddHalf
      let sums = pairs.evenHalf &+ pairs.oddHalf
      UnsafeMutableRawPointer(corrections + half * 4).storeBytes(of: -8 &* sums, as: SIMD4<Int32>.self)
    }
    quantize(low, half: 0)
    quantize(high, half: 1)
  }
}
