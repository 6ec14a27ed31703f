#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// The offset of the first `byte` in `bytes`, nil when there is none: the C library's
/// `memchr`, which compares many bytes per step.
///
///     Array("ab\ncd".utf8).withUnsafeBytes { firstOffset(of: 0x0A, in: $0) }   // 2
/// - Complexity: O(bytes.count).
package func firstOffset(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
  guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else { return nil }
  return base.distance(to: UnsafeRawPointer(found))
}
