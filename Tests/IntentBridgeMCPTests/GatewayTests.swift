import Dispatch
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport
import Synchronization
import Testing

@testable import IntentBridgeMCP

/// The gateway's forwarding (`GatewayUpstreams`): routes from a catalog's `source.servers`,
/// and calls through `MCPServer` to a fake upstream — a `/bin/sh` script that echoes what it
/// reads to standard error (collected here) and writes canned answers. Request ids are 1
/// (initialize), then 2, 3, … in order.
@Suite struct GatewayTests {
  static let session = MCPClient.Session(protocolVersion: "2025-06-18", serverInfo: [:], capabilities: [:], instructions: nil)

  @Test func routesComeFromSourceServersWithTheListedSchemas() {
    let source: JSONValue = [
      "kind": "mcp",
      "servers": [
        ["name": "time", "namespace": "time", "tools": ["time__now": "now", "time__zones": "zones"]],
        ["name": "broken", "tools": "not an object"],
        "not a server",
      ],
    ]
    let listing = UpstreamToolList.Listing(
      server: UpstreamServer(name: "time", command: "x"), session: Self.session,
      tools: [["name": "now", "inputSchema": ["type": "object", "properties": ["zone": ["type": "string"]]]], ["name": "zones"]])
    let routes = GatewayUpstreams.routes(source: source, listings: [listing])
    #expect(routes.count == 2)
    #expect(
      routes["time__now"]
        == GatewayUpstreams.Route(server: "time", tool: "now", inputSchema: ["type": "object", "properties": ["zone": ["type": "string"]]]))
    #expect(routes["time__zones"] == GatewayUpstreams.Route(server: "time", tool: "zones", inputSchema: nil))
    #expect(GatewayUpstreams.routes(source: nil, listings: [listing]).isEmpty)
  }

  /// A catalog of one intent, `fake__shout {text: string}`, as `import mcp` would write it.
  static func catalog() -> Catalog {
    let json = """
      {"formatVersion": 1, "app": {"name": "fake", "defaultLanguage": "en"},
       "intents": [{"id": "fake__shout", "toolName": "fake__shout", "title": "Shout", "description": "Shout a text.",
                    "parameters": [{"name": "text", "title": "Text", "type": "string"}]}],
       "source": {"kind": "mcp", "servers": [{"name": "fake", "namespace": "fake", "tools": {"fake__shout": "shout"}}]}}
      """
    let result = CatalogLoader.load(bytes: Array(json.utf8))
    guard let catalog = result.validCatalog else {
      Issue.record("fixture catalog invalid: \(result.diagnostics)")
      return Catalog(app: AppInfo(), intents: [])
    }
    return catalog
  }

  /// A full-mode server whose intent goes to the fake upstream `script`; `schema` is the
  /// upstream tool's own input schema.
  static func gateway(_ script: String, schema: JSONValue, log: UpstreamLog, callTimeout: Double = 60) throws -> (MCPServer, MCPClient) {
    let server = UpstreamServer(name: "fake", command: "/bin/sh", arguments: ["-c", script])
    let client = try MCPClient.connect(server, log: log.sink)
    let listing = UpstreamToolList.Listing(server: server, session: client.session, tools: [["name": "shout", "inputSchema": schema]])
    let catalog = catalog()
    var options = MCPServer.Options()
    options.mode = .full
    options.upstreams = GatewayUpstreams(
      routes: GatewayUpstreams.routes(source: catalog.source, listings: [listing]), clients: [client], callTimeout: callTimeout,
      progress: UpstreamProgressRelay())
    return (MCPServer(engine: IntentEngine(catalog: catalog), options: options), client)
  }

  static let handshake = #"""
    read line; echo "$line" >&2
    echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}'
    read line; echo "$line" >&2

    """#

  static let schema: JSONValue = ["type": "object", "properties": ["text": ["type": "string", "maxLength": 5]], "required": ["text"]]

  @Test func callsGoUnderTheServersOwnNameAndComeBackUnchanged() async throws {
    let log = UpstreamLog()
    // The result carries members the gateway does not know; they come back as written.
    let script =
      Self.handshake + #"""
        read line; echo "$line" >&2
        echo '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"HI"}],"structuredContent":{"shout":"HI","n":1.0},"isError":false,"extra":[1,"x"]}}'
        read line
        """#
    let reply = await withinHangGuard(seconds: 600) { () -> JSONValue? in
      guard let (server, client) = try? Self.gateway(script, schema: Self.schema, log: log) else { return nil }
      defer { client.close() }
      let hostClient = Client(server: server)
      hostClient.initialize()
      return hostClient.request("tools/call", id: 7, params: ["name": "fake__shout", "arguments": ["text": "hi"]])
    }
    let answer = try #require(reply ?? nil)
    #expect(
      answer.compactText
        == #"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"HI"}],"structuredContent":{"shout":"HI","n":1.0},"isError":false,"extra":[1,"x"]}}"#
    )
    #expect(log.text.contains(#"[fake] {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"shout","arguments":{"text":"hi"}}}"#))
  }

  @Test func argumentsAreCheckedAgainstTheUpstreamSchemaBeforeForwarding() async throws {
    let log = UpstreamLog()
    // The catalog's parameter is any string; the upstream's own schema allows 5 characters.
    let script = Self.handshake + "read line; echo \"$line\" >&2\n"
    let reply = await withinHangGuard(seconds: 600) { () -> JSONValue? in
      guard let (server, client) = try? Self.gateway(script, schema: Self.schema, log: log) else { return nil }
      defer { client.close() }
      let hostClient = Client(server: server)
      hostClient.initialize()
      return hostClient.request("tools/call", id: 3, params: ["name": "fake__shout", "arguments": ["text": "far too long"]])
    }
    let result = try #require(reply ?? nil)["result"]
    #expect(result?["isError"] == true)
    let text = result?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(text.contains(#"Invalid arguments for fake__shout (the input schema of tool "shout" of MCP server 'fake')"#), "\(text)")
    #expect(text.contains("$.text"), "\(text)")
    #expect(!log.text.contains("tools/call"), "forwarded although invalid: \(log.text)")
  }

  @Test func upstreamErrorsNameTheServer() async throws {
    let script =
      Self.handshake + #"""
        read line
        echo '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool: shout"}}'
        read line
        """#
    let reply = await withinHangGuard(seconds: 600) { () -> JSONValue? in
      guard let (server, client) = try? Self.gateway(script, schema: Self.schema, log: UpstreamLog()) else { return nil }
      defer { client.close() }
      let hostClient = Client(server: server)
      hostClient.initialize()
      return hostClient.request("tools/call", id: 3, params: ["name": "fake__shout", "arguments": ["text": "hi"]])
    }
    let result = try #require(reply ?? nil)["result"]
    #expect(result?["isError"] == true)
    #expect(
      result?["content"]?[0]?["text"]?.stringValue
        == #"The call of fake__shout failed: MCP server 'fake' answered tools/call with error -32602: "Unknown tool: shout""#)
  }

  @Test func aCancelledCallIsCancelledUpstreamAndNotAnswered() async throws {
    let log = UpstreamLog()
    // The upstream never answers the call; it echoes the cancellation it gets.
    let script = Self.handshake + "read line; echo \"$line\" >&2\nread line; echo \"$line\" >&2\nread line\n"
    let (server, client) = try Self.gateway(script, schema: Self.schema, log: log, callTimeout: 600)
    defer { client.close() }
    Client(server: server).initialize()
    let incoming = server.receive(
      line: Array(#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"fake__shout","arguments":{"text":"hi"}}}"#.utf8))
    let replies = UpstreamLog()
    let done = DispatchGroup()
    done.enter()
    DispatchQueue.global().async {
      for reply in server.handle(incoming) { replies.sink(reply) }
      done.leave()
    }
    // Cancelled once the upstream has the call (its echo shows it).
    #expect(await eventually(seconds: 600) { log.text.contains(#""method":"tools/call""#) })
    #expect(server.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}"#.utf8)).isEmpty)
    let finished = await withinHangGuard(seconds: 600) { done.wait() }
    #expect(finished != nil, "the forwarded call did not end when it was cancelled")
    #expect(replies.text.isEmpty, "a cancelled request is not answered: \(replies.text)")
    // The fake's echo of the cancellation arrives on its standard error, read on a thread of its own.
    #expect(
      await eventually(seconds: 600) {
        log.text.contains(#"[fake] {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"cancelled by the client"}}"#)
      })
  }
}

/// Collects what the client relays of a fake server's standard error.
final class UpstreamLog: Sendable {
  private let lines = Mutex<[String]>([])
  var text: String { lines.withLock { $0.joined() } }
  var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}

/// A gateway's start-up (`MCPServerHost.startUp`): a stand-in answers the handshake, requests
/// that need the catalog wait for the real server, which takes over the session.
@Suite struct GatewayStartupTests {
  static func line(_ text: String) -> IncomingLine { IncomingLine.parse(Array(text.utf8)) }

  @Test(arguments: [
    (#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#, false),
    (#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, false),
    (#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}"#, false),
    (#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, false),
    (#"{"jsonrpc":"2.0","id":1,"result":{}}"#, false),
    ("not json", false),
    (#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, true),
    (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#, true),
    (#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"prompts/list"}]"#, true),
  ])
  func whichLinesNeedTheCatalog(_ text: String, _ expected: Bool) {
    #expect(Self.line(text).needsCatalog == expected)
  }

  @Test func theHandshakeGoesToTheStandInAndItsSessionCarriesOver() async throws {
    let standIn = MCPServer(engine: IntentEngine(catalog: Catalog(app: AppInfo(), intents: [])))
    let host = MCPServerHost(server: standIn)
    host.beginStartup()
    let initialize = Self.line(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    )
    let first = host.server(for: initialize)
    #expect(first === standIn)
    first.register(initialize)
    #expect(first.handle(initialize).first?.contains(#""protocolVersion":"2025-06-18""#) == true)
    _ = host.server(for: Self.line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)).handle(
      line: Array(
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))

    // A request that needs the catalog waits for the real server (on another thread here).
    let real = Fixture.server(mode: .full)
    let list = Self.line(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    let answered = await withinHangGuard(seconds: 600) { () -> String? in
      let group = DispatchGroup()
      let reply = UpstreamLog()
      group.enter()
      DispatchQueue.global().async {
        let server = host.server(for: list)
        server.register(list)
        for line in server.handle(list) { reply.sink(line) }
        group.leave()
      }
      host.finishStartup(with: real)
      group.wait()
      return reply.text
    }
    let text = try #require(answered ?? nil)
    #expect(text.contains(#""tools":[{"name":"#), "the real server answered with its tools in the stand-in's session: \(text)")
    #expect(host.server === real)
  }
}
