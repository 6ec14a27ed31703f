import IntentBridgeEngine

/// A JSON-RPC error the server answers with. `message` is written for the client and never
/// carries internals (paths, stack traces, Swift error descriptions).
public struct RPCError: Error, Sendable, Hashable {
  public var code: Int64
  public var message: String
  public var data: JSONValue?

  public init(code: Int64, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static let parseErrorCode: Int64 = -32700
  public static let invalidRequestCode: Int64 = -32600
  public static let methodNotFoundCode: Int64 = -32601
  public static let invalidParamsCode: Int64 = -32602
  public static let internalErrorCode: Int64 = -32603
  /// Stateless era: the request's protocol version is not supported.
  public static let unsupportedVersionCode: Int64 = -32022

  static func parseError(_ detail: String) -> RPCError { RPCError(code: parseErrorCode, message: "Parse error: \(detail)") }
  static func invalidRequest(_ detail: String) -> RPCError { RPCError(code: invalidRequestCode, message: "Invalid request: \(detail)") }
  static func methodNotFound(_ method: String, _ hint: String = "") -> RPCError {
    RPCError(code: methodNotFoundCode, message: "Method not found: \(method)" + (hint.isEmpty ? "" : "; \(hint)"))
  }
  static func invalidParams(_ detail: String) -> RPCError { RPCError(code: invalidParamsCode, message: "Invalid params: \(detail)") }
  // swift-format-ignore: DontRepeatTypeInStaticProperties
  // (JSON-RPC's own name for the error, -32603 "Internal error")
  static let internalError = RPCError(code: internalErrorCode, message: "Internal error")
}

/// Builders for the JSON-RPC 2.0 messages the server writes (one compact line each). Replies
/// take the request's id as the JSON text the client wrote (see `IncomingLine`), so it comes
/// back exactly as sent.
enum JSONRPC {
  static func response(idText: String, result: JSONObject) -> String {
    #"{"jsonrpc":"2.0","id":"# + idText + #","result":"# + JSONValue.object(result).compactText + "}"
  }

  static func error(idText: String, _ error: RPCError) -> String {
    var body = JSONObject()
    body["code"] = .integer(error.code)
    body["message"] = .string(error.message)
    if let data = error.data { body["data"] = data }
    return #"{"jsonrpc":"2.0","id":"# + idText + #","error":"# + JSONValue.object(body).compactText + "}"
  }

  static func notification(method: String, params: JSONObject) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": .object(params)]
  }

  /// A valid request id: a string or a number (JSON-RPC); `null` is not accepted by MCP.
  static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .string, .integer, .number: true
    default: false
    }
  }
}
