/// BERT's pre-tokenisation (`"type": "BertPreTokenizer"`): split on whitespace (dropped) and
/// make every punctuation scalar a piece of its own. `WhitespaceSplit` is the same without
/// the punctuation rule.
///
///     "hello, world!" → "hello", ",", "world", "!"
struct BertPreTokenizer: Sendable, Equatable {
  /// Whether punctuation is isolated (`BertPreTokenizer`) or kept inside words (`WhitespaceSplit`).
  var isolatePunctuation = true

  /// Copies `input` to `out` and writes the byte ranges of the pieces to `pieces`.
  func preTokenize(_ input: [UInt8], into out: inout [UInt8], pieces: inout [Range<Int>]) {
    out.removeAll(keepingCapacity: true)
    pieces.removeAll(keepingCapacity: true)
    out.append(contentsOf: input)
    var wordStart = -1
    var i = 0
    while i < input.count {
      let (scalar, length) = UTF8Decoding.scalar(in: input, at: i)
      if Self.isWhitespace(scalar) {
        if wordStart >= 0 { pieces.append(wordStart..<i) }
        wordStart = -1
      } else if isolatePunctuation && Self.isPunctuation(scalar) {
        if wordStart >= 0 { pieces.append(wordStart..<i) }
        wordStart = -1
        pieces.append(i..<(i + length))
      } else if wordStart < 0 {
        wordStart = i
      }
      i += length
    }
    if wordStart >= 0 { pieces.append(wordStart..<input.count) }
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x80 ? (scalar == " " || (scalar.value >= 9 && scalar.value <= 13)) : scalar.properties.isWhitespace
  }

  /// ASCII punctuation (which includes symbols such as `$`, `+`, `<`, `^`, `|`) or any
  /// Unicode punctuation category (Pc, Pd, Ps, Pe, Pi, Pf, Po).
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x80 {
      return (v >= 33 && v <= 47) || (v >= 58 && v <= 64) || (v >= 91 && v <= 96) || (v >= 123 && v <= 126)
    }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }
}
