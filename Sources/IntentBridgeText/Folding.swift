/// Per-scalar folding and classification, driven by the generated ``UnicodeTables``.
enum ScalarClass: UInt8 {
  /// Part of a word: letters, combining marks of non-Latin scripts, other numerals.
  case letter
  /// A decimal digit.
  case digit
  /// A Han, kana or Hangul character.
  case cjk
  /// `'` (and its look-alikes, folded to it).
  case apostrophe
  /// `.` or `,`: a decimal separator between digits, else punctuation.
  case decimalMark
  /// `%`, `‰`, `°` and currency signs: kept as one-character tokens.
  case symbol
  /// Anything else: spaces, punctuation, other symbols.
  case separator
}

enum Folding {
  /// Calls `body` with each scalar of the folded form of `scalar` (none if it folds away).
  ///
  /// - Complexity: O(1) for ASCII, O(log t) otherwise (t = table size, about 4,000).
  @inline(__always)
  static func fold(_ scalar: UInt32, _ body: (UInt32) -> Void) {
    if scalar < 0x80 {
      body(scalar &- 0x41 < 26 ? scalar | 0x20 : scalar)
      return
    }
    guard let index = tableIndex(scalar) else {
      body(scalar)
      return
    }
    let value = UnicodeTables.foldValues[index]
    if value & 0x8000_0000 == 0 {
      body(value)
      return
    }
    let offset = Int((value & 0x7FFF_FFFF) >> 4)
    let count = Int(value & 0xF)
    for i in offset..<(offset + count) { body(UnicodeTables.foldPool[i]) }
  }

  @inline(__always)
  private static func tableIndex(_ scalar: UInt32) -> Int? {
    let keys = UnicodeTables.foldKeys
    var low = 0
    var high = keys.count
    while low < high {
      let mid = (low &+ high) >> 1
      if keys[mid] < scalar { low = mid &+ 1 } else { high = mid }
    }
    return low < keys.count && keys[low] == scalar ? low : nil
  }

  /// Whether a (folded) scalar belongs to a script written without spaces.
  @inline(__always)
  static func isCJK(_ scalar: UInt32) -> Bool {
    guard scalar >= 0x1100 else { return false }
    let ranges = UnicodeTables.cjkRanges
    var i = 0
    while i < ranges.count {
      if scalar < ranges[i] { return false }
      if scalar <= ranges[i &+ 1] { return true }
      i &+= 2
    }
    return false
  }

  /// The class of a **folded** scalar.
  @inline(__always)
  static func classify(_ scalar: UInt32) -> ScalarClass {
    if scalar < 0x80 {
      switch scalar {
      case 0x61...0x7A, 0x41...0x5A: return .letter
      case 0x30...0x39: return .digit
      case 0x27: return .apostrophe
      case 0x2C, 0x2E: return .decimalMark
      case 0x25, 0x24: return .symbol  // % $
      default: return .separator
      }
    }
    if isCJK(scalar) { return .cjk }
    if scalar == 0xB0 || scalar == 0x2030 { return .symbol }  // ° ‰
    guard let s = Unicode.Scalar(scalar) else { return .separator }
    switch s.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .letterNumber, .otherNumber:
      return .letter
    case .decimalNumber: return .digit
    case .currencySymbol: return .symbol
    default: return .separator
    }
  }
}
