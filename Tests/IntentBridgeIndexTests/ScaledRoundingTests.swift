import IntentBridgeIndex
import IntentBridgeText
import Testing

/// `ScaledRounding` rounds each scaled value half away from zero and clamps it to the limit,
/// exactly as `Float.rounded()` does: the 8- and 16-bit rows (and so which rows a scan
/// computes in floats) must not change with how the rounding is computed.
@Suite struct ScaledRoundingTests {
  /// The rounding written with `rounded()`, the definition the fast path must match.
  static func reference(_ vector: [Float], limit: Int) -> [Int16] {
    let largest = vector.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else { return [Int16](repeating: 0, count: vector.count) }
    let scale = largest / Float(limit)
    let bound = Float(limit)
    return vector.map { Int16(max(-bound, min(bound, ($0 / scale).rounded()))) }
  }

  @Test(arguments: [127, 32767]) func halvesRoundAwayFromZero(limit: Int) {
    // The largest value is the limit, so the scale is 1 and each value is its own quotient.
    let bound = Float(limit)
    let vector: [Float] = [
      bound, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 1.4999999, -1.4999999, bound - 0.5, -(bound - 0.5), 0, -0.0,
      bound - 0.50000006, 3.5000002,
    ]
    let rounding = ScaledRounding(vector[...], limit: limit)
    #expect(rounding.scale == 1)
    #expect(rounding.values == Self.reference(vector, limit: limit))
    #expect(Array(rounding.values.prefix(7)) == [Int16(limit), 1, -1, 2, -2, 3, -3])
  }

  @Test(arguments: [(127, UInt64(5)), (32767, UInt64(6)), (3000, UInt64(7))]) func randomVectorsMatchTheDefinition(limit: Int, seed: UInt64) {
    var random = SeededRandom(seed: seed)
    for dimensions in [1, 7, 256] {
      for _ in 0..<50 {
        let spread = Float(1 + random.next() % 1000)
        let vector = (0..<dimensions).map { _ in Float(Double(random.next() % 2_000_001) / 1_000_000 - 1) * spread }
        #expect(ScaledRounding(vector[...], limit: limit).values == Self.reference(vector, limit: limit))
      }
    }
  }

  @Test func zeroAndNonFiniteVectorsRoundToZero() {
    #expect(ScaledRounding([0, 0, 0][...], limit: 127).values == [0, 0, 0])
    #expect(ScaledRounding([1, .infinity][...], limit: 127).values == [0, 0])
    #expect(ScaledRounding([1, .infinity][...], limit: 127).scale == 0)
  }
}
