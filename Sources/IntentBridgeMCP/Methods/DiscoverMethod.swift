import IntentBridgeEngine

/// `server/discover` (stateless era): the versions the server speaks, its capabilities and
/// instructions, cacheable like a list.
enum DiscoverMethod: MCPMethod {
  static let name = "server/discover"
  static let eras: Set<MCPEra> = [.stateless]
  static let needsSession = false
  static let needsCatalog = false

  struct Result: MCPResult {
    var supportedVersions: [String]
    var capabilities: JSONObject
    var instructions: String
    var serverInfo: JSONObject

    var jsonObject: JSONObject {
      var result = JSONObject()
      result["supportedVersions"] = .array(supportedVersions.map(JSONValue.string))
      result["capabilities"] = .object(capabilities)
      result["instructions"] = .string(instructions)
      result["ttlMs"] = .integer(MCPServer.ttlMilliseconds)
      result["cacheScope"] = .string(MCPServer.cacheScope)
      result["_meta"] = .object(JSONObject([(MCPVersion.metaServerInfoKey, .object(serverInfo))]))
      return result
    }
  }

  static func answer(
    _ params: NoParams, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) -> Result {
    Result(supportedVersions: MCPVersion.all, capabilities: server.capabilities, instructions: server.instructions, serverInfo: server.serverInfo)
  }
}
