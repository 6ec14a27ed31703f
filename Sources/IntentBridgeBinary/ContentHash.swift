/// A fast 64-bit content hash, eight bytes at a time in four independent lanes: the checksum
/// of a compiled tokenizer file and of an index file, and the fingerprint of the source files
/// a compiled tokenizer was built from.
/// Not cryptographic; stable across processes and machines (little-endian words).
///
///     var hash = ContentHash()
///     hash.combine(bytes)                // any number of calls: the result depends only on
///     hash.finish()                      // the concatenated bytes, not on how they were cut
///
/// Every step is a bijection of a lane's state for a fixed input word, so two inputs of the
/// same length that differ in a single 8-byte word (any flipped bits inside one word) always
/// hash differently; the length is mixed into the result, so a truncated input differs too.
/// `FNV1a` stays the model identity's hash (changing it would invalidate every vector file);
/// this one is ≈ 20× faster on large inputs (0.9 ms to read and hash `tokenizer.json`'s 4.9 MB).
///
/// - Complexity: O(n) for n bytes.
package struct ContentHash {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

  private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
    0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
  )
  /// Bytes not yet forming a whole 32-byte block (at most 31).
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  package init() { pending.reserveCapacity(32) }

  @inline(__always)
  private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    let mixed = lane ^ (word &* prime1)
    return ((mixed << 31) | (mixed >> 33)) &* prime2
  }

  /// Adds `bytes`.
  package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(32 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      offset = take
      guard pending.count == 32 else { return }
      pending.withUnsafeBytes { block in absorbBlocks(block, count: 1) }
      pending.removeAll(keepingCapacity: true)
    }
    let blocks = (bytes.count - offset) / 32
    if blocks > 0 {
      absorbBlocks(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + blocks * 32)]), count: blocks)
      offset += blocks * 32
    }
    if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
  }

  /// Adds `bytes`.
  package mutating func combine(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { combine($0) }
  }

  @inline(__always)
  private mutating func absorbBlocks(_ bytes: UnsafeRawBufferPointer, count: Int) {
    guard let base = bytes.baseAddress else { return }
    var (a, b, c, d) = lanes
    for block in 0..<count {
      let at = block * 32
      a = Self.round(a, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
      b = Self.round(b, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
      c = Self.round(c, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)))
      d = Self.round(d, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)))
    }
    lanes = (a, b, c, d)
  }

  /// The hash of everything combined so far.
  package func finish() -> UInt64 {
    var (a, b, c, d) = lanes
    // The tail: whole words into the lanes in turn, then the last bytes as one padded word
    // (the length tells a padded word from real zero bytes).
    var index = 0
    var lane = 0
    while index < pending.count {
      var word: UInt64 = 0
      for j in 0..<min(8, pending.count - index) { word |= UInt64(pending[index + j]) << (8 * UInt64(j)) }
      switch lane {
      case 0: a = Self.round(a, word)
      case 1: b = Self.round(b, word)
      case 2: c = Self.round(c, word)
      default: d = Self.round(d, word)
      }
      lane += 1
      index += 8
    }
    // Combine the lanes one at a time (each a bijection of the running value), then avalanche.
    var h = length &* Self.prime3
    for value in [a, b, c, d] {
      h = (h ^ Self.round(0, value)) &* Self.prime1 &+ Self.prime3
      h = (h << 27) | (h >> 37)
    }
    h ^= h >> 33
    h &*= Self.prime2
    h ^= h >> 29
    h &*= Self.prime3
    h ^= h >> 32
    return h
  }

  /// The hash of `bytes`.
  package static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { of($0) }
  }

  /// The hash of `bytes`.
  package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash = ContentHash()
    hash.combine(bytes)
    return hash.finish()
  }
}
