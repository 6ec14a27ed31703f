import IntentBridgeBinary

/// Stored in the index file: the terms in id order, then their stop-word flags. Reading
/// checks what the matcher relies on: one flag per term, no term twice (ids are unique), and
/// fewer terms than `Int32` ids can name; the id table is rebuilt from the terms.
extension TemplateVocabulary: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    terms.encode(to: &writer)
    isStop.encode(to: &writer)
  }

  package convenience init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let terms = try [String](from: &reader)
    let isStop = try [Bool](from: &reader)
    guard isStop.count == terms.count, terms.count < Int(Int32.max) else {
      throw BinaryReader.Failure(message: "template vocabulary has \(terms.count) terms but \(isStop.count) stop-word flags")
    }
    var ids: [String: Int32] = [:]
    ids.reserveCapacity(terms.count)
    for (id, term) in terms.enumerated() {
      guard ids.updateValue(Int32(id), forKey: term) == nil else {
        throw BinaryReader.Failure(message: "template vocabulary holds \"\(term)\" twice")
      }
    }
    self.init()
    self.terms = terms
    self.isStop = isStop
    self.ids = ids
  }
}
