/// Elementary functions for the transformer encoder's element-wise steps (GELU over every
/// feed-forward activation), where the C library's one-value-at-a-time `erff` and `expf` took a
/// fifth of a forward pass. Pure arithmetic with no calls and no branches, so the compiler
/// vectorises the loops that use them.
package enum VectorMath {
  /// x rounded to the nearest integer (ties to even), as a float and as an integer, for
  /// |x| < 2²²: adding 1.5 × 2²³ leaves the rounded integer in the low mantissa bits.
  @inline(__always)
  package static func roundedToInteger(_ x: Float) -> (Float, Int32) {
    let shifted = x + 12_582_912
    return (shifted - 12_582_912, Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000)
  }

  /// `roundedToInteger` of sixteen values at a time (each lane as the one-value version).
  @inline(__always)
  package static func roundedToInteger(_ x: SIMD16<Float>) -> (SIMD16<Float>, SIMD16<Int32>) {
    let shifted = x + 12_582_912
    return (shifted - 12_582_912, unsafeBitCast(shifted, to: SIMD16<Int32>.self) &- 0x4B40_0000)
  }

  /// e^x: x = n·ln 2 + r with |r| ≤ ln 2 / 2, e^r by its Taylor polynomial of degree 6
  /// (relative error < 3 × 10⁻⁷), times 2^n through the exponent bits. x is clamped to
  /// [−87.3, 88.3], so the result is a normal float (no infinity, no subnormal).
  @inline(__always)
  package static func exp(_ x: Float) -> Float {
    let clamped = Swift.min(Swift.max(x, -87.3), 88.3)
    let (n, whole) = roundedToInteger(clamped * 1.442_695_04)
    let r = clamped - n * 0.693_145_751_953_125 - n * 1.428_606_765_330_187e-6
    var p: Float = 1.0 / 720
    p = p * r + 1.0 / 120
    p = p * r + 1.0 / 24
    p = p * r + 1.0 / 6
    p = p * r + 0.5
    p = p * r + 1
    p = p * r + 1
    return p * Float(bitPattern: UInt32(bitPattern: (whole &+ 127) &<< 23))
  }

  /// The error function (Abramowitz and Stegun 7.1.26: absolute error ≤ 1.5 × 10⁻⁷, below the
  /// int8 quantization that follows it).
  @inline(__always)
  package static func erf(_ x: Float) -> Float {
    let a = Swift.min(Float(bitPattern: x.bitPattern & 0x7FFF_FFFF), 10)
    let t = 1 / (1 + 0.327_591_1 * a)
    var y: Float = 1.061_405_429
    y = y * t - 1.453_152_027
    y = y * t + 1.421_413_741
    y = y * t - 0.284_496_736
    y = y * t + 0.254_829_592
    let magnitude = 1 - y * t * exp(-a * a)
    return Float(bitPattern: magnitude.bitPattern | (x.bitPattern & 0x8000_0000))
  }

  /// GELU (the exact form, 0.5·x·(1 + erf(x/√2))) of `count` values in place.
  package static func gelu(_ values: UnsafeMutablePointer<Float>, count: Int) {
    for i in 0..<count {
      let x = values[i]
      values[i] = 0.5 * x * (1 + erf(x * 0.707_106_781_186_547_524_40))
    }
  }
}
