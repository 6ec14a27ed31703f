import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@Suite struct ResolveCommandTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  @Test func fillsTemplateSlotsAndEnumWords() throws {
    let run = CapturedRun(["resolve", notes, "add a high priority note called milk", "--json"])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["intent"] == "AddNoteIntent")
    #expect(value["arguments"]?["title"] == "milk")
    #expect(value["arguments"]?["priority"] == "high")
    #expect(value["missing"] == [])
  }

  /// The README's request fills the note the user means: "buy milk", not "to buy milk".
  @Test func theReadmeRequestFillsTheNoteItself() throws {
    let run = CapturedRun(["resolve", notes, "add a high priority note to buy milk", "--json"])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["arguments"]?["title"] == "buy milk")
    #expect(value["arguments"]?["priority"] == "high")
  }

  /// A duration past ~2^63 seconds trapped the process (SIGILL, exit 132); now a duration
  /// over 100 years is not read as one, and the delay is asked for.
  @Test(arguments: [
    "set a timer for 2562047788015216 hours", "remind me about the groceries note in 9999999999999999999999 minutes",
    "remind me about the groceries note in 100000000000 hours",
  ])
  func anEnormousDurationIsNotReadAndNeverTraps(_ request: String) throws {
    let run = CapturedRun(["resolve", notes, request, "--json"])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["arguments"]?["delay"] == nil, "\(run.out)")
  }

  @Test func durationsComeFromTheExtractorWithAPinnedClock() throws {
    let run = CapturedRun([
      "resolve", notes, "set a reminder for the groceries note in 2 hours", "--json", "--now", "2026-11-29T10:00", "--tz", "+01:00",
    ])
    let value = try JSONParser.parse(run.out)
    #expect(value["intent"] == "SetReminderIntent")
    #expect(value["arguments"]?["note"] == "note-groceries")
    #expect(value["arguments"]?["delay"] == 7200, "durations are seconds")
  }

  @Test func missingRequiredValuesComeWithTheirQuestion() throws {
    let run = CapturedRun(["resolve", notes, "delete it", "--intent", "DeleteNoteIntent", "--json"])
    let value = try JSONParser.parse(run.out)
    #expect(value["missing"]?[0]?["name"] == "note")
    #expect(value["missing"]?[0]?["question"] == "Which note should I delete?")
  }

  @Test func batchLinesCarryArgumentsMissingAndAmbiguous() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-resolve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let requests = directory.appendingPathComponent("r.jsonl")
    try Data(
      "{\"id\": \"1\", \"query\": \"add a high priority note called milk\"}\n{\"id\": \"2\", \"query\": \"who won the world cup in 2018\"}\n".utf8
    )
    .write(to: requests)
    let run = CapturedRun(["resolve", notes, "--requests", requests.path])
    #expect(run.status == 0, "\(run.err)")
    let lines = try run.out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(lines.count == 2)
    #expect(lines[0].objectValue?.keys == ["id", "line", "intent", "confidence", "arguments", "missing", "ambiguous", "alternatives", "latency_ms"])
    #expect(lines[1]["intent"] == .null)
  }

  @Test func badClockOptionsAreUsageErrors() {
    #expect(CapturedRun(["resolve", notes, "x", "--tz", "Europe/Helsinki"]).status == 64)
    #expect(CapturedRun(["resolve", notes, "x", "--now", "yesterday"]).status == 64)
    #expect(CapturedRun(["resolve", notes, "x", "--intent", "NoSuchIntent"]).status == 64)
  }
}

@Suite struct ResolveContextTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  @Test func contextFillsWhatTheRequestLeavesEmpty() throws {
    let request = "set the priority to high"
    let plain = try JSONParser.parse(CapturedRun(["resolve", notes, request, "--intent", "SetNotePriorityIntent", "--json"]).out)
    #expect(plain["arguments"]?["note"] == nil)
    #expect(plain["missing"]?[0]?["name"] == "note")
    // The note named by its title becomes its id; the request's own value still wins.
    let run = CapturedRun([
      "resolve", notes, request, "--intent", "SetNotePriorityIntent", "--json", "--context", #"{"note": "Groceries", "priority": "low"}"#,
    ])
    #expect(run.status == 0, "\(run.err)")
    let value = try JSONParser.parse(run.out)
    #expect(value["arguments"]?["note"] == "note-groceries")
    #expect(value["arguments"]?["priority"] == "high")
    #expect(value["missing"] == [])
  }

  @Test func contextValuesThatDoNotFitAreIgnoredAndBadJSONIsAUsageError() throws {
    let run = CapturedRun([
      "resolve", notes, "set the priority to high", "--intent", "SetNotePriorityIntent", "--json", "--context", #"{"note": 42}"#,
    ])
    let value = try JSONParser.parse(run.out)
    #expect(value["arguments"]?["note"] == nil)
    let bad = CapturedRun(["resolve", notes, "x", "--context", "[1]"])
    #expect(bad.status == 64)
    #expect(bad.err.contains("'--context'"))
  }

  @Test func batchRowsBringTheirOwnContext() throws {
    let file = NSTemporaryDirectory() + "intentbridge-context-\(UUID().uuidString).jsonl"
    let rows = #"""
      {"query": "set the priority to high", "id": "a", "context": {"note": "note-meeting"}}
      {"query": "set the priority to high", "id": "b"}
      """#
    try Data(rows.utf8).write(to: URL(fileURLWithPath: file))
    let run = CapturedRun(["resolve", notes, "--requests", file, "--intent", "SetNotePriorityIntent"])
    let lines = run.out.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
    #expect(lines.count == 2)
    #expect(lines[0]?["arguments"]?["note"] == "note-meeting")
    #expect(lines[1]?["arguments"]?["note"] == nil)
  }
}
