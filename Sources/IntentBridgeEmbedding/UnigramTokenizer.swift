import IntentBridgeBinary
import IntentBridgeJSON

/// A SentencePiece Unigram model (`"type": "Unigram"` in `tokenizer.json`): each piece of
/// pre-tokenised text is split into the vocabulary pieces whose summed log-probabilities are
/// highest (Viterbi), exactly as the tokenizers library's optimised encoder does:
///
/// - lattice positions are UTF-8 byte offsets, advanced one Unicode scalar at a time;
/// - every vocabulary piece starting at a position is found by walking a `ByteTrie` over the
///   UTF-8 bytes (no `String` per candidate, no allocation per position);
/// - a scalar with no single-scalar piece gets the unknown token, scoring min(score) − 10;
/// - ties keep the first path found (earlier start, then shorter piece);
/// - consecutive unknown tokens are fused into one.
///
///     "▁kitchen" → [60037]          "▁Привет" → [4, 1]  (▁, then one fused <unk>)
///
/// - Complexity: O(n · L) trie steps for a piece of n bytes, L ≤ the longest piece in bytes.
package struct UnigramTokenizer: Sendable {
  /// The vocabulary pieces, by id.
  package let pieces: PieceList
  /// The log-probability of each piece, by id (read in place from a compiled file).
  let scoreTable: FlatArray<Double>
  /// The id of `<unk>`.
  package let unknownID: Int
  /// The score given to an unknown scalar: min(scores) − 10.
  package let unknownScore: Double
  let trie: ByteTrie

  static let unknownPenalty = 10.0

  /// A model over `pieces` with `scores` (same length, by id).
  /// - Throws: `EmbeddingError.invalidField` when the lengths differ or `unknownID` is not an id.
  package init(pieces: [String], scores: [Double], unknownID: Int) throws(EmbeddingError) {
    guard scores.count == pieces.count, !pieces.isEmpty else {
      throw .invalidField(file: "<vocabulary>", field: "scores", value: "\(scores.count) scores", expected: "one score per piece (\(pieces.count))")
    }
    guard pieces.indices.contains(unknownID) else {
      throw .invalidField(file: "<vocabulary>", field: "unk_id", value: "\(unknownID)", expected: "an id below \(pieces.count)")
    }
    self.pieces = PieceList(pieces)
    scoreTable = FlatArray(scores)
    self.unknownID = unknownID
    unknownScore = (scores.min() ?? 0) - Self.unknownPenalty
    trie = ByteTrie(keys: pieces.map(\.utf8), ids: pieces.indices.map { Int32($0) })
  }

  /// A model from tables read from a compiled file (already checked against each other).
  init(pieces: PieceList, scores: FlatArray<Double>, unknownID: Int, unknownScore: Double, trie: ByteTrie) {
    self.pieces = pieces
    scoreTable = scores
    self.unknownID = unknownID
    self.unknownScore = unknownScore
    self.trie = trie
  }

  /// The log-probability of each piece, by id (a copy; for inspection).
  package var scores: [Double] { Array(scoreTable) }

  /// Builds the model from the `model` object of `tokenizer.json`.
  init(json model: JSONObject, path: String, fields: JSONFields) throws(EmbeddingError) {
    if let fallback = try fields.optionalBool(model["byte_fallback"], path + ".byte_fallback"), fallback {
      throw fields.unsupported("true", path + ".byte_fallback", ["false"])
    }
    let vocab = try fields.array(model["vocab"], path + ".vocab")
    guard !vocab.isEmpty else { throw fields.invalid(.array([]), path + ".vocab", "a non-empty list of [piece, score] pairs") }
    var pieces: [String] = []
    var scores: [Double] = []
    pieces.reserveCapacity(vocab.count)
    scores.reserveCapacity(vocab.count)
    for (i, entry) in vocab.enumerated() {
      guard let pair = entry.arrayValue, pair.count == 2 else {
        throw fields.invalid(entry, "\(path).vocab[\(i)]", "a [piece, score] pair")
      }
      pieces.append(try fields.string(pair[0], "\(path).vocab[\(i)][0]"))
      scores.append(try fields.double(pair[1], "\(path).vocab[\(i)][1]"))
    }
    guard let unknown = model["unk_id"], !unknown.isNull else {
      throw .missingField(file: fields.file, field: path + ".unk_id", expected: "the id of the unknown token (an integer below \(vocab.count))")
    }
    let unknownID = try fields.integer(unknown, path + ".unk_id", in: 0...(vocab.count - 1))
    try self.init(pieces: pieces, scores: scores, unknownID: unknownID)
  }

  /// Appends the ids of `bytes[range]` (one pre-tokenised piece, valid UTF-8) to `ids`.
  func encode(_ bytes: [UInt8], range: Range<Int>, into ids: inout [Int32], scratch: inout Scratch) {
    let count = range.count
    guard count > 0 else { return }
    scratch.prepare(count)
    let unknown = Int32(unknownID)
    bytes.withUnsafeBufferPointer { text in
      scratch.score.withUnsafeMutableBufferPointer { best in
        scratch.start.withUnsafeMutableBufferPointer { start in
          scratch.id.withUnsafeMutableBufferPointer { bestID in
            scoreTable.withUnsafeBufferPointer { score in
              trie.values.withUnsafeBufferPointer { value in
                let base = range.lowerBound
                var position = 0
                while position < count {
                  let here = best[position]
                  let width = min(UTF8Decoding.sequenceLength(text[base + position]), count - position)
                  var hasSingleScalarPiece = false
                  var node = trie.root
                  var end = position
                  while end < count {
                    node = trie.child(of: node, text[base + end])
                    if node < 0 { break }
                    end += 1
                    let id = value[Int(node)]
                    if id >= 0 {
                      let candidate = here + score[Int(id)]
                      if start[end] < 0 || candidate > best[end] {
                        best[end] = candidate
                        start[end] = Int32(position)
                        bestID[end] = id
                      }
                      if end - position == width { hasSingleScalarPiece = true }
                    }
                  }
                  if !hasSingleScalarPiece {
                    let target = position + width
                    let candidate = here + unknownScore
                    if start[target] < 0 || candidate > best[target] {
                      best[target] = candidate
                      start[target] = Int32(position)
                      bestID[target] = unknown
                    }
                  }
                  position += width
                }
              }
            }
          }
        }
      }
    }
    // Backtrack from the end, fusing runs of unknown tokens, then reverse into `ids`.
    let first = ids.count
    var end = count
    var previousWasUnknown = false
    while end > 0 {
      let id = scratch.id[end]
      if id == unknown {
        if !previousWasUnknown { ids.append(id) }
        previousWasUnknown = true
      } else {
        ids.append(id)
        previousWasUnknown = false
      }
      let previous = Int(scratch.start[end])
      guard previous >= 0, previous < end else { break }  // unreachable for valid UTF-8
      end = previous
    }
    ids[first...].reverse()
  }

  /// Viterbi lattice storage, reused across pieces and calls.
  struct Scratch {
    var score: [Double] = []
    var start: [Int32] = []
    var id: [Int32] = []

    mutating func prepare(_ count: Int) {
      if score.count < count + 1 {
        let size = max(count + 1, 256)
        score = [Double](repeating: 0, count: size)
        start = [Int32](repeating: -1, count: size)
        id = [Int32](repeating: -1, count: size)
      }
      score[0] = 0
      start[0] = 0
      for i in 1...count { start[i] = -1 }
    }
  }
}
