/// BERT's normaliser (`"type": "BertNormalizer"` in `tokenizer.json`), in the reference order:
///
/// 1. clean text: drop NUL, U+FFFD and control/format/private-use scalars, turn
///    every whitespace scalar (including tab, CR, LF) into a space;
/// 2. handle Chinese characters: put a space on both sides of every CJK ideograph;
/// 3. strip accents (default: when lowercasing): canonical decomposition, then drop
///    nonspacing marks (`StripAccentsTable`, Hangul arithmetically);
/// 4. lowercase: the full Unicode lowercase mapping of each scalar.
///
///     "Héllo\tWÖRLD 中文" → "hello world  中  文 "
struct BertNormalizer: Sendable, Equatable {
  var cleanText = true
  var handleChineseCharacters = true
  var stripAccents = true
  var lowercase = true

  init(cleanText: Bool = true, handleChineseCharacters: Bool = true, stripAccents: Bool? = nil, lowercase: Bool = true) {
    self.cleanText = cleanText
    self.handleChineseCharacters = handleChineseCharacters
    self.stripAccents = stripAccents ?? lowercase
    self.lowercase = lowercase
  }

  /// Appends the normalised UTF-8 of `text` to `out`.
  func normalize(_ text: Substring, into out: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {  // ASCII: no accents, no ideographs, simple case mapping
        if cleanText {
          if value == 9 || value == 10 || value == 13 || value == 32 {
            out.append(32)
            continue
          }
          if value < 32 || value == 127 { continue }
        }
        out.append(lowercase && value >= 65 && value <= 90 ? UInt8(value + 32) : UInt8(value))
        continue
      }
      if cleanText {
        if value == 0xFFFD || Self.isControl(scalar) { continue }
        if Self.isWhitespace(scalar) {
          out.append(32)
          continue
        }
      }
      if handleChineseCharacters && Self.isChineseCharacter(value) {
        out.append(32)
        appendStrippedAndLowercased(scalar, to: &out)
        out.append(32)
        continue
      }
      appendStrippedAndLowercased(scalar, to: &out)
    }
  }

  private func appendStrippedAndLowercased(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    guard stripAccents else {
      appendLowercased(scalar, to: &out)
      return
    }
    if scalar.properties.generalCategory == .nonspacingMark { return }
    if let hangul = Self.decomposeHangul(scalar) {
      for part in hangul { appendLowercased(part, to: &out) }
    } else if let parts = Self.strippedDecompositions[scalar.value] {
      for part in parts { appendLowercased(part, to: &out) }
    } else {
      appendLowercased(scalar, to: &out)
    }
  }

  @inline(__always)
  private func appendLowercased(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    if !lowercase || !scalar.properties.changesWhenLowercased {
      out.append(contentsOf: UTF8ScalarBytes(scalar))
      return
    }
    out.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
  }

  /// Whitespace as BERT counts it: tab, LF, CR and every `White_Space` scalar.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.isWhitespace
  }

  /// Control, format and private-use scalars (Cc, Cf, Co) except tab, LF and CR, which count
  /// as whitespace. Unassigned scalars are kept, as the reference keeps them (checked with
  /// tokenizers 0.23: U+0378 and recent emoji survive, U+E000 and U+200B do not).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse: return true
    default: return false
    }
  }

  /// The CJK ideograph blocks BERT surrounds with spaces.
  static func isChineseCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
      0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
      return true
    default:
      return false
    }
  }

  /// A precomposed Hangul syllable → its conjoining jamo (the Unicode algorithm).
  static func decomposeHangul(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
    let index = Int(scalar.value) - 0xAC00
    guard index >= 0, index < 11_172 else { return nil }
    let lead = 0x1100 + index / 588
    let vowel = 0x1161 + (index % 588) / 28
    let trail = 0x11A7 + index % 28
    var parts = [lead, vowel].compactMap { Unicode.Scalar(UInt32($0)) }
    if trail != 0x11A7, let t = Unicode.Scalar(UInt32(trail)) { parts.append(t) }
    return parts
  }

  /// `StripAccentsTable` parsed once.
  static let strippedDecompositions: [UInt32: [Unicode.Scalar]] = {
    var table: [UInt32: [Unicode.Scalar]] = [:]
    for entry in StripAccentsTable.entries.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let sides = entry.split(separator: ":", omittingEmptySubsequences: false)
      guard sides.count == 2, let key = UInt32(sides[0], radix: 16) else { continue }
      table[key] = sides[1].split(separator: "+").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }
    return table
  }()
}
