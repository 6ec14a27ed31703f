import IntentBridgeEngine

/// One JSON-RPC request method the server answers: its name, the eras it is answered in, its
/// params read from the request and its result. `MCPMethods.all` lists them; dispatch, the
/// session rules and the transport's scheduling are read from there.
///
/// A method is an enum with its name, eras, `Params` (`NoParams` when it reads none), `Result`
/// and `answer`; see `PingMethod`, and `ListToolsMethod` for one with params and a capability.
protocol MCPMethod: SendableMetatype {
  associatedtype Params: MCPParams
  associatedtype Result: MCPResult

  /// The JSON-RPC `method`, e.g. `tools/list`.
  static var name: String { get }
  /// The eras the method is answered in. A request of a registered method outside them is
  /// refused with the era's own error (no session; not part of the stateless version).
  static var eras: Set<MCPEra> { get }
  /// Handshake era: answered only in a session opened by `initialize` (default true).
  static var needsSession: Bool { get }
  /// Answered only once the catalog is loaded: a gateway whose upstream servers still start
  /// answers the others at once (default true).
  static var needsCatalog: Bool { get }
  /// May run a handler for a long time, so the transport answers it on a worker (default false).
  static var runsLong: Bool { get }
  /// Stateless era: the result carries the cache hints `ttlMs` and `cacheScope` (default: the
  /// listing methods, named `…/list`).
  static var carriesCacheHints: Bool { get }
  /// The capability the server declares for this method (`initialize` and `server/discover`
  /// results), in registry order; nil (the default) for none.
  static func capability(of server: MCPServer) -> (name: String, value: JSONValue)?

  /// The result for valid params (`Params(params:)` has refused the others).
  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> Result
}

extension MCPMethod {
  static var needsSession: Bool { true }
  static var needsCatalog: Bool { true }
  static var runsLong: Bool { false }
  static var carriesCacheHints: Bool { name.hasSuffix("/list") }
  static func capability(of server: MCPServer) -> (name: String, value: JSONValue)? { nil }

  /// Reads the request's `params` (`{}` when absent), answers them and writes the result.
  static func respond(
    to params: JSONObject, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    try answer(Params(params: params), server: server, context: context, progress: progress).jsonObject
  }
}
