import IntentBridgeEngine
import Synchronization

/// `initialize` (handshake era): opens the session once, in the requested protocol version
/// when the server speaks it, else in the latest of the handshake era.
enum InitializeMethod: MCPMethod {
  static let name = "initialize"
  static let eras: Set<MCPEra> = [.handshake]
  static let needsSession = false
  static let needsCatalog = false

  struct Params: MCPParams {
    /// The version the client asks for.
    var protocolVersion: String
    /// The capabilities the client declares; nil when it declares none.
    var capabilities: JSONObject?

    init(params: JSONObject) throws(RPCError) {
      guard case .string(let requested)? = params["protocolVersion"] else {
        throw .invalidParams("initialize needs \"protocolVersion\" (a string, e.g. \"\(MCPVersion.latestHandshake)\")")
      }
      protocolVersion = requested
      if let capabilities = params["capabilities"] {
        guard case .object(let object) = capabilities else { throw .invalidParams("\"capabilities\" must be an object") }
        self.capabilities = object
      }
    }
  }

  struct Result: MCPResult {
    var protocolVersion: String
    var capabilities: JSONObject
    var serverInfo: JSONObject
    var instructions: String

    var jsonObject: JSONObject {
      var result = JSONObject()
      result["protocolVersion"] = .string(protocolVersion)
      result["capabilities"] = .object(capabilities)
      result["serverInfo"] = .object(serverInfo)
      result["instructions"] = .string(instructions)
      return result
    }
  }

  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> Result {
    let version = MCPVersion.handshake.contains(params.protocolVersion) ? params.protocolVersion : MCPVersion.latestHandshake
    let fresh = server.state.withLock { state -> Bool in
      guard state.negotiatedVersion == nil else { return false }
      state.negotiatedVersion = version
      state.clientCapabilities = params.capabilities ?? JSONObject()
      return true
    }
    guard fresh else { throw .invalidRequest("the session is already initialized; initialize may be sent only once") }
    return Result(protocolVersion: version, capabilities: server.capabilities, serverInfo: server.serverInfo, instructions: server.instructions)
  }
}
