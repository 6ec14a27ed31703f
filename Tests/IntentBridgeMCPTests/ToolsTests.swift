import Foundation
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeMCP
import IntentBridgeTestSupport
import Synchronization
import Testing

@Suite struct ToolsListTests {
  @Test func onePageByDefaultInCatalogOrder() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let result = client.request("tools/list").result
    let names = result?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(
      names == [
        "add_note_intent", "delete_note_intent", "echo_intent", "sleep_intent", "sleep_long_intent", "env_intent", "yes_intent", "fail_intent",
        "background_intent", "leave_behind_intent",
      ])
    #expect(result?["nextCursor"] == nil)
    let first = result?["tools"]?[0]
    #expect(first?["inputSchema"]?["type"] == "object")
    #expect(first?["annotations"]?["readOnlyHint"] == false)
  }

  @Test func paginationAdvancesAndCoversAll() {
    let client = Client(server: Fixture.server(pageSize: 4, extraIntents: 7))
    client.initialize()
    var cursor: JSONValue?
    var names: [String] = []
    var seen: Set<String> = []
    for page in 0..<10 {
      let reply = client.request("tools/list", id: .integer(Int64(page + 1)), params: cursor.map { ["cursor": $0] })
      names += reply.result?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
      guard let next = reply.result?["nextCursor"] else { break }
      #expect(!seen.contains(next.compactText), "cursor repeated")
      seen.insert(next.compactText)
      cursor = next
    }
    #expect(names.count == 17 && Set(names).count == 17)
  }

  @Test(arguments: [JSONValue.string("garbage"), "ib1.zz", "", 5])
  func invalidCursor(_ cursor: JSONValue) {
    let client = Client(server: Fixture.server(pageSize: 2))
    client.initialize()
    #expect(client.request("tools/list", params: ["cursor": cursor]).errorCode == -32602)
  }

  @Test func autoModeSwitchesAboveThirty() {
    #expect(Fixture.server(mode: .auto).mode == .full)
    #expect(Fixture.server(mode: .auto, extraIntents: 30).mode == .compact)
  }
}

@Suite struct ToolsCallTests {
  func call(_ client: Client, _ name: String, _ arguments: JSONValue, id: JSONValue = 1) -> JSONValue {
    client.request("tools/call", id: id, params: ["name": .string(name), "arguments": arguments])
  }

  func text(_ reply: JSONValue) -> String {
    (reply.result?["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined(separator: "\n")
  }

  @Test func successWithoutHandlerAppliesDefaults() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = call(client, "add_note_intent", ["title": "Milk"])
    #expect(reply.result?["isError"] == false)
    #expect(reply.result?["structuredContent"] == ["intent": "AddNoteIntent", "arguments": ["title": "Milk", "priority": "normal"]])
    #expect(text(reply).contains(#"{"intent":"AddNoteIntent""#))
    #expect(text(reply).contains("Add Milk with normal priority"))
  }

  @Test func missingRequiredCarriesTheQuestion() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = call(client, "add_note_intent", [:])
    #expect(reply.result?["isError"] == true)
    #expect(text(reply).contains("What should the note be called?"))
  }

  @Test func invalidArgumentsNameFieldExpectedAndExample() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = call(client, "add_note_intent", ["title": "x", "priority": "urgentt", "count": 99])
    #expect(reply.result?["isError"] == true)
    let message = text(reply)
    #expect(message.contains("priority") && message.contains("\"low\""))
    #expect(message.contains("count") && message.contains("from 1 to 50") && message.contains("example"))
  }

  @Test func unknownToolIsProtocolError() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = call(client, "add_note_intnt", [:])
    #expect(reply.errorCode == -32602)
    #expect(reply["error"]?["message"]?.stringValue?.contains("add_note_intent") == true)
  }

  @Test func handlerGetsArgumentsAsPlainData() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let marker = "/tmp/ib-mcp-metachar-\(Int.random(in: 0..<1_000_000))"
    let hostile = "$(touch \(marker)); rm -rf /nonexistent; `touch \(marker)` | && ' \" \\"
    let reply = call(client, "echo_intent", ["text": .string(hostile)])
    #expect(reply.result?["isError"] == false)
    #expect(reply.result?["structuredContent"]?["text"] == .string(hostile))
    #expect(access(marker) == false)
  }

  func access(_ path: String) -> Bool {
    (try? String(contentsOfFile: path)) != nil
  }

  // The handler tests prove that a handler is stopped by what stops it (the timeout, the
  // output cap, a cancellation), not by how long it took: its child sleeps 100,000 s and the
  // test waits behind a hang guard, so a loaded machine cannot fail them, and a handler
  // that is never stopped fails them.

  @Test func handlerTimeoutKillsTheChild() async throws {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = try #require(await withinHangGuard { call(client, "sleep_intent", [:]) }, "the timed-out handler was not stopped")
    #expect(reply.result?["isError"] == true)
    #expect(text(reply).contains("did not finish in time"))
  }

  /// The child ends on SIGTERM, so the answer comes without the grace period (before, the
  /// grace period always ran in full).
  @Test func aHandlerThatEndsOnSIGTERMCostsNoGracePeriod() async throws {
    let client = Client(server: Fixture.server(killGrace: 100_000))
    client.initialize()
    let reply = try #require(await withinHangGuard { call(client, "sleep_intent", [:]) }, "the grace period ran although the child had ended")
    #expect(text(reply).contains("did not finish in time"))
  }

  /// `sh -c 'sleep 100000 & …; sleep 100000'`: the timeout stops the whole process group
  /// (before, only the shell was signalled, the reply waited for the background process, and
  /// it survived).
  @Test func theTimeoutStopsEverythingTheHandlerStarted() async throws {
    let scratch = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let client = Client(server: Fixture.server(scratch: scratch))
    client.initialize()
    let reply = try #require(await withinHangGuard { call(client, "background_intent", [:]) }, "the handler's group was not stopped")
    #expect(text(reply).contains("did not finish in time"))
    let background = try #require(await writtenPID(scratch + "/pid"))
    #expect(await eventually { !isRunning(background) }, "the background process survived")
  }

  /// A handler that exits leaving a process behind: the call is answered, and the process
  /// ends with its handler.
  @Test func whatAHandlerLeavesRunningEndsWithIt() async throws {
    let scratch = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let client = Client(server: Fixture.server(scratch: scratch))
    client.initialize()
    let reply = try #require(await withinHangGuard { call(client, "leave_behind_intent", [:]) })
    #expect(reply.result?["isError"] == false)
    #expect(text(reply).contains("done"))
    let background = try #require(await writtenPID(scratch + "/pid"))
    #expect(await eventually { !isRunning(background) }, "the process the handler left behind survived")
  }

  @Test func hugeOutputIsCapped() async throws {
    let client = Client(server: Fixture.server())
    client.initialize()
    // The handler's timeout is an hour: only the cap can stop it.
    let reply = try #require(await withinHangGuard { call(client, "yes_intent", [:]) }, "the output cap did not stop the handler")
    #expect(reply.result?["isError"] == true)
    #expect(text(reply).contains("exceeded the limit"))
    #expect(text(reply).utf8.count < 100_000)
  }

  @Test func progressNotificationsForHandlerCalls() throws {
    let server = Fixture.server()
    Client(server: server).initialize()
    let collected = ProgressSink()
    let line =
      #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo_intent","arguments":{"text":"hi"},"_meta":{"progressToken":"p1"}}}"#
    let replies = server.handle(line: Array(line.utf8), progress: { collected.append($0) })
    #expect(replies.count == 1)
    let notes = try collected.lines().map { try JSONParser.parse($0) }
    #expect(notes.map { $0["method"] } == ["notifications/progress", "notifications/progress"])
    #expect(notes.map { $0["params"]?["progress"] } == [0, 1])
    #expect(notes.allSatisfy { $0["params"]?["progressToken"] == "p1" })
  }

  /// The cancellation arrives once the handler has said it started; the call must then end
  /// without a reply, and the handler's process group with it. Nothing is timed: the handler
  /// sleeps 100,000 s with an hour's timeout, so only the cancellation can end it (before, the
  /// reply once came 244 s late on a loaded machine, through Foundation's exit notification).
  @Test func cancellationStopsTheHandlerAndSuppressesTheReply() async throws {
    let scratch = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let server = Fixture.server(scratch: scratch)
    Client(server: server).initialize()
    let incoming = server.receive(line: Array(#"{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"sleep_long_intent"}}"#.utf8))
    // On a thread of its own, started now (a child task might wait minutes for a pool thread).
    let call = GuardedWork { server.handle(incoming) }
    #expect(await eventually { FileManager.default.fileExists(atPath: scratch + "/started") }, "the handler did not start")
    #expect(server.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}}"#.utf8)).isEmpty)
    let answered = await call.value()
    #expect(answered != nil, "the cancelled handler was not stopped")
    #expect(answered == [], "a cancelled request gets no reply")
    let background = try #require(await writtenPID(scratch + "/pid"))
    #expect(await eventually { !isRunning(background) }, "the handler's background process survived the cancellation")
  }

  @Test func inputRequiredWhenClientDeclaredElicitation() {
    let client = Client(server: Fixture.server())
    let meta: JSONValue = [
      "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": ["elicitation": [:]],
    ]
    let ask = client.request("tools/call", params: ["name": "add_note_intent", "arguments": [:], "_meta": meta])
    #expect(ask.result?["resultType"] == "input_required")
    let form = ask.result?["inputRequests"]?["missing-arguments"]
    #expect(form?["method"] == "elicitation/create")
    #expect(form?["params"]?["message"] == "What should the note be called?")
    #expect(form?["params"]?["requestedSchema"]?["required"] == ["title"])
    let retry = client.request(
      "tools/call",
      params: [
        "name": "add_note_intent", "arguments": [:], "_meta": meta,
        "inputResponses": ["missing-arguments": ["action": "accept", "content": ["title": "Milk"]]],
      ])
    #expect(retry.result?["resultType"] == "complete")
    #expect(retry.result?["structuredContent"]?["arguments"]?["title"] == "Milk")
    // Without the capability: the question comes back as an isError text.
    let plain = client.modern("tools/call", params: ["name": "add_note_intent", "arguments": [:]])
    #expect(plain.result?["isError"] == true && plain.result?["resultType"] == "complete")
  }

  @Test func environmentIsAllowListed() {
    setenv("IB_MCP_SECRET_TOKEN", "leak", 1)
    let client = Client(server: Fixture.server())
    client.initialize()
    let output = text(call(client, "env_intent", [:]))
    #expect(output.contains("EXTRA_SETTING=yes"))
    #expect(output.contains("PATH="))
    #expect(!output.contains("IB_MCP_SECRET_TOKEN"))
  }

  @Test func nonZeroExitIsError() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = call(client, "fail_intent", [:])
    #expect(reply.result?["isError"] == true)
    #expect(text(reply).contains("exit status 3") && text(reply).contains("broken"))
  }

  /// `resolve_request` answers with the engine's one resolution shape: the very JSON
  /// `intentbridge resolve --json` writes (same alternatives, same rounding), also for no match.
  @Test(arguments: ["write a new note with high priority", "what is the weather on mars"])
  func resolveRequestIsTheEnginesResolution(request: String) {
    let server = Fixture.server(mode: .compact)
    let client = Client(server: server)
    client.initialize()
    let structured = call(client, "resolve_request", ["request": .string(request)]).result?["structuredContent"]
    #expect(structured == server.engine.resolve(request).jsonValue)
    let search = call(client, "search_intents", ["query": .string(request)]).result?["structuredContent"]
    let ranking = server.engine.rank(request)
    #expect(search?["results"]?[0]?["confidence"] == .rounded(ranking.candidates[0].confidence))
  }

  @Test func compactModeMetaTools() {
    let client = Client(server: Fixture.server(mode: .compact))
    client.initialize()
    let names = client.request("tools/list").result?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
    #expect(names == ["search_intents", "describe_intent", "resolve_request", "run_intent"])

    let search = call(client, "search_intents", ["query": "write a new note", "limit": 3])
    #expect(search.result?["isError"] == false)
    #expect(search.result?["structuredContent"]?["results"]?[0]?["intent"] == "AddNoteIntent")

    let describe = call(client, "describe_intent", ["intent": "AddNoteIntent"])
    #expect(describe.result?["structuredContent"]?["name"] == "add_note_intent")
    #expect(describe.result?["structuredContent"]?["inputSchema"]?["properties"]?["title"] != nil)

    let resolve = call(client, "resolve_request", ["request": "write a new note"])
    let resolved = resolve.result?["structuredContent"]
    #expect(resolved?["intent"] == "AddNoteIntent")
    #expect(resolved?["arguments"] == ["priority": "normal"], "defaults are part of the filled call")
    #expect(resolved?["missing"]?[0]?["question"] == "What should the note be called?")
    // What the caller already knows fills what the request leaves empty.
    let withContext = call(client, "resolve_request", ["request": "write a new note", "context": ["title": "Milk"]]).result?["structuredContent"]
    #expect(withContext?["arguments"]?["title"] == "Milk")
    #expect(withContext?["missing"] == [])
    // Keyword-only ranking (no model in this fixture) is less confident: lower the threshold.
    var configuration = RankingConfiguration()
    configuration.noMatchThreshold = 0.1
    let catalog = Fixture.catalog()
    var options = MCPServer.Options()
    options.mode = .compact
    let lenient = Client(server: MCPServer(engine: IntentEngine(catalog: catalog, configuration: configuration), options: options))
    lenient.initialize()
    let high = call(lenient, "resolve_request", ["request": "write a new note with high priority"]).result?["structuredContent"]
    #expect(high?["intent"] == "AddNoteIntent")
    #expect(high?["arguments"]?["priority"] == "high", "enum values are filled from their words")
    #expect(resolved?["alternatives"]?.arrayValue != nil)

    let run = call(client, "run_intent", ["intent": "AddNoteIntent", "arguments": ["title": "Milk"]])
    #expect(run.result?["structuredContent"]?["arguments"]?["priority"] == "normal")
    #expect(call(client, "run_intent", ["intent": "NopeIntent"]).result?["isError"] == true)
    #expect(call(client, "search_intents", ["limit": 3]).result?["isError"] == true)
    #expect(call(client, "add_note_intent", [:]).errorCode == -32602)
  }
}

@Suite struct PromptTests {
  @Test func listGetAndErrors() {
    let client = Client(server: Fixture.server())
    client.initialize()
    #expect(client.request("prompts/list").result?["prompts"]?[0]?["name"] == "fill-parameters")
    let get = client.request("prompts/get", params: ["name": "fill-parameters", "arguments": ["intent": "AddNoteIntent", "request": "milk"]])
    #expect(get.result?["messages"]?[0]?["content"]?["text"] == "Fill AddNoteIntent from milk.")
    #expect(client.request("prompts/get", params: ["name": "nope"]).errorCode == -32602)
    #expect(client.request("prompts/get", params: ["name": "fill-parameters"]).errorCode == -32602)
  }

  @Test func completionOfIntentIDs() {
    let client = Client(server: Fixture.server())
    client.initialize()
    let reply = client.request(
      "completion/complete", params: ["ref": ["type": "ref/prompt", "name": "fill-parameters"], "argument": ["name": "intent", "value": "de"]])
    #expect(reply.result?["completion"]?["values"] == ["DeleteNoteIntent"])
  }

  @Test func parsesPromptFiles() throws {
    let prompt = try MCPPrompt.parse(
      """
      name: p
      title: T
      description: D
      argument: a | first | required
      argument: b | second
      ---
      Hello {{a}} and {{b}} and {{c}}.
      """)
    #expect(prompt.arguments.map(\.required) == [true, false])
    #expect(prompt.render(["a": "x"]) == "Hello x and  and {{c}}.")
    #expect(throws: MCPPrompt.ParseError.self) { try MCPPrompt.parse("name: p\nno separator") }
  }

  @Test func shippedPromptsLoad() throws {
    let root = URLPath.repositoryRoot
    let prompts = try MCPPrompt.load(directory: root + "/Prompts")
    #expect(prompts.map(\.name) == ["choose-value", "explain-ranking", "fill-parameters", "find-intent"])
  }
}

enum URLPath {
  static var repositoryRoot: String {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
  }
}

final class ProgressSink: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  func lines() -> [String] { storage.withLock { $0 } }
  func removeAll() { storage.withLock { $0.removeAll() } }
}
