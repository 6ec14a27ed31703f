import IntentBridgeJSON

/// A line from the client, parsed once: what the transport dispatches on and what the server
/// answers. `MCPServer.receive(line:)` makes it and registers its requests as in flight, so a
/// cancellation read while a request still waits for a worker finds it.
///
/// Dispatch comes from the parsed message only (a `tools/call` request runs off the reader
/// thread), never from the raw text: an `initialize` whose client is named "tools/call
/// client" is answered in order.
public struct IncomingLine: Sendable {
  /// One JSON-RPC message of the line, with its id as the client wrote it.
  struct Message: Sendable {
    var value: JSONValue
    /// The `id` member's JSON text, echoed verbatim in the reply (`9223372036854775808`
    /// and `0.1e-400` come back as sent, not as `9.223372036854776e+18` and `0.0`).
    var idText: String?
    /// The key under which the message is registered as a request in flight (the id's
    /// value as compact JSON), nil when it is no request.
    var inFlightKey: String?
  }

  enum Content: Sendable {
    /// Whitespace only: ignored.
    case blank
    /// Not JSON: the parser's message.
    case unparsable(String)
    case single(Message)
    /// A JSON array (a batch, valid only in protocol version 2025-03-26).
    case batch([Message])
  }

  let content: Content
  /// True when the line holds a request of a method that runs long (`MCPMethod.runsLong`:
  /// `tools/call`), alone or in a batch: it may run a handler for a long time, so the
  /// transport handles it on a worker.
  public let runsLong: Bool

  /// True when the line holds a request that needs the catalog (`MCPMethod.needsCatalog`; an
  /// unknown method too): a gateway whose upstreams still start answers the others at once.
  var needsCatalog: Bool {
    func needs(_ message: Message) -> Bool {
      guard message.inFlightKey != nil, case .string(let method)? = message.value["method"] else { return false }
      return MCPMethods.named(method)?.needsCatalog ?? true
    }
    switch content {
    case .blank, .unparsable: return false
    case .single(let message): return needs(message)
    case .batch(let messages): return messages.contains(where: needs)
    }
  }

  /// The in-flight keys of the line's requests.
  var inFlightKeys: [String] {
    switch content {
    case .blank, .unparsable: []
    case .single(let message): message.inFlightKey.map { [$0] } ?? []
    case .batch(let messages): messages.compactMap(\.inFlightKey)
    }
  }

  /// Parses `line`, keeping the text of each message's `id`.
  /// - Complexity: O(line length).
  static func parse(_ line: [UInt8]) -> IncomingLine {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return IncomingLine(content: .blank, runsLong: false) }
    let value: JSONValue
    let spans: [JSONPath: Range<Int>]
    do {
      (value, spans) = try JSONParser.parseWithSpans(bytes: line, depth: 2)
    } catch {
      return IncomingLine(content: .unparsable(error.message), runsLong: false)
    }
    func message(_ value: JSONValue, idAt path: JSONPath) -> Message {
      var key: String?
      if case .object(let object) = value, let id = object["id"], JSONRPC.isValidID(id), object["method"]?.stringValue != nil {
        key = id.compactText
      }
      return Message(value: value, idText: spans[path].map { String(decoding: line[$0], as: UTF8.self) }, inFlightKey: key)
    }
    func runsLong(_ message: Message) -> Bool {
      guard message.inFlightKey != nil, case .string(let method)? = message.value["method"] else { return false }
      return MCPMethods.named(method)?.runsLong ?? false
    }
    if case .array(let elements) = value {
      let messages = elements.enumerated().map { message($0.element, idAt: .root / $0.offset / "id") }
      return IncomingLine(content: .batch(messages), runsLong: messages.contains(where: runsLong))
    }
    let single = message(value, idAt: .root / "id")
    return IncomingLine(content: .single(single), runsLong: runsLong(single))
  }
}
