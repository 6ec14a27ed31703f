/// SentencePiece-style pre-tokenisation (`"type": "Metaspace"` in `tokenizer.json`): every
/// space becomes the replacement character (`▁`, U+2581), a `▁` is prepended when the text
/// does not already start with one (per `prepend_scheme`), and with `split: true` the text is
/// cut before every `▁`, each piece keeping its leading `▁`.
///
///     "turn on  the light" (normalised: "turn on the light")
///     → "▁turn", "▁on", "▁the", "▁light"
struct MetaspacePreTokenizer: Sendable, Equatable {
  enum PrependScheme: String, Sendable, CaseIterable {
    /// Prepend to every segment (the text between added tokens).
    case always
    /// Prepend only to the segment at the very start of the text.
    case first
    case never
  }

  /// The UTF-8 bytes of the replacement character.
  let replacement: [UInt8]
  let prependScheme: PrependScheme
  let split: Bool

  init(replacement: Character = "▁", prependScheme: PrependScheme = .always, split: Bool = true) {
    self.replacement = Array(String(replacement).utf8)
    self.prependScheme = prependScheme
    self.split = split
  }

  /// The stage with the replacement's UTF-8 bytes (non-empty), as a compiled file stores it.
  init(replacementBytes: [UInt8], prependScheme: PrependScheme, split: Bool) {
    replacement = replacementBytes
    self.prependScheme = prependScheme
    self.split = split
  }

  /// Writes the transformed bytes of `input` to `out` and the byte ranges of the pieces to
  /// `pieces` (both replaced). `isFirstSegment` tells whether `input` starts the text.
  func preTokenize(_ input: [UInt8], isFirstSegment: Bool, into out: inout [UInt8], pieces: inout [Range<Int>]) {
    out.removeAll(keepingCapacity: true)
    pieces.removeAll(keepingCapacity: true)
    guard !input.isEmpty else { return }
    let prepend: Bool
    switch prependScheme {
    case .always: prepend = true
    case .first: prepend = isFirstSegment
    case .never: prepend = false
    }
    if prepend && input[0] != 32 && !startsWithReplacement(input, at: 0) {
      out.append(contentsOf: replacement)
    }
    for byte in input {
      if byte == 32 { out.append(contentsOf: replacement) } else { out.append(byte) }
    }
    guard split else {
      pieces.append(0..<out.count)
      return
    }
    var start = 0
    var i = 0
    let first = replacement[0]
    while i < out.count {
      if out[i] == first, i > start, startsWithReplacement(out, at: i) {
        pieces.append(start..<i)
        start = i
      }
      i += 1
    }
    pieces.append(start..<out.count)
  }

  @inline(__always)
  private func startsWithReplacement(_ bytes: [UInt8], at index: Int) -> Bool {
    guard index + replacement.count <= bytes.count else { return false }
    for j in 0..<replacement.count where bytes[index + j] != replacement[j] { return false }
    return true
  }
}
