import Foundation
import IntentBridgeEmbedding
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEngine

/// `SidecarFiles` names the files the load stages write: a load of a copied catalog writes
/// its index file where `index` says, `intentbridge tune`'s file is `tuning`, the transformer's
/// index file is apart, and a model in a writable folder compiles its tokenizer to the first
/// file `compiledTokenizer` names.
@Suite struct SidecarFilesTests {
  @Test func theFilesALoadWritesAreTheOnesNamed() throws {
    let (folder, catalog) = try StoredCompiledCatalogTests.copy("Examples/notes/notes.en.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = SidecarFiles(catalogPath: catalog, language: "en")
    #expect(!FileManager.default.fileExists(atPath: files.index))
    let engine = try IntentEngine.load(catalogPath: catalog)
    #expect(FileManager.default.fileExists(atPath: files.index))
    #expect(files.index(for: engine.embedder) == files.index)
    #expect(files.index(for: .transformer(directory: nil)) == files.transformerIndex && files.transformerIndex != files.index)
    #expect(files.tuning == TuningFile.path(forCatalog: catalog, language: "en"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.en.index", "notes.en.json"])
  }

  @Test func aModelCompilesItsTokenizerWhereNamed() throws {
    let source = try #require(ModelLocator.locate())
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-model-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: source) where name != "tokenizer.ibtok" {
      try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder.path + "/" + name)
    }
    let model = try StaticEmbeddingModel(directory: folder.path)
    let named = SidecarFiles.compiledTokenizer(modelDirectory: folder.path, modelIdentity: model.identity)
    #expect(named.first == folder.path + "/tokenizer.ibtok")
    #expect(FileManager.default.fileExists(atPath: try #require(named.first)))
  }
}
