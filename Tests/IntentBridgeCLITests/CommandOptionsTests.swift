import IntentBridgeCatalog
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeCLI

/// Every option is read into a command's typed options and validated before the command loads
/// a file or a model: a bad value is reported even when the catalog (or dataset, prompts
/// folder) does not exist, and nothing is read before it.
@Suite struct CommandOptionsTests {
  static let missing = "/nonexistent/catalog.json"

  /// A bad value wins over a catalog path that does not exist: the options are checked first.
  @Test(arguments: [
    (["resolve", missing, "x", "--tz", "+25:00"], "the value '+25:00' is invalid for '--tz'"),
    (["resolve", missing, "x", "--now", "2026-13-01"], "the value '2026-13-01' is invalid for '--now'"),
    (["resolve", missing, "x", "--context", "[1]"], "the value '[1]' is invalid for '--context'"),
    (["resolve", missing], "give either a request or '--requests <file.jsonl>'"),
    (["rank", missing, "x", "--requests", "rows.jsonl"], "give either a request or '--requests <file.jsonl>'"),
    (["rank", missing, "x", "--top", "-1"], "the value '-1' is invalid for '--top'"),
    (["rank", missing, "x", "--set", "foo=1"], "unknown setting 'foo' in '--set'"),
    (["rank", missing, "x", "--set", "keyword=nan"], "the value 'nan' is invalid for '--set keyword'"),
    (["index", missing, "--encoder", "foo"], "the value 'foo' is invalid for '--encoder'"),
    (["serve", missing, "--page-size", "0"], "the value '0' is invalid for '--page-size'"),
    (["gateway", "/nonexistent/servers.json", "--call-timeout", "inf"], "'--call-timeout <seconds>' must be a number of seconds"),
    (["tools", missing, "--strict"], "'--strict' applies to '--format openai' only"),
    (["tune", missing, "/nonexistent/rows.jsonl", "--hold-out", "1"], "the value '1' is invalid for '--hold-out'"),
    (["tune", missing, "/nonexistent/rows.jsonl", "--refuse", "1.5"], "the value '1.5' is invalid for '--refuse'"),
    (["import", "mcp", "--namespace", "a/b", "--", "server"], "'--namespace' must be at most"),
  ])
  func aBadValueIsReportedBeforeAnyLoad(_ arguments: [String], _ message: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64, "\(arguments): \(run.err)")
    #expect(run.err.hasPrefix("Error: " + message), "\(arguments): \(run.err)")
    #expect(!run.err.contains("nonexistent"), "nothing was read: \(run.err)")
  }

  /// Engine options of `eval` and `tune` are checked before the datasets and the catalog are
  /// read (they once were checked after), `serve`'s before the prompts folder is, and the
  /// arguments of `validate` before the catalog is.
  @Test(arguments: [
    (["eval", missing, "/nonexistent/rows.jsonl", "--set", "foo=1"], "unknown setting 'foo' in '--set'"),
    (["eval", missing, "/nonexistent/rows.jsonl", "--encoder", "foo"], "the value 'foo' is invalid for '--encoder'"),
    (["tune", missing, "/nonexistent/rows.jsonl", "--embeddings-url", "ftp://x"], "the value 'ftp://x' is invalid for '--embeddings-url'"),
    (["serve", missing, "--prompts", "/nonexistent/prompts", "--set", "foo=1"], "unknown setting 'foo' in '--set'"),
    (["validate", missing, "AddNoteIntent", "{bad"], "argument '<arguments>' is not valid JSON"),
  ])
  func optionsOnceCheckedAfterALoadAreCheckedBeforeIt(_ arguments: [String], _ message: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64, "\(arguments): \(run.err)")
    #expect(run.err.hasPrefix("Error: " + message), "\(arguments): \(run.err)")
  }

  /// A request beyond the size limit is refused before the catalog is read.
  @Test(arguments: ["rank", "resolve"]) func aRequestTooLongIsRefusedBeforeTheCatalogLoads(_ command: String) {
    let request = String(repeating: "a", count: (16 << 20) + 1)
    let run = CapturedRun([command, Self.missing, request])
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.hasPrefix("Error: the request is \((16 << 20) + 1) bytes of UTF-8"), "\(run.err)")
  }

  /// The first error of a command line is the one it always was: the options are read in the
  /// order the commands checked them (`--tz` before `--context` before the request before `--set`).
  @Test func errorsKeepTheirOrder() {
    let run = CapturedRun(["resolve", Self.missing, "--set", "foo=1", "--context", "nope", "--tz", "bad"])
    #expect(run.err.hasPrefix("Error: the value 'bad' is invalid for '--tz'"), "\(run.err)")
    let context = CapturedRun(["resolve", Self.missing, "--set", "foo=1", "--context", "nope"])
    #expect(context.err.hasPrefix("Error: the value 'nope' is invalid for '--context'"), "\(context.err)")
    let request = CapturedRun(["resolve", Self.missing, "--set", "foo=1"])
    #expect(request.err.hasPrefix("Error: give either a request"), "\(request.err)")
  }

  @Test func typedOptionsCarryTheParsedValues() throws {
    let rank = try RankOptions(CommandLineParser.parse(["c.json", "a request", "--top", "3", "--explain", "--json"], spec: RankCommand.spec))
    #expect(rank.catalogPath == "c.json")
    #expect(rank.top == 3 && rank.explain && rank.output.json)
    guard case .request("a request") = rank.input else {
      Issue.record("\(rank.input)")
      return
    }
    let batch = try RankOptions(CommandLineParser.parse(["c.json", "--requests", "rows.jsonl", "--lang", "de"], spec: RankCommand.spec))
    #expect(batch.top == 5 && batch.language.tag == "de")
    guard case .file("rows.jsonl") = batch.input else {
      Issue.record("\(batch.input)")
      return
    }
    let eval = try EvalOptions(CommandLineParser.parse(["c.json", "a.jsonl", "b.jsonl", "--format", "md"], spec: EvalCommand.spec))
    #expect(eval.catalogPath == "c.json" && eval.datasetPaths == ["a.jsonl", "b.jsonl"] && eval.format == .md && eval.out == nil)
  }

  /// `--intent` names an intent of the catalog: checked once the catalog is read.
  @Test func theIntentIsCheckedAgainstTheCatalog() throws {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let catalog = try #require(CatalogLoader.load(path: notes).catalog)
    let known = try ResolveOptions(CommandLineParser.parse([notes, "x", "--intent", "AddNoteIntent"], spec: ResolveCommand.spec))
    try known.validate()
    try known.validate(intentOf: catalog)
    let unknown = try ResolveOptions(CommandLineParser.parse([notes, "x", "--intent", "Nope"], spec: ResolveCommand.spec))
    try unknown.validate()
    #expect(throws: UsageError.self) { try unknown.validate(intentOf: catalog) }
  }

  /// An unknown `--intent` is reported before the model loads: with a model folder that does
  /// not exist, the intent is named, not the model; a known intent goes on to the model.
  @Test func anUnknownIntentIsReportedBeforeTheModelLoads() {
    let notes = Repository.path("Examples/notes/notes.en.json")
    let unknown = CapturedRun(["resolve", notes, "add a note", "--intent", "Nope", "--model", "/nonexistent/model"])
    #expect(unknown.status == 64 && unknown.err.contains("no intent 'Nope'"), "\(unknown.err)")
    #expect(!unknown.err.contains("/nonexistent/model"), "\(unknown.err)")
    let known = CapturedRun(["resolve", notes, "add a note", "--intent", "AddNoteIntent", "--model", "/nonexistent/model"])
    #expect(known.status != 0 && known.err.contains("/nonexistent/model"), "\(known.err)")
  }

  /// `import`: an option of another kind is refused before anything is read.
  @Test func importOptionsBelongToTheirKind() throws {
    let tools = try ImportOptions(CommandLineParser.parse(["tools", "list.json", "--out", "c.json", "--quiet"], spec: ImportCommand.spec))
    #expect(tools.out == "c.json" && tools.quiet)
    guard case .file(.tools, path: "list.json") = tools.source else {
      Issue.record("\(tools.source)")
      return
    }
    #expect(throws: UsageError.self) {
      try ImportOptions(CommandLineParser.parse(["tools", "list.json", "--timeout", "3"], spec: ImportCommand.spec))
    }
    #expect(throws: UsageError.self) {
      try ImportOptions(CommandLineParser.parse(["mcp", "--strings", "x", "--", "server"], spec: ImportCommand.spec))
    }
  }
}
