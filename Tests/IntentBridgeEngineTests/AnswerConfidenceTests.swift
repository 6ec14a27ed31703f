import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// The answer is the first-ranked intent and no alternative is more confident than it, on
/// every row of every development set (keyword signals: the check is of the calibration's
/// order, which does not depend on the model) and on the repository's smart-home example
/// with embeddings.
@Suite(.serialized) struct AnswerConfidenceTests {
  static let folders = ["clinc150", "xsid", "ha", "metatool", "seal-tools"]
  static let sets: [(String, String)] = [
    ("clinc150/catalog/none.json", "clinc150/dev.jsonl"),
    ("clinc150/catalog/examples5.json", "clinc150/dev.jsonl"),
    ("clinc150/catalog/examples20.json", "clinc150/dev.jsonl"),
    ("xsid/catalog/examples5.json", "xsid/en.dev.jsonl"),
    ("xsid/catalog/examples5.json", "xsid/de.dev.jsonl"),
    ("ha/catalog/examples/en.json", "ha/en.dev.jsonl"),
    ("ha/catalog/none/de.json", "ha/de.dev.perturbed.jsonl"),
    ("ha/catalog/templates/zh-CN.json", "ha/zh-CN.dev.jsonl"),
    ("metatool/tools.openai.json", "metatool/dev.jsonl"),
    ("seal-tools/tools.openai.json", "seal-tools/dev.jsonl"),
  ]

  @Test(
    .enabled(if: folders.allSatisfy(DevData.has), Comment(rawValue: DevData.skipNote(folders.first { !DevData.has($0) } ?? "ha"))),
    arguments: sets)
  func noAlternativeOutranksTheAnswer(_ catalog: String, _ requests: String) throws {
    let engine = try Self.keywordEngine(DevData.path(catalog))
    let checked = try Self.check(engine, requests: DevData.path(requests))
    #expect(checked > 100)
  }

  @Test func noAlternativeOutranksTheAnswerWithEmbeddings() throws {
    let directory = try scratchCopy(of: Repository.path("Examples/smart-home/smart-home.en.json"))
    defer { try? FileManager.default.removeItem(atPath: directory.deletingLastPathComponent) }
    let engine = try IntentEngine.load(catalogPath: directory)
    var checked = try Self.check(engine, requests: Repository.path("Examples/smart-home/requests.en.jsonl"))
    checked += try Self.check(engine, requests: Repository.path("Examples/off-domain/requests.jsonl"))
    #expect(checked > 100)
  }

  /// Ranks every row; returns how many were checked.
  static func check(_ engine: IntentEngine, requests: String) throws -> Int {
    var checked = 0
    for line in try Repository.read(requests).split(separator: UInt8(ascii: "\n")) {
      guard let query = try JSONParser.parse(bytes: Array(line))["query"]?.stringValue else { continue }
      let ranking = engine.rank(query, top: 5)
      guard let first = ranking.candidates.first else { continue }
      for other in ranking.candidates.dropFirst() {
        #expect(other.confidence <= first.confidence, "\(query): \(other.intentID) \(other.confidence) above \(first.intentID) \(first.confidence)")
      }
      if let best = ranking.best { #expect(best.intentID == first.intentID, "\(query): the answer is not the first-ranked intent") }
      #expect((0...1).contains(first.confidence))
      checked += 1
    }
    return checked
  }

  /// A keyword-only engine of a catalog file, or of a tool list imported in memory.
  static func keywordEngine(_ path: String) throws -> IntentEngine {
    if path.hasSuffix("tools.openai.json") {
      let document = try JSONParser.parse(bytes: Array(try Repository.read(path)))
      let loaded = CatalogLoader.load(document: ToolListImporter.importCatalog(document, fileName: "tools.openai.json").catalog)
      return IntentEngine(catalog: try #require(loaded.validCatalog, "\(loaded.diagnostics)"))
    }
    var options = IntentEngine.Options()
    options.embedding = .none
    return try IntentEngine.load(catalogPath: path, options: options)
  }

  /// A copy of `catalog` in a fresh temporary folder (its index file is written there).
  func scratchCopy(of catalog: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answer-confidence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent((catalog as NSString).lastPathComponent).path
    try FileManager.default.copyItem(atPath: catalog, toPath: target)
    return target
  }
}

extension String {
  fileprivate var deletingLastPathComponent: String { (self as NSString).deletingLastPathComponent }
}
