import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeTestSupport
import Testing

/// `intentbridge tune`: the split, the fit on a description-only tool list with out-of-scope
/// rows, and the tuning file the engine then loads (or refuses, saying why).
@Suite(.serialized) struct TuningTests {
  /// The repository's tool list, imported, written to a scratch folder (keyword signals).
  static func toolCatalog() throws -> (path: String, folder: URL) {
    let document = try JSONParser.parse(bytes: Array(try Repository.read(Repository.path("Examples/tools/tools.openai.json"))))
    let imported = ToolListImporter.importCatalog(document, fileName: "tools.openai.json")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("tools.json").path
    try Data(imported.catalog.prettyText.utf8).write(to: URL(fileURLWithPath: path))
    return (path, folder)
  }

  static func rows() throws -> [LabelledRequest] {
    try EvalDataset.load(path: Repository.path("Examples/tools/requests.jsonl")).requests
      + EvalDataset.load(path: Repository.path("Examples/off-domain/requests.jsonl")).requests
  }

  static func keywordOptions() -> IntentEngine.Options {
    var options = IntentEngine.Options()
    options.embedding = .none
    return options
  }

  @Test func theSplitHoldsBackEachIntentsShareAndIsReproducible() throws {
    let rows = try Self.rows()
    let (fit, held) = TuningRun.split(rows, holdOut: 0.3, seed: 7)
    #expect(fit.count + held.count == rows.count)
    #expect(Set(held.map(\.id)).isDisjoint(with: Set(fit.map(\.id))))
    let nullRows = rows.filter { $0.intent == .noMatch }.count
    let heldNull = held.filter { $0.intent == .noMatch }.count
    #expect(abs(Double(heldNull) - 0.3 * Double(nullRows)) <= 1)
    #expect(TuningRun.split(rows, holdOut: 0.3, seed: 7).heldOut.map(\.id) == held.map(\.id))
    #expect(TuningRun.split(rows, holdOut: 0.3, seed: 8).heldOut.map(\.id) != held.map(\.id))
  }

  @Test func tuningAnswersMoreOfTheRowsItWasFittedOn() throws {
    let (path, folder) = try Self.toolCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions())
    let run = TuningRun.run(engine: engine, catalogPath: path, requests: try Self.rows(), holdOut: 0)
    let model = try #require(run.tuning.models[.keyword])
    #expect(model.origin == .tuned && model.fittedOn == run.fitRows)
    #expect(model.inScopeWeights != nil, "out-of-scope rows fit the in-domain part")
    let before = try #require(run.before.top1)
    let after = try #require(run.after.top1)
    #expect(after >= before, "answered top-1 \(before) → \(after)")
    #expect(try #require(run.after.noMatchRecall) > 0.5)
  }

  /// `tune --refuse`: the threshold refuses at least the share asked of the out-of-scope rows
  /// it was fitted on, at the cost of answers, and the tuning file records the target.
  @Test func aRefusalTargetRefusesAtLeastThatShareOfTheRowsFittedOn() throws {
    let (path, folder) = try Self.toolCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions())
    let rows = try Self.rows()
    let free = TuningRun.run(engine: engine, catalogPath: path, requests: rows, holdOut: 0)
    let strict = TuningRun.run(engine: engine, catalogPath: path, requests: rows, holdOut: 0, refusing: 0.99)
    let freeRefused = try #require(free.after.noMatchRecall)
    let strictRefused = try #require(strict.after.noMatchRecall)
    #expect(freeRefused < 0.99, "the target must change something: \(freeRefused)")
    #expect(strictRefused >= 0.99, "refused \(strictRefused) of the out-of-scope rows fitted on")
    #expect(try #require(strict.after.answeredInScope) <= (try #require(free.after.answeredInScope)))
    #expect(try #require(strict.tuning.models[.keyword]).threshold > (try #require(free.tuning.models[.keyword])).threshold)
    #expect(strict.tuning.fit["refuse"] == .number(0.99) && free.tuning.fit["refuse"] == nil)
  }

  @Test func theEngineUsesAMatchingTuningFileAndNamesIt() throws {
    let (path, folder) = try Self.toolCatalog()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions())
    let run = TuningRun.run(engine: engine, catalogPath: path, requests: try Self.rows(), holdOut: 0.3)
    let tuningPath = TuningFile.path(forCatalog: path, language: engine.language)
    #expect(tuningPath.hasSuffix("tools.en.tuning.json"))
    try run.tuning.write(path: tuningPath)

    var notices: [String] = []
    let tuned = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions()) { notices.append($0) }
    #expect(notices.isEmpty)
    #expect(tuned.configuration.tuningFile == tuningPath)
    #expect(tuned.configuration.confidenceModels[.keyword] == run.tuning.models[.keyword].flatMap { ConfidenceModel(json: $0.jsonValue) })
    let explained = tuned.rank("send an email to Maria").jsonValue(explain: true, configuration: tuned.configuration)
    #expect(explained["tuning"]?.stringValue == tuningPath)
    #expect(explained["calibration"]?.stringValue == "tuned")

    var ignoring = Self.keywordOptions()
    ignoring.useTuning = false
    #expect(try IntentEngine.load(catalogPath: path, options: ignoring).configuration.tuningFile == nil)

    // Another version of the catalog: not used, and said so.
    var stale = run.tuning
    stale.catalogHash = "0000"
    try stale.write(path: tuningPath)
    notices = []
    let untuned = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions()) { notices.append($0) }
    #expect(untuned.configuration.tuningFile == nil)
    #expect(notices.contains { $0.contains(tuningPath) && $0.contains("another version of the catalog") }, "\(notices)")

    // A broken file: the notice names the field.
    try Data(
      #"{"format": "intentbridge-tuning", "version": 1, "catalogHash": "x", "language": "en", "model": null, "fusion": {"keywordWeight": -1, "centroidWeight": 0.7}, "calibration": {}, "fit": {}}"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: tuningPath))
    notices = []
    _ = try IntentEngine.load(catalogPath: path, options: Self.keywordOptions()) { notices.append($0) }
    #expect(notices.contains { $0.contains("$.fusion.keywordWeight") }, "\(notices)")
  }

  @Test func aTuningFileReadsBackAsWritten() throws {
    let model = ConfidenceModel(
      weights: [-1, 1, 2, 0.5, 0.25, 3, -0.1, 1], inScopeWeights: [2, 0, 1, 0, 0, 1, 0, 0], threshold: 0.31, outsideCost: 4.75, origin: .tuned,
      fittedOn: 42)
    // An outside cost below 1 (answers cheaper than refusals) or not a number does not read.
    for bad: JSONValue in [.number(0.5), .string("4"), .number(-1)] {
      var json = model.jsonValue.objectValue ?? [:]
      json["outsideCost"] = bad
      #expect(ConfidenceModel(json: .object(json)) == nil, "\(bad)")
    }
    var plain = model
    plain.outsideCost = 1
    #expect(plain.jsonValue["outsideCost"] == nil && ConfidenceModel(json: plain.jsonValue) == plain)
    let file = TuningFile(
      catalogHash: "abc", language: "de", model: "m#r3", keywordWeight: 0.75, centroidWeight: 0.5, models: [.hybrid: model, .embedding: model],
      fit: ["rows": 42])
    let back = try TuningFile(json: try JSONParser.parse(bytes: Array(file.json.prettyText.utf8)))
    #expect(back.models == file.models && back.keywordWeight == 0.75 && back.centroidWeight == 0.5)
    #expect(back.catalogHash == "abc" && back.language == "de" && back.model == "m#r3")
    var wrong = file.json.objectValue ?? [:]
    wrong["calibration"] = ["fast": model.jsonValue]
    #expect(throws: TuningFile.Problem.self) { try TuningFile(json: .object(wrong)) }
    do {
      _ = try TuningFile(json: .object(wrong))
    } catch {
      #expect(error.path == "$.calibration.fast")
    }
  }
}
