import IntentBridgeEngine
import IntentBridgeTools
import Synchronization

/// The protocol versions the server speaks.
public enum MCPVersion {
  /// Handshake era (`initialize`), oldest first.
  public static let handshake = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// Stateless era (`server/discover`, per-request `_meta`).
  public static let stateless = ["2026-07-28"]
  public static var all: [String] { handshake + stateless }
  public static let latestHandshake = "2025-11-25"
  /// The only version in which JSON-RPC batches exist.
  public static let batchVersion = "2025-03-26"

  static let metaVersionKey = "io.modelcontextprotocol/protocolVersion"
  static let metaCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  static let metaServerInfoKey = "io.modelcontextprotocol/serverInfo"
}

/// How intents are offered as tools.
public enum MCPToolMode: String, Sendable, CaseIterable {
  /// One tool per discoverable intent.
  case full
  /// Four meta-tools: `search_intents`, `describe_intent`, `resolve_request`, `run_intent`.
  case compact
  /// `compact` above `MCPServer.Options.autoCompactThreshold` discoverable intents, else `full`.
  case auto
}

/// A transport-independent MCP server: one incoming line in, zero or more outgoing lines out.
///
///     let server = MCPServer(engine: IntentEngine(catalog: catalog))
///     server.handle(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
///     // [#"{"jsonrpc":"2.0","id":1,"result":{}}"#]
///     server.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
///     // []
///
/// Thread-safe: the session state (handshake, cancelled requests) sits behind a `Mutex`, so
/// requests may be handled concurrently from any thread. The stdio transport lives in the CLI
/// (`intentbridge serve`).
public final class MCPServer: Sendable {
  public struct Options: Sendable {
    public var mode: MCPToolMode = .auto
    /// Tools per `tools/list` page; nil = everything on one page (many clients ignore cursors).
    public var pageSize: Int?
    public var prompts: [MCPPrompt] = []
    public var serverVersion = "0.1.0"
    /// Limits for handler processes.
    public var handlerLimits = HandlerRunner.Limits()
    /// True when the catalog file is watched and reloaded (`MCPServerHost`); advertised as
    /// `tools.listChanged` in the handshake era.
    public var watchesCatalog = false
    /// The upstream servers of `intentbridge gateway`: calls of the intents they route are
    /// forwarded to them instead of running a handler.
    package var upstreams: GatewayUpstreams?
    public static let autoCompactThreshold = 30
    public init() {}
  }

  struct State: Sendable {
    var negotiatedVersion: String?
    var initialized = false
    /// The `capabilities` the client declared at `initialize` (handshake era).
    var clientCapabilities: JSONObject?
    /// Requests read and not yet answered, by id (compact JSON text of its value) → how many.
    var inFlight: [String: Int] = [:]
    /// Ids of requests in flight that the client cancelled (never others: a cancellation of an
    /// unknown or answered id changes nothing).
    var cancelled: Set<String> = []
    /// Handler children of requests in flight (request id text → pid), stopped on cancel.
    var running: [String: Int32] = [:]
    /// Calls forwarded to an upstream server (request id text → their cancellation), given up on cancel.
    var forwarded: [String: UpstreamCancellation] = [:]
  }

  /// The engine that ranks and resolves requests; its language is that of the tools' texts.
  public let engine: IntentEngine
  /// The catalog's engines per language, when the server was started without a language:
  /// `search_intents` and `resolve_request` then read each request in the catalog language it
  /// is written in (`CatalogEngines`), as the CLI does; nil: every request in `engine`'s.
  public let engines: CatalogEngines?
  public let options: Options
  /// The mode in effect (`auto` resolved).
  public let mode: MCPToolMode
  let tools: [ToolDefinition]
  let toolsByName: [String: Int]
  /// The `tools/list` entries in order (full mode: one per intent; compact: the meta-tools).
  let listedTools: [JSONValue]
  let state = Mutex(State())

  public var catalog: Catalog { engine.catalog }
  /// The language of titles, descriptions and questions (the engine's).
  var language: String { engine.language }

  public init(engine: IntentEngine, engines: CatalogEngines? = nil, options: Options = Options()) {
    self.engine = engine
    self.engines = engines
    self.options = options
    let tools = ToolDefinitionBuilder(catalog: engine.catalog, language: engine.language).tools()
    self.tools = tools
    var byName: [String: Int] = [:]
    for (i, tool) in tools.enumerated() where byName[tool.name] == nil { byName[tool.name] = i }
    self.toolsByName = byName
    switch options.mode {
    case .auto: mode = tools.count > Options.autoCompactThreshold ? .compact : .full
    case let other: mode = other
    }
    listedTools = mode == .full ? tools.map(MCPServer.renderTool) : MetaTools.definitions
  }

  /// A server over a catalog's engines: tools in their default language; when no language was
  /// chosen (`CatalogEngines.options.language`), meta-tool requests go to the language they
  /// are written in.
  public convenience init(engines: CatalogEngines, options: Options = Options()) {
    self.init(engine: engines.defaultEngine, engines: engines.options.language == nil ? engines : nil, options: options)
  }

  /// `request` ranked in its language among the catalog's (`CatalogEngines.rank`: the request
  /// read once), else by `engine`; a language whose engine does not load falls back to `engine`.
  func rank(_ request: String, top: Int) -> Ranking {
    guard let engines, let routed = try? engines.rank(request, top: top) else { return engine.rank(request, top: top) }
    return routed.value
  }

  /// `request` resolved in its language among the catalog's (`CatalogEngines.resolve`), else
  /// by `engine`, as `rank(_:top:)` chooses.
  func resolve(_ request: String, context: JSONObject) -> Resolution {
    guard let engines, let routed = try? engines.resolve(request, context: context) else { return engine.resolve(request, context: context) }
    return routed.value
  }

  // MARK: - Reloading

  /// Takes over the session of `other` (negotiated version, initialisation, the client's
  /// declared capabilities), so a server rebuilt for a changed catalog continues the same
  /// conversation.
  public func adoptSession(from other: MCPServer) {
    let session = other.state.withLock { ($0.negotiatedVersion, $0.initialized, $0.clientCapabilities) }
    state.withLock {
      $0.negotiatedVersion = session.0
      $0.initialized = session.1
      $0.clientCapabilities = session.2
    }
  }

  /// Whether a client in this session should get `notifications/tools/list_changed`: an
  /// initialised handshake-era session, with `tools.listChanged` advertised. The stateless
  /// era has no session to notify; its list results carry `ttlMs` instead.
  public var shouldNotifyListChanged: Bool {
    options.watchesCatalog && state.withLock { $0.initialized && $0.negotiatedVersion != nil }
  }

  public static let listChangedNotification = #"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#

  // MARK: - Lines in, lines out

  /// Handles one incoming line (without its newline) and returns the outgoing messages, each
  /// one compact JSON text without a newline. Notifications and client responses yield none.
  public func handle(line: [UInt8]) -> [String] {
    handle(line: line, progress: { _ in })
  }

  /// As `handle(line:)`; `progress` receives `notifications/progress` lines while a long call runs.
  public func handle(line: [UInt8], progress: @escaping @Sendable (String) -> Void) -> [String] {
    handle(receive(line: line), progress: progress)
  }

  /// Parses a line and registers its requests as in flight, in the order lines are read:
  /// a transport calls this on its reader thread, then `handle(_:progress:)` there or on a
  /// worker (`IncomingLine.runsLong`). Every received line must be handled.
  public func receive(line: [UInt8]) -> IncomingLine {
    let incoming = IncomingLine.parse(line)
    register(incoming)
    return incoming
  }

  /// Registers the requests of a parsed line as in flight (`receive(line:)` without the parsing).
  func register(_ incoming: IncomingLine) {
    let keys = incoming.inFlightKeys
    if !keys.isEmpty { state.withLock { for key in keys { $0.inFlight[key, default: 0] += 1 } } }
  }

  /// Answers a received line: the outgoing messages, as `handle(line:)`.
  public func handle(_ incoming: IncomingLine, progress: @escaping @Sendable (String) -> Void = { _ in }) -> [String] {
    switch incoming.content {
    case .blank:
      return []
    case .unparsable(let message):
      return [JSONRPC.error(idText: "null", .parseError(message))]
    case .batch(let messages):
      let version = state.withLock { $0.negotiatedVersion }
      guard version == MCPVersion.batchVersion else {
        for message in messages { _ = finish(message) }
        return [
          JSONRPC.error(
            idText: "null", .invalidRequest("batches (JSON arrays) are only part of protocol version 2025-03-26; send one message per line"))
        ]
      }
      guard !messages.isEmpty else { return [JSONRPC.error(idText: "null", .invalidRequest("empty batch"))] }
      let replies = messages.compactMap { answer($0, progress: progress) }
      return replies.isEmpty ? [] : ["[" + replies.joined(separator: ",") + "]"]
    case .single(let message):
      return answer(message, progress: progress).map { [$0] } ?? []
    }
  }

  /// The reply to one message, unless it is a notification or its request was cancelled
  /// (before it started: not worked on at all).
  func answer(_ message: IncomingLine.Message, progress: @escaping @Sendable (String) -> Void) -> String? {
    if let key = message.inFlightKey, state.withLock({ $0.cancelled.contains(key) }) {
      _ = finish(message)
      return nil
    }
    let reply = handleMessage(message.value, idText: message.idText, progress: progress)
    return finish(message) ? nil : reply
  }

  /// Takes a request out of flight; true when the client cancelled it (no reply is due).
  func finish(_ message: IncomingLine.Message) -> Bool {
    guard let key = message.inFlightKey else { return false }
    return state.withLock { state in
      let cancelled = state.cancelled.contains(key)
      let remaining = (state.inFlight[key] ?? 1) - 1
      if remaining > 0 {
        state.inFlight[key] = remaining
      } else {
        state.inFlight[key] = nil
        state.cancelled.remove(key)
      }
      return cancelled
    }
  }

  /// The reply to a line longer than the transport's cap (the line itself is dropped).
  public static func lineTooLongReply(limit: Int) -> String {
    JSONRPC.error(idText: "null", .invalidRequest("message longer than \(limit) bytes; it was dropped"))
  }

  /// One message (not a batch), its `id` written as `idText`; nil when no reply is due.
  func handleMessage(_ message: JSONValue, idText: String?, progress: @escaping @Sendable (String) -> Void) -> String? {
    guard case .object(let object) = message else {
      return JSONRPC.error(idText: "null", .invalidRequest("expected a JSON-RPC request object, found \(message.typeName)"))
    }
    let rawID = object["id"]
    var id: JSONValue?
    if let rawID, JSONRPC.isValidID(rawID) { id = rawID }
    if let rawID, id == nil {
      return JSONRPC.error(idText: "null", .invalidRequest("\"id\" must be a string or a number, found \(rawID.typeName)"))
    }
    // The id exactly as the client wrote it (its value's JSON text when unknown).
    let replyID = id.map { idText ?? $0.compactText } ?? "null"
    guard object["jsonrpc"] == .string("2.0") else {
      return JSONRPC.error(idText: replyID, .invalidRequest("\"jsonrpc\" must be \"2.0\""))
    }
    guard let methodValue = object["method"] else {
      // A response from the client (result or error): nothing to answer; one to a request of
      // the gateway's (`HostRequests`) goes to the request waiting for it.
      if id != nil, object["result"] != nil || object["error"] != nil {
        options.upstreams?.elicitation.hostRequests.deliver(object)
        return nil
      }
      return JSONRPC.error(idText: replyID, .invalidRequest("missing \"method\""))
    }
    guard case .string(let method) = methodValue else {
      return JSONRPC.error(idText: replyID, .invalidRequest("\"method\" must be a string, found \(methodValue.typeName)"))
    }
    var params = JSONObject()
    if let p = object["params"] {
      guard case .object(let o) = p else {
        if id == nil { return nil }
        return JSONRPC.error(idText: replyID, .invalidParams("\"params\" must be an object, found \(p.typeName)"))
      }
      params = o
    }
    guard let id else {
      handleNotification(method, params)
      return nil
    }
    do {
      return JSONRPC.response(idText: replyID, result: try handleRequest(method, params, id: id, progress: progress))
    } catch {
      return JSONRPC.error(idText: replyID, error)
    }
  }

  func handleNotification(_ method: String, _ params: JSONObject) {
    switch method {
    case "notifications/initialized":
      state.withLock { $0.initialized = true }
    case "notifications/cancelled":
      // Only a request in flight can be cancelled: an unknown or answered id changes nothing
      // (before, it swallowed the reply to the next request that reused the id).
      if let requestID = params["requestId"], JSONRPC.isValidID(requestID) {
        let key = requestID.compactText
        let (pid, forwarded) = state.withLock { state -> (Int32?, UpstreamCancellation?) in
          guard state.inFlight[key] != nil else { return (nil, nil) }
          state.cancelled.insert(key)
          return (state.running[key], state.forwarded[key])
        }
        if let pid { RunningChildren.shared.kill(pid) }
        forwarded?.cancel()
      }
    default: break  // Unknown notifications are ignored (JSON-RPC: never answered).
    }
  }

  /// What the request needs to know about its era.
  struct Context: Sendable {
    var id: JSONValue
    var stateless: Bool
    var clientCapabilities: JSONObject
    var progressToken: JSONValue?
    /// A `tools/call` retry's `requestState` (stateless era: a call held for the client's input).
    var requestState: JSONValue?
    /// A `tools/call` retry's `inputResponses`.
    var inputResponses: JSONValue?
  }

  /// The result of the request for method `name` (`MCPMethods`), in the era its params
  /// carry: with `_meta["io.modelcontextprotocol/protocolVersion"]` the stateless era (the
  /// version and the client's capabilities checked first), else the handshake era.
  func handleRequest(
    _ name: String, _ params: JSONObject, id: JSONValue, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    let meta = params["_meta"]?.objectValue
    let progressToken = meta?["progressToken"]
    let method = MCPMethods.named(name)
    if let versionValue = meta?[MCPVersion.metaVersionKey] {
      // Stateless era: the request carries everything.
      guard case .string(let version) = versionValue else {
        throw .invalidParams("_meta[\"\(MCPVersion.metaVersionKey)\"] must be a string")
      }
      guard MCPVersion.stateless.contains(version) else {
        throw RPCError(
          code: RPCError.unsupportedVersionCode, message: "Unsupported protocol version \(version)",
          data: ["supported": .array(MCPVersion.stateless.map(JSONValue.string)), "requested": .string(version)])
      }
      guard case .object(let capabilities)? = meta?[MCPVersion.metaCapabilitiesKey] else {
        throw .invalidParams("_meta[\"\(MCPVersion.metaCapabilitiesKey)\"] (an object) is required with protocol version \(version)")
      }
      guard let method, method.eras.contains(.stateless) else {
        if method != nil || MCPMethods.unansweredHandshakeMethods.contains(name) {
          throw .methodNotFound(name, "not part of protocol version \(version)")
        }
        throw .methodNotFound(name)
      }
      let context = Context(id: id, stateless: true, clientCapabilities: capabilities, progressToken: progressToken)
      var result = try method.respond(to: params, server: self, context: context, progress: progress)
      if result["resultType"] == nil { result["resultType"] = "complete" }
      if method.carriesCacheHints {
        result["ttlMs"] = .integer(Self.ttlMilliseconds)
        result["cacheScope"] = .string(Self.cacheScope)
      }
      return result
    }
    // Handshake era: `ping` and `initialize` are answered at once; the other methods need the
    // session `initialize` opens, and one of the stateless era only is told how to start either.
    guard let method else { throw .methodNotFound(name) }
    if method.needsSession || !method.eras.contains(.handshake) {
      let negotiated = state.withLock { $0.negotiatedVersion }
      guard negotiated != nil, method.eras.contains(.handshake) else {
        throw .invalidParams(
          "no session: send \"initialize\" first (protocol versions \(MCPVersion.handshake.joined(separator: ", "))), "
            + "or carry params._meta[\"\(MCPVersion.metaVersionKey)\"] = \"\(MCPVersion.stateless[0])\" and "
            + "params._meta[\"\(MCPVersion.metaCapabilitiesKey)\"] on every request")
      }
    }
    let context = Context(id: id, stateless: false, clientCapabilities: JSONObject(), progressToken: progressToken)
    return try method.respond(to: params, server: self, context: context, progress: progress)
  }

  static let ttlMilliseconds: Int64 = 300_000
  static let cacheScope = "public"

  // MARK: - Handshake and discovery

  /// The capabilities declared in `initialize` and `server/discover` results: those of the
  /// methods (`MCPMethod.capability(of:)`), in registry order.
  var capabilities: JSONObject {
    JSONObject(MCPMethods.all.compactMap { $0.capability(of: self) }.map { ($0.name, $0.value) })
  }

  var serverInfo: JSONObject {
    ["name": "intentbridge", "version": .string(options.serverVersion), "title": "IntentBridge"]
  }

  var instructions: String {
    let app = catalog.app.name?.resolved(for: language) ?? "the app"
    var text = "Actions (intents) of \(app) as tools. "
    if let upstreams = options.upstreams {
      text = "The tools of the MCP servers \(upstreams.serverNames.joined(separator: ", ")) behind one gateway (intents are their tools). "
    }
    if mode == .compact {
      text +=
        "Call search_intents or resolve_request with the user's request to find the intent, describe_intent for its parameters, "
        + "then run_intent with the arguments. "
    } else {
      text += "Pick the tool whose description matches the user's request and fill its arguments from the request. "
    }
    text +=
      "When a call returns isError, read the message: it names the argument, the expected form and an example, "
      + "or the question to ask the user for a missing value."
    return String(text.prefix(2000))
  }
}
