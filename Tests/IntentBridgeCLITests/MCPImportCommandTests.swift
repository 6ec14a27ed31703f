import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// `intentbridge import mcp` in-process against `/bin/sh` fake servers (the real servers and
/// the official SDK are in Tests/mcp/import_mcp.py): the catalog written, namespaces from a
/// configuration, the exit statuses and messages of the command line, the configuration and
/// a failing server.
@Suite struct MCPImportCommandTests {
  /// A fake server answering `initialize` (id 1) and one `tools/list` page (id 2) of `tools`.
  static func fakeServer(tools: String) -> [String] {
    let script = #"""
      read line
      echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}'
      read line
      read line
      echo '{"jsonrpc":"2.0","id":2,"result":{"tools":TOOLS}}'
      read line
      """#
    return ["/bin/sh", "-c", script.replacing("TOOLS", with: tools)]
  }

  static let weatherTools =
    #"[{"name":"get_forecast","description":"The forecast for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city"]}},{"name":"get_alerts","inputSchema":{"type":"object","properties":{}}}]"#

  @Test func oneServerAfterDoubleDash() async throws {
    let run = try #require(
      await withinHangGuard { CapturedRun(["import", "mcp", "--name", "weather", "--"] + Self.fakeServer(tools: Self.weatherTools)) })
    #expect(run.status == 0, "\(run.err)")
    let catalog = try JSONParser.parse(run.out)
    #expect(catalog["app"]?["name"] == "weather")
    #expect(catalog["intents"]?.arrayValue?.map { $0["id"] } == ["get_forecast", "get_alerts"])
    #expect(catalog["intents"]?[0]?["parameters"]?[1]?["maximum"] == 7)
    #expect(catalog["source"]?["kind"] == "mcp")
    #expect(catalog["source"]?["servers"]?[0]?["protocolVersion"] == "2025-06-18")
  }

  @Test func configurationGivesNamespaces() async throws {
    let directory = try ImportRoundTripTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let weather = Self.fakeServer(tools: Self.weatherTools)
    let other = Self.fakeServer(tools: #"[{"name":"get_alerts","inputSchema":{"type":"object"}}]"#)
    func entry(_ argv: [String], extra: String = "") -> String {
      #"{"command": "\#(argv[0])", "args": \#(JSONValue.array(argv.dropFirst().map(JSONValue.string)).compactText)\#(extra)}"#
    }
    let config = directory.appendingPathComponent("servers.json")
    try Data(
      #"{"mcpServers": {"weather": \#(entry(weather)), "city alerts": \#(entry(other)), "same": \#(entry(other, extra: #", "namespace": "weather""#))}}"#
        .utf8
    ).write(to: config)
    let run = try #require(await withinHangGuard { CapturedRun(["import", "mcp", "--config", config.path]) })
    #expect(run.status == 0, "\(run.err)")
    let catalog = try JSONParser.parse(run.out)
    #expect(
      catalog["intents"]?.arrayValue?.map { $0["id"] } == [
        "weather__get_forecast", "weather__get_alerts", "city_alerts__get_alerts", "weather__get_alerts_2",
      ])
    #expect(
      run.err.contains(
        #"warning: MCP server 'same': tool "get_alerts" would be named "weather__get_alerts", which a tool of MCP server 'weather' has; imported as "weather__get_alerts_2""#
      ))
    #expect(catalog["app"]?["name"] == "servers")
  }

  @Test func failingServerExits1NamingIt() async throws {
    let run = try #require(
      await withinHangGuard { CapturedRun(["import", "mcp", "--name", "broken", "--", "/bin/sh", "-c", "echo 'no config' >&2; exit 2"]) })
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(run.err.contains("[broken] no config\n"))
    #expect(
      run.err.contains(#"error: MCP server 'broken' exited with status 2 before answering initialize (last line of its standard error: "no config")"#)
    )
  }

  @Test func badConfigurationExits65NamingFileAndPath() async throws {
    let directory = try ImportRoundTripTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("servers.json")
    try Data(#"{"mcpServers": {"time": {"command": "uvx", "args": "mcp-server-time"}}}"#.utf8).write(to: config)
    let run = CapturedRun(["import", "mcp", "--config", config.path])
    #expect(run.status == 65)
    #expect(run.err == "\(config.path):1:52: error: \"args\" must be an array of strings, found string\n  at $.mcpServers.time.args\n")
  }

  @Test(arguments: [
    (["import", "mcp"], "'import mcp' needs a server: --config CONFIG.json, or the command after '--'"),
    (["import", "mcp", "--config", "c.json", "--", "uvx"], "give either --config or a server command after '--', not both"),
    (["import", "mcp", "--config", "c.json", "--namespace", "x"], "'--namespace' applies to a server command after '--'"),
    (["import", "mcp", "--server", "a", "--", "uvx"], "'--server' selects servers of --config"),
    (
      ["import", "mcp", "--timeout", "soon", "--", "uvx"], "'--timeout <seconds>' must be a number of seconds above 0 and at most 3600, found 'soon'"
    ),
    (["import", "mcp", "--namespace", "a.b", "--", "uvx"], "'--namespace' must be at most 32 of a-z, A-Z, 0-9, _ and -, found 'a.b'"),
    (["import", "mcp", "--lang", "de", "--", "uvx"], "'--lang' applies to 'import swift' only"),
    (["import", "tools", "a.json", "--config", "c.json"], "'--config' applies to 'import mcp' only"),
    (["import", "tools"], "missing expected argument '<file>'"),
    (["import", "mpc", "--", "uvx"], "did you mean 'mcp'?"),
  ])
  func usageErrorsExit64(_ arguments: [String], _ message: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }
}
