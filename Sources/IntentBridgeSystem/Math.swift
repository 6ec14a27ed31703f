#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

// The C library's elementary functions on `Double`, which the standard library does not
// offer, under their C names. Inlinable: each is the C function itself, with the same
// results bit for bit, at no cost of a call.

/// e raised to `x` (`exp`).
@inlinable package func exp(_ x: Double) -> Double {
  #if canImport(Darwin)
    Darwin.exp(x)
  #elseif canImport(Glibc)
    Glibc.exp(x)
  #elseif canImport(Musl)
    Musl.exp(x)
  #endif
}

/// The natural logarithm of `x` (`log`).
@inlinable package func log(_ x: Double) -> Double {
  #if canImport(Darwin)
    Darwin.log(x)
  #elseif canImport(Glibc)
    Glibc.log(x)
  #elseif canImport(Musl)
    Musl.log(x)
  #endif
}

/// The base-2 logarithm of `x` (`log2`).
@inlinable package func log2(_ x: Double) -> Double {
  #if canImport(Darwin)
    Darwin.log2(x)
  #elseif canImport(Glibc)
    Glibc.log2(x)
  #elseif canImport(Musl)
    Musl.log2(x)
  #endif
}

/// `x` raised to `y` (`pow`).
@inlinable package func pow(_ x: Double, _ y: Double) -> Double {
  #if canImport(Darwin)
    Darwin.pow(x, y)
  #elseif canImport(Glibc)
    Glibc.pow(x, y)
  #elseif canImport(Musl)
    Musl.pow(x, y)
  #endif
}

/// e raised to `x` in single precision (`expf`): the transformer encoder's softmax.
@inlinable package func exp(_ x: Float) -> Float {
  #if canImport(Darwin)
    Darwin.expf(x)
  #elseif canImport(Glibc)
    Glibc.expf(x)
  #elseif canImport(Musl)
    Musl.expf(x)
  #endif
}

/// The error function in single precision (`erff`): the transformer encoder's GELU.
@inlinable package func erf(_ x: Float) -> Float {
  #if canImport(Darwin)
    Darwin.erff(x)
  #elseif canImport(Glibc)
    Glibc.erff(x)
  #elseif canImport(Musl)
    Musl.erff(x)
  #endif
}
