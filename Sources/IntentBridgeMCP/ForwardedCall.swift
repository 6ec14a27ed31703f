import Dispatch
import IntentBridgeJSON
import Synchronization

/// One `tools/call` forwarded to an upstream server, running on a thread of its own so that
/// the host's request can be answered — or held — while the server's call goes on.
///
/// What happens to the call arrives as events, in order: requests from the server for it
/// (`elicitation/create`, posted by `UpstreamElicitationRelay`) and, last, its result. The
/// thread answering the host's request takes them with `drive(host:relay:patience:)`: a
/// server request is declined, asked of the host, or turned into an `input_required` answer
/// that holds the call (`HeldCalls`) until the host retries; the result ends the drive. The
/// server's call is bounded by the gateway's per-call timeout, so its result always comes.
final class ForwardedCall: Sendable {
  enum Event: Sendable {
    case input(UpstreamServerRequest)
    case finished(JSONObject)
  }

  /// The server's name (its key under `mcpServers`).
  let server: String
  /// How replies name the call (`time__get_current_time`, `x (run_intent)`).
  let label: String
  /// Gives the server's call up (the host cancelled it).
  let cancellation: UpstreamCancellation

  private struct State {
    var events: [Event] = []
    /// Held for a stateless host's answer (`input_required` sent, retry not yet come).
    var held = false
    /// Our `elicitation/create` requests to a handshake-era host, with the writer to cancel them.
    var hostRequests: [(id: String, write: @Sendable (String) -> Void)] = []
    /// False once the host's request has been answered `input_required`: progress of a
    /// resumed call is not relayed (the token belonged to the answered request).
    var relaysProgress = true
  }
  private let state = Mutex(State())
  private let ready = DispatchSemaphore(value: 0)

  init(server: String, label: String, cancellation: UpstreamCancellation) {
    self.server = server
    self.label = label
    self.cancellation = cancellation
  }

  /// Adds an event; the driving thread takes it with `next(until:)`.
  func post(_ event: Event) {
    state.withLock { $0.events.append(event) }
    ready.signal()
  }

  /// The next event, waiting until `deadline`; nil when none came in time.
  func next(until deadline: DispatchTime) -> Event? {
    guard ready.wait(timeout: deadline) == .success else { return nil }
    return state.withLock { $0.events.isEmpty ? nil : $0.events.removeFirst() }
  }

  /// True while the call waits for an answer of the host: held, or asked through `hostRequests`.
  func isAwaitingInput(_ hostRequests: HostRequests) -> Bool {
    let (held, ids) = state.withLock { ($0.held, $0.hostRequests.map(\.id)) }
    return held || ids.contains(where: hostRequests.isWaiting)
  }

  var relaysProgress: Bool { state.withLock { $0.relaysProgress } }

  /// Marks the call resumed by the host's retry.
  func resume() {
    state.withLock { $0.held = false }
  }

  /// Takes the call's events until its result, answering the server's requests as `host`
  /// allows, and returns the result for the host: the server's result, an `input_required`
  /// result (`.inputRequired` host; the call is then held in `relay.held`), or — should no
  /// event come for `patience` seconds — an `isError` result (the call is given up).
  func drive(host: HostElicitation, relay: UpstreamElicitationRelay, patience: Double) -> JSONObject {
    while let event = next(until: .now() + patience) {
      switch event {
      case .finished(let result):
        cancelHostRequests(relay.hostRequests, reason: "the call of \(label) ended")
        return result
      case .input(let request):
        switch host {
        case .unavailable:
          request.decline()
        case .request(let write):
          let id = relay.hostRequests.send(request.method, request.params, write: write) { response in
            request.reply(relaying: response)
          }
          state.withLock { $0.hostRequests.append((id, write)) }
        case .inputRequired:
          state.withLock { state in
            state.held = true
            state.relaysProgress = false
          }
          let token = relay.held.hold(self, request: request)
          return Self.inputRequiredResult(request, requestState: token)
        }
      }
    }
    cancelHostRequests(relay.hostRequests, reason: "the call of \(label) was given up")
    cancellation.cancel()
    return MCPServer.errorResult("MCP server '\(server)' did not finish the call of \(label) in time; it was cancelled.")
  }

  /// Gives up the requests to the host still waiting (their answers can no longer reach the server).
  private func cancelHostRequests(_ hostRequests: HostRequests, reason: String) {
    let pending = state.withLock { state in
      defer { state.hostRequests = [] }
      return state.hostRequests
    }
    for (id, write) in pending { hostRequests.cancel(id, reason: reason, write: write) }
  }

  /// The key of the server's request in `inputRequests` (one at a time).
  static let inputKey = "upstream-elicitation"

  /// A stateless-era `input_required` result asking the host what the server asked.
  /// A form request without `mode` gets `"mode": "form"` (required in the stateless era).
  static func inputRequiredResult(_ request: UpstreamServerRequest, requestState: String) -> JSONObject {
    var params = request.params
    if params["mode"] == nil, params["requestedSchema"] != nil { params["mode"] = "form" }
    var result = JSONObject()
    result["resultType"] = "input_required"
    let inputRequest: JSONValue = ["method": .string(request.method), "params": .object(params)]
    result["inputRequests"] = .object(JSONObject([(inputKey, inputRequest)]))
    result["requestState"] = .string(requestState)
    return result
  }
}
