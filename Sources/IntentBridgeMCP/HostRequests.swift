import IntentBridgeJSON
import Synchronization

/// The requests the gateway sent to its host (the MCP client on standard input and output),
/// waiting for the host's responses: a handshake-era host is asked `elicitation/create` on
/// behalf of an upstream server. Ids are ours, strings (`ib-host-1`, `ib-host-2`, …), so they
/// never collide with the host's own request ids.
///
///     let id = requests.send("elicitation/create", params, write: writer) { response in … }
///     // stdin reader, for a line {"jsonrpc":"2.0","id":"ib-host-1","result":{…}}:
///     requests.deliver(response)   // true: `onResponse` got it
///     requests.cancel(id, reason: "…", write: writer)   // given up: the host is told
///
/// Each response is delivered once; one for an id not waiting (unknown, answered, given
/// up) is ignored (`deliver` returns false).
package final class HostRequests: Sendable {
  private struct State {
    var next: Int64 = 1
    var waiting: [String: @Sendable (JSONObject) -> Void] = [:]
  }
  private let state = Mutex(State())

  package init() {}

  /// Writes the request `method` with `params` through `write` (one line) and returns its id;
  /// `onResponse` receives the host's response object (with `result` or `error`), on the
  /// thread that delivers it.
  @discardableResult
  package func send(
    _ method: String, _ params: JSONObject, write: (String) -> Void, onResponse: @escaping @Sendable (JSONObject) -> Void
  ) -> String {
    let id = state.withLock { state -> String in
      let id = "ib-host-\(state.next)"
      state.next += 1
      state.waiting[id] = onResponse
      return id
    }
    var message = JSONObject()
    message["jsonrpc"] = "2.0"
    message["id"] = .string(id)
    message["method"] = .string(method)
    message["params"] = .object(params)
    write(JSONValue.object(message).compactText)
    return id
  }

  /// Hands a response from the host to the request with its id; false when none waits for it.
  @discardableResult
  package func deliver(_ response: JSONObject) -> Bool {
    guard case .string(let id)? = response["id"], let onResponse = state.withLock({ $0.waiting.removeValue(forKey: id) }) else {
      return false
    }
    onResponse(response)
    return true
  }

  /// True while request `id` waits for its response.
  package func isWaiting(_ id: String) -> Bool {
    state.withLock { $0.waiting[id] != nil }
  }

  /// Gives request `id` up: a later response is ignored, and the host gets
  /// `notifications/cancelled` for it (through `write`) when it was still waiting.
  package func cancel(_ id: String, reason: String, write: (String) -> Void) {
    guard state.withLock({ $0.waiting.removeValue(forKey: id) }) != nil else { return }
    write(JSONRPC.notification(method: "notifications/cancelled", params: ["requestId": .string(id), "reason": .string(reason)]).compactText)
  }
}
