/// 64-bit FNV-1a, a small stable hash (unlike `Hasher`, the same in every process).
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
  }

  func hex(digits: Int) -> String {
    let text = String(value, radix: 16)
    let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
    return String(padded.prefix(digits))
  }
}
