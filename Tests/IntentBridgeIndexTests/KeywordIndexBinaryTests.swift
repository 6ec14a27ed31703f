import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeText
import Testing

/// A keyword index written and read back scores every request bit for bit as the built one,
/// and bytes it did not write are refused or score without trapping.
@Suite("Keyword index in binary form")
struct KeywordIndexBinaryTests {
  /// A catalog's keyword index built as `CompiledCatalog` builds it (analyser with the
  /// catalog's skip words, documents of every intent).
  static func built(
    _ catalog: Catalog, language: String? = nil, configuration: KeywordIndex.Configuration = .init()
  ) -> KeywordIndex {
    let language = language ?? catalog.defaultLanguage
    let rules = PhraseRules(catalog: catalog, language: language)
    let skipWords = catalog.skipWords.resolved(for: language).compactMap {
      try? PhraseTemplate.parse($0)
    }
    .flatMap { $0.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64) }
    let analyzer = TextAnalyzer(language: language, skipWords: skipWords)
    let documents = catalog.intents.enumerated().map {
      IntentDocument(
        intent: $0.element, index: $0.offset, catalog: catalog, language: language, rules: rules)
    }
    return KeywordIndex(documents: documents, analyzer: analyzer, configuration: configuration)
  }

  static func decoded(_ bytes: [UInt8], end: Int? = nil, analyzer: TextAnalyzer) throws
    -> KeywordIndex
  {
    try BinaryRoundTrip.read(bytes, end: end) { reader throws(BinaryReader.Failure) in
      try KeywordIndex(from: &reader, analyzer: analyzer)
    }
  }

  static func requests(_ path: String, count: Int = 14, extra: [String] = []) throws -> [String] {
    try SampledRequests.queries(path, count: count, extra: extra)
  }

  /// Every public answer of `index` for `requests`, with doubles as bit patterns (equal
  /// answers are bit-identical). `documents` bounds the per-document questions.
  static func answers(_ index: KeywordIndex, _ requests: [String], documents: Int? = nil)
    -> [String]
  {
    func bits(_ terms: [KeywordIndex.MatchedTerm]) -> String {
      terms.map { "\($0.queryTerm)>\($0.indexTerm)@\($0.weight.bitPattern)" }.joined(separator: ",")
    }
    let documentLimit = min(index.documentCount, documents ?? index.documentCount)
    var out = ["documents \(index.documentCount)", "configuration \(index.configuration)"]
    for fields in [Set(IntentDocument.Field.allCases), [.title], [.phrases, .values]] {
      let vectors = index.documentTermWeights(fields: fields).prefix(documentLimit)
      out.append(
        vectors.map {
          $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.bitPattern)" }.joined(
            separator: " ")
        }.joined(separator: "|"))
    }
    for request in requests {
      let terms = index.resolve(request)
      out.append(
        "\(request): \(bits(terms)) tokens \(bits(index.resolve(tokens: index.analyzer.tokens(request))))"
      )
      out.append(index.scores(terms).map { String($0.bitPattern) }.joined(separator: " "))
      for d in 0..<documentLimit {
        out.append("\(d): \(bits(index.matchedTerms(terms, document: d)))")
      }
      let words = index.analyzer.tokens(request).map(\.term) + terms.map(\.indexTerm)
      out.append(
        words.map { "\($0) \(index.knows($0)) \(index.idf($0).bitPattern)" }.joined(separator: ","))
    }
    return out
  }

  struct Case: CustomStringConvertible, Sendable {
    var catalog: String
    var requests: String
    var extra: [String]
    var description: String { catalog }
  }

  static let cases = [
    Case(
      catalog: "Examples/notes/notes.en.json", requests: "Examples/notes/requests.en.jsonl",
      extra: [
        "delte the grocery nots", "share notes with anna@example.com", "export as pdf 3 notes",
      ]),
    Case(
      catalog: "Examples/smart-home/smart-home.de.json",
      requests: "Examples/smart-home/requests.de.perturbed.jsonl",
      extra: [
        "Wohnzimmerlicht einschalten", "schalte die Küchenlampe aus", "Temperatur auf 21 Grad",
        "Deckenlampenhelligkeit 40 Prozent", "wie spät ist es",
      ]),
    Case(
      catalog: "Examples/smart-home/smart-home.en.json",
      requests: "Examples/smart-home/requests.en.perturbed.jsonl",
      extra: ["tunr of the lihgts", "set thermostat to 22.5"]),
    Case(
      catalog: "Examples/smart-home/smart-home.fi.json",
      requests: "Examples/smart-home/requests.fi.perturbed.jsonl",
      extra: ["sytytä olohuoneen valot"]),
    Case(
      catalog: "Examples/smart-home/smart-home.zh-CN.json",
      requests: "Examples/smart-home/requests.zh-CN.perturbed.jsonl", extra: ["打开客厅的灯"]),
  ]

  static func check(_ index: KeywordIndex, requests: [String]) throws {
    let bytes = BinaryRoundTrip.bytes { index.encode(to: &$0) }
    let back = try Self.decoded(bytes, analyzer: index.analyzer)
    #expect(back.configuration == index.configuration)
    #expect(back.documentCount == index.documentCount)
    let expected = Self.answers(index, requests)
    let actual = Self.answers(back, requests)
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) where a != e {
      Issue.record("read-back index answers\n  \(a)\ninstead of\n  \(e)")
      break
    }
    let reencodes = BinaryRoundTrip.bytes { back.encode(to: &$0) } == bytes
    #expect(reencodes, "the read-back index writes other bytes")
  }

  @Test(arguments: cases) func readBackScoresBitForBit(_ example: Case) throws {
    let catalog = try #require(
      CatalogLoader.load(path: Repository.path(example.catalog)).validCatalog)
    let requests = try Self.requests(Repository.path(example.requests), extra: example.extra)
    try Self.check(Self.built(catalog), requests: requests)
    try Self.check(Self.built(catalog, configuration: .grammar), requests: requests)
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))))
  func theGermanHomeAssistantIndexReadsBackBitForBit() throws {
    let catalog = try #require(
      CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let requests = try Self.requests(
      DevData.homeAssistantRequests("de", perturbed: true), count: 16,
      extra: [
        "Wohnzimmerlicht an", "Küchenrollladen schließen", "stelle den Timer auf 5 Minuten",
        "Heizung auf 21,5 Grad",
      ])
    try Self.check(Self.built(catalog, configuration: .grammar), requests: requests)
  }

  @Test func anEmptyIndexReadsBack() throws {
    let catalog = Catalog(app: AppInfo(), intents: [])
    try Self.check(Self.built(catalog, language: "en"), requests: ["turn on the light", ""])
  }

  @Test func everyTruncationIsRefused() throws {
    let catalog = try #require(
      CatalogLoader.load(path: Repository.path("Examples/smart-home/smart-home.de.json"))
        .validCatalog)
    let index = Self.built(catalog)
    let bytes = BinaryRoundTrip.bytes { index.encode(to: &$0) }
    let lengths =
      Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)))
      + Array(max(0, bytes.count - 24)..<bytes.count)
    for length in lengths {
      #expect(throws: BinaryReader.Failure.self, "\(length) of \(bytes.count) bytes") {
        _ = try Self.decoded(bytes, end: length, analyzer: index.analyzer)
      }
    }
  }

  /// A flipped byte is refused, or gives an index that answers every request without
  /// trapping (a trap ends the test run).
  @Test func flippedBytesAreRefusedOrScoreSafely() throws {
    let catalog = try #require(
      CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let index = Self.built(catalog)
    let requests = ["delete the groceries note", "shrae my notse", "export notes as pdf", "x"]
    let bytes = BinaryRoundTrip.bytes { index.encode(to: &$0) }
    var generator = SeededGenerator(seed: 7)
    var refused = 0
    let positions =
      Array(0..<min(bytes.count, 160))
      + (0..<240).map { _ in Int.random(in: 0..<bytes.count, using: &generator) }
    for position in positions {
      for flip: UInt8 in [0x01, 0xFF] {
        var changed = bytes
        changed[position] ^= flip
        guard let back = try? Self.decoded(changed, analyzer: index.analyzer) else {
          refused += 1
          continue
        }
        _ = Self.answers(back, requests, documents: 64)
      }
    }
    #expect(refused > 0)
  }

  /// Bytes written by hand: an index with one term in one document, then the same with one
  /// field changed at a time to what scoring must never see.
  @Test func craftedPostingsAreRefused() throws {
    func bytes(
      documentCount: Int = 2, terms: [String] = ["a", "b"], fieldCounts: [UInt32] = [1, 2],
      documentCounts: [UInt32] = [1, 2],
      postingDocuments: [Int32] = [0, 0, 1], postingFields: [UInt8] = [0, 1, 1],
      documents: [Int32] = [0, 0, 1],
      pseudo: [Double] = [1, 1, 1], idf: [Double] = [0.5, 0.2], fuzzyTerms: [String]? = nil,
      spellings: [String] = ["aa", "bb"], spellingTerms: [UInt32] = [0, 1]
    ) -> [UInt8] {
      var writer = BinaryWriter()
      KeywordIndex.Configuration().encode(to: &writer)
      documentCount.encode(to: &writer)
      terms.encode(to: &writer)
      writer.array(fieldCounts)
      writer.array(documentCounts)
      writer.array(postingDocuments)
      writer.array(postingFields)
      writer.array(postingDocuments.map { _ in Float(1).bitPattern })
      writer.array(documents)
      writer.array(pseudo.map(\.bitPattern))
      writer.array(idf.map(\.bitPattern))
      FuzzyVocabulary(fuzzyTerms ?? terms).encode(to: &writer)
      FuzzyVocabulary(spellings).encode(to: &writer)
      writer.array(spellingTerms)
      return writer.bytes
    }
    let analyzer = TextAnalyzer(language: "en")
    let valid = try Self.decoded(bytes(), analyzer: analyzer)
    #expect(valid.scores(valid.resolve("a b")).count == 2)
    #expect(valid.matchedTerms(valid.resolve("b"), document: 1).map(\.indexTerm) == ["b"])
    let crafted: [(String, [UInt8])] = [
      ("document beyond the count", bytes(documentCount: 1)),
      ("negative document", bytes(postingDocuments: [0, 0, -1], documents: [0, 0, -1])),
      ("field beyond the fields", bytes(postingFields: [0, 1, 7])),
      ("postings out of order", bytes(postingDocuments: [0, 1, 0], documents: [0, 1, 0])),
      (
        "repeated posting",
        bytes(
          documentCounts: [1, 1], postingDocuments: [0, 0, 0], postingFields: [0, 1, 1],
          documents: [0, 0], pseudo: [1, 1])
      ),
      ("documents not those of the postings", bytes(documents: [0, 1, 0])),
      ("counts beyond the arrays", bytes(fieldCounts: [1, 3])),
      ("counts short of the arrays", bytes(fieldCounts: [1, 1], documentCounts: [1, 1])),
      ("term without postings", bytes(fieldCounts: [0, 3], documentCounts: [0, 3])),
      ("pseudo frequencies short", bytes(pseudo: [1, 1])),
      ("idf short", bytes(idf: [0.5])),
      ("terms unsorted", bytes(terms: ["b", "a"])),
      ("terms repeated", bytes(terms: ["a", "a"])),
      ("fuzzy terms differ", bytes(fuzzyTerms: ["a", "c"])),
      ("a spelling naming no term", bytes(spellingTerms: [0, 2])),
      ("spellings without their terms", bytes(spellingTerms: [0])),
      ("document count huge", bytes(documentCount: Int(Int32.max))),
      ("document count negative", bytes(documentCount: -1)),
    ]
    for (what, data) in crafted {
      #expect(throws: BinaryReader.Failure.self, "\(what)") {
        _ = try Self.decoded(data, analyzer: analyzer)
      }
    }
  }
}
