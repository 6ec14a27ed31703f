import IntentBridgeJSON

/// A tokenizer built from a HuggingFace `tokenizer.json`, composed of typed stages:
///
///     text ─ AddedTokens ─▶ segments ─ Normalizer ─▶ bytes ─ PreTokenizer ─▶ pieces ─ model ─▶ ids
///
/// The model is chosen from `model.type`: `Unigram` (XLM-R, SentencePiece) or `WordPiece`
/// (BERT, MiniLM). Special tokens are never added around the text (no `[CLS]`/`<s>`), the
/// post-processor, decoder, truncation and padding sections are ignored, and unknown or
/// unsupported configuration is an `EmbeddingError` naming the field — never a trap.
///
///     let tokenizer = try Tokenizer(contentsOf: "Models/e5small-m2v-256-latcjk-int8/tokenizer.json")
///     tokenizer.encode("turn on the kitchen lights")   // [10255, 86, 61, 60037, 14790, 5]
package struct Tokenizer: Sendable {
  /// The model stage.
  package enum Model: Sendable {
    case unigram(UnigramTokenizer)
    case wordPiece(WordPieceTokenizer)

    /// The model's pieces by id.
    var pieces: PieceList {
      switch self {
      case .unigram(let unigram): unigram.pieces
      case .wordPiece(let wordPiece): wordPiece.pieces
      }
    }
  }

  package let model: Model
  package let normalizer: Normalizer
  package let preTokenizer: PreTokenizer
  let addedTokens: AddedTokens

  /// The number of ids (vocabulary pieces and added tokens).
  package let vocabularySize: Int
  /// The median length in Unicode scalars of every id's text (`Tokenizer.medianPieceLength(…)`),
  /// which Model2Vec uses to cut long text before tokenizing.
  package let medianPieceLength: Double

  static let supportedModels = ["Unigram", "WordPiece"]

  /// The id of the unknown token.
  package var unknownID: Int {
    switch model {
    case .unigram(let unigram): unigram.unknownID
    case .wordPiece(let wordPiece): wordPiece.unknownID
    }
  }

  /// Reads `tokenizer.json` at `path`.
  package init(contentsOf path: String) throws(EmbeddingError) {
    let fields = JSONFields(file: path)
    try self.init(json: fields.parse(ModelFile.contents(of: path)), file: path)
  }

  /// Builds the tokenizer from a parsed `tokenizer.json`; `file` names it in errors.
  package init(json: JSONValue, file: String) throws(EmbeddingError) {
    let fields = JSONFields(file: file)
    let root = try fields.object(json, "<root>")
    let modelObject = try fields.object(root["model"], "model")
    let type = try fields.optionalString(modelObject["type"], "model.type") ?? Self.inferModelType(modelObject)
    switch type {
    case "Unigram": model = .unigram(try UnigramTokenizer(json: modelObject, path: "model", fields: fields))
    case "WordPiece": model = .wordPiece(try WordPieceTokenizer(json: modelObject, path: "model", fields: fields))
    default: throw fields.unsupported(type, "model.type", Self.supportedModels)
    }
    normalizer = try Normalizer(json: root["normalizer"], path: "normalizer", fields: fields)
    preTokenizer = try PreTokenizer(json: root["pre_tokenizer"], path: "pre_tokenizer", fields: fields)
    addedTokens = try AddedTokens(json: root["added_tokens"], path: "added_tokens", fields: fields)
    let pieces = model.pieces
    vocabularySize = max(pieces.count, (addedTokens.tokens.map { Int($0.id) }.max() ?? -1) + 1)
    medianPieceLength = Self.medianPieceLength(pieces: pieces, addedTokens: addedTokens, vocabularySize: vocabularySize)
  }

  /// A tokenizer from stages read from a compiled file (`CompiledTokenizerFile`).
  init(
    model: Model, normalizer: Normalizer, preTokenizer: PreTokenizer, addedTokens: AddedTokens, vocabularySize: Int,
    medianPieceLength: Double
  ) {
    self.model = model
    self.normalizer = normalizer
    self.preTokenizer = preTokenizer
    self.addedTokens = addedTokens
    self.vocabularySize = vocabularySize
    self.medianPieceLength = medianPieceLength
  }

  /// The model's pieces by id.
  var pieces: PieceList { model.pieces }

  /// Old files omit `model.type`; the shape of `vocab` tells.
  private static func inferModelType(_ model: JSONObject) -> String {
    if model["vocab"]?.arrayValue != nil { return "Unigram" }
    if model["vocab"]?.objectValue != nil { return "WordPiece" }
    return "<missing>"
  }

  /// The ids of `text`, without special tokens and without truncation; unknown text maps to
  /// `unknownID`.
  package func encode(_ text: String) -> [Int] {
    var ids: [Int32] = []
    var scratch = Scratch()
    encode(text, into: &ids, scratch: &scratch)
    return ids.map(Int.init)
  }

  /// The piece (or added token) text of `id`, for debugging.
  package func piece(for id: Int) -> String? {
    if let token = addedTokens.tokens.first(where: { Int($0.id) == id }) {
      return String(decoding: token.content, as: UTF8.self)
    }
    return pieces.indices.contains(id) ? pieces[id] : nil
  }

  /// The median length in Unicode scalars of every id's text (added tokens filling the ids the
  /// model's pieces leave empty; gaps count as empty), as Model2Vec lists a tokenizer's
  /// vocabulary to cut long text.
  /// - Complexity: O(total piece bytes) (a counting sort of the lengths).
  static func medianPieceLength(pieces: PieceList, addedTokens: AddedTokens, vocabularySize: Int) -> Double {
    var lengths = [Int](repeating: 0, count: vocabularySize)
    for id in 0..<min(pieces.count, vocabularySize) { lengths[id] = pieces.scalarCount(id) }
    for token in addedTokens.tokens where Int(token.id) < lengths.count && lengths[Int(token.id)] == 0 {
      lengths[Int(token.id)] = String(decoding: token.content, as: UTF8.self).unicodeScalars.count
    }
    guard !lengths.isEmpty else { return 0 }
    var histogram = [Int](repeating: 0, count: (lengths.max() ?? 0) + 1)
    for length in lengths { histogram[length] += 1 }
    /// The k-th smallest length (0-based).
    func smallest(_ k: Int) -> Int {
      var seen = 0
      for (length, count) in histogram.enumerated() {
        seen += count
        if seen > k { return length }
      }
      return histogram.count - 1
    }
    let middle = lengths.count / 2
    return lengths.count % 2 == 1 ? Double(smallest(middle)) : Double(smallest(middle - 1) + smallest(middle)) / 2
  }

  /// Appends the ids of `text` to `ids`, using `scratch` for working storage.
  func encode(_ text: String, into ids: inout [Int32], scratch: inout Scratch) {
    addedTokens.split(text) { segment in
      switch segment {
      case .token(let id):
        ids.append(id)
      case .text(let range):
        normalizer.normalize(text[range], into: &scratch.normalized, scratch: &scratch.work)
        preTokenizer.preTokenize(
          scratch.normalized, isFirstSegment: range.lowerBound == text.startIndex,
          into: &scratch.preTokenized, pieces: &scratch.pieces)
        for piece in scratch.pieces {
          switch model {
          case .unigram(let unigram): unigram.encode(scratch.preTokenized, range: piece, into: &ids, scratch: &scratch.lattice)
          case .wordPiece(let wordPiece): wordPiece.encode(scratch.preTokenized, range: piece, into: &ids)
          }
        }
      }
    }
  }

  /// Working storage for `encode`, reusable across calls (one per thread).
  struct Scratch {
    var normalized: [UInt8] = []
    var work: [UInt8] = []
    var preTokenized: [UInt8] = []
    var pieces: [Range<Int>] = []
    var lattice = UnigramTokenizer.Scratch()

    init() {
      normalized.reserveCapacity(256)
      work.reserveCapacity(256)
      preTokenized.reserveCapacity(256)
      pieces.reserveCapacity(32)
    }
  }
}
