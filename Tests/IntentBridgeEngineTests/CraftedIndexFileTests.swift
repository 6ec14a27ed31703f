import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeTestSupport
import Testing

/// An index file whose checksum is right but whose contents were crafted is not used: the
/// engine validates it after reading (`VectorFile.validate`, tested in IntentBridgeIndexTests).
@Suite struct CraftedIndexFileTests {
  /// The engine refuses a crafted file (with `--no-rebuild`) or rebuilds it, saying why.
  @Test func theEngineRefusesOrRebuildsACraftedFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("notes.json").path
    try FileManager.default.copyItem(atPath: Repository.path("Examples/notes/notes.en.json"), toPath: catalog)
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options())
    let path = IndexFile.path(forCatalog: catalog, language: "en")
    let contents = try IndexFile.read(path: path)
    var file = contents.vectors
    file.entries[3].intent = 999
    try IndexFile.write(file, engine: contents.engine, path: path)
    var strict = IntentEngine.Options()
    strict.rebuildIndex = false
    do {
      _ = try IntentEngine.load(catalogPath: catalog, options: strict)
      Issue.record("a crafted index file was used")
    } catch {
      #expect("\(error)".contains("is corrupt: entry 3 stands for intent 999"), "\(error)")
    }
    var notices: [String] = []
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options()) { notices.append($0) }
    #expect(notices.contains { $0.contains("is corrupt: entry 3 stands for intent 999") && $0.contains("rebuilt it") }, "\(notices)")
    #expect(throws: Never.self) { try IndexFile.read(path: path).vectors.validate(intentCount: 10) }
  }
}
