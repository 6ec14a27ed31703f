import IntentBridgeJSON
import Testing

@testable import IntentBridgeEmbedding

@Suite struct WordPieceTokenizerTests {
  static let vocabulary = ["[UNK]", "[CLS]", "un", "##aff", "##able", "aff", "the", "light", "##s", "on", ",", "!", "é", "中", "##é"]

  static func tokenizer() throws -> Tokenizer {
    let vocab = vocabulary.enumerated().map { "\(JSONWriter.quoted($0.element)): \($0.offset)" }.joined(separator: ", ")
    let json = """
      {"added_tokens": [{"id": 1, "content": "[CLS]", "special": true, "normalized": false}],
       "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": null, "lowercase": true},
       "pre_tokenizer": {"type": "BertPreTokenizer"},
       "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 12, "vocab": {\(vocab)}}}
      """
    return try Tokenizer(json: JSONParser.parse(json), file: "bert.json")
  }

  static func pieces(_ text: String) throws -> [String] {
    let tokenizer = try tokenizer()
    return tokenizer.encode(text).map { tokenizer.piece(for: $0) ?? "?" }
  }

  @Test func greedyLongestMatchWithContinuations() throws {
    #expect(try Self.pieces("unaffable") == ["un", "##aff", "##able"])
    #expect(try Self.pieces("affable") == ["aff", "##able"])
    #expect(try Self.pieces("lights on") == ["light", "##s", "on"])
  }

  @Test func uncoverableWordsBecomeOneUnknown() throws {
    #expect(try Self.pieces("unx the") == ["[UNK]", "the"])
    #expect(try Self.pieces("lightslightslights") == ["[UNK]"])  // 18 scalars > 12
  }

  @Test func bertNormalisationAndPunctuation() throws {
    #expect(try Self.pieces("THE Light, ON!") == ["the", "light", ",", "on", "!"])
    #expect(try Self.pieces("Thé") == ["the"])  // lowercased, accent stripped
    #expect(try Self.pieces("中the") == ["中", "the"])
    #expect(try Self.pieces("[CLS] the") == ["[CLS]", "the"])
  }

  @Test func publicInitialiserFromAVocabulary() throws {
    let model = try WordPieceTokenizer(vocabulary: ["[UNK]": 0, "un": 1, "##aff": 2, "##able": 3])
    var ids: [Int32] = []
    model.encode(Array("unaffable".utf8), range: 0..<9, into: &ids)
    #expect(ids == [1, 2, 3])
    #expect(throws: EmbeddingError.self) { try WordPieceTokenizer(vocabulary: ["a": 0]) }
  }
}
