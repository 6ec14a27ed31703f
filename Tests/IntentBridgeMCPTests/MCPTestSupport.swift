import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeMCP
import IntentBridgeRanking
import IntentBridgeTestSupport
import Testing

/// A small catalog with handlers for the tests (keyword ranking only: no model needed).
enum Fixture {
  /// `scratch`: a folder where handlers leave marker and pid files (`$STARTED`, `$PIDFILE`).
  static func catalogJSON(extraIntents: Int = 0, scratch: String = "/tmp/ib-mcp-scratch-unused") -> String {
    var intents: [String] = [
      """
      {"id": "AddNoteIntent", "title": "Add Note", "description": "Creates a new note.",
       "searchKeywords": ["new note", "write"], "parameterSummary": "Add ${title} with ${priority} priority",
       "parameters": [
         {"name": "title", "title": "Title", "type": "string", "requestValueDialog": "What should the note be called?"},
         {"name": "priority", "type": {"enum": "Priority"}, "default": "normal"},
         {"name": "count", "type": "integer", "optional": true, "minimum": 1, "maximum": 50}
       ]}
      """,
      """
      {"id": "DeleteNoteIntent", "title": "Delete Note", "description": "Deletes a note.", "searchKeywords": ["remove note"],
       "parameters": [{"name": "title", "type": "string"}]}
      """,
      """
      {"id": "EchoIntent", "title": "Echo", "description": "Echoes its arguments.",
       "parameters": [{"name": "text", "type": "string"}],
       "handler": {"command": ["/bin/cat"], "input": "json-stdin", "timeoutSeconds": 5}}
      """,
      """
      {"id": "SleepIntent", "title": "Sleep", "description": "Sleeps until stopped.",
       "handler": {"command": ["/bin/sleep", "100000"], "input": "none", "timeoutSeconds": 0.5}}
      """,
      """
      {"id": "SleepLongIntent", "title": "Sleep long", "description": "Says it started, then sleeps unless cancelled.",
       "handler": {"command": ["/bin/sh", "-c", "sleep 100000 & echo $! > $PIDFILE; touch $STARTED; wait"], "input": "none",
                   "timeoutSeconds": 3600, "env": {"STARTED": "\(scratch)/started", "PIDFILE": "\(scratch)/pid"}}}
      """,
      """
      {"id": "EnvIntent", "title": "Env", "description": "Prints its environment.",
       "handler": {"command": ["/usr/bin/env"], "input": "none", "timeoutSeconds": 5, "env": {"EXTRA_SETTING": "yes"}}}
      """,
      """
      {"id": "YesIntent", "title": "Yes", "description": "Prints forever.",
       "handler": {"command": ["/usr/bin/yes"], "input": "none", "timeoutSeconds": 3600}}
      """,
      """
      {"id": "FailIntent", "title": "Fail", "description": "Exits with status 3.",
       "handler": {"command": ["/bin/sh", "-c", "echo broken >&2; exit 3"], "input": "none", "timeoutSeconds": 5}}
      """,
      """
      {"id": "BackgroundIntent", "title": "Background", "description": "Starts a background process, then sleeps too long.",
       "handler": {"command": ["/bin/sh", "-c", "sleep 100000 & echo $! > $PIDFILE; sleep 100000"], "input": "none", "timeoutSeconds": 0.5,
                   "env": {"PIDFILE": "\(scratch)/pid"}}}
      """,
      """
      {"id": "LeaveBehindIntent", "title": "Leave behind", "description": "Starts a background process and exits.",
       "handler": {"command": ["/bin/sh", "-c", "sleep 100000 & echo $! > $PIDFILE; echo done"], "input": "json-stdin", "timeoutSeconds": 3600,
                   "env": {"PIDFILE": "\(scratch)/pid"}}}
      """,
    ]
    for i in 0..<extraIntents {
      intents.append(#"{"id": "Extra\#(i)Intent", "title": "Extra \#(i)", "description": "Extra intent number \#(i)."}"#)
    }
    return """
      {"formatVersion": 1, "app": {"name": "Test", "defaultLanguage": "en", "languages": ["en"]},
       "enums": [{"id": "Priority", "cases": [{"value": "low"}, {"value": "normal"}, {"value": "high"}]}],
       "intents": [\(intents.joined(separator: ","))]}
      """
  }

  static func catalog(extraIntents: Int = 0, scratch: String = "/tmp/ib-mcp-scratch-unused") -> Catalog {
    let result = CatalogLoader.load(bytes: Array(catalogJSON(extraIntents: extraIntents, scratch: scratch).utf8))
    guard let catalog = result.validCatalog else {
      Issue.record("fixture catalog invalid: \(result.diagnostics)")
      return Catalog(app: AppInfo(defaultLanguage: "en"), intents: [])
    }
    return catalog
  }

  static let prompts: [MCPPrompt] = [
    MCPPrompt(
      name: "fill-parameters", title: "Fill", description: "Fill parameters.",
      arguments: [.init(name: "intent", description: "Intent id", required: true), .init(name: "request", description: "Request", required: false)],
      text: "Fill {{intent}} from {{request}}.")
  ]

  static func server(
    mode: MCPToolMode = .full, pageSize: Int? = nil, extraIntents: Int = 0, scratch: String = "/tmp/ib-mcp-scratch-unused",
    killGrace: Double? = nil
  ) -> MCPServer {
    let catalog = catalog(extraIntents: extraIntents, scratch: scratch)
    var options = MCPServer.Options()
    options.mode = mode
    options.pageSize = pageSize
    options.prompts = prompts
    if let killGrace { options.handlerLimits.killGrace = killGrace }
    return MCPServer(engine: IntentEngine(catalog: catalog), options: options)
  }
}

/// Sends lines to a server and parses the replies.
struct Client {
  let server: MCPServer

  func send(_ text: String) -> [JSONValue] {
    server.handle(line: Array(text.utf8)).map { line in
      #expect(!line.contains("\n"))
      do {
        return try JSONParser.parse(line)
      } catch {
        Issue.record("reply is not JSON: \(line)")
        return .null
      }
    }
  }

  /// One request → exactly one reply.
  func request(_ method: String, id: JSONValue = 1, params: JSONValue? = nil) -> JSONValue {
    var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
    if let params { object["params"] = params }
    let replies = send(JSONValue.object(object).compactText)
    #expect(replies.count == 1, "\(method) got \(replies.count) replies")
    return replies.first ?? .null
  }

  static let modernMeta: JSONValue = [
    "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": [:],
  ]

  func modern(_ method: String, id: JSONValue = 1, params: JSONObject = [:]) -> JSONValue {
    var params = params
    params["_meta"] = Client.modernMeta
    return request(method, id: id, params: .object(params))
  }

  @discardableResult
  func initialize(_ version: String = "2025-06-18") -> JSONValue {
    let reply = request(
      "initialize", id: 0, params: ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "t", "version": "1"]])
    _ = send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    return reply
  }
}

/// A fresh folder for one test's handler files; remove it with `defer`.
func scratchDirectory() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("ib-mcp-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Whether the process `pid` still runs (a zombie, ended but not reaped, does not).
func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
  let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
  return state != "Z" && state != "X"
}

/// The pid a handler wrote to `file`, once it has.
func writtenPID(_ file: String) async -> Int32? {
  var pid: Int32?
  _ = await eventually {
    pid = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return pid != nil
  }
  return pid
}

extension JSONValue {
  var errorCode: Int64? { self["error"]?["code"]?.integerValue }
  var result: JSONValue? { self["result"] }
}
