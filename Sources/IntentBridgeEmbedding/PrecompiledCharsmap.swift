import IntentBridgeBinary

/// SentencePiece's precompiled normalisation map (the `Precompiled` normaliser of
/// `tokenizer.json`), decoded and applied exactly as the tokenizers library does.
///
/// The map is a Darts double-array trie from UTF-8 strings to replacement strings (for XLM-R:
/// NFKC-style folding of compatibility characters, removal of control characters, composition
/// of common base + combining-mark pairs). It is applied per grapheme cluster: a cluster shorter
/// than 6 bytes is first looked up whole, and the shortest matching key wins (so a cluster
/// whose first scalar has a replacement becomes that replacement, dropping its other scalars —
/// a quirk the reference keeps for compatibility); otherwise each scalar is looked up alone.
///
/// Decoding the map itself (rather than approximating it with NFC plus the per-scalar
/// `normalizer_table.json`) makes the result identical to the reference on every input tried,
/// including decomposed accents and stacked combining marks, and needs no Unicode
/// normalisation API (Swift on Linux has none without Foundation's ICU).
///
/// Binary layout: little-endian `UInt32` trie size in bytes, the trie units (`UInt32` each),
/// then the replacement strings, each terminated by a NUL byte.
struct PrecompiledCharsmap: Sendable {
  let units: FlatArray<UInt32>
  let replacements: FlatArray<UInt8>
  /// For the ASCII fast path: the replacement offset of each ASCII byte, or -1.
  let asciiReplacement: FlatArray<Int32>
  /// The replacement of the two-scalar grapheme "\r\n", or -1.
  let crlfReplacement: Int32

  /// Decodes the base64 `precompiled_charsmap`; `field` names it in errors.
  init(base64: String, file: String, field: String) throws(EmbeddingError) {
    guard let data = Base64.decode(base64) else {
      throw .invalidField(file: file, field: field, value: "a string of \(base64.utf8.count) bytes", expected: "valid base64")
    }
    guard data.count >= 4 else {
      throw .invalidField(file: file, field: field, value: "\(data.count) decoded bytes", expected: "at least 4 bytes (the trie size)")
    }
    let trieSize = Int(data[0]) | Int(data[1]) << 8 | Int(data[2]) << 16 | Int(data[3]) << 24
    guard trieSize % 4 == 0, trieSize >= 4, trieSize <= data.count - 4 else {
      throw .invalidField(
        file: file, field: field, value: "a trie size of \(trieSize) bytes",
        expected: "a positive multiple of 4 of at most \(data.count - 4) (the decoded map's length)")
    }
    var units: [UInt32] = []
    units.reserveCapacity(trieSize / 4)
    var i = 4
    while i < 4 + trieSize {
      units.append(UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24)
      i += 4
    }
    self.init(units: FlatArray(units), replacements: FlatArray(Array(data[(4 + trieSize)...])))
  }

  /// The map from its trie units and replacement strings (decoded, or read in place from a
  /// compiled file); the ASCII table is derived (127 lookups). Every lookup is bounded by the
  /// arrays' sizes, so any contents are safe.
  init(units: FlatArray<UInt32>, replacements: FlatArray<UInt8>) {
    self.units = units
    self.replacements = replacements
    var ascii = [Int32](repeating: -1, count: 128)
    for byte in 1..<128 {
      ascii[byte] = Self.firstMatch([UInt8(byte)], units: units, replacementCount: replacements.count)
    }
    self.asciiReplacement = FlatArray(ascii)
    self.crlfReplacement = Self.firstMatch([13, 10], units: units, replacementCount: replacements.count)
  }

  /// The offset of the replacement for the shortest key that is a prefix of `bytes`, or -1.
  /// A trie position outside the array (a damaged map) counts as no match.
  @inline(__always)
  private static func firstMatch<Bytes: Sequence<UInt8>>(_ bytes: Bytes, units: FlatArray<UInt32>, replacementCount: Int) -> Int32 {
    guard let first = units.first else { return -1 }
    var position = Int(offset(first))
    for byte in bytes {
      if byte == 0 { return -1 }
      position ^= Int(byte)
      guard position >= 0, position < units.count else { return -1 }
      let unit = units[position]
      guard unit & 0x8000_00FF == UInt32(byte) else { return -1 }
      position ^= Int(offset(unit))
      if (unit >> 8) & 1 == 1 {
        guard position >= 0, position < units.count else { return -1 }
        let value = Int(units[position] & 0x7FFF_FFFF)
        return value < replacementCount ? Int32(value) : -1
      }
    }
    return -1
  }

  @inline(__always)
  private static func offset(_ unit: UInt32) -> UInt32 {
    (unit >> 10) << ((unit & (1 << 9)) >> 6)
  }

  @inline(__always)
  private func firstMatch<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int32 {
    Self.firstMatch(bytes, units: units, replacementCount: replacements.count)
  }

  /// Appends the NUL-terminated replacement starting at `start`.
  @inline(__always)
  private func appendReplacement(_ start: Int32, to out: inout [UInt8]) {
    var i = Int(start)
    while i < replacements.count, replacements[i] != 0 {
      out.append(replacements[i])
      i += 1
    }
  }

  /// The replacement for exactly one scalar, or nil (used by tests to cross-check
  /// `normalizer_table.json`).
  func replacement(for scalar: Unicode.Scalar) -> String? {
    let start = firstMatch(String(scalar).utf8)
    guard start >= 0 else { return nil }
    var bytes: [UInt8] = []
    appendReplacement(start, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the normalised UTF-8 of `text` to `out`.
  func normalize(_ text: Substring, into out: inout [UInt8]) {
    let utf8 = text.utf8
    let isASCII = utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
    if isASCII {
      normalizeASCII(utf8, into: &out)
      return
    }
    for grapheme in text {
      let bytes = grapheme.utf8
      if bytes.count < 6 {
        let start = firstMatch(bytes)
        if start >= 0 {
          appendReplacement(start, to: &out)
          continue
        }
      }
      for scalar in grapheme.unicodeScalars {
        let start = firstMatch(UTF8ScalarBytes(scalar))
        if start >= 0 {
          appendReplacement(start, to: &out)
        } else {
          out.append(contentsOf: UTF8ScalarBytes(scalar))
        }
      }
    }
  }

  /// ASCII text: every grapheme is one byte except "\r\n".
  private func normalizeASCII(_ utf8: Substring.UTF8View, into out: inout [UInt8]) {
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      utf8.formIndex(after: &index)
      if byte == 13, index != utf8.endIndex, utf8[index] == 10 {
        utf8.formIndex(after: &index)
        if crlfReplacement >= 0 {
          appendReplacement(crlfReplacement, to: &out)
        } else {
          appendASCII(13, to: &out)
          appendASCII(10, to: &out)
        }
        continue
      }
      appendASCII(byte, to: &out)
    }
  }

  @inline(__always)
  private func appendASCII(_ byte: UInt8, to out: inout [UInt8]) {
    let start = asciiReplacement[Int(byte)]
    if start >= 0 { appendReplacement(start, to: &out) } else { out.append(byte) }
  }
}
