import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Bad and hostile input at the command line: a clear error (file, line:column or field,
/// what was expected), never a crash or silent data loss.
@Suite struct HostileInputTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  /// A fresh folder for one test's files, removed afterwards by `defer`.
  static func scratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The notes catalog with a phrase template nested 6,000 groups deep added to its first intent.
  func deepTemplateCatalog(in directory: URL) throws -> String {
    var catalog = try JSONParser.parse(Repository.readText(notes)).objectValue ?? [:]
    var intents = catalog["intents"]?.arrayValue ?? []
    var first = intents[0].objectValue ?? [:]
    var phrases = first["phrases"]?.arrayValue ?? []
    phrases.append(.string(String(repeating: "(", count: 6000) + "note" + String(repeating: ")", count: 6000)))
    first["phrases"] = .array(phrases)
    intents[0] = .object(first)
    catalog["intents"] = .array(intents)
    let path = directory.appendingPathComponent("deep.json").path
    try Data(JSONValue.object(catalog).prettyText.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func deepTemplateIsALintErrorNamingTheTemplateAndTheLimit() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = try deepTemplateCatalog(in: directory)
    let lint = CapturedRun(["lint", catalog])
    #expect(lint.status == 65, "\(lint.out)\(lint.err)")
    let report = lint.out + lint.err
    #expect(report.contains("[template-syntax]") && report.contains("deeper than 32 levels"), "\(report.prefix(2000))")
    #expect(report.contains("$.intents[0].phrases["), "the template is named by its JSON path")
    #expect(report.count < 4000, "the 12,000-character template is quoted by its beginning")
    for command in [["rank", catalog, "add a note", "--no-embeddings"], ["resolve", catalog, "add a note", "--no-embeddings"]] {
      let run = CapturedRun(command)
      #expect(run.status == 65, "\(command[0]): \(run.err)")
      #expect(run.err.contains("deeper than 32 levels"), "\(command[0]): \(run.err.prefix(2000))")
    }
  }

  /// Every kind of bad row gets its own message with the line and the column or field (as
  /// `eval` words them); the good rows are still answered, each with its line number.
  @Test(arguments: ["rank", "resolve"])
  func badRequestRowsNameLineAndFieldAndGoodRowsCarryTheirLine(_ command: String) throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = [
      #"{"query": "add a note called milk"}"#,
      #"{"query": "add a note", "#,
      #"["add a note"]"#,
      #"{"text": "no query"}"#,
      #"{"query": 42}"#,
      #"{"query": "delete the groceries note", "lang": ""}"#,
      #"{"query": "delete the groceries note", "context": [1]}"#,
      #"{"query": "add a note called milk "# + String(repeating: "x ", count: 4500) + #""}"#,
      #"{"id": 7, "query": "export my notes as pdf"}"#,
    ]
    let file = directory.appendingPathComponent("rows.jsonl")
    try Data(rows.joined(separator: "\n").utf8).write(to: file)
    let run = CapturedRun([command, notes, "--requests", file.path, "--no-embeddings"])
    #expect(run.status == 65)
    let errors = run.err.split(separator: "\n").map(String.init)
    let expected = [
      "rows.jsonl:2: error: invalid JSON at column 25: unexpected end of input inside an object",
      "rows.jsonl:3: error: expected a JSON object with a string \"query\", found array",
      "rows.jsonl:4: error: $.query: missing; every row needs the request text",
      "rows.jsonl:5: error: $.query: expected a string, found integer",
      "rows.jsonl:6: error: $.lang: expected a BCP 47 tag",
      "rows.jsonl:7: error: $.context: expected an object",
    ]
    #expect(errors.count == expected.count, "\(run.err)")
    for (error, fragment) in zip(errors, expected) { #expect(error.contains(fragment), "\(error)") }
    let answered = try run.out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
    #expect(answered.map { $0["line"] } == [1, 8, 9])
    #expect(answered.map { $0["id"] } == [.null, .null, 7])
    // A request longer than the window is answered on it, and the row says so.
    #expect(answered[1]["notice"]?.stringValue?.contains("the request is 9023 bytes of UTF-8; it was read on its first") == true, "\(answered[1])")
    #expect(answered[0]["notice"] == nil)
  }

  @Test func aLineLongerThanTheLimitIsSkippedUnread() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("long.jsonl")
    var bytes = Array(#"{"query": ""#.utf8) + [UInt8](repeating: 0x78, count: (16 << 20) + 1) + Array("\"}\n".utf8)
    bytes += Array(#"{"query": "add a note called milk"}"#.utf8)
    try Data(bytes).write(to: file)
    let run = CapturedRun(["rank", notes, "--requests", file.path, "--no-embeddings"])
    #expect(run.status == 65)
    #expect(run.err.contains("long.jsonl:1: error: the line is longer than 16777216 bytes; it was skipped"), "\(run.err.prefix(500))")
    #expect(try JSONParser.parse(String(run.out.split(separator: "\n")[0]))["line"] == 2)
  }

  /// A request with pasted text is still a request: read on a window, with a notice (before:
  /// refused with exit 64 beyond 8 KiB).
  @Test func aRequestOverTheWindowIsAnsweredOnItWithANotice() {
    for command in ["rank", "resolve"] {
      let run = CapturedRun([command, notes, "add a note called milk " + String(repeating: "note ", count: 2000), "--no-embeddings"])
      #expect(run.status == 0, "\(command)")
      #expect(run.err.contains("notice: the request is 10023 bytes of UTF-8; it was read on its first"), "\(command): \(run.err)")
      #expect(run.out.contains("AddNoteIntent"), "\(command): \(run.out)")
    }
  }

  /// Too many bad rows: a stream that is not JSON Lines (`/dev/urandom`) ends with a message
  /// (before: one error line per random "line", never ending).
  @Test func aStreamOfGarbageStopsAfterAHundredBadRows() throws {
    for command in ["rank", "resolve"] {
      let run = CapturedRun([command, notes, "--requests", "/dev/urandom", "--no-embeddings"])
      #expect(run.status == 65, "\(command)")
      #expect(run.err.contains("after 100 bad rows; is it a JSON Lines request file"), "\(command): \(run.err.suffix(300))")
    }
  }

  /// A document that is no tool list at all is an error (before: exit 0 and an empty
  /// catalog); an empty tool list is still a tool list.
  @Test func importOfSomethingElseIsAnError() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func run(_ kind: String, _ text: String) throws -> CapturedRun {
      let file = directory.appendingPathComponent("input.json")
      try Data(text.utf8).write(to: file)
      return CapturedRun(["import", kind, file.path, "--out", directory.appendingPathComponent("out.json").path])
    }
    let foo = try run("tools", #"{"foo": 1}"#)
    #expect(foo.status == 65)
    #expect(foo.err.contains("error: the document is not a tool list (expected {\"tools\": […]}"), "\(foo.err)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path), "no catalog is written")
    #expect(try run("tools", #"{"tools": 3}"#).status == 65)
    #expect(try run("tools", "42").status == 65)
    #expect(try run("actionsdata", "[1]").status == 65)
    let empty = try run("tools", #"{"tools": []}"#)
    #expect(empty.status == 0, "\(empty.err)")
    #expect(empty.err.contains("the tool list is empty"))
  }

  /// `import swift` applies its 64 MiB limit per file (before, the size's type was not `Int`
  /// on Linux and no file was refused) and does not read a file with more than 10,000 unclosed
  /// brackets; both are warnings naming the file, and the readable sources are imported.
  @Test func importSwiftWarnsOfFilesItDoesNotRead() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("import AppIntents\nstruct A: AppIntent { static let title: LocalizedStringResource = \"A\" }\n".utf8)
      .write(to: directory.appendingPathComponent("A.swift"))
    let big = directory.appendingPathComponent("Big.swift").path
    #expect(FileManager.default.createFile(atPath: big, contents: Data("//".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
    try handle.truncate(atOffset: (64 << 20) + 1)  // sparse: no 64 MiB written
    try handle.close()
    try Data(String(repeating: "(", count: 20_000).utf8).write(to: directory.appendingPathComponent("Brackets.swift"))
    let deep = (0..<66).reduce(directory.appendingPathComponent("deep")) { url, _ in url.appendingPathComponent("d") }
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    try Data("struct D {}\n".utf8).write(to: deep.appendingPathComponent("D.swift"))
    let run = CapturedRun(["import", "swift", directory.path, "--out", directory.appendingPathComponent("out.json").path])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.contains("Big.swift:1:1: warning: is 67108865 bytes; a source or strings file may be at most 67108864 bytes"), "\(run.err)")
    #expect(run.err.contains("20000 brackets are never closed, more than the 10000 this reader recovers"), "\(run.err)")
    #expect(run.err.contains("is nested more than 64 folders deep; it was not read"), "\(run.err)")
  }

  /// Failures to read or write name the path and the reason in one line, never a Foundation
  /// error dump; a path that is not valid UTF-8 is named as such (before: "no such file").
  @Test func fileFailuresAreOneLineInTheSystemsWords() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("notes.en.json").path
    try FileManager.default.copyItem(atPath: notes, toPath: catalog)
    try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("notes.en.index").path, withIntermediateDirectories: true)
    let index = CapturedRun(["index", catalog, "--no-embeddings"])
    #expect(index.status == 1, "\(index.err)")
    #expect(index.err.contains("could not write") && index.err.contains("(Is a directory)"), "\(index.err)")
    let prompts = CapturedRun(["serve", catalog, "--prompts", directory.appendingPathComponent("missing").path, "--no-embeddings"])
    #expect(prompts.status == 65, "\(prompts.err)")
    #expect(prompts.err.contains("missing: no such folder"), "\(prompts.err)")
    let invalid = CapturedRun(["rank", directory.path + "/n\u{FFFD}tes.json", "add a note", "--no-embeddings"])
    #expect(invalid.status == 65, "\(invalid.err)")
    #expect(invalid.err.contains("the path given is not valid UTF-8"), "\(invalid.err)")
    for run in [index, prompts, invalid] {
      #expect(!run.err.contains("Error Domain") && !run.err.contains("CocoaError") && !run.err.contains("rawValue"), "\(run.err)")
    }
  }
}
