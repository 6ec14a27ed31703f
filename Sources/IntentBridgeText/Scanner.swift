/// A word slot of a text: the unit that positions, skip phrases and CJK n-grams count in.
struct Slot {
  enum Kind: UInt8 { case word, number, symbol, cjk }
  var kind: Kind
  /// Folded text (numbers with `.` as the decimal separator).
  var text: String
  var start: Int
  var end: Int
  /// For CJK characters: the previous scalar of the text was a CJK character too (same run).
  var joinsPrevious: Bool
}

/// Splits a text into folded word slots: one pass over the folded scalars with one scalar
/// of look-ahead (for decimal separators and apostrophes).
///
/// Rules: letters start a word that goes on through letters and digits (`mp3`); an
/// apostrophe between letters is dropped (`what's` → `whats`) unless the part before it is
/// one of `elisions` (`l'heure` → `l`, `heure`); digits start a number that takes `.`/`,`
/// followed by a digit as a decimal separator, written `.`; a letter after digits starts a
/// new word (`5min` → `5`, `min`); `%`, `‰`, `°` and currency signs are one-scalar symbol
/// slots; each CJK character is a slot; everything else separates.
struct Scanner: Sendable {
  var elisions: Set<String>

  private struct Unit {
    var value: UInt32
    var cls: ScalarClass
    var start: Int32
    /// One past the last source scalar: more than `start + 1` when scalars that fold away
    /// (combining accents) follow, so spans cover them.
    var end: Int32
  }

  /// - Complexity: O(n) in the scalars of `text`.
  func slots(_ text: String) -> [Slot] {
    var units: [Unit] = []
    units.reserveCapacity(text.utf8.count)
    var offset: Int32 = 0
    for scalar in text.unicodeScalars {
      let start = offset
      offset &+= 1
      let before = units.count
      Folding.fold(scalar.value) { v in
        units.append(Unit(value: v, cls: Folding.classify(v), start: start, end: offset))
      }
      if units.count == before, before > 0, units[before - 1].end == start {
        units[before - 1].end = offset
      }
    }
    var slots: [Slot] = []
    slots.reserveCapacity(units.count / 4 + 2)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    let n = units.count
    var i = 0
    while i < n {
      let unit = units[i]
      switch unit.cls {
      case .letter:
        bytes.removeAll(keepingCapacity: true)
        let start = Int(unit.start)
        var end = start
        while i < n {
          let u = units[i]
          if u.cls == .letter || u.cls == .digit {
            Self.appendUTF8(u.value, to: &bytes)
            end = Int(u.end)
            i &+= 1
          } else if u.cls == .apostrophe, i &+ 1 < n, units[i &+ 1].cls == .letter {
            i &+= 1
            if !elisions.isEmpty, elisions.contains(String(decoding: bytes, as: UTF8.self)) { break }
            // otherwise joined: "what's" → "whats"
          } else {
            break
          }
        }
        slots.append(
          Slot(kind: .word, text: String(decoding: bytes, as: UTF8.self), start: start, end: end, joinsPrevious: false))
      case .digit:
        bytes.removeAll(keepingCapacity: true)
        let start = Int(unit.start)
        var end = start
        while i < n {
          let u = units[i]
          if u.cls == .digit {
            Self.appendUTF8(u.value, to: &bytes)
            end = Int(u.end)
            i &+= 1
          } else if u.cls == .decimalMark, i &+ 1 < n, units[i &+ 1].cls == .digit {
            bytes.append(0x2E)  // "."
            i &+= 1
          } else {
            break
          }
        }
        slots.append(
          Slot(kind: .number, text: String(decoding: bytes, as: UTF8.self), start: start, end: end, joinsPrevious: false))
      case .cjk, .symbol:
        bytes.removeAll(keepingCapacity: true)
        Self.appendUTF8(unit.value, to: &bytes)
        let joins = unit.cls == .cjk && i > 0 && units[i &- 1].cls == .cjk
        slots.append(
          Slot(
            kind: unit.cls == .cjk ? .cjk : .symbol, text: String(decoding: bytes, as: UTF8.self),
            start: Int(unit.start), end: Int(unit.end), joinsPrevious: joins))
        i &+= 1
      case .apostrophe, .decimalMark, .separator:
        i &+= 1
      }
    }
    return slots
  }

  @inline(__always)
  private static func appendUTF8(_ v: UInt32, to bytes: inout [UInt8]) {
    switch v {
    case 0..<0x80:
      bytes.append(UInt8(truncatingIfNeeded: v))
    case 0x80..<0x800:
      bytes.append(UInt8(truncatingIfNeeded: 0xC0 | (v >> 6)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
    case 0x800..<0x10000:
      bytes.append(UInt8(truncatingIfNeeded: 0xE0 | (v >> 12)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
    default:
      bytes.append(UInt8(truncatingIfNeeded: 0xF0 | (v >> 18)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 12) & 0x3F)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F)))
      bytes.append(UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F)))
    }
  }
}
