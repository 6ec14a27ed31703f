import IntentBridgeBinary
import IntentBridgeJSON

/// A WordPiece model (`"type": "WordPiece"` in `tokenizer.json`, BERT and MiniLM): each
/// pre-tokenised word is split greedily into the longest vocabulary piece from its start,
/// then the longest `##`-prefixed piece from there, and so on. A word that cannot be covered,
/// or that has more than `maxInputCharactersPerWord` scalars, becomes one unknown token.
///
///     vocabulary ["[UNK]", "un", "##aff", "##able"]:  "unaffable" → ["un", "##aff", "##able"]
///
/// Longest matches come from one walk of a `ByteTrie` per piece (the continuation walk starts
/// at the node for `##`), so no substring is ever built.
package struct WordPieceTokenizer: Sendable {
  /// The vocabulary pieces, by id (ids the vocabulary skips are empty strings).
  package let pieces: PieceList
  /// The id of the unknown token.
  package let unknownID: Int
  package let continuingSubwordPrefix: String
  package let maxInputCharactersPerWord: Int
  let trie: ByteTrie
  /// The trie node reached by the continuation prefix, or -1 when no piece has it.
  let continuationNode: Int32

  /// A model over `vocabulary` (piece → id).
  /// - Throws: `EmbeddingError.invalidField` when `unknownToken` is not in the vocabulary.
  package init(
    vocabulary: [String: Int], unknownToken: String = "[UNK]", continuingSubwordPrefix: String = "##",
    maxInputCharactersPerWord: Int = 100
  ) throws(EmbeddingError) {
    try self.init(
      vocabulary: vocabulary.sorted { $0.value < $1.value }.map { ($0.key, $0.value) }, unknownToken: unknownToken,
      continuingSubwordPrefix: continuingSubwordPrefix, maxInputCharactersPerWord: maxInputCharactersPerWord,
      fields: JSONFields(file: "<vocabulary>"), path: "vocab")
  }

  private init(
    vocabulary: [(String, Int)], unknownToken: String, continuingSubwordPrefix: String, maxInputCharactersPerWord: Int,
    fields: JSONFields, path: String
  ) throws(EmbeddingError) {
    let size = (vocabulary.map(\.1).max() ?? -1) + 1
    var pieces = [String](repeating: "", count: size)
    var unknownID: Int?
    for (piece, id) in vocabulary {
      pieces[id] = piece
      if piece == unknownToken { unknownID = id }
    }
    guard let unknownID else {
      throw .invalidField(
        file: fields.file, field: "model.unk_token", value: "'\(unknownToken)'", expected: "a token present in \(path)")
    }
    self.pieces = PieceList(pieces)
    self.unknownID = unknownID
    self.continuingSubwordPrefix = continuingSubwordPrefix
    self.maxInputCharactersPerWord = maxInputCharactersPerWord
    trie = ByteTrie(keys: vocabulary.map(\.0.utf8), ids: vocabulary.map { Int32($0.1) })
    continuationNode = continuingSubwordPrefix.isEmpty ? 0 : trie.walk(continuingSubwordPrefix.utf8)
  }

  /// A model from tables read from a compiled file (already checked against each other).
  init(
    pieces: PieceList, unknownID: Int, continuingSubwordPrefix: String, maxInputCharactersPerWord: Int, trie: ByteTrie,
    continuationNode: Int32
  ) {
    self.pieces = pieces
    self.unknownID = unknownID
    self.continuingSubwordPrefix = continuingSubwordPrefix
    self.maxInputCharactersPerWord = maxInputCharactersPerWord
    self.trie = trie
    self.continuationNode = continuationNode
  }

  /// Builds the model from the `model` object of `tokenizer.json`.
  init(json model: JSONObject, path: String, fields: JSONFields) throws(EmbeddingError) {
    let vocab = try fields.object(model["vocab"], path + ".vocab")
    var entries: [(String, Int)] = []
    entries.reserveCapacity(vocab.count)
    for (piece, id) in vocab {
      // Ids are dense in practice; the cap keeps a damaged file from allocating gigabytes.
      entries.append((piece, try fields.integer(id, "\(path).vocab.\(piece)", in: 0...(vocab.count + 65_535))))
    }
    guard !entries.isEmpty else { throw fields.invalid(.object(vocab), path + ".vocab", "a non-empty object of piece → id") }
    try self.init(
      vocabulary: entries,
      unknownToken: fields.optionalString(model["unk_token"], path + ".unk_token") ?? "[UNK]",
      continuingSubwordPrefix: fields.optionalString(model["continuing_subword_prefix"], path + ".continuing_subword_prefix") ?? "##",
      maxInputCharactersPerWord: fields.optionalInteger(model["max_input_chars_per_word"], path + ".max_input_chars_per_word") ?? 100,
      fields: fields, path: path + ".vocab")
  }

  /// Appends the ids of the word `bytes[range]` (valid UTF-8) to `ids`.
  func encode(_ bytes: [UInt8], range: Range<Int>, into ids: inout [Int32]) {
    guard !range.isEmpty else { return }
    var scalars = 0
    for i in range where bytes[i] & 0xC0 != 0x80 { scalars += 1 }
    let unknown = Int32(unknownID)
    guard scalars <= maxInputCharactersPerWord else {
      ids.append(unknown)
      return
    }
    let first = ids.count
    var start = range.lowerBound
    while start < range.upperBound {
      var node = start == range.lowerBound ? trie.root : continuationNode
      var matchEnd = -1
      var matchID: Int32 = -1
      var i = start
      while node >= 0 && i < range.upperBound {
        node = trie.child(of: node, bytes[i])
        i += 1
        if node >= 0, trie.values[Int(node)] >= 0 {
          matchEnd = i
          matchID = trie.values[Int(node)]
        }
      }
      guard matchEnd > 0 else {
        ids.removeSubrange(first...)
        ids.append(unknown)
        return
      }
      ids.append(matchID)
      start = matchEnd
    }
  }
}
