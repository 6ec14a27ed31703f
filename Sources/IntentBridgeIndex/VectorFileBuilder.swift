import IntentBridgeCatalog

/// Builds the vector file of a catalog with an embedder.
public enum VectorFileBuilder {
  /// Embeds every intent document's texts. - Complexity: one embedding per text.
  public static func build(documents: [IntentDocument], catalog: Catalog, language: String, embedder: any TextEmbedder) throws -> VectorFile {
    var entries: [VectorFile.Entry] = []
    var texts: [String] = []
    for document in documents {
      for (kind, text) in document.embeddingTexts {
        entries.append(VectorFile.Entry(intent: document.intentIndex, kind: kind))
        texts.append(text)
      }
    }
    var vectors: [Float] = []
    vectors.reserveCapacity(texts.count * embedder.dimensions)
    let batch = 64
    var start = 0
    while start < texts.count {
      let slice = Array(texts[start..<min(start + batch, texts.count)])
      for vector in try embedder.embed(slice) { vectors += vector }
      start += batch
    }
    return VectorFile(model: embedder.identity, dimensions: embedder.dimensions, catalogHash: catalog.contentHash, language: language, entries: entries, vectors: vectors)
  }
}
