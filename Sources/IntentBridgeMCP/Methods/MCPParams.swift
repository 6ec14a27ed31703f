import IntentBridgeEngine

/// The params of a request method, read from the JSON-RPC `params` object. A value of the
/// wrong type or a missing required member is refused with `invalidParams`, whose message
/// names the member (e.g. `"capabilities" must be an object`).
protocol MCPParams: Sendable {
  init(params: JSONObject) throws(RPCError)
}

/// The params of a method that reads none (any members are ignored).
struct NoParams: MCPParams {
  init(params: JSONObject) {}
}
