// Small UTF-8 helpers for the byte-level tokenizer stages.

/// The UTF-8 bytes of one scalar, without allocating.
struct UTF8ScalarBytes: Sequence, IteratorProtocol {
  private var bytes: UInt32
  private var remaining: Int

  init(_ scalar: Unicode.Scalar) {
    let v = scalar.value
    switch v {
    case 0..<0x80:
      bytes = v
      remaining = 1
    case 0x80..<0x800:
      bytes = (0xC0 | v >> 6) | (0x80 | v & 0x3F) << 8
      remaining = 2
    case 0x800..<0x10000:
      bytes = (0xE0 | v >> 12) | (0x80 | (v >> 6) & 0x3F) << 8 | (0x80 | v & 0x3F) << 16
      remaining = 3
    default:
      bytes = (0xF0 | v >> 18) | (0x80 | (v >> 12) & 0x3F) << 8 | (0x80 | (v >> 6) & 0x3F) << 16 | (0x80 | v & 0x3F) << 24
      remaining = 4
    }
  }

  var underestimatedCount: Int { remaining }

  mutating func next() -> UInt8? {
    guard remaining > 0 else { return nil }
    let byte = UInt8(truncatingIfNeeded: bytes)
    bytes >>= 8
    remaining -= 1
    return byte
  }
}

/// Decoding one scalar from UTF-8 that this module produced (and so knows to be valid);
/// a malformed byte decodes as U+FFFD of length 1 rather than trapping.
enum UTF8Decoding {
  @inline(__always)
  static func sequenceLength(_ lead: UInt8) -> Int {
    if lead < 0x80 { return 1 }
    if lead >= 0xF0 { return 4 }
    if lead >= 0xE0 { return 3 }
    if lead >= 0xC0 { return 2 }
    return 1
  }

  static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    let length = sequenceLength(lead)
    guard length > 1, index + length <= bytes.count else {
      return (lead < 0x80 ? Unicode.Scalar(lead) : "\u{FFFD}", 1)
    }
    var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
    for j in 1..<length { value = value << 6 | UInt32(bytes[index + j] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}
