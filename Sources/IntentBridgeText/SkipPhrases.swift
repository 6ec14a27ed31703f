/// The catalog's skip phrases ("please", "could you", "kannst du mir", "请问"), analysed
/// into folded slots and matched greedily, longest first, against a text's slots.
struct SkipPhrases: Sendable {
  /// Phrases by their first slot, longest first. Keyed and compared by UTF-8 bytes: both
  /// sides are slots of the same scanner, and `String` hashing and `==` normalise non-ASCII
  /// text first (a Chinese request's every character was hashed that way).
  private var byFirstSlot: [UTF8Key: [[String]]] = [:]

  init(_ phrases: [String], scanner: Scanner) {
    var table: [UTF8Key: [[String]]] = [:]
    for phrase in phrases {
      let slots = scanner.slots(phrase).map(\.text)
      guard let first = slots.first.map(UTF8Key.init) else { continue }
      if table[first, default: []].contains(slots) { continue }
      table[first, default: []].append(slots)
    }
    for key in table.keys {
      table[key]?.sort { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }
    byFirstSlot = table
  }

  var isEmpty: Bool { byFirstSlot.isEmpty }

  /// Marks the slots covered by skip phrases. Matching is on folded slots, so "Könntest
  /// du" matches "konntest du"; a CJK phrase matches character by character.
  ///
  /// - Complexity: O(n × p × l): n slots, p phrases starting with the same slot, l their length.
  func mark(_ slots: [Slot]) -> [Bool] {
    var skip = [Bool](repeating: false, count: slots.count)
    var i = 0
    while i < slots.count {
      guard let candidates = byFirstSlot[UTF8Key(slots[i].text)] else {
        i += 1
        continue
      }
      var matched = 0
      for phrase in candidates where phrase.count <= slots.count - i {
        var ok = true
        for k in 1..<phrase.count where !slots[i + k].text.utf8.elementsEqual(phrase[k].utf8) {
          ok = false
          break
        }
        if ok {
          matched = phrase.count
          break
        }
      }
      if matched == 0 {
        i += 1
      } else {
        for k in i..<(i + matched) { skip[k] = true }
        i += matched
      }
    }
    return skip
  }
}
