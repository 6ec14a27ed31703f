import IntentBridgeBinary
import IntentBridgeJSON
import IntentBridgeMCP
import Testing

@Suite struct HandshakeTests {
  @Test(arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
  func supportedVersionIsEchoed(_ version: String) {
    let client = Client(server: Fixture.server())
    let reply = client.initialize(version)
    #expect(reply["id"] == 0)
    #expect(reply.result?["protocolVersion"] == .string(version))
    #expect(reply.result?["serverInfo"]?["name"] == "intentbridge")
    #expect(reply.result?["capabilities"]?["tools"] != nil)
    #expect(reply.result?["capabilities"]?["resources"] == nil)
    #expect((reply.result?["instructions"]?.stringValue?.utf8.count ?? 0) < 2048)
  }

  @Test func unsupportedVersionGetsCounterOffer() {
    let reply = Client(server: Fixture.server()).initialize("1999-01-01")
    #expect(reply.result?["protocolVersion"] == "2025-11-25")
  }

  @Test func secondInitializeIsInvalidRequest() {
    let client = Client(server: Fixture.server())
    client.initialize()
    #expect(client.request("initialize", id: 2, params: ["protocolVersion": "2025-06-18", "capabilities": [:]]).errorCode == -32600)
  }

  @Test func pingAnyTime() {
    let client = Client(server: Fixture.server())
    #expect(client.request("ping", id: 5).result == .object([:]))
    client.initialize()
    #expect(client.request("ping", id: 6).result == .object([:]))
  }

  @Test func requestBeforeInitializeNamesBothFixes() {
    let reply = Client(server: Fixture.server()).request("tools/list")
    #expect(reply.errorCode == -32602)
    let message = reply["error"]?["message"]?.stringValue ?? ""
    #expect(message.contains("initialize") && message.contains("io.modelcontextprotocol/protocolVersion"))
  }

  @Test func statelessDiscover() {
    let reply = Client(server: Fixture.server()).modern("server/discover")
    let result = reply.result
    #expect(result?["resultType"] == "complete")
    #expect(result?["supportedVersions"]?.arrayValue?.contains("2026-07-28") == true)
    #expect(result?["ttlMs"]?.integerValue != nil && result?["cacheScope"] != nil)
    #expect(result?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "intentbridge")
  }

  @Test func statelessListCarriesCacheHints() {
    let result = Client(server: Fixture.server()).modern("tools/list").result
    #expect(result?["resultType"] == "complete")
    #expect(result?["ttlMs"] != nil && result?["cacheScope"] != nil)
    #expect(result?["tools"]?.arrayValue?.isEmpty == false)
  }

  @Test func statelessUnsupportedVersion() {
    let client = Client(server: Fixture.server())
    let reply = client.request(
      "tools/list",
      params: ["_meta": ["io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": [:]]])
    #expect(reply.errorCode == -32022)
    #expect(reply["error"]?["data"]?["requested"] == "2099-01-01")
    #expect(reply["error"]?["data"]?["supported"] == ["2026-07-28"])
  }

  @Test func statelessMissingCapabilities() {
    let reply = Client(server: Fixture.server()).request("tools/list", params: ["_meta": ["io.modelcontextprotocol/protocolVersion": "2026-07-28"]])
    #expect(reply.errorCode == -32602)
  }

  @Test(arguments: ["ping", "initialize", "logging/setLevel"])
  func handshakeMethodsAreUnknownInStatelessEra(_ method: String) {
    #expect(Client(server: Fixture.server()).modern(method).errorCode == -32601)
  }
}

@Suite struct JSONRPCTests {
  @Test func parseErrorHasNullID() {
    let replies = Client(server: Fixture.server()).send("{\"jsonrpc\":\"2.0\",\"id\":1,")
    #expect(replies.count == 1)
    #expect(replies[0].errorCode == -32700)
    #expect(replies[0]["id"] == .null)
  }

  @Test(arguments: [
    #"42"#, #""text""#, #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":1}"#, #"{"jsonrpc":"2.0","id":{},"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":2,"method":7}"#,
  ])
  func invalidRequests(_ line: String) {
    let replies = Client(server: Fixture.server()).send(line)
    #expect(replies.count == 1)
    #expect(replies.first?.errorCode == -32600)
  }

  @Test func unknownMethod() {
    let client = Client(server: Fixture.server())
    client.initialize()
    #expect(client.request("resources/list").errorCode == -32601)
  }

  @Test func idsAreEchoedExactly() {
    let client = Client(server: Fixture.server())
    for id: JSONValue in ["abc", 9_007_199_254_740_991, 0, -5, ""] {
      #expect(client.request("ping", id: id)["id"] == id)
    }
    let replies = client.send(#"{"jsonrpc":"2.0","id":"9007199254740991","method":"ping"}"#)
    #expect(replies.first?["id"] == "9007199254740991")
  }

  @Test func notificationsAreNeverAnswered() {
    let client = Client(server: Fixture.server())
    #expect(client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).isEmpty)
    #expect(client.send(#"{"jsonrpc":"2.0","method":"no/such/notification","params":{}}"#).isEmpty)
    #expect(client.send(#"{"jsonrpc":"2.0","method":"tools/list","params":5}"#).isEmpty)
    #expect(client.send(#"{"jsonrpc":"2.0","id":1,"result":{}}"#).isEmpty)
  }

  @Test func badParams() {
    let client = Client(server: Fixture.server())
    client.initialize()
    #expect(client.request("tools/call", params: ["arguments": [:]]).errorCode == -32602)
    #expect(client.request("tools/call", params: ["name": "add_note_intent", "arguments": 5]).errorCode == -32602)
    #expect(client.request("tools/list", params: 5).errorCode == -32602)
  }

  @Test func batchesOnlyIn20250326() {
    let legacy = Client(server: Fixture.server())
    legacy.initialize("2025-06-18")
    let rejected = legacy.send(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#)
    #expect(rejected.count == 1 && rejected[0].errorCode == -32600 && rejected[0]["id"] == .null)

    let batching = Client(server: Fixture.server())
    batching.initialize("2025-03-26")
    let replies = batching.send(
      #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"b","method":"nope"}]"#)
    #expect(replies.count == 1)
    let array = replies.first?.arrayValue ?? []
    #expect(array.count == 2)
    #expect(array.first?["id"] == 1 && array.last?.errorCode == -32601)
    #expect(batching.send("[]").first?.errorCode == -32600)
  }

  @Test func tooLongLineReply() throws {
    let reply = try JSONParser.parse(MCPServer.lineTooLongReply(limit: 16 << 20))
    #expect(reply.errorCode == -32600 && reply["id"] == .null)
  }

  /// A request read and not yet answered is cancelled: it gets no reply and is not worked
  /// on. Cancelling an id that is not in flight changes nothing (before, it swallowed the
  /// reply to the next request with that id).
  @Test func onlyRequestsInFlightAreCancelled() {
    let server = Fixture.server()
    let client = Client(server: server)
    client.initialize()
    #expect(client.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":777}}"#).isEmpty)
    #expect(client.send(#"{"jsonrpc":"2.0","id":777,"method":"ping"}"#).count == 1, "an unknown id was cancelled")
    #expect(client.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":777}}"#).isEmpty)
    #expect(client.send(#"{"jsonrpc":"2.0","id":777,"method":"ping"}"#).count == 1, "an answered id was cancelled")
    let waiting = server.receive(line: Array(#"{"jsonrpc":"2.0","id":"w","method":"tools/list"}"#.utf8))
    #expect(client.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w"}}"#).isEmpty)
    #expect(server.handle(waiting).isEmpty, "a cancelled request in flight gets no reply")
    #expect(client.send(#"{"jsonrpc":"2.0","id":"w","method":"ping"}"#).count == 1, "the cancellation ended with its request")
  }
}

@Suite struct LineFramerTests {
  @Test func splitsStripsAndCaps() {
    var framer = LineFramer(limit: 10)
    var events = framer.append(Array("ab\r\ncd".utf8))
    #expect(events == [.line(Array("ab".utf8))])
    events = framer.append(Array("e\n0123456789012345".utf8))
    #expect(events == [.line(Array("cde".utf8)), .tooLong])
    events = framer.append(Array("6789\nok\n".utf8))
    #expect(events == [.line(Array("ok".utf8))])
    events = framer.append(Array("tail".utf8))
    #expect(events.isEmpty)
    #expect(framer.finish() == [.line(Array("tail".utf8))])
  }
}
