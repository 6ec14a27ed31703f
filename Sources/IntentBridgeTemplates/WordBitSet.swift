/// Template word ids as a bit set over the vocabulary (`TemplateVocabulary` ids): membership
/// in O(1), for the matcher's lower bounds.
struct WordBitSet: Sendable {
  private let bits: [UInt64]

  init(_ ids: [Int32], vocabularySize: Int) {
    var bits = [UInt64](repeating: 0, count: (vocabularySize + 63) / 64)
    for id in ids where id >= 0 && Int(id) < vocabularySize { bits[Int(id) >> 6] |= 1 << UInt64(Int(id) & 63) }
    self.bits = bits
  }

  func contains(_ id: Int32) -> Bool {
    let i = Int(id)
    return i >= 0 && i >> 6 < bits.count && bits[i >> 6] & (1 << UInt64(i & 63)) != 0
  }
}
