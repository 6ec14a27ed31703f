/// The value of a Swift string literal: literal text with escapes resolved and the
/// interpolations it holds, in order.
///
///     "Start \(.applicationName)"      → [.text("Start "), .interpolation(…".applicationName"…)]
///     #"C:\temp \#(name)"#             → [.text(#"C:\temp "#), .interpolation(…"name"…)]
///     """                              → [.text("one\ntwo")]
///       one
///       two
///       """
///
/// Multi-line literals lose the line break after the opening `"""`, the one before the
/// closing `"""`, and the closing delimiter's indentation on every line; `\` at the end of
/// a line joins it with the next. Raw literals resolve only escapes written with their `#`s.
struct SwiftStringLiteral: Sendable, Hashable {
  enum Segment: Sendable, Hashable {
    case text(String)
    /// The byte range of the interpolated expression (without the parentheses).
    case interpolation(Range<Int>)
  }

  var segments: [Segment]
  var isMultiline: Bool
  var unterminated: Bool

  /// The text when the literal has no interpolation.
  var plainText: String? {
    var text = ""
    for segment in segments {
      guard case .text(let part) = segment else { return nil }
      text += part
    }
    return text
  }

  /// Decodes the string token `index` of `source`.
  init(source: SwiftSource, token index: Int) {
    let token = source.tokens[index]
    self.init(bytes: source.bytes, range: token.range, unterminated: token.unterminated, interpolations: source.interpolations)
  }

  init(bytes: [UInt8], range: Range<Int>, unterminated: Bool, interpolations: [Range<Int32>]) {
    self.unterminated = unterminated
    let quote = UInt8(ascii: "\"")
    var p = range.lowerBound
    var hashes = 0
    while p < range.upperBound, bytes[p] == UInt8(ascii: "#") {
      hashes += 1
      p += 1
    }
    let multiline = p + 2 < range.upperBound && bytes[p] == quote && bytes[p + 1] == quote && bytes[p + 2] == quote
    isMultiline = multiline
    p += multiline ? 3 : 1
    var end = range.upperBound
    if !unterminated { end = max(p, end - (multiline ? 3 : 1) - hashes) }
    var indentation: ArraySlice<UInt8> = []
    if multiline {
      // Skip to after the line break that follows the opening delimiter.
      while p < end, bytes[p] != 0x0A { p += 1 }
      if p < end { p += 1 }
      if !unterminated {
        var i = end
        while i > p, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        if i > p, bytes[i - 1] == 0x0A {
          indentation = bytes[i..<end]
          end = i - 1
          if end > p, bytes[end - 1] == 0x0D { end -= 1 }
        } else if i == p {
          indentation = bytes[i..<end]
          end = p
        }
      }
    }
    // The first interpolation that may lie in this literal.
    var next = Self.firstInterpolation(atOrAfter: p, in: interpolations)

    var segments: [Segment] = []
    var text: [UInt8] = []
    var atLineStart = multiline
    func flush() {
      if !text.isEmpty {
        segments.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll(keepingCapacity: true)
      }
    }
    while p < end {
      if atLineStart {
        atLineStart = false
        var k = 0
        while k < indentation.count, p + k < end, bytes[p + k] == indentation[indentation.startIndex + k] { k += 1 }
        p += k
        continue
      }
      let c = bytes[p]
      if c == UInt8(ascii: "\\"), Self.hasHashes(hashes, bytes, at: p + 1, end: end) {
        let q = p + 1 + hashes
        guard q < end else {
          text.append(c)
          break
        }
        switch bytes[q] {
        case UInt8(ascii: "("):
          while next < interpolations.count, Int(interpolations[next].lowerBound) < q + 1 { next += 1 }
          guard next < interpolations.count, Int(interpolations[next].lowerBound) == q + 1 else {
            // Unterminated interpolation: the rest is not text.
            p = end
            continue
          }
          flush()
          let inner = Int(interpolations[next].lowerBound)..<Int(interpolations[next].upperBound)
          segments.append(.interpolation(inner))
          next += 1
          p = inner.upperBound + 1
        case UInt8(ascii: "n"):
          text.append(0x0A)
          p = q + 1
        case UInt8(ascii: "t"):
          text.append(0x09)
          p = q + 1
        case UInt8(ascii: "r"):
          text.append(0x0D)
          p = q + 1
        case UInt8(ascii: "0"):
          text.append(0x00)
          p = q + 1
        case UInt8(ascii: "u"):
          p = Self.unicodeEscape(bytes, at: q + 1, end: end, into: &text)
        case 0x0A, 0x0D:
          // Line continuation (multi-line literals only).
          p = q + 1
          if bytes[q] == 0x0D, p < end, bytes[p] == 0x0A { p += 1 }
          atLineStart = true
        default:
          text.append(bytes[q])
          p = q + 1
        }
        continue
      }
      text.append(c)
      p += 1
      if c == 0x0A { atLineStart = true }
    }
    flush()
    self.segments = segments
  }

  private static func hasHashes(_ count: Int, _ bytes: [UInt8], at offset: Int, end: Int) -> Bool {
    guard count > 0 else { return true }
    guard offset + count <= end else { return false }
    for i in offset..<(offset + count) where bytes[i] != UInt8(ascii: "#") { return false }
    return true
  }

  /// `{1F600}` after `\u`; returns the offset after the closing brace (or where it stopped).
  private static func unicodeEscape(_ bytes: [UInt8], at start: Int, end: Int, into text: inout [UInt8]) -> Int {
    guard start < end, bytes[start] == UInt8(ascii: "{") else {
      text.append(UInt8(ascii: "u"))
      return start
    }
    var value: UInt32 = 0
    var i = start + 1
    var digits = 0
    while i < end, digits < 8, let digit = hexValue(bytes[i]) {
      value = value &* 16 &+ UInt32(digit)
      digits += 1
      i += 1
    }
    guard i < end, bytes[i] == UInt8(ascii: "}"), digits > 0, let scalar = Unicode.Scalar(value) else {
      text.append(contentsOf: bytes[(start - 2)..<i])
      return i
    }
    text.append(contentsOf: Array(String(Character(scalar)).utf8))
    return i + 1
  }

  /// The value of a hexadecimal digit (also used by the strings-file reader).
  static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: c - 0x30
    case 0x61...0x66: c - 0x61 + 10
    case 0x41...0x46: c - 0x41 + 10
    default: nil
    }
  }

  /// Binary search: the first interpolation starting at or after `offset`.
  private static func firstInterpolation(atOrAfter offset: Int, in ranges: [Range<Int32>]) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if Int(ranges[middle].lowerBound) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
