import Foundation
import IntentBridgeImport
import IntentBridgeIndex
import Synchronization
import Testing

@testable import IntentBridgeEngine

/// A rebuilt index file takes the rows of the texts it already had from the previous file
/// built with the same model (`ReusableRows`): when one server of a gateway's catalog
/// changes, only that server's texts are embedded, and the file is the same, byte for byte,
/// as one built from nothing.
@Suite struct IndexReuseTests {
  /// The real static model, recording every intent text (passage) it is asked to embed.
  final class CountingEmbedder: TextEmbedder {
    let inner: any TextEmbedder
    let passages = Mutex<[String]>([])

    init(_ inner: any TextEmbedder) { self.inner = inner }

    var identity: String { inner.identity }
    var dimensions: Int { inner.dimensions }
    func embed(_ texts: [String]) throws -> [[Float]] { try inner.embed(texts) }
    func embed(_ texts: [String], kind: EmbeddingInputKind) throws -> [[Float]] {
      if kind == .passage { passages.withLock { $0 += texts } }
      return try inner.embed(texts, kind: kind)
    }
  }

  static func tool(_ name: String, _ description: String) -> JSONValue {
    [
      "name": .string(name), "description": .string(description),
      "inputSchema": ["type": "object", "properties": ["city": ["type": "string", "description": "The city."]]],
    ]
  }

  /// A catalog of two servers' tools, `alpha__…` and `beta__…`, as the gateway imports them.
  static func catalog(beta: [JSONValue]) -> String {
    let alpha = [
      tool("alpha__get_current_time", "Get the current time in a time zone."),
      tool("alpha__convert_time", "Convert a time from one time zone to another."),
      tool("alpha__list_zones", "List the time zones the server knows."),
    ]
    let result = ToolListImporter.importCatalog(["tools": .array(alpha + beta)], fileName: "servers.json")
    return JSONWriter.pretty(result.catalog)
  }

  @Test func aRebuildEmbedsOnlyTheChangedServersTextsAndEqualsAFreshBuild() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-reuse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("servers.catalog.json").path
    guard let model = try IntentEngine.makeEmbedder(.staticModel(directory: nil)) else {
      Issue.record("no static model")
      return
    }
    func load(_ embedder: CountingEmbedder) throws -> (engine: IntentEngine, notices: [String]) {
      var options = IntentEngine.Options()
      options.embedding = .loaded(embedder)
      let notices = Mutex<[String]>([])
      let engine = try IntentEngine.load(catalogPath: path, options: options) { line in notices.withLock { $0.append(line) } }
      return (engine, notices.withLock { $0 })
    }

    // First: both servers embedded.
    try Self.catalog(beta: [Self.tool("beta__forecast", "Get the weather forecast for a city.")]).write(
      toFile: path, atomically: true, encoding: .utf8)
    let first = CountingEmbedder(model)
    _ = try load(first)
    let index = IndexFile.path(forCatalog: path, language: "en")
    #expect(try IndexFile.read(path: index).vectors.textHashes?.isEmpty == false)

    // Beta changes: one description edited, one tool added. Alpha is as it was.
    try Self.catalog(beta: [
      Self.tool("beta__forecast", "Get the weather forecast (rain, sun, wind) for a city."),
      Self.tool("beta__air_quality", "Get the air quality index of a city."),
    ]).write(toFile: path, atomically: true, encoding: .utf8)
    let second = CountingEmbedder(model)
    let (engine, notices) = try load(second)
    let texts = engine.compiled.embeddingTexts()
    let betaTexts = Set(texts.filter { engine.catalog.intents[$0.intent].id.hasPrefix("beta__") }.map(\.text))
    let alphaTexts = Set(texts.filter { engine.catalog.intents[$0.intent].id.hasPrefix("alpha__") }.map(\.text))
    // The calibration, fitted anew over the whole catalog, embeds texts of its own (held-out
    // variants); the index texts embedded are the changed server's only.
    let indexTexts = Set(texts.map(\.text))
    let embedded = second.passages.withLock { $0 }.filter(indexTexts.contains)
    #expect(Set(embedded) == betaTexts, "\(embedded)")
    #expect(embedded.count == betaTexts.count)
    #expect(second.passages.withLock { $0 }.allSatisfy { !alphaTexts.contains($0) })
    #expect(
      notices.contains { $0.contains("rebuilt it (embedded \(betaTexts.count) texts, reused \(alphaTexts.count))") }, "\(notices)")
    let reusedBytes = try Data(contentsOf: URL(fileURLWithPath: index))

    // From nothing: every text embedded; the file is the same bytes (the reused rows are the
    // same bits as fresh ones, and the calibration fitted over them the same).
    try FileManager.default.removeItem(atPath: index)
    let fresh = CountingEmbedder(model)
    _ = try load(fresh)
    #expect(fresh.passages.withLock { $0 }.filter(indexTexts.contains).count == texts.count)
    let freshBytes = try Data(contentsOf: URL(fileURLWithPath: index))
    #expect(reusedBytes == freshBytes)
  }
}
