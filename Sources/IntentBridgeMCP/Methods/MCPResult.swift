import IntentBridgeEngine

/// The result of a request method, written as the JSON-RPC `result` object.
protocol MCPResult: Sendable {
  var jsonObject: JSONObject { get }
}

/// The result `{}`.
struct EmptyResult: MCPResult {
  var jsonObject: JSONObject { JSONObject() }
}

/// A result built as JSON: a `tools/call` result as a tool wrote it or as an upstream server
/// relayed it.
extension JSONObject: MCPResult {
  var jsonObject: JSONObject { self }
}
