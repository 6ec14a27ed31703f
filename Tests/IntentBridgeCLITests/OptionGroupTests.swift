import Foundation
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeCLI

/// Options are declared once in groups and composed per command: no command may end up with
/// two options (or flags) of one name, as `serve` once had two `--mode`s (the ranking one
/// shadowed the server's, so `serve --mode compact` was refused).
@Suite struct OptionGroupTests {
  @Test(arguments: IntentBridgeCommand.subcommands.map(\.spec.name))
  func noCommandHasTwoOptionsOfOneName(command: String) throws {
    let spec = try #require(IntentBridgeCommand.subcommands.first { $0.spec.name == command }?.spec)
    #expect(spec.duplicateNames.isEmpty, "\(command): \(spec.duplicateNames)")
  }

  @Test func duplicateNamesAreFound() {
    var spec = ServeCommand.spec
    spec.options.append(.init(name: "signals", valueName: "x", help: ""))
    #expect(spec.duplicateNames == ["signals"])
  }

  @Test(arguments: ["full", "compact", "auto"]) func serveTakesItsToolMode(mode: String) throws {
    let parsed = try CommandLineParser.parse(["catalog.json", "--mode", mode, "--signals", "keyword"], spec: ServeCommand.spec)
    #expect(parsed.value(ServeOptions.mode) == mode)
    #expect(parsed.value(SignalsSettings.signals) == "keyword")
  }

  @Test func serveHelpListsModeOnce() {
    let run = CapturedRun(["serve", "--help"])
    let lines = run.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.filter { $0.hasPrefix("--mode ") }.count == 1, "\(run.out)")
    #expect(lines.filter { $0.hasPrefix("--signals ") }.count == 1, "\(run.out)")
  }

  @Test func rankingSignalsAreChecked() {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun(["rank", notes, "add a note", "--signals", "keywrd"])
    #expect(run.status == 64)
    #expect(run.err.contains("did you mean 'keyword'"), "\(run.err)")
    let keyword = CapturedRun(["rank", notes, "add a note called milk", "--signals", "keyword", "--json"])
    #expect(keyword.status == 0, "\(keyword.err)")
    #expect(keyword.out.contains("AddNoteIntent"))
  }

  /// `--lang` must name a language the catalog declares; the error lists the declared ones.
  @Test(arguments: [["rank", "add a note"], ["tools"], ["resolve", "add a note"]])
  func undeclaredLanguagesAreErrors(command: [String]) {
    let notes = Repository.path("Examples/notes/notes.en.json")
    var arguments = [command[0], notes] + command.dropFirst()
    arguments += ["--lang", "de", "--no-embeddings"].prefix(command[0] == "tools" ? 2 : 3)
    let run = CapturedRun(arguments)
    #expect(run.status == 65, "\(run.err)")
    #expect(run.err.contains("no language 'de'") && run.err.contains("declares en"), "\(run.err)")
  }

  /// `--set` values outside a setting's range are usage errors naming the range (before: the
  /// counts trapped on nan, inf, 1e19 and -1, and weights took NaN and infinity silently).
  @Test(arguments: [
    ("candidates", "nan"), ("candidates", "inf"), ("candidates", "1e19"), ("candidates", "-1"), ("candidates", "2.5"),
    ("templates-per-intent", "-inf"), ("int8-scan-rows", "1e300"), ("keyword", "nan"), ("keyword", "-inf"), ("keyword", "1e308"),
    ("no-match", "1.5"), ("bm25-b", "-0.1"), ("field-title", "inf"),
  ])
  func settingsOutsideTheirRangeAreUsageErrors(_ name: String, _ value: String) {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun(["rank", notes, "x", "--set", "\(name)=\(value)", "--no-embeddings"])
    #expect(run.status == 64, "\(name)=\(value): \(run.err)")
    #expect(run.err.contains("the value '\(value)' is invalid for '--set \(name)'; expected a"), "\(run.err)")
    #expect(run.err.contains(" from "), "the range is named: \(run.err)")
  }

  /// Counts and timeouts are range-checked with a usage error naming the range (before:
  /// `--top 9223372036854775807` trapped, `--embeddings-timeout inf` was taken).
  @Test(arguments: [
    ["rank", "x", "--top", "0"], ["rank", "x", "--top", "9223372036854775807"], ["rank", "x", "--top", "1000001"],
    ["rank", "x", "--top", "nan"], ["rank", "x", "--embeddings-url", "http://127.0.0.1:9/v1/embeddings", "--embeddings-timeout", "inf"],
    ["rank", "x", "--embeddings-url", "http://127.0.0.1:9/v1/embeddings", "--embeddings-timeout", "nan"],
    ["serve", "--page-size", "9223372036854775807"],
  ])
  func countsAndTimeoutsOutsideTheirRangeAreUsageErrors(_ command: [String]) {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun([command[0], notes] + command.dropFirst() + ["--no-embeddings"].filter { _ in !command.contains("--embeddings-url") })
    #expect(run.status == 64, "\(command): \(run.err)")
    #expect(run.err.contains("is invalid for '--") && (run.err.contains(" from ") || run.err.contains("at most")), "\(run.err)")
  }

  @Test func settingsWithinTheirRangeAreTaken() {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun([
      "rank", notes, "add a note called milk", "--set", "candidates=0", "--set", "keyword=0", "--set", "int8-scan-rows=4503599627370496",
      "--set", "near-duplicate=1.01", "--no-embeddings",
    ])
    #expect(run.status == 0, "\(run.err)")
  }

  @Test func aTagOfADeclaredLanguageIsThatLanguage() {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let run = CapturedRun(["tools", notes, "--lang", "en-GB", "--compact"])
    #expect(run.status == 0, "\(run.err)")
  }
}
