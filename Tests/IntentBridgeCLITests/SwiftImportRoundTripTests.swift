import Foundation
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// `import swift` end to end: the fixture apps import, lint, validate against the catalog
/// schema, give tools in every dialect whose generated examples `validate` accepts, rank
/// and resolve requests in their languages, and serve over MCP.
@Suite struct SwiftImportRoundTripTests {
  static let apps = ["Examples/swift/Larder", "Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench"]

  /// Imports `app` into a new temporary folder; returns the catalog path and the run.
  static func importApp(_ app: String) throws -> (catalog: String, run: CapturedRun, directory: URL) {
    let directory = try ImportRoundTripTests.temporaryDirectory()
    let catalog = directory.appendingPathComponent("catalog.json").path
    let run = CapturedRun(["import", "swift", Repository.path(app), "--out", catalog])
    return (catalog, run, directory)
  }

  @Test(arguments: apps)
  func importsLintsAndValidatesAgainstTheSchema(_ app: String) throws {
    let (catalog, run, directory) = try Self.importApp(app)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.err.contains("error:"), "\(run.err)")
    for line in run.err.split(separator: "\n") where line.contains("warning:") {
      #expect(line.hasPrefix(Repository.root), "warnings start with file:line:column: \(line)")
      #expect(line.hasSuffix("[import]"))
    }
    let lint = CapturedRun(["lint", catalog])
    #expect(lint.status == 0, "\(lint.err)")
    #expect(lint.err.contains("\n  from \(Repository.root)/\(app)/"), "lint names the Swift source of each finding")
    let schema = try JSONParser.parse(bytes: Repository.read(Repository.path("Schemas/catalog.schema.json")))
    let violations = JSONSchemaValidator.validate(try JSONParser.parse(bytes: Repository.read(catalog)), against: schema)
    #expect(violations.isEmpty, "\(violations.prefix(5))")
  }

  @Test(arguments: apps)
  func toolsInEveryDialectAndValidatedExamples(_ app: String) throws {
    let (catalog, run, directory) = try Self.importApp(app)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(run.status == 0, "\(run.err)")
    for format in ["mcp", "openai", "anthropic", "gemini", "generation-schema"] {
      let tools = CapturedRun(["tools", catalog, "--format", format])
      #expect(tools.status == 0, "\(format): \(tools.err)")
      #expect((try? JSONParser.parse(tools.out)) != nil, "\(format) output is JSON")
    }
    let strict = CapturedRun(["tools", catalog, "--format", "openai", "--strict"])
    #expect(strict.status == 0, "\(strict.err)")
    let mcp = try JSONParser.parse(CapturedRun(["tools", catalog, "--format", "mcp"]).out)
    let tools = try #require(mcp["tools"]?.arrayValue ?? mcp.arrayValue)
    #expect(!tools.isEmpty)
    for tool in tools {
      let name = try #require(tool["name"]?.stringValue)
      let example = JSONSchemaExample.example(for: tool["inputSchema"] ?? [:])
      let validate = CapturedRun(["validate", catalog, name, example.compactText])
      #expect(validate.status == 0, "\(name) \(example.compactText): \(validate.err)")
    }
  }

  @Test func ranksAndResolvesRequestsInEachLanguage() throws {
    let (catalog, run, directory) = try Self.importApp("Examples/swift/Larder")
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(run.status == 0, "\(run.err)")
    let cases: [(request: String, language: String, intent: String)] = [
      ("put two lemons on the shopping list", "en", "AddToShoppingListIntent"),
      ("preheat the oven to 180 degrees", "en", "PreheatOvenIntent"),
      ("heize den Backofen auf 200 Grad vor", "de", "PreheatOvenIntent"),
      ("把牛奶添加到购物清单", "zh-CN", "AddToShoppingListIntent"),
    ]
    for item in cases {
      let rank = CapturedRun(["rank", catalog, item.request, "--lang", item.language, "--json"])
      #expect(rank.status == 0, "\(rank.err)")
      #expect(try JSONParser.parse(rank.out)["intent"] == .string(item.intent), "\(item.request): \(rank.out)")
    }
    let resolve = CapturedRun(["resolve", catalog, "start a 15 minute timer for the pasta", "--json"])
    #expect(resolve.status == 0, "\(resolve.err)")
    let resolution = try JSONParser.parse(resolve.out)
    #expect(resolution["intent"] == "StartKitchenTimerIntent", "\(resolve.out)")
    #expect(resolve.out.contains("900"), "the duration is filled in seconds: \(resolve.out)")
  }

  /// The built `intentbridge` executable (next to the test bundle).
  static func executable() -> String? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundle.appendingPathComponent("intentbridge").path, Repository.path(".build/debug/intentbridge")]
    where FileManager.default.isExecutableFile(atPath: candidate) {
      return candidate
    }
    return nil
  }

  @Test func servesTheImportedCatalogOverMCP() throws {
    let (catalog, run, directory) = try Self.importApp("Examples/swift/Larder")
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(run.status == 0, "\(run.err)")
    let binary = try #require(Self.executable(), "build the executable first (swift build --build-tests)")
    let requests = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add_to_shopping_list_intent","arguments":{"item":"lemons"}}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"preheat_oven_intent","arguments":{"temperature":"hot"}}}"#,
    ]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    // 19 intents: the default mode (auto) serves each as a tool.
    process.arguments = ["serve", catalog, "--no-embeddings"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data((requests.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let replies = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    func reply(_ id: Int64) -> JSONValue? { replies.first { $0["id"] == .integer(id) } }
    #expect(reply(1)?["result"]?["serverInfo"]?["name"] == "intentbridge")
    let names = (reply(2)?["result"]?["tools"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    #expect(names.count == 19, "\(names)")
    #expect(names.contains("add_to_shopping_list_intent") && names.contains("open_recipe_intent"))
    #expect(reply(3)?["result"]?["isError"] != true, "\(String(describing: reply(3)))")
    #expect(reply(3)?["result"]?.compactText.contains("lemons") == true)
    #expect(reply(4)?["result"]?["isError"] == true || reply(4)?["error"] != nil, "a wrong argument is refused: \(String(describing: reply(4)))")
  }

  @Test(arguments: [
    (["import", "swift", "/no/such/folder"], Int32(65), "/no/such/folder: error: no such file or folder"),
    (["import", "swift", "Schemas/catalog.schema.json"], 65, "expected a .swift, .xcstrings or .strings file, or a folder"),
    (["import", "tools", "a.json", "b.json"], 64, "'import tools' takes one file; unexpected argument 'b.json'"),
    (["import", "actionsdata", "a.json", "--lang", "de"], 64, "'--lang' applies to 'import swift' only"),
    (["import", "swfit", "x"], 64, "did you mean 'swift'?"),
  ])
  func reportsUsageAndInputErrors(_ arguments: [String], _ status: Int32, _ message: String) {
    let run = CapturedRun(arguments.map { $0.hasPrefix("Schemas/") ? Repository.path($0) : $0 })
    #expect(run.status == status, "\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }

  @Test func aFolderWithoutSwiftFilesIsAnError() throws {
    let directory = try ImportRoundTripTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = CapturedRun(["import", "swift", directory.path])
    #expect(run.status == 65)
    #expect(run.err.contains("no .swift files found"))
  }
}
