import IntentBridgeJSON

/// An MCP client of one upstream server over stdio: starts it (`UpstreamConnection`),
/// opens the session and lists its tools.
///
///     let client = try MCPClient.connect(UpstreamServer(name: "time", command: "mcp-server-time"), log: { console.err($0) })
///     defer { client.close() }
///     client.session.protocolVersion      // "2025-11-25"
///     let tools = try client.listTools()  // every page, in the server's order
///
/// The session opens with `initialize`, offering our latest protocol version (2026-07-28);
/// the server answers the version it speaks, and any version of either era we serve
/// (`MCPVersion.all`) is accepted: a handshake-era answer makes a handshake-era session, a
/// stateless one a stateless session (every later request carries the version and our
/// capabilities in `_meta`). `notifications/initialized` follows in both. A server that
/// answers `initialize` with an error but `server/discover` with 2026-07-28 among its
/// versions (a stateless-only server) gets a stateless session too.
package final class MCPClient: Sendable {
  package struct Options: Sendable {
    /// Seconds each request may take before the server is given up on and stopped.
    package var requestTimeout = 30.0
    /// `tools/list` pages followed at most (a server whose cursors never end is an error).
    package var maximumPages = 10_000
    package var clientVersion = "0.1.0"
    package init() {}
  }

  /// What the server said when the session opened.
  package struct Session: Sendable, Equatable {
    /// The version both sides speak: one of `MCPVersion.all`.
    package var protocolVersion: String
    /// The server's `serverInfo` (handshake era) or `_meta["io.modelcontextprotocol/serverInfo"]`
    /// (stateless era); empty when it sent none.
    package var serverInfo: JSONObject
    package var capabilities: JSONObject
    package var instructions: String?

    /// True in the stateless era (2026-07-28): requests carry `_meta`.
    package var isStateless: Bool { MCPVersion.stateless.contains(protocolVersion) }
  }

  package let server: UpstreamServer
  package let options: Options
  package let session: Session
  /// True when the session declared the `elicitation` client capability.
  package let offersElicitation: Bool
  let connection: UpstreamConnection

  private init(server: UpstreamServer, options: Options, session: Session, offersElicitation: Bool, connection: UpstreamConnection) {
    self.server = server
    self.options = options
    self.session = session
    self.offersElicitation = offersElicitation
    self.connection = connection
  }

  /// Starts the server and opens the session; on any failure the server is stopped and the
  /// error names it. `log` receives the server's standard error lines, prefixed `[name] `;
  /// `notifications` the server's notifications but log messages (`notifications/tools/list_changed`…);
  /// `ended` is called once when the server's standard output ends (`UpstreamConnection.start`).
  /// With `elicitations`, the session declares the `elicitation` client capability (at
  /// `initialize`; in the stateless era in every request's `_meta`) and a handshake-era
  /// server's `elicitation/create` requests go there (on the reader thread; answer through
  /// `UpstreamServerRequest`); without, they are answered -32601. A stateless-era server asks
  /// by answering `input_required` instead (`callTool`'s `inputResponses`, `requestState`).
  package static func connect(
    _ server: UpstreamServer, options: Options = Options(), log: @escaping @Sendable (String) -> Void,
    notifications: (@Sendable (_ method: String, _ params: JSONObject) -> Void)? = nil, ended: (@Sendable () -> Void)? = nil,
    elicitations: (@Sendable (UpstreamServerRequest) -> Void)? = nil
  ) throws(MCPClientError) -> MCPClient {
    let connection = try UpstreamConnection.start(
      server, log: log, notifications: notifications, ended: ended, elicitations: elicitations)
    do {
      let session = try open(connection, options: options, offersElicitation: elicitations != nil)
      return MCPClient(server: server, options: options, session: session, offersElicitation: elicitations != nil, connection: connection)
    } catch {
      connection.close(grace: 0)
      throw error
    }
  }

  /// The `initialize` request we send; `offersElicitation` declares `elicitation` (form mode).
  static func initializeParams(clientVersion: String, offersElicitation: Bool = false) -> JSONObject {
    var params = JSONObject()
    params["protocolVersion"] = .string(MCPVersion.all[MCPVersion.all.count - 1])
    params["capabilities"] = .object(capabilities(offersElicitation: offersElicitation))
    params["clientInfo"] = ["name": "intentbridge", "title": "IntentBridge", "version": .string(clientVersion)]
    return params
  }

  private static func open(_ connection: UpstreamConnection, options: Options, offersElicitation: Bool) throws(MCPClientError) -> Session {
    let name = connection.name
    let session: Session
    do {
      let result = try connection.request(
        "initialize", initializeParams(clientVersion: options.clientVersion, offersElicitation: offersElicitation),
        timeout: options.requestTimeout)
      session = try handshakeSession(result, server: name)
    } catch {
      guard case .errorResponse = error.reason else { throw error }
      // Perhaps a server of the stateless era only: it knows server/discover.
      let discover = statelessParams(JSONObject(), capabilities: capabilities(offersElicitation: offersElicitation))
      guard let result = try? connection.request("server/discover", discover, timeout: options.requestTimeout),
        let discovered = try? discoveredSession(result, server: name)
      else { throw error }
      session = discovered
    }
    try connection.notify(
      "notifications/initialized",
      session.isStateless ? statelessParams(JSONObject(), capabilities: capabilities(offersElicitation: offersElicitation)) : JSONObject())
    return session
  }

  /// The session an `initialize` result opens: its `protocolVersion` must be one we speak.
  static func handshakeSession(_ result: JSONObject, server: String) throws(MCPClientError) -> Session {
    guard case .string(let version)? = result["protocolVersion"] else {
      throw MCPClientError(
        server: server, reason: .unexpectedResult(method: "initialize", path: "$.result.protocolVersion", expected: "a string (e.g. \"2025-06-18\")"))
    }
    guard MCPVersion.all.contains(version) else {
      throw MCPClientError(
        server: server,
        reason: .unexpectedResult(
          method: "initialize", path: "$.result.protocolVersion",
          expected: "a protocol version we speak (\(MCPVersion.all.joined(separator: ", "))), found \"\(version)\""))
    }
    var serverInfo = result["serverInfo"]?.objectValue ?? JSONObject()
    if serverInfo.isEmpty, let info = result["_meta"]?[MCPVersion.metaServerInfoKey]?.objectValue { serverInfo = info }
    return Session(
      protocolVersion: version, serverInfo: serverInfo, capabilities: result["capabilities"]?.objectValue ?? JSONObject(),
      instructions: result["instructions"]?.stringValue)
  }

  /// The session a `server/discover` result opens: stateless, when it lists a stateless version.
  static func discoveredSession(_ result: JSONObject, server: String) throws(MCPClientError) -> Session {
    let versions = result["supportedVersions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    guard let version = MCPVersion.stateless.last(where: versions.contains) else {
      throw MCPClientError(
        server: server,
        reason: .unexpectedResult(
          method: "server/discover", path: "$.result.supportedVersions",
          expected: "an array naming \(MCPVersion.stateless.joined(separator: " or ")), found \(versions)"))
    }
    return Session(
      protocolVersion: version, serverInfo: result["_meta"]?[MCPVersion.metaServerInfoKey]?.objectValue ?? JSONObject(),
      capabilities: result["capabilities"]?.objectValue ?? JSONObject(), instructions: result["instructions"]?.stringValue)
  }

  /// The client capabilities we declare: `elicitation` (form mode) when offered, else none.
  static func capabilities(offersElicitation: Bool) -> JSONObject {
    offersElicitation ? ["elicitation": [:]] : JSONObject()
  }

  /// `params` with the stateless era's `_meta`: our protocol version and `capabilities`.
  static func statelessParams(_ params: JSONObject, capabilities: JSONObject = JSONObject()) -> JSONObject {
    var params = params
    var meta = params["_meta"]?.objectValue ?? JSONObject()
    meta[MCPVersion.metaVersionKey] = .string(MCPVersion.stateless[MCPVersion.stateless.count - 1])
    meta[MCPVersion.metaCapabilitiesKey] = .object(capabilities)
    params["_meta"] = .object(meta)
    return params
  }

  /// Sends a request in the session's era and returns its result, waiting at most `timeout`
  /// seconds (nil: `options.requestTimeout`). Requests may be sent from several threads at once.
  /// `cancellation` gives the request up from another thread (`notifications/cancelled` to the server).
  package func request(
    _ method: String, _ params: JSONObject = JSONObject(), timeout: Double? = nil, cancellation: UpstreamCancellation? = nil
  ) throws(MCPClientError) -> JSONObject {
    let stateless = session.isStateless
    let capabilities = Self.capabilities(offersElicitation: offersElicitation)
    return try connection.request(
      method, stateless ? Self.statelessParams(params, capabilities: capabilities) : params, timeout: timeout ?? options.requestTimeout,
      cancellation: cancellation, notificationParams: { stateless ? Self.statelessParams($0, capabilities: capabilities) : $0 })
  }

  /// Calls the server's tool `name` (its own name, not a namespaced one) with `arguments`
  /// and returns the result as the server wrote it (`content`, `structuredContent`,
  /// `isError`): a tool that fails answers a result with `isError: true`, which is no error here.
  /// `progressToken`, when given, asks the server for `notifications/progress` under that token.
  /// A stateless-era server's `input_required` result is returned as it is; the retry carries
  /// the answers as `inputResponses` and the server's `requestState`.
  package func callTool(
    _ name: String, arguments: JSONObject, timeout: Double? = nil, progressToken: JSONValue? = nil, cancellation: UpstreamCancellation? = nil,
    inputResponses: JSONObject? = nil, requestState: JSONValue? = nil
  ) throws(MCPClientError) -> JSONObject {
    var params = JSONObject()
    params["name"] = .string(name)
    params["arguments"] = .object(arguments)
    if let progressToken { params["_meta"] = ["progressToken": progressToken] }
    if let inputResponses { params["inputResponses"] = .object(inputResponses) }
    if let requestState { params["requestState"] = requestState }
    return try request("tools/call", params, timeout: timeout, cancellation: cancellation)
  }

  /// Every tool the server lists, following `nextCursor` page after page, in the server's
  /// order. Entries are passed on as the server wrote them (the importer checks them).
  package func listTools() throws(MCPClientError) -> [JSONValue] {
    var tools: [JSONValue] = []
    var cursor: String?
    var seen: Set<String> = []
    for page in 1... {
      var params = JSONObject()
      if let cursor { params["cursor"] = .string(cursor) }
      let result = try request("tools/list", params)
      let (entries, next) = try Self.toolPage(result, server: server.name)
      tools += entries
      guard let next else { return tools }
      guard seen.insert(next).inserted else {
        throw MCPClientError(
          server: server.name,
          reason: .unexpectedResult(
            method: "tools/list", path: "$.result.nextCursor",
            expected: "a cursor not given before, found \(MCPClientError.quoted(next)) again on page \(page) (the listing would never end)"))
      }
      guard page < options.maximumPages else {
        throw MCPClientError(
          server: server.name,
          reason: .unexpectedResult(
            method: "tools/list", path: "$.result.nextCursor", expected: "absent after at most \(options.maximumPages) pages, found another cursor"))
      }
      cursor = next
    }
    return tools
  }

  /// One `tools/list` page: its tools and the cursor of the next page (nil: the last page;
  /// an empty string counts as none).
  static func toolPage(_ result: JSONObject, server: String) throws(MCPClientError) -> (tools: [JSONValue], nextCursor: String?) {
    guard let value = result["tools"] else {
      throw MCPClientError(
        server: server, reason: .unexpectedResult(method: "tools/list", path: "$.result.tools", expected: "an array of tools, found nothing"))
    }
    guard case .array(let tools) = value else {
      throw MCPClientError(
        server: server,
        reason: .unexpectedResult(method: "tools/list", path: "$.result.tools", expected: "an array of tools, found \(value.typeName)"))
    }
    switch result["nextCursor"] {
    case nil, .null?: return (tools, nil)
    case .string(let cursor)?: return (tools, cursor.isEmpty ? nil : cursor)
    case let other?:
      throw MCPClientError(
        server: server, reason: .unexpectedResult(method: "tools/list", path: "$.result.nextCursor", expected: "a string, found \(other.typeName)"))
    }
  }

  /// How the server ended ("exited with status 4"; `UpstreamConnection.ending`), once its
  /// standard output has ended; a server still running is stopped first.
  package func ending() -> String {
    connection.ending()
  }

  /// Ends the session: the server's standard input is closed and it is given `grace`
  /// seconds to exit before its process group is stopped.
  package func close(grace: Double = 2) {
    connection.close(grace: grace)
  }
}
