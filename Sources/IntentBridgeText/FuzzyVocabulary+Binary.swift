import IntentBridgeBinary

/// Stored in the index file: the sorted terms, then the neighbourhood keys and term ids as
/// flat arrays. Reading checks what lookups rely on: terms strictly ascending (binary
/// search), as many ids as keys, keys ascending, every id naming a term.
extension FuzzyVocabulary: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    terms.encode(to: &writer)
    writer.array(keys)
    writer.array(ids)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let terms = try [String](from: &reader)
    let keys = try reader.values(of: UInt64.self, "fuzzy keys")
    let ids = try reader.values(of: UInt32.self, "fuzzy ids")
    guard zip(terms, terms.dropFirst()).allSatisfy({ $0 < $1 }) else {
      throw BinaryReader.Failure(message: "fuzzy vocabulary terms are not strictly ascending")
    }
    guard keys.count == ids.count, zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }),
      ids.allSatisfy({ Int($0) < terms.count })
    else { throw BinaryReader.Failure(message: "fuzzy vocabulary keys are unsorted, or an id names no term") }
    self.init(terms: terms, keys: keys, ids: ids)
  }
}
