import IntentBridgeEngine

/// `tools/list`: the listed tools (one per intent, or the meta-tools), a page at a time when
/// the server has a page size.
enum ListToolsMethod: MCPMethod {
  static let name = "tools/list"
  static let eras: Set<MCPEra> = [.handshake, .stateless]

  static func capability(of server: MCPServer) -> (name: String, value: JSONValue)? {
    ("tools", ["listChanged": .bool(server.options.watchesCatalog)])
  }

  struct Params: MCPParams {
    /// The offset of the page asked for (from `cursor`); nil for the first page.
    var offset: Int?

    init(params: JSONObject) throws(RPCError) {
      guard let cursor = params["cursor"] else { return }
      guard case .string(let text) = cursor, let offset = Cursor.decode(text), offset > 0 else { throw Self.unknownCursor }
      self.offset = offset
    }

    static let unknownCursor = RPCError.invalidParams(
      "unknown \"cursor\"; pass the nextCursor of the previous tools/list result, or none for the first page")
  }

  struct Result: MCPResult {
    var tools: [JSONValue]
    var nextCursor: String?

    var jsonObject: JSONObject {
      var result = JSONObject()
      result["tools"] = .array(tools)
      if let nextCursor { result["nextCursor"] = .string(nextCursor) }
      return result
    }
  }

  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> Result {
    let listed = server.listedTools
    let start = params.offset ?? 0
    guard start < listed.count || params.offset == nil else { throw Params.unknownCursor }
    let size = server.options.pageSize.map { max(1, $0) } ?? listed.count
    // `start < listed.count`; comparing with what is left cannot overflow (a page size
    // of Int.max from a library caller).
    let end = size >= listed.count - start ? listed.count : start + size
    return Result(tools: Array(listed[start..<end]), nextCursor: end < listed.count ? Cursor.encode(end) : nil)
  }

  /// Opaque page cursors: the next offset, encoded so clients do not build their own.
  enum Cursor {
    static let prefix = "ib1."
    static func encode(_ offset: Int) -> String { prefix + String(offset * 7 + 3, radix: 36) }
    static func decode(_ text: String) -> Int? {
      guard text.hasPrefix(prefix), text.count < 32, let raw = Int(text.dropFirst(prefix.count), radix: 36), raw >= 3, (raw - 3) % 7 == 0
      else { return nil }
      return (raw - 3) / 7
    }
  }
}
