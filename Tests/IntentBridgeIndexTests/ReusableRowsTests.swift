import Foundation
import IntentBridgeIndex
import Synchronization
import Testing

/// A rebuild takes the rows of unchanged texts from the previous file of the same model
/// (`ReusableRows`), and only from one it can trust.
@Suite struct ReusableRowsTests {
  /// A deterministic fake: a unit vector from the text's length and first byte; counts texts.
  final class FakeEmbedder: TextEmbedder {
    let identity: String
    let embedded = Mutex(0)
    init(identity: String = "fake") { self.identity = identity }
    var dimensions: Int { 2 }
    func embed(_ texts: [String]) throws -> [[Float]] {
      embedded.withLock { $0 += texts.count }
      return texts.map { text in
        let angle = Float(text.utf8.count) + Float(text.utf8.first ?? 0) / 256
        return [Float(cos(Double(angle))), Float(sin(Double(angle)))]
      }
    }
  }

  static let texts = (0..<100).map { (intent: $0 / 4, kind: "title", text: "text number \($0)") }

  @Test func onlyNewTextsAreEmbeddedAndTheFileIsTheFreshOne() throws {
    let first = try VectorFileBuilder.build(texts: Self.texts, catalogHash: "a", language: "en", embedder: FakeEmbedder())
    #expect(first.textHashes?.count == first.entries.count)
    var changed = Self.texts
    changed[10].text = "a changed text"
    changed.append((intent: 25, kind: "title", text: "a new text"))
    let embedder = FakeEmbedder()
    let reusable = ReusableRows(previous: first, model: VectorFileBuilder.modelIdentity(embedder), dimensions: 2)
    let outcome = try VectorFileBuilder.build(texts: changed, catalogHash: "b", language: "en", embedder: embedder, reusing: reusable)
    #expect(outcome.embedded == 2 && outcome.reused == 99)
    #expect(embedder.embedded.withLock { $0 } == 2)
    let fresh = try VectorFileBuilder.build(texts: changed, catalogHash: "b", language: "en", embedder: FakeEmbedder())
    #expect(outcome.file == fresh)
    #expect(outcome.file.vectors.map(\.bitPattern) == fresh.vectors.map(\.bitPattern))
  }

  @Test func rowsOfAnotherModelOrThatAreNoUnitVectorsAreNotTaken() throws {
    var first = try VectorFileBuilder.build(texts: Self.texts, catalogHash: "a", language: "en", embedder: FakeEmbedder())
    let other = ReusableRows(previous: first, model: VectorFileBuilder.modelIdentity(FakeEmbedder(identity: "other")), dimensions: 2)
    #expect(other.count == 0)
    let model = VectorFileBuilder.modelIdentity(FakeEmbedder())
    #expect(ReusableRows(previous: first, model: model, dimensions: 3).count == 0)
    first.vectors[0] = 7
    first.vectors[3] = .nan
    let reusable = ReusableRows(previous: first, model: model, dimensions: 2)
    #expect(reusable.row(forText: "text number 0") == nil)
    #expect(reusable.row(forText: "text number 1") == nil)
    #expect(reusable.row(forText: "text number 2") != nil)
    var withoutHashes = first
    withoutHashes.textHashes = nil
    #expect(ReusableRows(previous: withoutHashes, model: model, dimensions: 2).count == 0)
  }

  @Test func textHashesRoundTripAndAWrongSizeIsCorrupt() throws {
    let file = try VectorFileBuilder.build(texts: Self.texts, catalogHash: "a", language: "en", embedder: FakeEmbedder())
    let bytes = IndexFile.encode(file, engine: VectorFileBuilder.engineFormat)
    let read = try bytes.withUnsafeBytes { try IndexFile.decode($0) }
    #expect(read.vectors.textHashes == file.textHashes)
    var short = file
    short.textHashes?.removeLast()
    #expect(throws: IndexFile.Problem.self) {
      let bytes = IndexFile.encode(short, engine: VectorFileBuilder.engineFormat)
      _ = try bytes.withUnsafeBytes { try IndexFile.decode($0) }
    }
  }
}
