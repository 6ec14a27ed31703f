import IntentBridgeEmbedding
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Acceptance: token ids identical to HuggingFace `tokenizers` and sentence vectors equal to
/// Model2Vec's (cosine ≥ 0.999) for the default model. Fixtures come from
/// Scripts/make_embedding_fixtures.py; a failure names the first mismatching string.
@Suite struct ParityTests {
  @Test func tokenIDsMatchTheReferenceTokenizer() throws {
    let model = try DefaultModel.model()
    let cases = try Fixtures.tokenCases("tokenizer_parity.jsonl")
    #expect(cases.count >= 300)
    #expect(cases.contains { $0.text.unicodeScalars.count >= 1000 })
    var mismatches: [String] = []
    for (index, c) in cases.enumerated() {
      let ids = model.tokenIDs(c.text)
      guard ids != c.ids else { continue }
      let at = zip(ids, c.ids).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ids.count, c.ids.count)
      let pieces = { (list: [Int]) in list[at..<min(list.count, at + 6)].map { model.tokenizer.piece(for: $0) ?? "?" } }
      mismatches.append(
        """
        line \(index + 1): "\(visible(c.text))"
          first difference at token \(at): expected \(Array(c.ids[at..<min(c.ids.count, at + 6)])) \(pieces(c.ids)), \
        got \(Array(ids[at..<min(ids.count, at + 6)])) \(pieces(ids)) (lengths \(c.ids.count) vs \(ids.count))
        """)
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) strings differ; first:\n\(mismatches.prefix(3).joined(separator: "\n"))")
  }

  @Test func sentenceVectorsMatchModel2Vec() throws {
    let model = try DefaultModel.model()
    let lines = try Fixtures.lines("vector_parity.jsonl")
    #expect(lines.count >= 50)
    var worst = (cosine: 1.0, text: "")
    var failures: [String] = []
    for (index, line) in lines.enumerated() {
      let text = try #require(line["text"]?.stringValue)
      let expected = try #require(line["vector"]?.arrayValue?.compactMap { $0.doubleValue.map(Float.init) })
      let actual = model.embed(text)
      #expect(actual.count == expected.count)
      if expected.allSatisfy({ $0 == 0 }) {
        if !actual.allSatisfy({ $0 == 0 }) {
          failures.append("line \(index + 1): \"\(visible(text))\": expected the zero vector (no known token)")
        }
        continue
      }
      guard let similarity = cosine(actual, expected) else {
        failures.append("line \(index + 1): \"\(visible(text))\": got the zero vector")
        continue
      }
      if similarity < worst.cosine { worst = (similarity, text) }
      if similarity < 0.999 {
        failures.append("line \(index + 1): \"\(visible(text))\": cosine \(similarity) < 0.999")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(lines.count) vectors differ; first:\n\(failures.prefix(3).joined(separator: "\n"))")
    #expect(worst.cosine >= 0.999, "lowest cosine \(worst.cosine) for \"\(visible(worst.text))\"")
  }

  @Test func wordPieceIDsMatchTheReferenceTokenizer() throws {
    let tokenizer = try Tokenizer(contentsOf: Fixtures.path("wordpiece/tokenizer.json"))
    let cases = try Fixtures.tokenCases("wordpiece_parity.jsonl")
    #expect(cases.count >= 100)
    var mismatches: [String] = []
    for (index, c) in cases.enumerated() {
      let ids = tokenizer.encode(c.text)
      if ids != c.ids {
        mismatches.append(
          "line \(index + 1): \"\(visible(c.text))\": expected \(c.ids.map { tokenizer.piece(for: $0) ?? "?" }), got \(ids.map { tokenizer.piece(for: $0) ?? "?" })"
        )
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) strings differ; first:\n\(mismatches.prefix(3).joined(separator: "\n"))")
  }
}
