import IntentBridgeBinary
import IntentBridgeText

/// A value name: id, terms, folded words, then the two flags.
extension ValueLexicon.Value: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    id.encode(to: &writer)
    terms.encode(to: &writer)
    folded.encode(to: &writer)
    isID.encode(to: &writer)
    isOwnName.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let id = try String(from: &reader)
    let terms = try [String](from: &reader)
    let folded = try [String](from: &reader)
    let isID = try Bool(from: &reader)
    let isOwnName = try Bool(from: &reader)
    self.init(id: id, terms: terms, folded: folded, isID: isID, isOwnName: isOwnName)
  }
}

/// Stored in the index file: the values in lexicon order, the label, the order flag and the
/// typo vocabulary of first words. Reading checks what `spans` relies on: every value has
/// at least one term and one folded word per term, and the typo vocabulary holds exactly the
/// values' first terms; the first-term table is rebuilt from the values (as `init` builds it).
extension ValueLexicon: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    values.encode(to: &writer)
    label.encode(to: &writer)
    ownNamesFirst.encode(to: &writer)
    fuzzy.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let values = try [Value](from: &reader)
    let label = try String(from: &reader)
    let ownNamesFirst = try Bool(from: &reader)
    let fuzzy = try FuzzyVocabulary(from: &reader)
    var byFirst: [String: [Int]] = [:]
    for (index, value) in values.enumerated() {
      guard let first = value.terms.first, value.folded.count == value.terms.count else {
        throw BinaryReader.Failure(message: "value \(index) of lexicon \"\(label)\" has no terms, or not one folded word per term")
      }
      byFirst[first, default: []].append(index)
    }
    guard fuzzy.terms.count == byFirst.count, fuzzy.terms.allSatisfy({ byFirst[$0] != nil }) else {
      throw BinaryReader.Failure(message: "lexicon \"\(label)\": typo vocabulary is not the values' first terms")
    }
    self.fuzzy = fuzzy
    self.values = values
    self.label = label
    self.ownNamesFirst = ownNamesFirst
    self.byFirstTerm = byFirst
  }
}
