import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// A start reads the compiled catalog from the index file (section `COMP`) instead of
/// compiling it, and ranks and fills exactly as the engine that compiled it; a compiled
/// catalog that does not read makes the file corrupt (rebuilt, or refused with `--no-rebuild`).
@Suite struct StoredCompiledCatalogTests {
  static let catalogs = [
    ("Examples/notes/notes.en.json", "Examples/notes/requests.en.jsonl"),
    ("Examples/smart-home/smart-home.en.json", "Examples/smart-home/requests.en.perturbed.jsonl"),
    ("Examples/smart-home/smart-home.de.json", "Examples/smart-home/requests.de.jsonl"),
    ("Examples/smart-home/smart-home.zh-CN.json", "Examples/smart-home/requests.zh-CN.jsonl"),
  ]

  static let clock = IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_796_000_000), utcOffsetSeconds: 3600)

  /// A copy of the repository file `relative` in a new temporary folder (removed by the caller).
  static func copy(_ relative: String) throws -> (folder: URL, catalog: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-comp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let catalog = folder.appendingPathComponent((relative as NSString).lastPathComponent).path
    try FileManager.default.copyItem(atPath: Repository.path(relative), toPath: catalog)
    return (folder, catalog)
  }

  static func requests(_ relative: String) throws -> [String] {
    try String(contentsOfFile: Repository.path(relative), encoding: .utf8).split(separator: "\n")
      .compactMap { try? JSONParser.parse(String($0))["query"]?.stringValue }
  }

  /// Every ranking (with its explanation) and resolution of `requests`, as JSON text.
  static func answers(_ engine: IntentEngine, _ requests: [String]) -> [String] {
    requests.flatMap { request in
      [
        JSONWriter.compact(engine.rank(request, top: 5).jsonValue(explain: true, configuration: engine.configuration)),
        JSONWriter.compact(engine.resolve(request, clock: clock).jsonValue),
      ]
    }
  }

  @Test(arguments: catalogs)
  func theStoredCatalogAnswersAsTheCompiledOne(catalog relative: String, requests file: String) throws {
    let (folder, catalog) = try Self.copy(relative)
    defer { try? FileManager.default.removeItem(at: folder) }
    let requests = try Self.requests(file)
    #expect(requests.count >= 10)
    for signals in [IntentEngine.Options.Embedding.staticModel(directory: nil), .none] {
      var options = IntentEngine.Options()
      options.embedding = signals
      let compiledHere = try IntentEngine.load(catalogPath: catalog, options: options)
      var notices: [String] = []
      let readBack = try IntentEngine.load(catalogPath: catalog, options: options) { notices.append($0) }
      #expect(!compiledHere.compiled.isReadFromIndexFile)
      #expect(readBack.compiled.isReadFromIndexFile)
      #expect(notices.isEmpty, "\(notices)")
      #expect(Self.answers(readBack, requests) == Self.answers(compiledHere, requests))
      // The index file's texts (the documents, made again on demand) are the same too.
      #expect(readBack.compiled.embeddingTexts().map(\.text) == compiledHere.compiled.embeddingTexts().map(\.text))
      try FileManager.default.removeItem(atPath: IndexFile.path(forCatalog: catalog, language: compiledHere.language))
    }
  }

  /// Other keyword settings than the stored ones: the catalog is compiled with them (the
  /// file stays, it is right for the settings it was built with).
  @Test func otherKeywordSettingsCompileTheCatalog() throws {
    let (folder, catalog) = try Self.copy("Examples/notes/notes.en.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try IntentEngine.load(catalogPath: catalog)
    var options = IntentEngine.Options()
    options.ranking.keyword.k1 = 2
    var notices: [String] = []
    let engine = try IntentEngine.load(catalogPath: catalog, options: options) { notices.append($0) }
    #expect(!engine.compiled.isReadFromIndexFile)
    #expect(engine.compiled.keywordIndex.configuration.k1 == 2)
    #expect(notices.isEmpty, "\(notices)")
    #expect(try IntentEngine.load(catalogPath: catalog).compiled.isReadFromIndexFile)
  }

  /// A compiled catalog that does not read, in a file whose checksum is right: refused with
  /// `--no-rebuild`, else rebuilt with a notice that says why.
  @Test func aCompiledCatalogThatDoesNotReadIsRefusedOrRebuilt() throws {
    let (folder, catalog) = try Self.copy("Examples/notes/notes.en.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try IntentEngine.load(catalogPath: catalog)
    let path = IndexFile.path(forCatalog: catalog, language: "en")
    let contents = try IndexFile.read(path: path)
    var file = contents.vectors
    let compiled = try #require(file.compiledCatalog)
    file.compiledCatalog = ByteRange(copying: compiled.array.dropLast(3))
    try IndexFile.write(file, engine: contents.engine, path: path)
    var strict = IntentEngine.Options()
    strict.rebuildIndex = false
    let refusal = #expect(throws: IntentEngine.LoadError.self) { _ = try IntentEngine.load(catalogPath: catalog, options: strict) }
    #expect(refusal.map { "\($0)" }?.contains("is corrupt: its compiled catalog does not read") == true, "\(String(describing: refusal))")
    var notices: [String] = []
    let rebuilt = try IntentEngine.load(catalogPath: catalog) { notices.append($0) }
    #expect(!rebuilt.compiled.isReadFromIndexFile)
    #expect(notices.contains { $0.contains("its compiled catalog does not read") && $0.contains("rebuilt it") }, "\(notices)")
    #expect(try IndexFile.read(path: path).vectors.compiledCatalog == compiled)
    #expect(try IntentEngine.load(catalogPath: catalog).compiled.isReadFromIndexFile)
  }
}
