import Foundation
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@Suite struct CommandLineTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  @Test func toolsSucceedsWithZero() throws {
    let run = CapturedRun(["tools", notes, "--format", "anthropic"])
    #expect(run.status == 0, "\(run.err)")
    let document = try JSONParser.parse(run.out)
    #expect((document.arrayValue?.count ?? 0) >= 8)
  }

  struct UsageCase: Sendable, CustomStringConvertible {
    var arguments: [String]
    var fragment: String
    var description: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    UsageCase(arguments: [], fragment: "USAGE"),
    UsageCase(arguments: ["toolz"], fragment: "did you mean 'tools'"),
    UsageCase(arguments: ["tools"], fragment: "missing expected argument '<catalog>'"),
    UsageCase(arguments: ["tools", "x.json", "--fromat", "mcp"], fragment: "did you mean '--format'"),
    UsageCase(arguments: ["tools", "x.json", "--format", "openapi"], fragment: "did you mean 'openai'"),
    UsageCase(arguments: ["tools", "x.json", "--format"], fragment: "missing value for '--format"),
    UsageCase(arguments: ["tools", "x.json", "--strict"], fragment: "'--strict' applies to '--format openai' only"),
    UsageCase(arguments: ["tools", "a.json", "b.json"], fragment: "unexpected argument 'b.json'"),
    UsageCase(arguments: ["import", "xcode", "f.json"], fragment: "unknown import kind 'xcode'"),
    UsageCase(arguments: ["lint", "-x"], fragment: "two dashes"),
  ])
  func usageErrorsExit64(_ testCase: UsageCase) {
    let run = CapturedRun(testCase.arguments)
    #expect(run.status == 64)
    #expect(run.err.contains(testCase.fragment), "\(run.err)")
  }

  @Test func usageErrorsPointToHelp() {
    let run = CapturedRun(["tools", "x.json", "--fromat", "mcp"])
    #expect(run.err.hasPrefix("Error: unknown option '--fromat'"))
    #expect(run.err.contains("Usage: intentbridge tools <catalog>"))
    #expect(run.err.contains("See 'intentbridge tools --help'."))
  }

  @Test func invalidDataExits65() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = directory.appendingPathComponent("broken.json")
    try Data("{\n  \"formatVersion\": 1,\n  \"intents\": [{\"id\": \"A\"}]\n}".utf8).write(to: broken)
    for command in [["tools", broken.path], ["lint", broken.path]] {
      let run = CapturedRun(command)
      #expect(run.status == 65)
      #expect(run.err.contains("broken.json:3:15: error: intent \"A\" is missing the required field \"title\""), "\(run.err)")
    }
    let missing = CapturedRun(["tools", directory.appendingPathComponent("nope.json").path])
    #expect(missing.status == 65)
    #expect(missing.err.contains("no such file"))
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func lintCleanCatalogExitsZeroAndStrictTurnsWarningsIntoErrors() {
    let run = CapturedRun(["lint", notes])
    #expect(run.status == 0, "\(run.err)")
    let ha = DevData.homeAssistantCatalog("none", "en")
    let lenient = CapturedRun(["lint", ha])
    #expect(lenient.status == 0)
    #expect(lenient.err.contains("warning:"), "Home Assistant intents have no search keywords")
    let strict = CapturedRun(["lint", ha, "--strict"])
    #expect(strict.status == 65)
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func lintJSONLinesParse() throws {
    let run = CapturedRun(["lint", DevData.homeAssistantCatalog("none", "en"), "--json"])
    let lines = run.out.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let value = try JSONParser.parse(String(line))
      #expect(value["rule"]?.stringValue != nil)
      #expect(value["path"]?.stringValue?.hasPrefix("$") == true)
    }
  }

  @Test func lintRulesListsEveryRule() {
    let run = CapturedRun(["lint", "--rules"])
    #expect(run.status == 0)
    for rule in DiagnosticRule.allCases { #expect(run.out.contains(rule.rawValue)) }
  }

  @Test func validateReportsArgumentErrors() {
    let ok = CapturedRun(["validate", notes, "AddNoteIntent", #"{"title": "Milk"}"#])
    #expect(ok.status == 0, "\(ok.err)")
    let bad = CapturedRun(["validate", notes, "AddNoteIntent", #"{"title": 5}"#])
    #expect(bad.status == 65)
    #expect(bad.err.contains("argument \"title\""))
  }

  @Test func helpListsSubcommands() {
    let run = CapturedRun(["--help"])
    #expect(run.status == 0)
    for name in ["lint", "tools", "import", "validate"] { #expect(run.out.contains(name)) }
    let tools = CapturedRun(["tools", "--help"])
    #expect(tools.out.contains("--format"))
  }
}
