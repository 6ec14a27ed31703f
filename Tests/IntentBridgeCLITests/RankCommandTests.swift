import Foundation
import IntentBridgeCLI
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import Synchronization
import Testing

@Suite struct RankCommandTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  @Test func ranksOneRequest() throws {
    let run = CapturedRun(["rank", notes, "delete the groceries note", "--json", "--explain", "--top", "3"])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["intent"] == "DeleteNoteIntent")
    #expect(value["candidates"]?.arrayValue?.count == 3)
    let first = value["candidates"]?[0]
    #expect(first?["keyword"]?["bm25"]?.doubleValue != nil)
    #expect(first?["embedding"]?["cosine"]?.doubleValue != nil)
    #expect(first?["template"]?["quality"]?.doubleValue != nil)
    #expect(first?["matchedTerms"]?.arrayValue?.isEmpty == false)
    #expect(first?["wholeReading"] == nil)
  }

  /// The executable keeps the loaded engines (`CatalogEngines`) until it exits (no teardown); a console without
  /// `keepUntilExit` (tests, embedders) frees it as usual. Either way the answer is the same.
  @Test func handsTheLoadedEngineToKeepUntilExit() throws {
    let kept = Mutex<[any Sendable]>([])
    let out = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { _ in },
      keepUntilExit: { object in kept.withLock { $0.append(object) } })
    let status = IntentBridgeCommand.main(arguments: ["rank", notes, "delete the groceries note", "--json"], console: console)
    #expect(status == 0)
    #expect(kept.withLock { $0.count } == 1)
    #expect(kept.withLock { $0.first } is CatalogEngines)
    let plain = CapturedRun(["rank", notes, "delete the groceries note", "--json"])
    #expect(plain.out == out.withLock { $0 })
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func explainSaysWhenAFreeTextTemplateReadTheWholeRequest() throws
  {
    let catalog = DevData.homeAssistantCatalog("templates", "en")
    let run = CapturedRun(["rank", catalog, "in 5 minutes turn off the lights", "--explain", "--top", "2", "--json"])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["intent"] == "HassStartTimer")
    #expect(value["candidates"]?[0]?["wholeReading"]?.stringValue?.contains("${conversation_command}") == true)
    let text = CapturedRun(["rank", catalog, "in 5 minutes turn off the lights", "--explain", "--top", "1"])
    #expect(text.out.contains("reads the whole request"), "\(text.out)")
  }

  @Test func batchModeWritesOneLinePerRow() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-rank-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let requests = directory.appendingPathComponent("requests.jsonl")
    try Data(
      """
      {"id": "a", "query": "add a note called milk"}
      {"id": "b", "query": "who won the world cup in 2018", "lang": "en"}

      {"query": "export my notes as pdf"}
      """.utf8
    ).write(to: requests)
    let run = CapturedRun(["rank", notes, "--requests", requests.path])
    #expect(run.status == 0, "\(run.err)")
    let lines = try run.out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(lines.count == 3)
    #expect(lines[0].objectValue?.keys == ["id", "line", "intent", "confidence", "alternatives", "latency_ms"])
    #expect(lines.map { $0["line"] } == [1, 2, 4], "rows are matched by line, also without an id")
    #expect(lines[0]["id"] == "a")
    #expect(lines[0]["intent"] == "AddNoteIntent")
    #expect(lines[1]["intent"] == .null, "off-domain request gets no match")
    #expect(lines[2]["id"] == .null)
    #expect(lines[2]["intent"] == "ExportNotesIntent")
  }

  @Test func badRowsAreReportedWithTheirLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-rank-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let requests = directory.appendingPathComponent("bad.jsonl")
    try Data("{\"query\": \"add a note\"}\n{\"text\": \"no query\"}\nnot json\n".utf8).write(to: requests)
    let run = CapturedRun(["rank", notes, "--requests", requests.path, "--no-embeddings"])
    #expect(run.status == 65)
    #expect(run.err.contains("bad.jsonl:2:"))
    #expect(run.err.contains("bad.jsonl:3:"))
    #expect(run.out.split(separator: "\n").count == 1, "the good row is still ranked")
  }

  @Test func usageErrors() {
    #expect(CapturedRun(["rank", notes]).status == 64)
    #expect(CapturedRun(["rank", notes, "x", "--top", "0"]).status == 64)
    #expect(CapturedRun(["rank", notes, "x", "--set", "speed=3"]).err.contains("unknown setting 'speed'"))
    let encoder = CapturedRun(["rank", notes, "x", "--encoder", "bert"])
    #expect(encoder.status == 64)
    #expect(encoder.err.contains("invalid for '--encoder'; expected auto, static or transformer"), "\(encoder.err)")
    // A missing encoder folder is a model failure (exit 1) that names the folder.
    let missing = CapturedRun(["rank", notes, "x", "--encoder", "transformer", "--model", "/nonexistent/encoder"])
    #expect(missing.status == 1)
    #expect(missing.err.contains("/nonexistent/encoder/encoder.bin"), "\(missing.err)")
    // `auto` chooses between the default models, so a model folder needs its kind named.
    let autoWithModel = CapturedRun(["rank", notes, "x", "--encoder", "auto", "--model", "/some/model"])
    #expect(autoWithModel.status == 64)
    #expect(autoWithModel.err.contains("with it choose '--encoder static' or '--encoder transformer'"), "\(autoWithModel.err)")
    // A model folder alone names the static model's, as before `auto` (the static model's error).
    let staticModel = CapturedRun(["rank", notes, "x", "--model", "/nonexistent/model"])
    #expect(staticModel.status == 1)
    #expect(staticModel.err.contains("/nonexistent/model"), "\(staticModel.err)")
  }

  @Test func noRebuildRefusesAStaleIndexFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-rank-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("notes.json")
    try FileManager.default.copyItem(atPath: notes, toPath: catalog.path)
    let index = CapturedRun(["index", catalog.path])
    #expect(index.status == 0, "\(index.err)")
    #expect(index.out.hasPrefix(directory.appendingPathComponent("notes.en.index").path + ": "), "\(index.out)")
    #expect(index.out.contains("vectors"))
    #expect(CapturedRun(["rank", catalog.path, "add a note", "--no-rebuild"]).status == 0)
    // Change the catalog: the index file is now stale.
    var text = try String(contentsOf: catalog, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"Add Note\"", with: "\"Add a Note\"")
    try Data(text.utf8).write(to: catalog)
    let refused = CapturedRun(["rank", catalog.path, "add a note", "--no-rebuild"])
    #expect(refused.status != 0)
    #expect(refused.err.contains("stale"), "\(refused.err)")
    let rebuilt = CapturedRun(["rank", catalog.path, "add a note"])
    #expect(rebuilt.status == 0)
    #expect(rebuilt.err.contains("stale") && rebuilt.err.contains("rebuilt"), "\(rebuilt.err)")
  }
}

/// A command loads only what it uses: keyword signals read no model and no rows, and keep
/// their confidence in the index file so the next start fits nothing.
@Suite struct LazyLoadingTests {
  @Test func keywordSignalsNeedNoModelAndShareTheIndexFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-lazy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("notes.en.json").path
    try FileManager.default.copyItem(atPath: Repository.path("Examples/notes/notes.en.json"), toPath: catalog)
    let index = directory.appendingPathComponent("notes.en.index").path
    // No model folder exists at this path: loading one would fail.
    let missingModel = directory.appendingPathComponent("no-model").path
    let first = CapturedRun(["rank", catalog, "add a note", "--signals", "keyword", "--model", missingModel])
    #expect(first.status == 0, "\(first.err)")
    #expect(first.err.contains("wrote \(index)"), "\(first.err)")
    let keywordOnly = try IndexFile.read(path: index)
    #expect(keywordOnly.vectors.model == "none")
    #expect(keywordOnly.vectors.entries.isEmpty)
    #expect(keywordOnly.vectors.calibration?["keywordOnly"] != nil)
    // The next keyword start reads it and writes nothing (a write renames a new file over it:
    // another inode).
    func inode() throws -> Int { try FileManager.default.attributesOfItem(atPath: index)[.systemFileNumber] as? Int ?? -1 }
    let written = try inode()
    let second = CapturedRun(["rank", catalog, "add a note", "--signals", "keyword", "--model", missingModel, "--json"])
    #expect(second.status == 0)
    #expect(second.out.contains("\"intent\" : \"AddNoteIntent\"") || second.out.contains("\"intent\": \"AddNoteIntent\""), "\(second.out)")
    #expect(try inode() == written)
    // With the model the file is rebuilt with vectors, saying why, and keeps the keyword fit.
    let hybrid = CapturedRun(["rank", catalog, "add a note"])
    #expect(hybrid.status == 0, "\(hybrid.err)")
    #expect(hybrid.err.contains("was built without an embedding model") && hybrid.err.contains("rebuilt it"), "\(hybrid.err)")
    let full = try IndexFile.read(path: index)
    #expect(!full.vectors.entries.isEmpty)
    #expect(full.vectors.calibration?["keywordOnly"] == keywordOnly.vectors.calibration?["keywordOnly"])
    // And keyword signals still find their fit in the file that now has vectors.
    let rebuilt = try inode()
    #expect(CapturedRun(["rank", catalog, "add a note", "--signals", "keyword", "--model", missingModel]).status == 0)
    #expect(try inode() == rebuilt)
  }
}
