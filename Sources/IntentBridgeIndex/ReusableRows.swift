import IntentBridgeBinary

/// The rows of a previous index file that a rebuild may take instead of embedding their texts
/// again: keyed by the hash of each row's text (`VectorFile.textHashes`), and only from a
/// file built with the same model identity (model, its build and the recipe) and dimensions.
/// A gateway whose one server changed, or a catalog edited under `serve`, then embeds only
/// the texts that are new.
///
///     let reusable = ReusableRows(previous: stale.vectors, model: VectorFileBuilder.modelIdentity(embedder), dimensions: 256)
///     reusable.row(forText: "Get the current time")   // the stored unit vector, or nil
///
/// A row is taken only when it is finite and of unit length (`VectorFile.normTolerance`), as
/// `VectorFile.validate` requires of every row: a crafted or damaged file makes texts be
/// embedded again, never wrong rows. The embedders this works with are deterministic per
/// text (the static model; the transformer encoder, whose vector of a text is the same bits
/// whichever texts share its pass), so a reused row is the row a fresh build would make. A
/// text whose vector was zero had no row and is embedded again.
package struct ReusableRows: Sendable {
  private let vectors: [Float]
  private let dimensions: Int
  private let rowOfHash: [UInt64: Int]

  /// Nothing to reuse.
  package static let none = ReusableRows(vectors: [], dimensions: 0, rowOfHash: [:])

  private init(vectors: [Float], dimensions: Int, rowOfHash: [UInt64: Int]) {
    self.vectors = vectors
    self.dimensions = dimensions
    self.rowOfHash = rowOfHash
  }

  /// The rows of `previous` when it was built with `model` (`VectorFileBuilder.modelIdentity`)
  /// at `dimensions` and records its rows' text hashes; otherwise none.
  package init(previous: VectorFile?, model: String, dimensions: Int) {
    guard let previous, previous.model == model, previous.dimensions == dimensions, dimensions > 0,
      let hashes = previous.textHashes, hashes.count == previous.entries.count,
      previous.vectors.count == previous.entries.count * dimensions
    else {
      self = .none
      return
    }
    var rowOfHash: [UInt64: Int] = [:]
    for (row, hash) in hashes.enumerated() where rowOfHash[hash] == nil { rowOfHash[hash] = row }
    self.init(vectors: previous.vectors, dimensions: dimensions, rowOfHash: rowOfHash)
  }

  /// How many distinct texts have a row.
  package var count: Int { rowOfHash.count }

  /// The stored row of `text`, when there is one that is a finite unit vector.
  package func row(forText text: String) -> ArraySlice<Float>? {
    guard let row = rowOfHash[Self.hash(text)] else { return nil }
    let slice = vectors[(row * dimensions)..<((row + 1) * dimensions)]
    var squares: Float = 0
    for value in slice {
      guard value.isFinite else { return nil }
      squares += value * value
    }
    let length = squares.squareRoot()
    guard length.isFinite, abs(length - 1) <= VectorFile.normTolerance else { return nil }
    return slice
  }

  /// The hash recorded for a row's text: `ContentHash` of its UTF-8 bytes.
  package static func hash(_ text: String) -> UInt64 { ContentHash.of(Array(text.utf8)) }
}
