import IntentBridgeIndex
import Testing

/// An index build tells its progress after each batch of 64 texts, ending at the total, so a
/// long build (the transformer encoder) can draw a progress line.
@Suite struct VectorFileBuilderProgressTests {
  struct CountingEmbedder: TextEmbedder {
    var identity: String { "counting" }
    var dimensions: Int { 2 }
    func embed(_ texts: [String]) throws -> [[Float]] { texts.map { [Float($0.count), 1] } }
  }

  @Test func progressIsReportedPerBatchUpToTheTotal() throws {
    let texts = (0..<150).map { (intent: $0 % 3, kind: "title", text: "text \($0)") }
    var reports: [(Int, Int)] = []
    let file = try VectorFileBuilder.build(texts: texts, catalogHash: "h", language: "en", embedder: CountingEmbedder()) {
      reports.append(($0, $1))
    }
    #expect(file.entries.count == 150)
    #expect(reports.map(\.0) == [64, 128, 150])
    #expect(reports.allSatisfy { $0.1 == 150 })
  }
}

/// The transformer encoder's index file sits beside the static model's, not in its place.
@Suite struct TransformerIndexPathTests {
  @Test func theTransformerIndexHasItsOwnName() {
    #expect(IndexFile.path(forCatalog: "dir/notes.en.json", language: "en") == "dir/notes.en.index")
    #expect(IndexFile.transformerPath(forCatalog: "dir/notes.en.json", language: "en") == "dir/notes.en.transformer.index")
    #expect(IndexFile.transformerPath(forCatalog: "larder.json", language: "de") == "larder.de.transformer.index")
  }
}
