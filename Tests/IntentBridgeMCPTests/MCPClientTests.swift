import IntentBridgeJSON
import IntentBridgeTestSupport
import Synchronization
import Testing

@testable import IntentBridgeMCP

/// The MCP client's reading of what a server answers, and the client against fake servers:
/// `/bin/sh` scripts that read our lines (echoing each to standard error, which the client
/// relays with the `[fake] ` prefix, so a test sees what was sent) and write canned answers.
/// Request ids are 1, 2, 3, … in order, so the scripts can answer them.
@Suite struct MCPClientParsingTests {
  @Test(arguments: MCPVersion.handshake)
  func handshakeVersionsOpenAHandshakeSession(_ version: String) throws {
    let session = try MCPClient.handshakeSession(["protocolVersion": .string(version), "serverInfo": ["name": "s"]], server: "x")
    #expect(session.protocolVersion == version)
    #expect(!session.isStateless)
    #expect(session.serverInfo["name"] == "s")
  }

  @Test func statelessVersionOpensAStatelessSession() throws {
    let session = try MCPClient.handshakeSession(["protocolVersion": "2026-07-28"], server: "x")
    #expect(session.isStateless)
  }

  @Test func unknownVersionIsAnErrorNamingServerAndPath() {
    #expect {
      try MCPClient.handshakeSession(["protocolVersion": "1999-01-01"], server: "old")
    } throws: { error in
      let text = "\(error)"
      return text.contains("MCP server 'old'") && text.contains("$.result.protocolVersion") && text.contains("\"1999-01-01\"")
    }
  }

  @Test func missingVersionIsAnError() {
    #expect(throws: MCPClientError.self) { try MCPClient.handshakeSession(["capabilities": [:]], server: "x") }
  }

  @Test func weOfferOurLatestVersion() {
    #expect(MCPClient.initializeParams(clientVersion: "1")["protocolVersion"] == "2026-07-28")
  }

  @Test func statelessParamsCarryVersionAndCapabilities() {
    let params = MCPClient.statelessParams(["cursor": "c"])
    #expect(params["cursor"] == "c")
    #expect(params["_meta"]?["io.modelcontextprotocol/protocolVersion"] == "2026-07-28")
    #expect(params["_meta"]?["io.modelcontextprotocol/clientCapabilities"] == .object([:]))
  }

  @Test func discoverNeedsAStatelessVersion() throws {
    #expect(try MCPClient.discoveredSession(["supportedVersions": ["2026-07-28"]], server: "x").isStateless)
    #expect(throws: MCPClientError.self) { try MCPClient.discoveredSession(["supportedVersions": ["2025-06-18"]], server: "x") }
  }

  @Test func toolPages() throws {
    let last = try MCPClient.toolPage(["tools": [["name": "a"]]], server: "x")
    #expect(last.tools.count == 1 && last.nextCursor == nil)
    #expect(try MCPClient.toolPage(["tools": [], "nextCursor": "p2"], server: "x").nextCursor == "p2")
    #expect(try MCPClient.toolPage(["tools": [], "nextCursor": ""], server: "x").nextCursor == nil)
    #expect(try MCPClient.toolPage(["tools": [], "nextCursor": .null], server: "x").nextCursor == nil)
  }

  @Test(arguments: [
    (["tools": "none"] as JSONObject, "$.result.tools must be an array of tools, found string"),
    (JSONObject(), "$.result.tools must be an array of tools, found nothing"),
    (["tools": [], "nextCursor": 2] as JSONObject, "$.result.nextCursor must be a string, found integer"),
  ])
  func malformedPagesNameThePath(_ result: JSONObject, _ expected: String) {
    #expect {
      try MCPClient.toolPage(result, server: "pages")
    } throws: { error in
      "\(error)" == "MCP server 'pages' answered tools/list with an unexpected result: \(expected)"
    }
  }

  @Test func errorResponsesAreNamed() {
    #expect {
      try UpstreamConnection.result(
        of: ["jsonrpc": "2.0", "id": 2, "error": ["code": -32603, "message": "boom"]], method: "tools/list", server: "s")
    } throws: { error in
      "\(error)" == "MCP server 's' answered tools/list with error -32603: \"boom\""
    }
  }

  @Test func linesThatAreNoMessages() {
    #expect(UpstreamConnection.parse(Array("  ".utf8)) == nil)
    #expect(UpstreamConnection.parse(Array(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)) == .message(["jsonrpc": "2.0", "id": 1, "result": [:]]))
    guard case .invalid(let detail)? = UpstreamConnection.parse(Array("Starting server on stdio…".utf8)) else {
      Issue.record("a log line on standard output must be reported")
      return
    }
    #expect(detail.contains("not JSON") && detail.contains("Starting server"))
    guard case .invalid(let other)? = UpstreamConnection.parse(Array("[1, 2]".utf8)) else {
      Issue.record("an array is no JSON-RPC message")
      return
    }
    #expect(other.contains("not a JSON-RPC 2.0 message"))
  }

  @Test(arguments: [
    ("uvx", ["mcp-server-time"], "mcp-server-time"),
    ("/usr/bin/python3", ["-u", "fixtures/three_tools.py"], "three_tools"),
    ("npx", ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "server-filesystem"),
    ("/opt/servers/weather", ["--verbose"], "weather"),
    ("python3.12", ["-m", "mcp_server_git"], "mcp_server_git"),
  ])
  func derivedNames(_ command: String, _ arguments: [String], _ expected: String) {
    #expect(UpstreamServer.derivedName(command: command, arguments: arguments) == expected)
  }
}

@Suite struct ToolNamePatternTests {
  @Test(arguments: [
    ("*", "anything", true), ("*", "", true), ("git_*", "git_status", true), ("git_*", "github_search", false),
    ("get_?", "get_a", true), ("get_?", "get_time", false), ("*_time", "get_current_time", true), ("a*b*c", "aXbYc", true),
    ("a*b*c", "aXbY", false), ("exact", "exact", true), ("exact", "Exact", false), ("**x", "x", true), ("?*", "", false),
  ])
  func matches(_ pattern: String, _ name: String, _ expected: Bool) {
    #expect(ToolNamePattern(pattern).matches(name) == expected)
  }

  @Test func includeThenExclude() {
    let server = UpstreamServer(name: "s", command: "x", include: [ToolNamePattern("git_*")], exclude: [ToolNamePattern("git_push")])
    #expect(server.keeps(toolNamed: "git_status"))
    #expect(!server.keeps(toolNamed: "git_push"))
    #expect(!server.keeps(toolNamed: "fetch"))
  }
}

/// Runs blocking client work off the cooperative pool, behind a hang guard.
private func guarded<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T? {
  await withinHangGuard(seconds: 120, body)
}

/// Collects what the client relays of a fake server's standard error.
private final class Log: Sendable {
  private let lines = Mutex<[String]>([])
  var text: String { lines.withLock { $0.joined() } }
  var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
}

private func fake(_ script: String) -> UpstreamServer {
  UpstreamServer(name: "fake", command: "/bin/sh", arguments: ["-c", script])
}

/// A handshake-era server's answer to `initialize` (id 1), after echoing the request and the
/// `notifications/initialized` that follows to standard error.
private let handshake = #"""
  read line; echo "$line" >&2
  echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}'
  read line; echo "$line" >&2

  """#

private func listTools(_ server: UpstreamServer, timeout: Double = 30, log: Log = Log()) async -> Result<[JSONValue], MCPClientError>? {
  await guarded {
    var options = MCPClient.Options()
    options.requestTimeout = timeout
    return Result { () throws(MCPClientError) -> [JSONValue] in
      let client = try MCPClient.connect(server, options: options, log: log.sink)
      defer { client.close() }
      return try client.listTools()
    }
  }
}

@Suite struct MCPClientSessionTests {
  @Test func handshakeAndPagesInOrder() async throws {
    let log = Log()
    let script =
      handshake + #"""
        read line; echo "$line" >&2
        echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"b"}],"nextCursor":"p2"}}'
        read line; echo "$line" >&2
        echo '{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"c"}]}}'
        read line
        """#
    let result = await listTools(fake(script), log: log)
    let tools = try #require(result).get()
    #expect(tools.map { $0["name"]?.stringValue } == ["a", "b", "c"])
    let sent = log.text
    #expect(sent.contains(#"[fake] {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2026-07-28""#))
    #expect(sent.contains(#"[fake] {"jsonrpc":"2.0","method":"notifications/initialized","params":{}}"#))
    #expect(sent.contains(#"[fake] {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}"#))
    #expect(sent.contains(#"[fake] {"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"p2"}}"#))
  }

  @Test func statelessOnlyServerIsReachedThroughDiscover() async throws {
    let log = Log()
    let script = #"""
      read line; echo "$line" >&2
      echo '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing _meta"}}'
      read line; echo "$line" >&2
      echo '{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"modern"}}}}'
      read line; echo "$line" >&2
      read line; echo "$line" >&2
      echo '{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","tools":[{"name":"only"}],"ttlMs":0}}'
      read line
      """#
    let result = await guarded {
      Result { () throws(MCPClientError) -> (MCPClient.Session, [JSONValue]) in
        let client = try MCPClient.connect(fake(script), log: log.sink)
        defer { client.close() }
        return (client.session, try client.listTools())
      }
    }
    let (session, tools) = try #require(result).get()
    #expect(session.protocolVersion == "2026-07-28")
    #expect(session.serverInfo["name"] == "modern")
    #expect(tools.map { $0["name"]?.stringValue } == ["only"])
    #expect(log.text.contains(#""id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28""#))
  }

  @Test func pingFromTheServerIsAnswered() async throws {
    let log = Log()
    let script =
      handshake + #"""
        read line
        echo '{"jsonrpc":"2.0","id":"srv-1","method":"ping"}'
        echo '{"jsonrpc":"2.0","id":"srv-2","method":"roots/list"}'
        echo '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"listing"}}'
        read reply; echo "$reply" >&2
        read reply; echo "$reply" >&2
        echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'
        read line
        """#
    let tools = try #require(await listTools(fake(script), log: log)).get()
    #expect(tools.isEmpty)
    #expect(log.text.contains(#"[fake] {"jsonrpc":"2.0","id":"srv-1","result":{}}"#))
    #expect(log.text.contains(#""id":"srv-2","error":{"code":-32601"#))
    #expect(log.text.contains("[fake] info: listing"))
  }

  @Test func errorResponseToToolsList() async throws {
    let script = handshake + #"read line; echo '{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"database down"}}'; read line"#
    let result = try #require(await listTools(fake(script)))
    #expect(throws: MCPClientError(server: "fake", reason: .errorResponse(method: "tools/list", code: -32603, message: "database down"))) {
      try result.get()
    }
  }

  @Test func serverThatExitsIsNamedWithItsStatusAndLastWords() async throws {
    let script = #"read line; echo "Traceback (most recent call last):" >&2; echo "ImportError: no module named httpx" >&2; exit 4"#
    let result = try #require(await listTools(fake(script)))
    #expect(
      throws: MCPClientError(
        server: "fake", reason: .ended(method: "initialize", ending: "exited with status 4", lastErrorLine: "ImportError: no module named httpx"))
    ) { try result.get() }
  }

  @Test func serverThatHangsIsStopped() async throws {
    let script = handshake + "read line; sleep 300"
    let result = try #require(await listTools(fake(script), timeout: 0.5))
    #expect(throws: MCPClientError(server: "fake", reason: .timedOut(method: "tools/list", seconds: 0.5))) { try result.get() }
  }

  @Test func logOnStandardOutputIsReported() async throws {
    let script = "read line; echo 'Server listening on stdio'; sleep 300"
    let result = try #require(await listTools(fake(script)))
    #expect {
      try result.get()
    } throws: { error in
      "\(error)".hasPrefix("MCP server 'fake' wrote a line that is not JSON") && "\(error)".contains("Server listening on stdio")
    }
  }

  @Test func cursorThatRepeatsEndsTheListing() async throws {
    let page = #"echo '{"jsonrpc":"2.0","id":ID,"result":{"tools":[],"nextCursor":"same"}}'"#
    let script =
      handshake + "read line; " + page.replacing("ID", with: "2") + "; read line; " + page.replacing("ID", with: "3") + "; read line"
    let result = try #require(await listTools(fake(script)))
    #expect {
      try result.get()
    } throws: { error in
      "\(error)".contains("$.result.nextCursor must be a cursor not given before")
    }
  }

  @Test func workingFolderAndEnvironmentReachTheServer() async throws {
    let log = Log()
    var server = fake(
      handshake + #"pwd >&2; echo "token=$IB_TOKEN" >&2; read line; echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'; read line"#)
    server.workingDirectory = "/"
    server.environment = [("IB_TOKEN", "s3cret")]
    _ = try #require(await listTools(server, log: log)).get()
    #expect(log.text.contains("[fake] /\n"))
    #expect(log.text.contains("[fake] token=s3cret\n"))
  }

  @Test func concurrentCallsGetTheirOwnAnswers() async throws {
    // The server reads both calls (in whichever order the two threads sent them) before it
    // answers either, then answers the second first; the call of "alpha" fails.
    let script =
      handshake + #"""
        answer() {
          id=$(echo "$1" | sed -n 's/.*"id":\([0-9]*\),.*/\1/p'); name=$(echo "$1" | sed -n 's/.*"name":"\([a-z]*\)".*/\1/p')
          if [ "$name" = alpha ]; then failed=',"isError":true'; else failed=',"isError":false'; fi
          echo '{"jsonrpc":"2.0","id":'"$id"',"result":{"content":[{"type":"text","text":"'"$name"'"}]'"$failed"'}}'
        }
        read a; read b
        answer "$b"; answer "$a"
        read line
        """#
    let client = try #require(await guarded { Result { () throws(MCPClientError) in try MCPClient.connect(fake(script), log: { _ in }) } }).get()
    defer { client.close() }
    let alpha = GuardedWork { Result { () throws(MCPClientError) in try client.callTool("alpha", arguments: ["x": 1]) } }
    let beta = GuardedWork { Result { () throws(MCPClientError) in try client.callTool("beta", arguments: [:]) } }
    let alphaResult = try #require(await alpha.value(seconds: 120)).get()
    let betaResult = try #require(await beta.value(seconds: 120)).get()
    #expect(alphaResult["content"]?[0]?["text"] == "alpha")
    #expect(betaResult["content"]?[0]?["text"] == "beta")
    #expect(alphaResult["isError"] == true, "a tool's failure is relayed as its result")
    #expect(betaResult["isError"] == false)
  }

  @Test func lateAnswerIsDroppedAndTheNextRequestGetsItsOwn() async throws {
    // The answer to tools/list (id 2) comes only after the request timed out (and was
    // cancelled) and the next request (id 3) was read.
    let log = Log()
    let script =
      handshake + #"""
        read first; read cancelled; echo "$cancelled" >&2; read second
        echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"late"}]}}'
        echo '{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"on_time"}]}}'
        read line
        """#
    let outcome = await guarded {
      Result { () throws(MCPClientError) -> (MCPClientError?, JSONObject) in
        let client = try MCPClient.connect(fake(script), log: log.sink)
        defer { client.close() }
        var first: MCPClientError?
        do throws(MCPClientError) { _ = try client.request("tools/list", timeout: 0.3) } catch { first = error }
        return (first, try client.request("tools/list"))
      }
    }
    let (first, second) = try #require(outcome).get()
    #expect(first == MCPClientError(server: "fake", reason: .timedOut(method: "tools/list", seconds: 0.3)))
    #expect(second["tools"]?[0]?["name"] == "on_time")
    #expect(
      log.text.contains(#"[fake] {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"timed out after 0.3 s"}}"#))
  }

  @Test func notificationsReachTheirHandler() async throws {
    let seen = Log()
    let script =
      handshake + #"""
        echo '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'
        read line
        echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'
        read line
        """#
    let result = await guarded {
      Result { () throws(MCPClientError) -> [JSONValue] in
        let client = try MCPClient.connect(fake(script), log: { _ in }, notifications: { method, _ in seen.sink(method) })
        defer { client.close() }
        return try client.listTools()
      }
    }
    _ = try #require(result).get()
    #expect(seen.text == "notifications/tools/list_changed")
  }

  @Test func programsThatCannotStart() async throws {
    let missing = try #require(await listTools(UpstreamServer(name: "gone", command: "intentbridge-no-such-program-4711")))
    #expect {
      try missing.get()
    } throws: { error in
      "\(error)".hasPrefix("MCP server 'gone' could not be started: no program \"intentbridge-no-such-program-4711\" on PATH")
    }
    var badFolder = fake("exit 0")
    badFolder.workingDirectory = "/no/such/folder"
    let folder = try #require(await listTools(badFolder))
    #expect {
      try folder.get()
    } throws: { error in
      "\(error)".contains("its working folder \"/no/such/folder\" (cwd) does not exist")
    }
  }
}
