import Foundation
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeCLI

/// `intentbridge tune --refuse`: a refusal target needs out-of-scope rows to be measured on.
@Suite struct TuneCommandTests {
  @Test func aRefusalTargetWithoutOutOfScopeRowsIsAUsageError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tune-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = directory.appendingPathComponent("in-scope.jsonl")
    try Data(#"{"query": "add a note to buy milk", "intent": "AddNoteIntent"}"#.utf8).write(to: rows)
    let catalog = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun(["tune", catalog, rows.path, "--refuse", "0.9", "--dry-run", "--encoder", "static"])
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.contains("'--refuse 0.9' sets the share of out-of-scope rows to refuse"), "\(run.err)")
    #expect(run.err.contains(rows.path), "names the file: \(run.err)")
  }
}
