import IntentBridgeCatalog

/// Builds the vectors of a catalog with an embedder (stored in its index file).
public enum VectorFileBuilder {
  /// Names how the texts of the vectors are chosen; part of the model identity stored in
  /// the file, so files built by an older recipe are rebuilt. r2: delexicalised phrases; r3:
  /// the catalog's confidence models in the header; r4: their leads over the first five
  /// candidates whatever the number shown; r5: grammar catalogs'
  /// settings and the cross-lingual threshold (a fit's file from r4 builds could carry another
  /// no-match floor); r6: the near-duplicate folding of the rows stored (section `DUPL`); r7:
  /// the compiled catalog stored (section `COMP`); r8: `COMP` starts with the catalog hash and
  /// language it was compiled from; r9: the keyword index's written words
  /// (`KeywordIndex.spellings`).
  public static let recipe = "r9"

  /// The engine format an index file records: files written by another one are rebuilt
  /// (their layout or what was derived from the catalog may differ).
  public static let engineFormat = "index-\(IndexFile.formatVersion)/\(recipe)"

  /// The `model` of an index file built without an embedding model (keyword signals only:
  /// no rows, the keyword confidence in its calibration).
  public static let noModel = "none"

  /// The `model` an index file built with `embedder` records.
  public static func modelIdentity(_ embedder: any TextEmbedder) -> String { embedder.identity + "#" + recipe }

  /// Embeds `texts` (intent index, kind, sentence; see `IntentDocument.embeddingTexts`) in
  /// batches of 64. Rows are unit vectors, as `VectorFile.validate` requires: a text with no
  /// known token embeds to zero and is left out (it carries nothing), and a vector an
  /// embedder left unnormalised is scaled.
  /// - Complexity: one embedding per text.
  /// `progress(done, total)` is called after each batch.
  public static func build(
    texts: [(intent: Int, kind: String, text: String)], catalogHash: String, language: String, embedder: any TextEmbedder,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> VectorFile {
    let candidates = texts.map { VectorFile.Entry(intent: $0.intent, kind: $0.kind) }
    let texts = texts.map(\.text)
    var entries: [VectorFile.Entry] = []
    var vectors: [Float] = []
    vectors.reserveCapacity(texts.count * embedder.dimensions)
    let batch = 64
    var start = 0
    while start < texts.count {
      let slice = Array(texts[start..<min(start + batch, texts.count)])
      for (offset, vector) in try embedder.embed(slice, kind: .passage).enumerated() {
        guard vector.count == embedder.dimensions else {
          throw VectorFileBuilderError.wrongDimensions(expected: embedder.dimensions, found: vector.count)
        }
        let length = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard length > 0, length.isFinite else { continue }
        entries.append(candidates[start + offset])
        vectors += abs(length - 1) <= VectorFile.normTolerance ? vector : vector.map { $0 / length }
      }
      start += batch
      progress(min(start, texts.count), texts.count)
    }
    var file = VectorFile(
      model: modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: catalogHash, language: language, entries: entries,
      vectors: vectors)
    file.nearDuplicates = VectorFile.NearDuplicates(
      threshold: VectorIndex.nearDuplicate, folds: VectorIndex.nearDuplicateFolds(of: file, threshold: VectorIndex.nearDuplicate))
    return file
  }
}

/// A vector of unexpected length came back from the embedder.
public enum VectorFileBuilderError: Error, Sendable, CustomStringConvertible {
  case wrongDimensions(expected: Int, found: Int)

  public var description: String {
    switch self {
    case .wrongDimensions(let expected, let found): "the embedder returned a \(found)-dimensional vector, expected \(expected)"
    }
  }
}
