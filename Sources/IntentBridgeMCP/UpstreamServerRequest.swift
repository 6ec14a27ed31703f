import IntentBridgeJSON
import Synchronization

/// A request an upstream server sent to us, its client (`elicitation/create` during a
/// forwarded `tools/call`), to be answered once, from any thread.
///
///     // on the upstream's reader thread (must not block):
///     relay.receive(request)
///     // later, on whatever thread has the answer:
///     request.reply(result: ["action": "decline"])
///
/// The first reply is written to the server; later ones are ignored, so a relay that races a
/// time-out against the host's answer cannot answer twice.
package final class UpstreamServerRequest: Sendable {
  /// The server's name (its key under `mcpServers`).
  package let server: String
  package let method: String
  package let params: JSONObject
  private let write: @Sendable (_ body: JSONObject) -> Void
  private let answered = Mutex(false)

  /// `write` sends a JSON-RPC response with `body` (`result` or `error`) under the request's id.
  init(server: String, method: String, params: JSONObject, write: @escaping @Sendable (_ body: JSONObject) -> Void) {
    self.server = server
    self.method = method
    self.params = params
    self.write = write
  }

  /// True once a reply has been written.
  package var isAnswered: Bool { answered.withLock { $0 } }

  /// Answers with `result`.
  package func reply(result: JSONObject) {
    respond(["result": .object(result)])
  }

  /// Answers with a JSON-RPC error.
  package func reply(error: RPCError) {
    var body = JSONObject()
    body["code"] = .integer(error.code)
    body["message"] = .string(error.message)
    if let data = error.data { body["data"] = data }
    respond(["error": .object(body)])
  }

  /// Answers with the `result` or `error` of `response` (another party's JSON-RPC response,
  /// relayed); a response with neither is an internal error.
  package func reply(relaying response: JSONObject) {
    if case .object(let result)? = response["result"] {
      reply(result: result)
    } else if case .object(let error)? = response["error"] {
      respond(["error": .object(error)])
    } else {
      reply(error: RPCError(code: RPCError.internalErrorCode, message: "Internal error: the answer relayed for \(method) was malformed"))
    }
  }

  /// Declines (`{"action": "decline"}`), the elicitation answer when nobody can be asked.
  package func decline() {
    reply(result: ["action": "decline"])
  }

  private func respond(_ body: JSONObject) {
    let first = answered.withLock { answered -> Bool in
      defer { answered = true }
      return !answered
    }
    if first { write(body) }
  }
}
