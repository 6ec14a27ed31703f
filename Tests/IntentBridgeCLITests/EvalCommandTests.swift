import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@Suite struct EvalCommandTests {
  let notes = Repository.path("Examples/notes/notes.en.json")
  let requests = Repository.path("Examples/notes/requests.en.jsonl")

  func temporary(_ name: String, _ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "intentbridge-eval-\(UUID().uuidString)-\(name)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func jsonReportWithBreakdownsAndPassingFloor() throws {
    let run = CapturedRun([
      "eval", notes, requests, "--no-embeddings", "--signals", "keyword", "--format", "json", "--by", "tag", "--fail-under", "top1=0.5",
    ])
    #expect(run.status == 0, "\(run.err)")
    let report = try JSONParser.parse(run.out)
    #expect(report["format"] == "intentbridge-eval-report")
    #expect(report["datasets"]?[0]?["requests"] == 31)
    #expect(report["modes"]?[0]?["breakdowns"]?["tag"]?.arrayValue?.isEmpty == false)
    #expect(report["thresholds"]?[0]?["passed"] == true)
  }

  /// A request set from a pipe (`eval CATALOG /dev/stdin < set.jsonl`): before, only a
  /// regular file could be read ("cannot read the labelled request set").
  @Test func aRequestSetIsReadFromAPipe() throws {
    let directory = NSTemporaryDirectory() + "intentbridge-pipe-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let fifo = directory + "/requests.jsonl"
    #expect(mkfifo(fifo, 0o600) == 0)
    let rows = try String(contentsOfFile: requests, encoding: .utf8)
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(Data(rows.utf8))
        try? handle.close()
      }
    }
    writer.start()
    let run = CapturedRun(["eval", notes, fifo, "--no-embeddings", "--signals", "keyword", "--format", "json"])
    #expect(run.status == 0, "\(run.err)")
    #expect(try JSONParser.parse(run.out)["datasets"]?[0]?["requests"] == 31)
  }

  /// A folder or a missing file is named as such, in one line.
  @Test func aRequestSetThatIsAFolderIsNamedAsSuch() {
    let run = CapturedRun(["eval", notes, NSTemporaryDirectory(), "--no-embeddings"])
    #expect(run.status == 65)
    #expect(run.err.contains("is a folder, not a request set"), "\(run.err)")
  }

  @Test func aFloorThatIsNotMetExitsTwoAndSaysWhich() {
    let run = CapturedRun([
      "eval", notes, requests, "--no-embeddings", "--signals", "keyword", "--fail-under", "exact_frame=100%", "--fail-under", "top1=0.1",
    ])
    #expect(run.status == 2)
    #expect(run.out.contains("FAIL  keyword/exact_frame"))
    #expect(run.out.contains("pass  keyword/top1"))
  }

  @Test func badDatasetRowsAreNamedWithFileAndLine() throws {
    let bad = try temporary("bad.jsonl", "{\"query\": \"a\", \"intent\": \"AddNoteIntent\"}\n{\"query\": \"b\", \"intent\": 7}\n")
    let run = CapturedRun(["eval", notes, bad, "--no-embeddings", "--signals", "keyword"])
    #expect(run.status == 65)
    #expect(run.err.contains("\(bad):2: error: $.intent: expected a string, an array of strings or null"))
  }

  @Test(arguments: [
    (["--signals", "fast"], "'--signals'"), (["--k", "0"], "'--k'"), (["--by", "colour"], "'--by'"), (["--format", "pdf"], "'--format'"),
    (["--fail-under", "top1=2"], "0…1"), (["--signals", "embedding", "--no-embeddings"], "needs embeddings"),
  ])
  func usageErrorsNameTheArgument(extra: [String], fragment: String) {
    let run = CapturedRun(["eval", notes, requests] + extra)
    #expect(run.status == 64)
    #expect(run.err.contains(fragment), "\(run.err)")
  }

  @Test func htmlReportGoesToTheFileAndTheVerdictToStandardError() throws {
    let out = NSTemporaryDirectory() + "intentbridge-eval-\(UUID().uuidString).html"
    let run = CapturedRun([
      "eval", notes, requests, "--no-embeddings", "--signals", "keyword", "--format", "html", "--out", out, "--fail-under", "top1=1.01%",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.isEmpty)
    let html = try String(contentsOfFile: out, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg"))
    let failing = CapturedRun([
      "eval", notes, requests, "--no-embeddings", "--signals", "keyword", "--format", "html", "--out", out, "--fail-under", "top1[no-such-tag]=0",
    ])
    #expect(failing.status == 2)
    #expect(failing.err.contains("FAIL top1[no-such-tag]=0: no rows in group 'no-such-tag'"), "\(failing.err)")
  }

  @Test func progressIsDrawnOnATerminalOnly() {
    let arguments = ["eval", notes, requests, "--no-embeddings", "--signals", "keyword", "--format", "json"]
    let terminal = CapturedRun(arguments, errIsTerminal: true)
    #expect(terminal.status == 0)
    #expect(terminal.err.contains("\reval 31/31 (100%)"), "\(terminal.err.debugDescription)")
    #expect(terminal.err.hasSuffix("\r\u{1B}[K"), "the line is cleared before the report")
    let piped = CapturedRun(arguments)
    #expect(piped.err.isEmpty)
    let a = try? JSONParser.parse(piped.out)
    let b = try? JSONParser.parse(terminal.out)
    #expect(a?["modes"]?[0]?["confusions"] != nil && a?["modes"]?[0]?["confusions"] == b?["modes"]?[0]?["confusions"])
  }
}
