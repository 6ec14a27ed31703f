import IntentBridgeBinary
import Testing

@testable import IntentBridgeEmbedding

/// Every matrix kernel this processor runs gives the same bits as the portable Swift version,
/// on random products of every tile shape (token counts that leave remainders, and that span
/// more than one of the AVX-512 kernel's 16-token chunks), extreme
/// values (weights 0 and 15, activations −128 and 127), zero blocks and a missing bias.
@Suite struct MatrixKernelTests {
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func matrix(rows: Int, depth: Int, bias: Bool, extreme: Bool, random: inout Generator) -> QuantizedMatrix {
    let weights = (0..<(rows * depth)).map { _ in extreme ? (Bool.random(using: &random) ? UInt8(15) : 0) : UInt8.random(in: 0...15, using: &random) }
    let scales = (0..<(rows * depth / 32)).map { _ in Float.random(in: 0.0001...0.05, using: &random) }
    let biases = bias ? FlatArray((0..<rows).map { _ in Float.random(in: -1...1, using: &random) }) : nil
    return QuantizedMatrix(weights: FlatArray(weights), scales: FlatArray(scales), bias: biases, rows: rows, depth: depth)
  }

  @Test func everyKernelGivesThePortableResult() {
    var random = Generator(state: 42)
    #expect(MatrixKernel.available.first == .portable)
    let kernels = MatrixKernel.available.filter { $0 != .portable }
    for (rows, depth) in [(4, 64), (8, 128), (64, 384), (12, 1536)] {
      for tokens in [1, 2, 3, 4, 5, 7, 9, 16, 17, 23, 35] {
        for variant in 0..<3 {
          let extreme = variant == 2
          let matrix = Self.matrix(rows: rows, depth: depth, bias: variant != 1, extreme: extreme, random: &random)
          var floats = (0..<(tokens * depth)).map { _ in Float.random(in: -6...6, using: &random) }
          if extreme { for i in stride(from: 0, to: floats.count, by: 2) { floats[i] = floats[i] < 0 ? -1000 : 1000 } }
          if variant == 1 { for i in 0..<min(32, floats.count) { floats[i] = 0 } }  // an all-zero block
          var activations = QuantizedActivations()
          floats.withUnsafeBufferPointer { activations.quantize($0, tokens: tokens, depth: depth) }
          var expected = [Float](repeating: .nan, count: tokens * rows)
          expected.withUnsafeMutableBufferPointer { MatrixKernel.portable.multiply(matrix, activations, into: $0.baseAddress!) }
          #expect(!expected.contains { $0.isNaN })
          for kernel in kernels {
            var actual = [Float](repeating: .nan, count: tokens * rows)
            actual.withUnsafeMutableBufferPointer { kernel.multiply(matrix, activations, into: $0.baseAddress!) }
            let same = zip(actual, expected).allSatisfy { $0.bitPattern == $1.bitPattern }
            #expect(same, "\(kernel) differs from the portable kernel for \(rows)×\(depth), \(tokens) tokens, variant \(variant)")
          }
        }
      }
    }
  }

  @Test func thePortableKernelComputesTheDefinedProduct() {
    // One row, one token, two blocks, by hand: block 0 lanes each 4 × (15 − 8) × 1 = 28,
    // block 1 lanes each 4 × (0 − 8) × 2 = −64; scales 0.5 × 0.25 and 1 × 0.125.
    let matrix = QuantizedMatrix(
      weights: FlatArray([UInt8](repeating: 15, count: 32) + [UInt8](repeating: 0, count: 32) + [UInt8](repeating: 8, count: 192)),
      scales: FlatArray([0.5, 1, 1, 1, 1, 1, 1, 1]), bias: FlatArray([0.25, 0, 0, 0]), rows: 4, depth: 64)
    let floats = [Float](repeating: 31.75, count: 32) + [Float](repeating: 15.875, count: 32)  // scales 0.25 and 0.125
    var activations = QuantizedActivations()
    floats.withUnsafeBufferPointer { activations.quantize($0, tokens: 1, depth: 64) }
    #expect(activations.scales.prefix(2) == [0.25, 0.125])
    #expect(activations.values.prefix(64).allSatisfy { $0 == 127 })
    var output = [Float](repeating: 0, count: 4)
    output.withUnsafeMutableBufferPointer { MatrixKernel.portable.multiply(matrix, activations, into: $0.baseAddress!) }
    // 8 lanes × 28 × 127 × 0.125 + 8 lanes × (−32 × 127) × 0.125 + bias 0.25
    let expected: Float = 8 * Float(4 * 7 * 127) * 0.125 + 8 * Float(4 * -8 * 127) * 0.125 + 0.25
    #expect(output[0] == expected)
    #expect(output[1] == 0)
  }
}
