import IntentBridgeCatalog

/// Builds the vectors of a catalog with an embedder (stored in its index file).
package enum VectorFileBuilder {
  /// Names how the texts of the vectors are chosen; part of the model identity stored in
  /// the file, so files built by an older recipe are rebuilt. r2: delexicalised phrases; r3:
  /// the catalog's confidence models in the header; r4: their leads over the first five
  /// candidates whatever the number shown; r5: grammar catalogs'
  /// settings and the cross-lingual threshold (a fit's file from r4 builds could carry another
  /// no-match floor); r6: the near-duplicate folding of the rows stored (section `DUPL`); r7:
  /// the compiled catalog stored (section `COMP`); r8: `COMP` starts with the catalog hash and
  /// language it was compiled from; r9: each row's text hash stored (section `TXTH`), so a
  /// rebuild reuses the rows of unchanged texts (`ReusableRows`); r10: the keyword index's
  /// written words (`KeywordIndex.spellings`); r11: coverage weighed by the embedding signals'
  /// confidence where the encoder leads (`RankingConfiguration.embeddingWeighsCoverage`), the
  /// in-scope part read at the confidence's share of outside requests
  /// (`ConfidenceModel.outsideCost`); r12: the transformer's keyword weight a fifth on tool
  /// lists of descriptions (`RankingConfiguration.keywordScale`), which the fit ranks with.
  package static let recipe = "r12"

  /// The engine format an index file records: files written by another one are rebuilt
  /// (their layout or what was derived from the catalog may differ).
  package static let engineFormat = "index-\(IndexFile.formatVersion)/\(recipe)"

  /// The `model` of an index file built without an embedding model (keyword signals only:
  /// no rows, the keyword confidence in its calibration).
  package static let noModel = "none"

  /// The `model` an index file built with `embedder` records.
  package static func modelIdentity(_ embedder: any TextEmbedder) -> String { embedder.identity + "#" + recipe }

  /// Embeds `texts` (intent index, kind, sentence; see `IntentDocument.embeddingTexts`) in
  /// batches of 64. Rows are unit vectors, as `VectorFile.validate` requires: a text with no
  /// known token embeds to zero and is left out (it carries nothing), and a vector an
  /// embedder left unnormalised is scaled.
  /// - Complexity: one embedding per text.
  /// `progress(done, total)` is called after each batch.
  package static func build(
    texts: [(intent: Int, kind: String, text: String)], catalogHash: String, language: String, embedder: any TextEmbedder,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> VectorFile {
    try build(texts: texts, catalogHash: catalogHash, language: language, embedder: embedder, reusing: .none, progress: progress).file
  }

  /// What a build did: the file, how many texts it embedded and how many rows it took from
  /// the previous file (`ReusableRows`).
  package struct Outcome: Sendable {
    package var file: VectorFile
    package var embedded: Int
    package var reused: Int

    package init(file: VectorFile, embedded: Int, reused: Int) {
      self.file = file
      self.embedded = embedded
      self.reused = reused
    }
  }

  /// `build`, taking the row of every text that `reusable` has instead of embedding it: the
  /// file is the same, bit for bit, as a build that embeds every text (the embedders are
  /// deterministic per text, see `ReusableRows`); only the texts it lacks are embedded, in
  /// batches of 64 in their order. `progress(done, total)` counts the texts embedded.
  package static func build(
    texts: [(intent: Int, kind: String, text: String)], catalogHash: String, language: String, embedder: any TextEmbedder,
    reusing reusable: ReusableRows, progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> Outcome {
    let dimensions = embedder.dimensions
    // Per text: the reused row, or nil until it is embedded.
    var rows: [ArraySlice<Float>?] = texts.map { reusable.row(forText: $0.text) }
    let missing = rows.indices.filter { rows[$0] == nil }
    let batch = 64
    var start = 0
    while start < missing.count {
      let slice = Array(missing[start..<min(start + batch, missing.count)])
      for (index, vector) in zip(slice, try embedder.embed(slice.map { texts[$0].text }, kind: .passage)) {
        guard vector.count == dimensions else { throw VectorFileBuilderError.wrongDimensions(expected: dimensions, found: vector.count) }
        let length = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        // A zero (or broken) vector carries nothing: the text gets no row.
        guard length > 0, length.isFinite else {
          rows[index] = []
          continue
        }
        rows[index] = abs(length - 1) <= VectorFile.normTolerance ? vector[...] : vector.map { $0 / length }[...]
      }
      start += batch
      progress(min(start, missing.count), missing.count)
    }
    var entries: [VectorFile.Entry] = []
    var hashes: [UInt64] = []
    var vectors: [Float] = []
    vectors.reserveCapacity(texts.count * dimensions)
    for (text, row) in zip(texts, rows) {
      guard let row, !row.isEmpty else { continue }
      entries.append(VectorFile.Entry(intent: text.intent, kind: text.kind))
      hashes.append(ReusableRows.hash(text.text))
      vectors += row
    }
    var file = VectorFile(
      model: modelIdentity(embedder), dimensions: dimensions, catalogHash: catalogHash, language: language, entries: entries,
      vectors: vectors)
    file.textHashes = hashes
    file.nearDuplicates = VectorFile.NearDuplicates(
      threshold: VectorIndex.nearDuplicate, folds: VectorIndex.nearDuplicateFolds(of: file, threshold: VectorIndex.nearDuplicate))
    return Outcome(file: file, embedded: missing.count, reused: texts.count - missing.count)
  }
}

/// A vector of unexpected length came back from the embedder.
package enum VectorFileBuilderError: Error, Sendable, CustomStringConvertible {
  case wrongDimensions(expected: Int, found: Int)

  package var description: String {
    switch self {
    case .wrongDimensions(let expected, let found): "the embedder returned a \(found)-dimensional vector, expected \(expected)"
    }
  }
}
