import CIntentBridgeKernels
import IntentBridgeBinary
import IntentBridgeSystem

/// The implementation of the encoder's one heavy operation, the product of 4-bit weights
/// (`QuantizedMatrix`) and 8-bit activations (`QuantizedActivations`): the portable Swift
/// version below, or a C kernel for an instruction set the processor has (chosen at run time;
/// `CIntentBridgeKernels`).
///
/// Every kernel gives the same bits as `portable`: the product is defined exactly (integer lane
/// sums, then float steps in a fixed order; `QuantizedMatrix`), and the tests compare each
/// available kernel with `portable` on random products.
///
///     MatrixKernel.available     // [.portable, .avx2, .avx512VNNI] on this machine
///     MatrixKernel.fastest       // .avx512VNNI, or INTENTBRIDGE_KERNEL=avx2 to choose
package enum MatrixKernel: String, Sendable, CaseIterable {
  /// The Swift reference: runs everywhere.
  case portable = "swift"
  /// x86-64 AVX2 and FMA.
  case avx2 = "avx2"
  /// x86-64 AVX-512 with the VNNI int8 dot product.
  case avx512VNNI = "avx512-vnni"
  /// AArch64 NEON with the dot-product extension.
  case neonDot = "neon-dot"

  /// The environment variable that forces a kernel (one of the raw values; for benchmarks and
  /// tests). Unknown or unavailable names are ignored with `fastest`'s default.
  package static let environmentVariable = "INTENTBRIDGE_KERNEL"

  /// The kernels this processor runs, `portable` first.
  package static let available: [MatrixKernel] = {
    let bits = ib_kernels_available()
    return allCases.filter { kernel in kernel == .portable || (bits & kernel.bit) != 0 }
  }()

  /// The kernel used: `INTENTBRIDGE_KERNEL` when it names an available one, else the fastest
  /// available (AVX-512 VNNI, then NEON dot product, then AVX2, then portable).
  package static let fastest: MatrixKernel = {
    if let name = CurrentProcess.environmentValue(environmentVariable), let chosen = MatrixKernel(rawValue: name),
      available.contains(chosen)
    {
      return chosen
    }
    for kernel in [MatrixKernel.avx512VNNI, .neonDot, .avx2] where available.contains(kernel) { return kernel }
    return .portable
  }()

  private var bit: UInt32 {
    switch self {
    case .portable: 0
    case .avx2: UInt32(IB_KERNEL_AVX2)
    case .avx512VNNI: UInt32(IB_KERNEL_AVX512_VNNI)
    case .neonDot: UInt32(IB_KERNEL_NEON_DOT)
    }
  }

  /// Writes `output[t * matrix.rows + o]` = row o of `matrix` · token t of `activations`
  /// (+ bias) for every token and row; `activations.depth` must be `matrix.depth`.
  /// - Complexity: tokens × rows × depth multiply-adds on the calling thread.
  package func multiply(_ matrix: QuantizedMatrix, _ activations: QuantizedActivations, into output: UnsafeMutablePointer<Float>) {
    precondition(activations.depth == matrix.depth, "activations of depth \(activations.depth) for a matrix of depth \(matrix.depth)")
    if self != .portable {
      let done = matrix.weights.withUnsafeBufferPointer { weights in
        matrix.scales.withUnsafeBufferPointer { weightScales in
          activations.values.withUnsafeBufferPointer { values in
            activations.scales.withUnsafeBufferPointer { activationScales in
              activations.laneCorrections.withUnsafeBufferPointer { corrections in
                var product = ib_q4q8_product(
                  weights: weights.baseAddress, weightScales: weightScales.baseAddress, bias: matrix.bias?.buffer.baseAddress,
                  activations: values.baseAddress, activationScales: activationScales.baseAddress,
                  laneCorrections: corrections.baseAddress, output: output, tokens: Int32(activations.tokens),
                  rows: Int32(matrix.rows), depth: Int32(matrix.depth))
                return withExtendedLifetime(matrix.bias) { ib_q4q8_multiply(bit, &product) }
              }
            }
          }
        }
      }
      if done == 1 { return }
    }
    Self.multiplyPortably(matrix, activations, into: output)
  }

  /// The reference computation, step for step as `QuantizedMatrix` defines it.
  static func multiplyPortably(_ matrix: QuantizedMatrix, _ activations: QuantizedActivations, into output: UnsafeMutablePointer<Float>) {
    let depth = matrix.depth
    let blocks = depth / QuantizedMatrix.blockSize
    let weights = matrix.weights
    let values = activations.values
    let corrections = activations.laneCorrections
    for token in 0..<activations.tokens {
      for row in 0..<matrix.rows {
        var accumulators = SIMD16<Float>()
        for block in 0..<blocks {
          let weightBase = row * depth + block * QuantizedMatrix.blockSize
          let activationBase = token * depth + block * QuantizedMatrix.blockSize
          let correctionBase = (token * blocks + block) * 8
          let scale = matrix.scales[row * blocks + block] * activations.scales[token * blocks + block]
          let half = (block & 1) * 8
          for lane in 0..<8 {
            var sum = corrections[correctionBase + lane]
            for k in 0..<4 {
              let at = lane * 4 + k
              sum &+= Int32(weights[weightBase + at]) &* Int32(values[activationBase + at])
            }
            accumulators[half + lane] = accumulators[half + lane].addingProduct(Float(sum), scale)
          }
        }
        let u = accumulators.lowHalf + accumulators.highHalf
        let v = u.lowHalf + u.highHalf
        let w = v.lowHalf + v.highHalf
        output[token * matrix.rows + row] = (matrix.bias?[row] ?? 0) + (w[0] + w[1])
      }
    }
  }
}
