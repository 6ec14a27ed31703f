import IntentBridgeJSON
import Synchronization

/// The upstream servers behind `intentbridge gateway`: for each intent of the gateway's
/// catalog, the server that has the tool and the server's own name for it, and the open
/// sessions that calls are forwarded over.
///
///     let upstreams = GatewayUpstreams(routes: GatewayUpstreams.routes(source: catalog.source, listings: listings),
///                                      clients: clients, callTimeout: 60, progress: relay)
///     upstreams.route(forIntent: "time__get_current_time")   // Route(server: "time", tool: "get_current_time", …)
///
/// A forwarded call is checked against the upstream tool's own `inputSchema` (as the server
/// listed it), sent as `tools/call` with the server's own tool name, and its result —
/// `content`, `structuredContent`, `isError`, whatever else the server put in it — comes back
/// unchanged. What goes wrong on the way (the server ended, did not answer within
/// `callTimeout`, answered with a JSON-RPC error) becomes an `isError` result that names the
/// server, so the host's model can tell the user which server failed; the gateway serves on.
package final class GatewayUpstreams: Sendable {
  /// Where one intent of the gateway's catalog goes.
  package struct Route: Sendable, Equatable {
    /// The server's name (its key under `mcpServers`).
    package var server: String
    /// The server's own name for the tool.
    package var tool: String
    /// The tool's `inputSchema` as the server listed it; nil when it listed none.
    package var inputSchema: JSONValue?

    package init(server: String, tool: String, inputSchema: JSONValue? = nil) {
      self.server = server
      self.tool = tool
      self.inputSchema = inputSchema
    }
  }

  /// Routes by intent id (the tool's name in the catalog).
  package let routes: [String: Route]
  /// The servers' names, in the configuration's order.
  package let serverNames: [String]
  /// Seconds a forwarded call may take.
  package let callTimeout: Double
  let clients: [String: MCPClient]
  /// Servers kept running (`UpstreamSupervisor`): their session of the moment, or why they
  /// cannot be called now.
  let supervisors: [String: UpstreamSupervisor]
  let progress: UpstreamProgressRelay
  /// The servers' elicitation requests and the host's answers (`GatewayForwarding`).
  package let elicitation: UpstreamElicitationRelay

  /// `serverNames`: the servers the instructions name (nil: the clients' and supervisors').
  /// `elicitation`: the relay the clients' `elicitations` go to (`MCPClient.connect`).
  package init(
    routes: [String: Route], clients: [MCPClient] = [], supervisors: [UpstreamSupervisor] = [], serverNames: [String]? = nil,
    callTimeout: Double, progress: UpstreamProgressRelay, elicitation: UpstreamElicitationRelay = UpstreamElicitationRelay()
  ) {
    self.routes = routes
    self.serverNames = serverNames ?? (clients.map(\.server.name) + supervisors.map(\.server.name))
    self.callTimeout = callTimeout
    var byName: [String: MCPClient] = [:]
    for client in clients { byName[client.server.name] = client }
    self.clients = byName
    var supervised: [String: UpstreamSupervisor] = [:]
    for supervisor in supervisors { supervised[supervisor.server.name] = supervisor }
    self.supervisors = supervised
    self.progress = progress
    self.elicitation = elicitation
  }

  /// Why the tool behind intent `id` cannot be called now (its server is restarting), or nil.
  package func unavailability(ofIntent id: String) -> String? {
    guard let route = routes[id], let supervisor = supervisors[route.server],
      case .unavailable(let reason) = supervisor.availability
    else { return nil }
    return reason
  }

  /// The routes a catalog's `source.servers` gives (`UpstreamToolList.source`: per server its
  /// `name` and `tools`, catalog name → the server's own name), with each tool's input
  /// schema from the servers' listings. Entries of another shape are left out.
  ///
  ///     // source.servers: [{"name": "time", "tools": {"time__get_current_time": "get_current_time"}}]
  ///     routes["time__get_current_time"]   // Route(server: "time", tool: "get_current_time", inputSchema: {…})
  package static func routes(source: JSONValue?, listings: [UpstreamToolList.Listing]) -> [String: Route] {
    var schemas: [String: [String: JSONValue]] = [:]
    for listing in listings {
      var byTool: [String: JSONValue] = [:]
      for tool in listing.tools {
        if case .string(let name)? = tool["name"], byTool[name] == nil, let schema = tool["inputSchema"] { byTool[name] = schema }
      }
      schemas[listing.server.name] = byTool
    }
    var routes: [String: Route] = [:]
    for entry in source?["servers"]?.arrayValue ?? [] {
      guard case .string(let server)? = entry["name"], case .object(let tools)? = entry["tools"] else { continue }
      for (name, value) in tools {
        guard case .string(let tool) = value, routes[name] == nil else { continue }
        routes[name] = Route(server: server, tool: tool, inputSchema: schemas[server]?[tool])
      }
    }
    return routes
  }

  package func route(forIntent id: String) -> Route? { routes[id] }

  /// Calls the tool behind `route` with `arguments` and returns the server's result as it
  /// wrote it, or an `isError` result naming the server. `label` names the call in messages
  /// (`time__get_current_time`). With a `progressToken` the server's
  /// `notifications/progress` are relayed to `send` under that token.
  /// `ask` receives a stateless-era server's questions (`input_required`; `GatewayInputRounds.swift`).
  func call(
    _ route: Route, label: String, arguments: JSONObject, progressToken: JSONValue?, send: @escaping @Sendable (String) -> Void,
    cancellation: UpstreamCancellation, ask: (@Sendable (UpstreamServerRequest) -> Void)? = nil
  ) -> JSONObject {
    if let schema = route.inputSchema, case .object = schema {
      let violations = JSONSchemaValidator.validate(.object(arguments), against: schema)
      if !violations.isEmpty {
        let lines = violations.map { "- \($0.instancePath): \($0.message)" }
        return MCPServer.errorResult(
          "Invalid arguments for \(label) (the input schema of tool \"\(route.tool)\" of MCP server '\(route.server)'):\n"
            + lines.joined(separator: "\n"))
      }
    }
    let client: MCPClient
    switch supervisors[route.server]?.availability {
    case .available(let supervised)?:
      client = supervised
    case .unavailable(let reason)?:
      // Answered at once: the call is not held until the server is back.
      return MCPServer.errorResult("\(reason) \(label) cannot be called until it is back; try again shortly.")
    case nil:
      guard let direct = clients[route.server] else {
        return MCPServer.errorResult("MCP server '\(route.server)' is not running behind this gateway; \(label) cannot be called.")
      }
      client = direct
    }
    let token = progressToken.map { progress.register(hostToken: $0, send: send) }
    defer { if let token { progress.remove(token) } }
    do {
      return try callTool(
        client, route, label: label, arguments: arguments, progressToken: token.map(JSONValue.string), cancellation: cancellation, ask: ask)
    } catch {
      switch error.reason {
      case .timedOut(_, let seconds):
        return MCPServer.errorResult(
          "MCP server '\(route.server)' did not answer the call of its tool \"\(route.tool)\" (\(label)) within \(MCPClientError.format(seconds)) s; "
            + "the call was cancelled (the gateway's --call-timeout sets the limit).")
      default:
        return MCPServer.errorResult("The call of \(label) failed: \(error)")
      }
    }
  }
}

/// Relays an upstream server's `notifications/progress` for a forwarded call to the host,
/// under the host's own progress token. Each forwarded call with a token gets a fresh token
/// of ours (`ib-progress-N`), so the calls of several hosts' requests never mix.
package final class UpstreamProgressRelay: Sendable {
  private struct Entry: Sendable {
    var hostToken: JSONValue
    var send: @Sendable (String) -> Void
  }
  private struct State {
    var next: Int64 = 1
    var entries: [String: Entry] = [:]
  }
  private let state = Mutex(State())

  package init() {}

  func register(hostToken: JSONValue, send: @escaping @Sendable (String) -> Void) -> String {
    state.withLock { state in
      let token = "ib-progress-\(state.next)"
      state.next += 1
      state.entries[token] = Entry(hostToken: hostToken, send: send)
      return token
    }
  }

  func remove(_ token: String) {
    _ = state.withLock { $0.entries.removeValue(forKey: token) }
  }

  /// The handler of a server's notifications (`MCPClient.connect(_:notifications:)`):
  /// progress of a call in flight goes to its host; anything else is ignored.
  package func receive(method: String, params: JSONObject) {
    guard method == "notifications/progress", case .string(let token)? = params["progressToken"],
      let entry = state.withLock({ $0.entries[token] })
    else { return }
    var relayed = params
    relayed["progressToken"] = entry.hostToken
    relayed["_meta"] = nil
    entry.send(JSONRPC.notification(method: "notifications/progress", params: relayed).compactText)
  }
}
