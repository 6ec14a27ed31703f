import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeMCP
import IntentBridgeRanking
import IntentBridgeTestSupport
import Synchronization
import Testing

/// Catalog changes are picked up without a restart.
@Suite(.serialized) struct ReloadTests {
  static func server(_ json: String, watching: Bool = true) throws -> MCPServer {
    let catalog = try #require(CatalogLoader.load(bytes: Array(json.utf8)).validCatalog)
    var options = MCPServer.Options()
    options.mode = .full
    options.watchesCatalog = watching
    return MCPServer(engine: IntentEngine(catalog: catalog), options: options)
  }

  static let one = #"{"formatVersion": 1, "intents": [{"id": "A", "title": "Alpha", "description": "Does a."}]}"#
  static let two =
    #"{"formatVersion": 1, "intents": [{"id": "A", "title": "Alpha", "description": "Does a."}, {"id": "B", "title": "Beta", "description": "Does b."}]}"#

  static func toolNames(_ host: MCPServerHost) throws -> [String] {
    let reply = try JSONParser.parse(host.handle(line: Array(#"{"jsonrpc":"2.0","id":9,"method":"tools/list"}"#.utf8))[0])
    return reply["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
  }

  @Test func swapKeepsTheSessionAndAsksToNotify() throws {
    let host = MCPServerHost(server: try Self.server(Self.one))
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    let reply = try JSONParser.parse(host.handle(line: Array(initialize.utf8))[0])
    #expect(reply["result"]?["capabilities"]?["tools"]?["listChanged"] == true)
    _ = host.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
    #expect(try Self.toolNames(host) == ["a"])
    #expect(host.replace(with: try Self.server(Self.two)), "an initialised handshake session is told")
    #expect(try Self.toolNames(host) == ["a", "b"], "the new catalog is served in the same session")
  }

  /// A host watching `path` every 50 ms, its rebuilds loading the file as `serve` does,
  /// and what it logs and notifies.
  static func watchedHost(_ path: String, initial: String) throws -> (MCPServerHost, ProgressSink) {
    let host = MCPServerHost(server: try Self.server(initial))
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    _ = host.handle(line: Array(initialize.utf8))
    _ = host.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
    let notes = ProgressSink()
    host.watch(
      path: path, interval: 0.05,
      rebuild: {
        guard let data = FileManager.default.contents(atPath: path),
          let catalog = CatalogLoader.load(bytes: [UInt8](data)).validCatalog
        else { return nil }
        var options = MCPServer.Options()
        options.mode = .full
        options.watchesCatalog = true
        return MCPServer(engine: IntentEngine(catalog: catalog), options: options)
      },
      notify: { notes.append($0) }, log: { notes.append($0) })
    return (host, notes)
  }

  static func scratchFile() throws -> (directory: URL, path: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-reload-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return (directory, directory.appendingPathComponent("catalog.json").path)
  }

  @Test func watcherReloadsAChangedFileAndKeepsServingABrokenOne() async throws {
    let (directory, path) = try Self.scratchFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.one.utf8).write(to: URL(fileURLWithPath: path))
    let (host, notes) = try Self.watchedHost(path, initial: Self.one)
    #expect(try Self.toolNames(host) == ["a"])
    try Data(Self.two.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try await eventually { try Self.toolNames(host) == ["a", "b"] })
    #expect(await eventually { notes.lines().contains(MCPServer.listChangedNotification) }, "the client is notified")
    try Data("{ broken".utf8).write(to: URL(fileURLWithPath: path))
    #expect(await eventually { notes.lines().contains { $0.contains("does not load") } })
    #expect(try Self.toolNames(host) == ["a", "b"], "a broken edit keeps the previous catalog")
    // A phrase template nested 6,000 deep: before, compiling it overflowed the stack and the
    // server died on the reload; now the catalog does not load and the previous one serves.
    notes.removeAll()
    let deep = String(repeating: "(", count: 6000) + "alpha" + String(repeating: ")", count: 6000)
    try Data(Self.two.replacingOccurrences(of: #""description": "Does b.""#, with: #""description": "Does b.", "phrases": [""# + deep + #""]"#).utf8)
      .write(to: URL(fileURLWithPath: path))
    #expect(await eventually { notes.lines().contains { $0.contains("does not load") } })
    #expect(try Self.toolNames(host) == ["a", "b"], "the deep template leaves the previous catalog serving")
  }

  /// An edit that keeps the file's size and puts its modification time back (`touch -r`,
  /// `cp -p`) is noticed: before, the watcher compared size and mtime only.
  @Test func anEditKeepingSizeAndModificationTimeIsNoticed() async throws {
    let (directory, path) = try Self.scratchFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.one.utf8).write(to: URL(fileURLWithPath: path))
    let (host, _) = try Self.watchedHost(path, initial: Self.one)
    // A first edit the watcher sees, so that it has looked at the file before the next one.
    try Data(Self.two.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try await eventually { try Self.toolNames(host) == ["a", "b"] })
    var before = stat()
    #expect(stat(path, &before) == 0)
    let same = Self.two.replacingOccurrences(of: #""id": "B""#, with: #""id": "D""#)
    #expect(same.utf8.count == Self.two.utf8.count)
    try Data(same.utf8).write(to: URL(fileURLWithPath: path))
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(try await eventually { try Self.toolNames(host) == ["a", "d"] }, "the edit was not noticed")
  }

  /// A catalog path that becomes a FIFO is reported and never opened (before: the watcher
  /// blocked in `open()` and hot reload stopped for good, silently); when it is a file again,
  /// it is reloaded.
  @Test func aCatalogThatBecomesAFIFOIsReportedAndReloadGoesOn() async throws {
    let (directory, path) = try Self.scratchFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.one.utf8).write(to: URL(fileURLWithPath: path))
    let (host, notes) = try Self.watchedHost(path, initial: Self.one)
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(await eventually { notes.lines().contains { $0.contains("is no longer a regular file") } }, "\(notes.lines())")
    #expect(try Self.toolNames(host) == ["a"], "the previous catalog still serves")
    try FileManager.default.removeItem(atPath: path)
    try Data(Self.two.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try await eventually { try Self.toolNames(host) == ["a", "b"] }, "reload goes on once the path is a file again")
  }
}

@Suite struct CompletionTests {
  @Test func completesIntentsParametersAndEnumValues() throws {
    let server = Fixture.server()
    var options = server.options
    options.prompts = [
      MCPPrompt(
        name: "choose-value", title: "Choose", description: "Choose a value.",
        arguments: [
          .init(name: "intent", description: "", required: true), .init(name: "parameter", description: "", required: true),
          .init(name: "value", description: "", required: false),
        ],
        text: "{{intent}} {{parameter}} {{value}}")
    ]
    let withPrompt = MCPServer(engine: server.engine, options: options)
    let client = Client(server: withPrompt)
    _ = client.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    )
    func complete(_ argument: String, _ value: String, context: String = "{}") throws -> [String] {
      let reply = client.send(
        #"{"jsonrpc":"2.0","id":2,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"choose-value"},"argument":{"name":""#
          + argument + #"","value":""# + value + #""},"context":{"arguments":"# + context + "}}}")
      return reply.first?["result"]?["completion"]?["values"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
    #expect(try complete("intent", "Add") == ["AddNoteIntent"])
    #expect(try complete("parameter", "p", context: #"{"intent": "AddNoteIntent"}"#) == ["priority"])
    #expect(try complete("value", "h", context: #"{"intent": "AddNoteIntent", "parameter": "priority"}"#) == ["high"])
    #expect(try complete("value", "", context: #"{"intent": "AddNoteIntent", "parameter": "priority"}"#) == ["low", "normal", "high"])
    #expect(try complete("value", "", context: #"{"intent": "AddNoteIntent", "parameter": "title"}"#) == [], "strings have no fixed values")
  }
}
