import Synchronization

/// Carries upstream servers' `elicitation/create` requests to the host and the host's
/// answers back (see `HostElicitation` for what each kind of host gets). One per gateway,
/// shared by every server instance it serves with (the requests to the host and the held
/// calls outlive a swap of the server).
///
///     let relay = UpstreamElicitationRelay()
///     MCPClient.connect(server, log: log, elicitations: relay.receive)   // each upstream
///     // a forwarded call: relay.begin(call) … relay.end(call)
///
/// A server's request belongs to one of its calls in flight, but stdio carries no link
/// between the two: it goes to the earliest of the server's forwarded calls that does not
/// wait for the host already (else the earliest). A request that comes while no call of the
/// server is in flight is declined.
package final class UpstreamElicitationRelay: Sendable {
  /// Our requests to a handshake-era host; the server routes the host's responses here.
  package let hostRequests = HostRequests()
  /// Calls held for a stateless-era host's retry.
  let held = HeldCalls()
  private let calls = Mutex<[ForwardedCall]>([])

  package init() {}

  /// Registers a forwarded call before its request goes to the server.
  func begin(_ call: ForwardedCall) {
    calls.withLock { $0.append(call) }
  }

  /// Unregisters a call whose server call ended, and forgets any hold of it.
  func end(_ call: ForwardedCall) {
    calls.withLock { $0.removeAll { $0 === call } }
    held.drop(call)
  }

  /// The handler of the servers' `elicitation/create` (`MCPClient.connect(elicitations:)`),
  /// on a server's reader thread: hands the request to its call, or declines it.
  package func receive(_ request: UpstreamServerRequest) {
    let target = calls.withLock { calls -> ForwardedCall? in
      let mine = calls.filter { $0.server == request.server }
      return mine.first { !$0.isAwaitingInput(hostRequests) } ?? mine.first
    }
    guard let target else {
      request.decline()
      return
    }
    target.post(.input(request))
  }
}
