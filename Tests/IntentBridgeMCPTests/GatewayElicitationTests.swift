import Dispatch
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport
import Synchronization
import Testing

@testable import IntentBridgeMCP

/// The elicitation relay's parts: the gateway's requests to the host (`HostRequests`) and
/// the routing of the host's responses, the held calls (`HeldCalls`), the choice of the call
/// a server's request belongs to (`UpstreamElicitationRelay`), and a fake upstream that asks
/// `elicitation/create` during a call, behind a host of each kind.
@Suite struct GatewayElicitationTests {
  static func parse(_ line: String) -> JSONValue { (try? JSONParser.parse(line)) ?? .null }

  /// An upstream request whose replies are collected in `replies`.
  static func request(_ replies: UpstreamLog, server: String = "fake") -> UpstreamServerRequest {
    UpstreamServerRequest(server: server, method: "elicitation/create", params: ["message": "Which date?"]) { body in
      replies.sink(JSONValue.object(body).compactText)
    }
  }

  @Test func hostRequestsHaveIdsOfTheirOwnAndEachResponseGoesOnceToItsRequest() throws {
    let requests = HostRequests()
    let written = UpstreamLog()
    let received = UpstreamLog()
    let first = requests.send("elicitation/create", ["message": "Which?"], write: written.sink) { received.sink(JSONValue.object($0).compactText) }
    let second = requests.send("elicitation/create", [:], write: written.sink) { received.sink("second " + JSONValue.object($0).compactText) }
    #expect(first == "ib-host-1" && second == "ib-host-2")
    #expect(
      written.text
        == #"{"jsonrpc":"2.0","id":"ib-host-1","method":"elicitation/create","params":{"message":"Which?"}}"#
        + #"{"jsonrpc":"2.0","id":"ib-host-2","method":"elicitation/create","params":{}}"#)
    let response: JSONObject = ["jsonrpc": "2.0", "id": "ib-host-1", "result": ["action": "decline"]]
    #expect(requests.deliver(response))
    #expect(!requests.deliver(response), "a second response to the same id is ignored")
    #expect(!requests.deliver(["jsonrpc": "2.0", "id": 1, "result": [:]]), "the host's own ids are not ours")
    #expect(received.text == #"{"jsonrpc":"2.0","id":"ib-host-1","result":{"action":"decline"}}"#)
    #expect(requests.isWaiting(second))
    let cancels = UpstreamLog()
    requests.cancel(second, reason: "the call ended", write: cancels.sink)
    requests.cancel(second, reason: "again", write: cancels.sink)
    #expect(!requests.isWaiting(second))
    #expect(cancels.text == #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"ib-host-2","reason":"the call ended"}}"#)
    #expect(!requests.deliver(["jsonrpc": "2.0", "id": .string(second), "result": [:]]), "a cancelled request takes no response")
  }

  @Test func theServerRoutesTheHostsResponsesToTheGatewaysRequests() throws {
    let relay = UpstreamElicitationRelay()
    var options = MCPServer.Options()
    options.upstreams = GatewayUpstreams(routes: [:], clients: [], callTimeout: 5, progress: UpstreamProgressRelay(), elicitation: relay)
    let server = MCPServer(engine: IntentEngine(catalog: Catalog(app: AppInfo(), intents: [])), options: options)
    let received = UpstreamLog()
    let id = relay.hostRequests.send(
      "elicitation/create", [:], write: { _ in }, onResponse: { received.sink(JSONValue.object($0).compactText) })
    // A response is never answered, whether it is ours, the host's own or unknown.
    #expect(server.handle(line: Array(#"{"jsonrpc":"2.0","id":"\#(id)","result":{"action":"accept","content":{"n":1}}}"#.utf8)).isEmpty)
    #expect(server.handle(line: Array(#"{"jsonrpc":"2.0","id":"ib-host-99","error":{"code":-1,"message":"no"}}"#.utf8)).isEmpty)
    #expect(received.text == #"{"jsonrpc":"2.0","id":"ib-host-1","result":{"action":"accept","content":{"n":1}}}"#)
    // The server serves on.
    #expect(Client(server: server).request("ping", id: 5)["result"] == .object([:]))
  }

  @Test func anUpstreamRequestIsRelayedOnceAsResultErrorOrDecline() {
    let replies = UpstreamLog()
    let request = Self.request(replies)
    request.reply(relaying: ["jsonrpc": "2.0", "id": "ib-host-1", "result": ["action": "accept", "content": ["date": "x"]]])
    request.decline()
    #expect(replies.text == #"{"result":{"action":"accept","content":{"date":"x"}}}"#)
    #expect(request.isAnswered)
    let failed = UpstreamLog()
    Self.request(failed).reply(relaying: ["id": "ib-host-2", "error": ["code": -32601, "message": "Method not found"]])
    #expect(failed.text == #"{"error":{"code":-32601,"message":"Method not found"}}"#)
    let malformed = UpstreamLog()
    Self.request(malformed).reply(relaying: ["id": "ib-host-3"])
    #expect(malformed.text.contains(#""code":-32603"#))
  }

  @Test func heldCallsAreTakenOnceAndDroppedWhenTheirCallEnds() {
    let held = HeldCalls()
    let call = ForwardedCall(server: "fake", label: "fake__shout", cancellation: UpstreamCancellation())
    let other = ForwardedCall(server: "fake", label: "fake__other", cancellation: UpstreamCancellation())
    let first = held.hold(call, request: Self.request(UpstreamLog()))
    let second = held.hold(call, request: Self.request(UpstreamLog()))
    let third = held.hold(other, request: Self.request(UpstreamLog()))
    #expect(Set([first, second, third]).count == 3)
    #expect(held.take(first)?.call === call)
    #expect(held.take(first) == nil)
    held.drop(call)
    #expect(held.take(second) == nil)
    #expect(held.count == 1 && held.take(third)?.call === other)
  }

  @Test func aServersRequestGoesToItsCallNotWaitingAlreadyElseIsDeclined() {
    let relay = UpstreamElicitationRelay()
    let orphan = UpstreamLog()
    relay.receive(Self.request(orphan))
    #expect(orphan.text == #"{"result":{"action":"decline"}}"#, "no call of the server in flight: declined")

    let waiting = ForwardedCall(server: "fake", label: "a", cancellation: UpstreamCancellation())
    let free = ForwardedCall(server: "fake", label: "b", cancellation: UpstreamCancellation())
    let elsewhere = ForwardedCall(server: "other", label: "c", cancellation: UpstreamCancellation())
    for call in [elsewhere, waiting, free] { relay.begin(call) }
    // `waiting` is held for its host's answer (what `drive` does for a stateless host).
    waiting.post(.input(Self.request(UpstreamLog())))
    let result = waiting.drive(host: .inputRequired, relay: relay, patience: 30)
    #expect(result["resultType"] == "input_required")
    let replies = UpstreamLog()
    relay.receive(Self.request(replies))
    #expect(waiting.next(until: .now()) == nil, "the held call got the request")
    guard case .input? = free.next(until: .now() + 30) else {
      Issue.record("the free call of the server did not get the request")
      return
    }
    #expect(elsewhere.next(until: .now()) == nil)
    relay.end(waiting)
    #expect(relay.held.count == 0, "a call that ended is not held")
  }

  @Test func theInputRequiredResultCarriesTheServersRequestAsAForm() {
    let request = UpstreamServerRequest(
      server: "fake", method: "elicitation/create", params: ["message": "Which date?", "requestedSchema": ["type": "object", "properties": [:]]]
    ) { _ in }
    let result = ForwardedCall.inputRequiredResult(request, requestState: "ib-held-7")
    #expect(
      JSONValue.object(result).compactText
        == #"{"resultType":"input_required","inputRequests":{"upstream-elicitation":{"method":"elicitation/create","params":{"message":"Which date?","requestedSchema":{"type":"object","properties":{}},"mode":"form"}}},"requestState":"ib-held-7"}"#
    )
  }

  // MARK: - Through a fake upstream

  /// A fake upstream that, asked `tools/call`, asks `elicitation/create` (id "e1"), echoes the
  /// answer it gets to standard error, then answers the call.
  static let asking =
    GatewayTests.handshake + #"""
      read line; echo "$line" >&2
      echo '{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Which date?","requestedSchema":{"type":"object","properties":{"date":{"type":"string"}}}}}'
      read line; echo "answer $line" >&2
      echo '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}'
      read line

      """#

  /// A fake upstream of the stateless era only: it answers `tools/call` (id 3)
  /// `input_required` asking "Which date?" under key "k" with requestState "s1", echoes the
  /// retry (id 4) to standard error and answers it.
  static let askingStateless = #"""
    read line; echo "$line" >&2
    echo '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing _meta"}}'
    read line; echo "$line" >&2
    echo '{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}}}'
    read line; echo "$line" >&2
    read line; echo "$line" >&2
    echo '{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","inputRequests":{"k":{"method":"elicitation/create","params":{"message":"Which date?","requestedSchema":{"type":"object","properties":{"date":{"type":"string"}}}}}},"requestState":"s1"}}'
    read line; echo "retry $line" >&2
    echo '{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete","content":[{"type":"text","text":"done"}],"isError":false}}'
    read line

    """#

  /// A full-mode gateway over the fake upstream `script` (default `asking`), whose client
  /// relays elicitation through `relay`. Its call timeout is an hour and the hang guards wait
  /// 10 minutes: the whole test run shares two cooperative threads with long synchronous
  /// suites, and a held call must not expire while this test waits for its turn (60 s did,
  /// once, under the full run).
  static func gateway(log: UpstreamLog, relay: UpstreamElicitationRelay, script: String = asking) throws -> (MCPServer, MCPClient) {
    let server = UpstreamServer(name: "fake", command: "/bin/sh", arguments: ["-c", script])
    let client = try MCPClient.connect(server, log: log.sink, elicitations: relay.receive)
    let listing = UpstreamToolList.Listing(server: server, session: client.session, tools: [["name": "shout", "inputSchema": GatewayTests.schema]])
    let catalog = GatewayTests.catalog()
    var options = MCPServer.Options()
    options.mode = .full
    options.upstreams = GatewayUpstreams(
      routes: GatewayUpstreams.routes(source: catalog.source, listings: [listing]), clients: [client], callTimeout: 3600,
      progress: UpstreamProgressRelay(), elicitation: relay)
    return (MCPServer(engine: IntentEngine(catalog: catalog), options: options), client)
  }

  /// The `_meta` of a stateless-era host that declares elicitation.
  static let statelessElicitingMeta: JSONValue = [
    "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": ["elicitation": [:]],
  ]

  static let call = #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"fake__shout","arguments":{"text":"hi"}}}"#

  @Test func aHostWithoutElicitationLetsTheUpstreamBeDeclined() async throws {
    let log = UpstreamLog()
    let reply = await withinHangGuard(seconds: 600) { () -> [String]? in
      guard let (server, client) = try? Self.gateway(log: log, relay: UpstreamElicitationRelay()) else { return nil }
      defer { client.close() }
      Client(server: server).initialize()
      return server.handle(line: Array(Self.call.utf8))
    }
    #expect(reply ?? nil == [#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}"#])
    #expect(
      log.text.contains(
        #"[fake] {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{"elicitation":{}}"#),
      "\(log.text)")
    #expect(log.text.contains(#"[fake] answer {"jsonrpc":"2.0","id":"e1","result":{"action":"decline"}}"#), "\(log.text)")
  }

  @Test func aHandshakeHostIsAskedAndItsAnswerGoesToTheUpstream() async throws {
    let log = UpstreamLog()
    let relay = UpstreamElicitationRelay()
    let (server, client) = try Self.gateway(log: log, relay: relay)
    defer { client.close() }
    _ = Client(server: server).request(
      "initialize", id: 0,
      params: ["protocolVersion": "2025-06-18", "capabilities": ["elicitation": [:]], "clientInfo": ["name": "t", "version": "1"]])
    let toHost = UpstreamLog()
    let replies = UpstreamLog()
    let done = DispatchGroup()
    done.enter()
    DispatchQueue.global().async {
      for reply in server.handle(line: Array(Self.call.utf8), progress: toHost.sink) { replies.sink(reply) }
      done.leave()
    }
    #expect(await eventually(seconds: 600) { toHost.text.contains("elicitation/create") })
    let asked = Self.parse(toHost.text)
    #expect(asked["id"] == "ib-host-1" && asked["params"]?["message"] == "Which date?", "\(asked)")
    #expect(server.handle(line: Array(#"{"jsonrpc":"2.0","id":"ib-host-1","result":{"action":"accept","content":{"date":"today"}}}"#.utf8)).isEmpty)
    #expect(await withinHangGuard(seconds: 600) { done.wait() } != nil)
    #expect(replies.text == #"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"done"}],"isError":false}}"#)
    #expect(log.text.contains(#"[fake] answer {"jsonrpc":"2.0","id":"e1","result":{"action":"accept","content":{"date":"today"}}}"#), "\(log.text)")
  }

  @Test(arguments: [JSONValue.string("ib-held-99"), .integer(1), .object([:])])
  func aRetryWithARequestStateNotHeldIsAnErrorResultAndNothingIsForwarded(_ requestState: JSONValue) async throws {
    let log = UpstreamLog()
    let relay = UpstreamElicitationRelay()
    let (server, client) = try Self.gateway(log: log, relay: relay)
    defer { client.close() }
    let meta = Self.statelessElicitingMeta
    let reply = await withinHangGuard(seconds: 600) {
      Client(server: server).request(
        "tools/call", id: 4,
        params: [
          "name": "fake__shout", "arguments": ["text": "hi"], "_meta": meta, "requestState": requestState,
          "inputResponses": ["upstream-elicitation": ["action": "accept", "content": [:]]],
        ])
    }
    let result = try #require(reply)["result"]
    #expect(result?["isError"] == true)
    #expect(result?["content"]?[0]?["text"]?.stringValue?.contains("is no longer held") == true, "\(String(describing: result))")
    #expect(!log.text.contains("tools/call"), "forwarded: \(log.text)")
  }

  @Test func aStatelessHostGetsInputRequiredAndItsRetryContinuesTheHeldCall() async throws {
    let log = UpstreamLog()
    let relay = UpstreamElicitationRelay()
    let (server, client) = try Self.gateway(log: log, relay: relay)
    defer { client.close() }
    let meta = Self.statelessElicitingMeta
    let host = Client(server: server)
    let first = await withinHangGuard(seconds: 600) {
      host.request("tools/call", id: 7, params: ["name": "fake__shout", "arguments": ["text": "hi"], "_meta": meta])
    }
    let result = try #require(first)["result"]
    #expect(result?["resultType"] == "input_required")
    #expect(result?["inputRequests"]?["upstream-elicitation"]?["params"]?["message"] == "Which date?")
    let state = try #require(result?["requestState"]?.stringValue)
    #expect(relay.held.count == 1)
    let second = await withinHangGuard(seconds: 600) {
      host.request(
        "tools/call", id: 8,
        params: [
          "name": "fake__shout", "arguments": ["text": "hi"], "_meta": meta, "requestState": .string(state),
          "inputResponses": ["upstream-elicitation": ["action": "accept", "content": ["date": "today"]]],
        ])
    }
    #expect(
      try #require(second).compactText
        == #"{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"done"}],"isError":false,"resultType":"complete"}}"#)
    #expect(log.text.contains(#"[fake] answer {"jsonrpc":"2.0","id":"e1","result":{"action":"accept","content":{"date":"today"}}}"#), "\(log.text)")
    #expect(relay.held.count == 0)
  }

  @Test func aStatelessUpstreamsInputRequiredIsAnsweredDeclineForAHostThatCannotElicit() async throws {
    let log = UpstreamLog()
    let reply = await withinHangGuard(seconds: 600) { () -> [String]? in
      guard let (server, client) = try? Self.gateway(log: log, relay: UpstreamElicitationRelay(), script: Self.askingStateless) else { return nil }
      defer { client.close() }
      Client(server: server).initialize()
      return server.handle(line: Array(Self.call.utf8))
    }
    #expect(
      reply ?? nil == [#"{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"done"}],"isError":false}}"#])
    #expect(log.text.contains(#""io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}"#), "elicitation offered: \(log.text)")
    #expect(log.text.contains(#""inputResponses":{"k":{"action":"decline"}},"requestState":"s1","_meta"#), "\(log.text)")
  }

  @Test func aStatelessUpstreamsQuestionReachesAStatelessHostAndTheAnswerGoesBack() async throws {
    let log = UpstreamLog()
    let relay = UpstreamElicitationRelay()
    let (server, client) = try Self.gateway(log: log, relay: relay, script: Self.askingStateless)
    defer { client.close() }
    let meta = Self.statelessElicitingMeta
    let host = Client(server: server)
    let first = await withinHangGuard(seconds: 600) {
      host.request("tools/call", id: 7, params: ["name": "fake__shout", "arguments": ["text": "hi"], "_meta": meta])
    }
    let result = try #require(first)["result"]
    #expect(result?["resultType"] == "input_required")
    #expect(result?["inputRequests"]?["upstream-elicitation"]?["params"]?["message"] == "Which date?", "\(String(describing: result))")
    let state = try #require(result?["requestState"]?.stringValue)
    let second = await withinHangGuard(seconds: 600) {
      host.request(
        "tools/call", id: 8,
        params: [
          "name": "fake__shout", "arguments": ["text": "hi"], "_meta": meta, "requestState": .string(state),
          "inputResponses": ["upstream-elicitation": ["action": "accept", "content": ["date": "today"]]],
        ])
    }
    #expect(try #require(second)["result"]?["content"]?[0]?["text"] == "done")
    #expect(log.text.contains(#""inputResponses":{"k":{"action":"accept","content":{"date":"today"}}},"requestState":"s1","_meta"#), "\(log.text)")
  }
}
