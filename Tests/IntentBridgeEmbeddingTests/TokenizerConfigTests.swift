import IntentBridgeJSON
import Testing

@testable import IntentBridgeEmbedding

/// Malformed or unsupported `tokenizer.json` content: each case is an `EmbeddingError` whose
/// message names the file and the JSON path of the field, never a trap.
@Suite struct TokenizerConfigTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var json: String
    var field: String
    var fragment: String
    var description: String { name }
  }

  static let unigram = #""model": {"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", 0.0], ["▁a", -1.0]]}"#

  static let cases: [Case] = [
    Case(name: "not JSON", json: #"{"model": "#, field: "", fragment: "invalid JSON"),
    Case(name: "root not an object", json: "[]", field: "<root>", fragment: "an object"),
    Case(name: "no model", json: #"{"normalizer": null}"#, field: "model", fragment: "missing"),
    Case(
      name: "unknown model type", json: #"{"model": {"type": "BPE", "vocab": {}, "merges": []}}"#, field: "model.type",
      fragment: "supported: Unigram, WordPiece"),
    Case(
      name: "vocab entry not a pair", json: #"{"model": {"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", 0.0], ["x"]]}}"#,
      field: "model.vocab[1]", fragment: "[piece, score]"),
    Case(
      name: "score not a number", json: #"{"model": {"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", "zero"]]}}"#, field: "model.vocab[0][1]",
      fragment: "a finite number"),
    Case(
      name: "unk_id out of range", json: #"{"model": {"type": "Unigram", "unk_id": 5, "vocab": [["<unk>", 0.0]]}}"#, field: "model.unk_id",
      fragment: "from 0 to 0"),
    Case(name: "no unk_id", json: #"{"model": {"type": "Unigram", "vocab": [["<unk>", 0.0]]}}"#, field: "model.unk_id", fragment: "missing"),
    Case(
      name: "byte fallback", json: #"{"model": {"type": "Unigram", "unk_id": 0, "byte_fallback": true, "vocab": [["<unk>", 0.0]]}}"#,
      field: "model.byte_fallback", fragment: "not supported"),
    Case(name: "empty vocab", json: #"{"model": {"type": "Unigram", "unk_id": 0, "vocab": []}}"#, field: "model.vocab", fragment: "non-empty"),
    Case(
      name: "WordPiece without its unknown token", json: #"{"model": {"type": "WordPiece", "unk_token": "[UNK]", "vocab": {"a": 0}}}"#,
      field: "model.unk_token", fragment: "'[UNK]'"),
    Case(
      name: "WordPiece id not an integer", json: #"{"model": {"type": "WordPiece", "vocab": {"[UNK]": 0, "a": 1.5}}}"#, field: "model.vocab.a",
      fragment: "an integer"),
    Case(name: "unsupported normaliser", json: "{\(unigram), \"normalizer\": {\"type\": \"NFKC\"}}", field: "normalizer.type", fragment: "'NFKC'"),
    Case(
      name: "unsupported normaliser in a sequence",
      json:
        "{\(unigram), \"normalizer\": {\"type\": \"Sequence\", \"normalizers\": [{\"type\": \"Lowercase\"}, {\"type\": \"Prepend\", \"prepend\": \"x\"}]}}",
      field: "normalizer.normalizers[1].type", fragment: "supported: Sequence"),
    Case(
      name: "unsupported regex",
      json: "{\(unigram), \"normalizer\": {\"type\": \"Replace\", \"pattern\": {\"Regex\": \"\\\\s+\"}, \"content\": \" \"}}",
      field: "normalizer.pattern.Regex", fragment: "collapse spaces"),
    Case(
      name: "damaged charsmap", json: "{\(unigram), \"normalizer\": {\"type\": \"Precompiled\", \"precompiled_charsmap\": \"!!!\"}}",
      field: "normalizer.precompiled_charsmap", fragment: "base64"),
    Case(
      name: "charsmap too short", json: "{\(unigram), \"normalizer\": {\"type\": \"Precompiled\", \"precompiled_charsmap\": \"AAAA\"}}",
      field: "normalizer.precompiled_charsmap", fragment: "trie size"),
    Case(
      name: "unsupported pre-tokenizer", json: "{\(unigram), \"pre_tokenizer\": {\"type\": \"ByteLevel\"}}", field: "pre_tokenizer.type",
      fragment: "supported: Metaspace"),
    Case(
      name: "bad prepend scheme", json: "{\(unigram), \"pre_tokenizer\": {\"type\": \"Metaspace\", \"prepend_scheme\": \"sometimes\"}}",
      field: "pre_tokenizer.prepend_scheme", fragment: "always, first, never"),
    Case(
      name: "added token without id", json: "{\(unigram), \"added_tokens\": [{\"content\": \"<x>\"}]}", field: "added_tokens[0].id",
      fragment: "missing"),
    Case(
      name: "single-word added token", json: "{\(unigram), \"added_tokens\": [{\"id\": 0, \"content\": \"<x>\", \"single_word\": true}]}",
      field: "added_tokens[0].single_word", fragment: "not supported"),
  ]

  @Test(arguments: cases)
  func malformedTokenizerJSON(_ c: Case) {
    do {
      let json = try JSONFields(file: "tokenizer.json").parse(Array(c.json.utf8))
      _ = try Tokenizer(json: json, file: "tokenizer.json")
      Issue.record("\(c.name): expected an error")
    } catch {
      let message = error.description
      #expect(message.hasPrefix("tokenizer.json"), "\(c.name): \(message)")
      #expect(c.field.isEmpty || message.contains("'\(c.field)'"), "\(c.name): \(message)")
      #expect(message.contains(c.fragment), "\(c.name): \(message)")
    }
  }

  @Test func missingTokenizerFile() {
    #expect(throws: EmbeddingError.fileNotFound(file: "/nonexistent/tokenizer.json")) {
      try Tokenizer(contentsOf: "/nonexistent/tokenizer.json")
    }
  }

  @Test func modelTypeInferredWhenAbsent() throws {
    let json = try JSONParser.parse(#"{"model": {"unk_id": 0, "vocab": [["<unk>", 0.0], ["▁a", -1.0]]}, "pre_tokenizer": {"type": "Metaspace"}}"#)
    let tokenizer = try Tokenizer(json: json, file: "t.json")
    #expect(tokenizer.encode("a") == [1])
  }
}
