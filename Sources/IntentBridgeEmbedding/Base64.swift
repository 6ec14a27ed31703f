/// Standard base64 (RFC 4648, `=` padding, no line breaks), as `tokenizer.json` stores the map.
enum Base64 {
  static func decode(_ text: String) -> [UInt8]? {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(c)] = UInt8(i)
    }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count / 4 * 3)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for c in text.utf8 {
      if c == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      guard padding == 0 else { return nil }  // data after padding
      let value = table[Int(c)]
      guard value != 0xFF else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    guard padding <= 2 else { return nil }
    return out
  }
}
