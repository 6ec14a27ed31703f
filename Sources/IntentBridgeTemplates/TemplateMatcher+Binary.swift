import IntentBridgeBinary
import IntentBridgeText

/// The ten costs in declaration order, then `maximumFreeTextTokens`. Reading refuses costs
/// that are negative or not finite (the branch and bound assumes costs only grow along a
/// template) and a free-text length beyond 1,024 tokens (the DP adds it to positions).
extension TemplateMatcher.Costs: BinaryCodable {
  /// The stored costs, in their order in the file.
  private static var storedCosts: [WritableKeyPath<TemplateMatcher.Costs, Float>] {
    [
      \.insertion, \.stopInsertion, \.fillerInsertion, \.deletion, \.stopDeletion, \.typo, \.missingSlot, \.freeTextBase,
      \.freeTextPerToken, \.stopWordFreeText,
    ]
  }

  package func encode(to writer: inout BinaryWriter) {
    for path in Self.storedCosts { self[keyPath: path].encode(to: &writer) }
    maximumFreeTextTokens.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    var costs = TemplateMatcher.Costs()
    for path in Self.storedCosts {
      let cost = try Float(from: &reader)
      guard cost.isFinite, cost >= 0 else { throw BinaryReader.Failure(message: "template cost \(cost) is negative or not finite") }
      costs[keyPath: path] = cost
    }
    let tokens = try Int(from: &reader)
    guard (0...1024).contains(tokens) else { throw BinaryReader.Failure(message: "maximum free-text tokens \(tokens) is not in 0...1024") }
    costs.maximumFreeTextTokens = tokens
    self = costs
  }
}

/// Stored in the index file: the costs, the value lexicons, the number ranges, the typo
/// vocabulary of the lexicons' first terms, the template vocabulary and its typo vocabulary.
/// The first-term table and the stop-word table are rebuilt (from the lexicons and the
/// vocabulary, as `init` builds them). Reading checks that there are fewer lexicons and
/// ranges than `Int32` can index, that the first-term typo vocabulary holds exactly the
/// lexicons' first terms, and that every term of the vocabulary's typo vocabulary is one of
/// its words.
extension TemplateMatcher: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    costs.encode(to: &writer)
    lexicons.encode(to: &writer)
    numberRanges.encode(to: &writer)
    firstTermTypos.encode(to: &writer)
    vocabulary.encode(to: &writer)
    fuzzy.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let costs = try Costs(from: &reader)
    let lexicons = try [ValueLexicon](from: &reader)
    let numberRanges = try [ClosedRange<Double>](from: &reader)
    guard lexicons.count < Int(Int32.max), numberRanges.count < Int(Int32.max) else {
      throw BinaryReader.Failure(message: "too many lexicons or number ranges")
    }
    let firstTermTypos = try FuzzyVocabulary(from: &reader)
    let vocabulary = try TemplateVocabulary(from: &reader)
    let fuzzy = try FuzzyVocabulary(from: &reader)
    let firstTermLexicons = Self.firstTermLexicons(lexicons)
    guard firstTermTypos.terms.count == firstTermLexicons.count, firstTermTypos.terms.allSatisfy({ firstTermLexicons[$0] != nil }) else {
      throw BinaryReader.Failure(message: "the first-term typo vocabulary is not the lexicons' first terms")
    }
    guard fuzzy.terms.allSatisfy({ vocabulary.id(of: $0) != nil }) else {
      throw BinaryReader.Failure(message: "the template typo vocabulary names a word the template vocabulary lacks")
    }
    self.init(
      costs: costs, lexicons: lexicons, numberRanges: numberRanges, firstTermLexicons: firstTermLexicons, firstTermTypos: firstTermTypos,
      vocabulary: vocabulary, fuzzy: fuzzy)
  }
}
