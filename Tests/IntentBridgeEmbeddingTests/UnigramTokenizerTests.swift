import IntentBridgeJSON
import Testing

@testable import IntentBridgeEmbedding

@Suite struct UnigramTokenizerTests {
  static func tiny(_ pieces: [(String, Double)] = TinyModel.pieces) throws -> Tokenizer {
    try Tokenizer(json: JSONParser.parse(TinyModel.tokenizerJSON(pieces: pieces)), file: "tiny.json")
  }

  static func pieces(_ tokenizer: Tokenizer, _ text: String) -> [String] {
    tokenizer.encode(text).map { tokenizer.piece(for: $0) ?? "?" }
  }

  @Test func viterbiPrefersTheHighestTotalScore() throws {
    let tokenizer = try Self.tiny()
    // "▁lights" (-5) beats "▁light" + "s" (-7) and "▁l" + letters.
    #expect(Self.pieces(tokenizer, "turn on the lights") == ["▁turn", "▁on", "▁the", "▁lights"])
    #expect(Self.pieces(tokenizer, "light") == ["▁light"])
    #expect(Self.pieces(tokenizer, "lightt") == ["▁light", "t"])
  }

  @Test func unknownScalarsFuseIntoOneUnknownToken() throws {
    let tokenizer = try Self.tiny()
    // "xyz" has no pieces: one fused <unk>; "▁" stays its own piece.
    #expect(tokenizer.encode("xyz") == [2, 1])
    #expect(tokenizer.encode("xyzlight") == [2, 1, 9, 10, 11, 12, 13])
    #expect(tokenizer.encode("on 😀😀 on") == [4, 2, 1, 4])
  }

  @Test func addedTokensAreCutOutBeforeNormalisation() throws {
    let tokenizer = try Self.tiny()
    #expect(tokenizer.encode("on<pad>on") == [4, 0, 4])
    #expect(tokenizer.encode("<unk>") == [1])
    #expect(tokenizer.encode("<pa") == [2, 1])
  }

  @Test func emptyAndWhitespaceInput() throws {
    let tokenizer = try Self.tiny()
    #expect(tokenizer.encode("") == [])
    #expect(tokenizer.encode("   ") == [2])
    #expect(tokenizer.encode(" on ") == [4, 2])
  }

  @Test func tiesKeepTheFirstPathFound() throws {
    let pieces: [(String, Double)] = [("<pad>", 0), ("<unk>", 0), ("▁", -1), ("a", -1), ("b", -1), ("ab", -2), ("▁a", -1)]
    let tokenizer = try Self.tiny(pieces)
    // "▁ab": ▁a(-1) + b(-1) = -2 beats ▁(-1) + ab(-2) = -3.
    #expect(Self.pieces(tokenizer, "ab") == ["▁a", "b"])
    // Equal totals: ▁ + ab = -3 and ▁ + a + b = -3. Positions are visited left to right, so
    // "ab" (from the earlier start) reaches the end first, and an equal later candidate does
    // not replace it — as in the reference.
    let tied = try Self.tiny([("<pad>", 0), ("<unk>", 0), ("▁", -1), ("a", -1), ("b", -1), ("ab", -2)])
    #expect(Self.pieces(tied, "ab") == ["▁", "ab"])
  }

  @Test func publicInitialiserValidates() throws {
    #expect(throws: EmbeddingError.self) { try UnigramTokenizer(pieces: ["a", "b"], scores: [-1], unknownID: 0) }
    #expect(throws: EmbeddingError.self) { try UnigramTokenizer(pieces: ["a"], scores: [-1], unknownID: 3) }
    let model = try UnigramTokenizer(pieces: ["<unk>", "a", "b", "ab"], scores: [0, -2, -2, -1], unknownID: 0)
    #expect(model.unknownScore == -12)
    var ids: [Int32] = []
    var scratch = UnigramTokenizer.Scratch()
    model.encode(Array("abxab".utf8), range: 0..<5, into: &ids, scratch: &scratch)
    #expect(ids == [3, 0, 3])
  }

  @Test func deterministicAcrossCallsAndThreads() async throws {
    let model = try DefaultModel.model()
    let texts = ["turn on the kitchen lights", "打开厨房的灯", "Zapni svetlo v kuchyni", "😀 ok", ""]
    let expected = texts.map { model.tokenIDs($0) }
    await withTaskGroup(of: [[Int]].self) { group in
      for _ in 0..<4 { group.addTask { texts.map { model.tokenIDs($0) } } }
      for await result in group { #expect(result == expected) }
    }
  }
}
