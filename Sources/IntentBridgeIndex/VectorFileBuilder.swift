import IntentBridgeCatalog

/// Builds the vector file of a catalog with an embedder.
public enum VectorFileBuilder {
  /// Names how the texts of a vector file are chosen; part of the model identity stored in
  /// the file, so files built by an older recipe are rebuilt. r2: delexicalised phrases; r3:
  /// the catalog's confidence models in the header.
  public static let recipe = "r3"

  /// The `model` a vector file built with `embedder` records.
  public static func modelIdentity(_ embedder: any TextEmbedder) -> String { embedder.identity + "#" + recipe }

  /// Embeds `texts` (intent index, kind, sentence; see `IntentDocument.embeddingTexts`) in
  /// batches of 64. - Complexity: one embedding per text.
  public static func build(
    texts: [(intent: Int, kind: String, text: String)], catalogHash: String, language: String, embedder: any TextEmbedder
  ) throws -> VectorFile {
    let entries = texts.map { VectorFile.Entry(intent: $0.intent, kind: $0.kind) }
    let texts = texts.map(\.text)
    var vectors: [Float] = []
    vectors.reserveCapacity(texts.count * embedder.dimensions)
    let batch = 64
    var start = 0
    while start < texts.count {
      let slice = Array(texts[start..<min(start + batch, texts.count)])
      for vector in try embedder.embed(slice, kind: .passage) {
        guard vector.count == embedder.dimensions else { throw VectorFileBuilderError.wrongDimensions(expected: embedder.dimensions, found: vector.count) }
        vectors += vector
      }
      start += batch
    }
    return VectorFile(model: modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: catalogHash, language: language, entries: entries, vectors: vectors)
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
