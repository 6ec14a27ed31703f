import IntentBridgeJSON
import Testing

@testable import IntentBridgeMCP

@Suite struct MCPServersConfigTests {
  func parse(_ text: String) throws(MCPServersConfig.Problem) -> MCPServersConfig {
    try MCPServersConfig.parse(bytes: Array(text.utf8), file: "servers.json", folder: "/etc/ib")
  }

  @Test func claudeDesktopConfiguration() throws {
    let config = try parse(
      #"""
      {"mcpServers": {
        "time": {"command": "uvx", "args": ["mcp-server-time", "--local-timezone=UTC"], "env": {"B": "2", "A": "1"}},
        "git": {"command": "/usr/bin/python3", "args": ["-m", "mcp_server_git"], "cwd": "repo", "include": ["git_*"], "exclude": ["git_push"], "namespace": "vcs"},
        "docs": {"type": "http", "url": "https://example.invalid/mcp"},
        "old": {"command": "x", "disabled": true},
        "cursor": {"command": "node", "args": ["server.js"], "type": "stdio", "autoApprove": []}
      }}
      """#)
    #expect(config.servers.map(\.name) == ["time", "git", "cursor"])
    let time = config.servers[0]
    #expect(time.arguments == ["mcp-server-time", "--local-timezone=UTC"])
    #expect(time.environment.map(\.name) == ["B", "A"])
    #expect(time.namespace == nil && time.effectiveNamespace == "time")
    let git = config.servers[1]
    #expect(git.workingDirectory == "/etc/ib/repo")
    #expect(git.include == [ToolNamePattern("git_*")] && git.exclude == [ToolNamePattern("git_push")])
    #expect(git.effectiveNamespace == "vcs")
    #expect(config.skipped.map(\.server) == ["docs", "old"])
  }

  @Test(arguments: [
    (#"{"mcpServers": {"a": {"command": "x",}}}"#, "servers.json:1:38: error: trailing comma before '}' is not allowed in JSON [json-syntax]"),
    ("[1]", "servers.json:1:1: error: expected an object {\"mcpServers\": {…}}, found array"),
    (
      #"{"servers": {"a": {"command": "x"}}}"#,
      "servers.json:1:1: error: missing \"mcpServers\": an object of servers by name, e.g. {\"mcpServers\": {\"time\": {\"command\": \"uvx\", \"args\": [\"mcp-server-time\"]}}} (this looks like VS Code's \"servers\"; rename it to \"mcpServers\")"
    ),
    (#"{"mcpServers": []}"#, "servers.json:1:16: error: \"mcpServers\" must be an object of servers by name, found array\n  at $.mcpServers"),
    (#"{"mcpServers": {}}"#, "servers.json:1:16: error: \"mcpServers\" names no server\n  at $.mcpServers"),
    (
      "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\", \"args\": \"--flag\"}}}",
      "servers.json:2:33: error: \"args\" must be an array of strings, found string\n  at $.mcpServers.a.args"
    ),
    (
      #"{"mcpServers": {"a": {"command": "x", "args": ["ok", 2]}}}"#,
      "servers.json:1:54: error: \"args\" must be an array of strings; element 1 is integer\n  at $.mcpServers.a.args[1]"
    ),
    (
      #"{"mcpServers": {"a": {"command": "x", "env": {"PORT": 8080}}}}"#,
      "servers.json:1:55: error: the value of environment variable \"PORT\" must be a string, found integer\n  at $.mcpServers.a.env.PORT"
    ),
    (
      #"{"mcpServers": {"a": {"args": []}}}"#,
      "servers.json:1:22: error: server \"a\" has no \"command\" (the program to start, e.g. \"uvx\" or \"/usr/bin/python3\")\n  at $.mcpServers.a"
    ),
    (
      #"{"mcpServers": {"a": {"command": ""}}}"#,
      "servers.json:1:34: error: \"command\" is empty; name the program to start\n  at $.mcpServers.a.command"
    ),
    (#"{"mcpServers": {"a": {"command": 5}}}"#, "servers.json:1:34: error: \"command\" must be a string, found integer\n  at $.mcpServers.a.command"),
    (
      #"{"mcpServers": {"a": {"command": "x", "namespace": "a.b"}}}"#,
      "servers.json:1:52: error: \"namespace\" must be at most 32 of the characters a tool name allows (a-z, A-Z, 0-9, _ and -), or empty for none, found \"a.b\"\n  at $.mcpServers.a.namespace"
    ),
    (
      #"{"mcpServers": {"a": "uvx x"}}"#,
      "servers.json:1:22: error: server \"a\" must be an object with \"command\", found string\n  at $.mcpServers.a"
    ),
    (
      #"{"mcpServers": {"a": {"url": "https://example.invalid"}}}"#,
      "servers.json:1:16: error: no stdio server to start: every entry is remote or disabled\n  at $.mcpServers"
    ),
  ])
  func problemsNameFileLocationAndPath(_ text: String, _ expected: String) {
    #expect {
      try parse(text)
    } throws: { error in
      let message = "\(error)"
      if message != expected { Issue.record("got:\n\(message)\nexpected:\n\(expected)") }
      return message == expected
    }
  }

  @Test func missingFileIsNamed() {
    #expect {
      try MCPServersConfig.load(path: "/no/such/servers.json")
    } throws: { error in
      "\(error)".hasPrefix("/no/such/servers.json: error:")
    }
  }
}

@Suite struct UpstreamToolListTests {
  func listing(_ server: UpstreamServer, _ names: [String]) -> UpstreamToolList.Listing {
    UpstreamToolList.Listing(
      server: server, session: MCPClient.Session(protocolVersion: "2025-06-18", serverInfo: [:], capabilities: [:], instructions: nil),
      tools: names.map { ["name": .string($0), "inputSchema": ["type": "object"]] })
  }

  @Test func oneServerKeepsItsNames() {
    let list = UpstreamToolList.merge([listing(UpstreamServer(name: "time", command: "x"), ["get_time", "convert"])], namespaced: false)
    #expect(list.document["tools"]?.arrayValue?.map { $0["name"] } == ["get_time", "convert"])
    #expect(list.document["tools"]?[0]?["title"] == nil)
    #expect(list.notices.isEmpty)
  }

  @Test func namespacesTitlesAndFilters() {
    let git = UpstreamServer(
      name: "git", command: "x", include: [ToolNamePattern("git_*"), ToolNamePattern("nothing*")], exclude: [ToolNamePattern("git_push")])
    let list = UpstreamToolList.merge(
      [listing(UpstreamServer(name: "my time", command: "x"), ["get_time"]), listing(git, ["git_status", "git_push", "fetch"])], namespaced: true)
    let tools = list.document["tools"]?.arrayValue ?? []
    #expect(tools.map { $0["name"] } == ["my_time__get_time", "git__git_status"])
    #expect(tools.map { $0["title"] } == ["Get time", "Git status"])
    #expect(
      list.notices == [
        "MCP server 'git': include pattern \"nothing*\" matches none of its 3 tools",
        "MCP server 'git': 1 of its 3 tools imported (include/exclude patterns)",
      ])
    #expect(
      list.describe(.root / "tools" / 1 / "inputSchema") == "tool \"git_status\" of MCP server 'git' (its tools/list entry 0), at $.inputSchema")
  }

  @Test func collisionsGetTheFirstFreeSuffixAndAreReported() {
    let a = UpstreamServer(name: "a", command: "x", namespace: "")
    let b = UpstreamServer(name: "b", command: "x", namespace: "")
    let list = UpstreamToolList.merge([listing(a, ["echo", "echo_2"]), listing(b, ["echo", "add", "add"])], namespaced: true)
    #expect(list.document["tools"]?.arrayValue?.map { $0["name"] } == ["echo", "echo_2", "echo_3", "add", "add_2"])
    #expect(
      list.notices == [
        "MCP server 'b': tool \"echo\" would be named \"echo\", which a tool of MCP server 'a' has; imported as \"echo_3\"",
        "MCP server 'b': tool \"add\" would be named \"add\", which an earlier tool of the same server has; imported as \"add_2\"",
      ])
    let source = list.source(replacing: ["kind": "tools", "dialect": "mcp"])
    #expect(source["kind"] == "mcp")
    #expect(source["servers"]?[1]?["tools"] == ["echo_3": "echo", "add": "add", "add_2": "add"])
  }

  @Test func longNamesStayWithin64Characters() {
    let long = String(repeating: "x", count: 64)
    let list = UpstreamToolList.merge([listing(UpstreamServer(name: "s", command: "x", namespace: ""), [long, long])], namespaced: true)
    let names = list.document["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(names == [long, String(repeating: "x", count: 62) + "_2"])
  }
}
