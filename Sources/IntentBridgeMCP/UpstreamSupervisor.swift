import Dispatch
import IntentBridgeJSON
import Synchronization

/// One upstream server behind the gateway, kept serving: started once (`start`), started
/// again with back-off (`RestartBackOff`: 0.5 s doubling to 30 s, anew after 60 s of good
/// running) whenever it ends or breaks its pipe, re-initialised and re-listed each time, and
/// re-listed when it sends `notifications/tools/list_changed`. Each listing after the first
/// goes to the listener (`onToolsListed`), which rebuilds the gateway's catalog when the
/// tools changed.
///
///     let supervisor = UpstreamSupervisor(server: time, options: clientOptions, log: { console.err($0) })
///     let listing = try supervisor.start()          // the first session and its tools
///     supervisor.onToolsListed { listing in … }      // after a restart or a list_changed
///     switch supervisor.availability { case .available(let client): …; case .unavailable(let why): … }
///
/// While the server is down its tools stay in the catalog, and `availability` says why they
/// cannot be called ("MCP server 'time' is restarting: it exited with status 1; next attempt
/// in 2 s"): a call answers that at once instead of waiting. Restarts are logged on standard
/// error with the server's `[name]` prefix, as its own standard error is. A server that
/// fails its first start is not supervised (the gateway leaves it out, as before).
package final class UpstreamSupervisor: Sendable {
  /// Whether calls can go to the server now.
  package enum Availability: Sendable {
    case available(MCPClient)
    /// Why not: a sentence naming the server.
    case unavailable(String)
  }

  package let server: UpstreamServer
  private let options: MCPClient.Options
  private let log: @Sendable (String) -> Void
  private let notifications: @Sendable (_ method: String, _ params: JSONObject) -> Void
  private let elicitations: (@Sendable (UpstreamServerRequest) -> Void)?
  private let sleep: @Sendable (Double) -> Void

  private struct State: Sendable {
    /// The session serving calls; nil while the server is down or restarting.
    var client: MCPClient?
    /// Counts the sessions started; callbacks of an older session are ignored.
    var generation = 0
    /// The newest session whose standard output has ended.
    var endedGeneration = 0
    /// When the serving session started (`DispatchTime` nanoseconds).
    var startedAt: UInt64 = 0
    var backOff: RestartBackOff
    /// Why the server cannot be called, while it is down.
    var unavailable: String?
    var stopped = false
    /// A re-listing is running (`relisting`) and another was asked for meanwhile (`relistAgain`).
    var relisting = false
    var relistAgain = false
    var listener: (@Sendable (UpstreamToolList.Listing) -> Void)?
    /// A listing made before there was a listener, handed over when one is set.
    var undelivered: UpstreamToolList.Listing?
  }
  private let state: Mutex<State>
  /// Listings are delivered one at a time, newest session last.
  private let delivery = Mutex(())

  /// `log` receives the server's standard error and the supervisor's own lines (prefixed
  /// `[name] `); `notifications` the server's notifications other than
  /// `notifications/tools/list_changed` (progress, for the relay); `sleep` waits out the
  /// back-off (tests pass one that does not sleep); `elicitations` the server's
  /// `elicitation/create` requests, in every session (`MCPClient.connect`).
  package init(
    server: UpstreamServer, options: MCPClient.Options, backOff: RestartBackOff = RestartBackOff(),
    log: @escaping @Sendable (String) -> Void,
    notifications: @escaping @Sendable (_ method: String, _ params: JSONObject) -> Void = { _, _ in },
    elicitations: (@Sendable (UpstreamServerRequest) -> Void)? = nil,
    sleep: @escaping @Sendable (Double) -> Void = { DetachedThread.sleep(seconds: $0) }
  ) {
    self.server = server
    self.options = options
    self.log = log
    self.notifications = notifications
    self.elicitations = elicitations
    self.sleep = sleep
    state = Mutex(State(backOff: backOff))
  }

  /// Starts the server, opens the session and lists its tools; on failure the server is
  /// stopped and the error names it (it is then not supervised).
  package func start() throws(MCPClientError) -> UpstreamToolList.Listing {
    let generation = state.withLock { state -> Int in
      state.generation += 1
      return state.generation
    }
    let client = try connect(generation: generation)
    let tools: [JSONValue]
    do {
      tools = try client.listTools()
    } catch {
      client.close(grace: 0)
      throw error
    }
    // It listed its tools: it is supervised from now on, even when it ended right after
    // (then it is restarted at once, its tools unavailable meanwhile).
    let endedAlready = state.withLock { state -> Bool in
      state.client = client
      state.startedAt = DispatchTime.now().uptimeNanoseconds
      return state.endedGeneration >= generation
    }
    if endedAlready { ended(generation: generation) }
    return UpstreamToolList.Listing(server: server, session: client.session, tools: tools)
  }

  /// Calls `listener` with each listing after the first: after a restart, and after a
  /// `notifications/tools/list_changed`. The newest listing made before the listener was set
  /// (a restart while the gateway was still starting) is handed to it at once.
  package func onToolsListed(_ listener: @escaping @Sendable (UpstreamToolList.Listing) -> Void) {
    delivery.withLock { _ in
      let missed = state.withLock { state -> UpstreamToolList.Listing? in
        state.listener = listener
        defer { state.undelivered = nil }
        return state.undelivered
      }
      if let missed { listener(missed) }
    }
  }

  package var availability: Availability {
    state.withLock { state in
      if let client = state.client { return .available(client) }
      return .unavailable(state.unavailable ?? "MCP server '\(server.name)' is not running behind this gateway.")
    }
  }

  /// Ends the session for good: no restart follows.
  package func stop(grace: Double = 2) {
    let client = state.withLock { state -> MCPClient? in
      state.stopped = true
      defer { state.client = nil }
      return state.client
    }
    client?.close(grace: grace)
  }

  // MARK: - Sessions

  private func connect(generation: Int) throws(MCPClientError) -> MCPClient {
    try MCPClient.connect(
      server, options: options, log: log,
      notifications: { [weak self] method, params in
        guard let self else { return }
        if method == "notifications/tools/list_changed" {
          self.relist(generation: generation)
        } else {
          self.notifications(method, params)
        }
      },
      ended: { [weak self] in self?.ended(generation: generation) }, elicitations: elicitations)
  }

  /// Makes `client` the serving session, unless it ended already or the supervisor stopped.
  private func install(_ client: MCPClient, generation: Int) -> Bool {
    let installed = state.withLock { state -> Bool in
      guard !state.stopped, state.endedGeneration < generation, state.generation == generation else { return false }
      state.client = client
      state.unavailable = nil
      state.startedAt = DispatchTime.now().uptimeNanoseconds
      return true
    }
    if !installed { client.close(grace: 0) }
    return installed
  }

  /// The session `generation` ended (its standard output closed): when it was the serving
  /// one, its tools become unavailable and a restart begins.
  private func ended(generation: Int) {
    let restart = state.withLock { state -> (client: MCPClient, delay: Double)? in
      state.endedGeneration = max(state.endedGeneration, generation)
      guard !state.stopped, state.generation == generation, let client = state.client else { return nil }
      let uptime = Double(DispatchTime.now().uptimeNanoseconds - state.startedAt) / 1e9
      let delay = state.backOff.delay(afterRunningFor: uptime)
      state.client = nil
      state.unavailable = "MCP server '\(server.name)' is restarting: it ended; next attempt in \(MCPClientError.format(delay)) s."
      return (client, delay)
    }
    guard let restart else { return }
    DetachedThread.start(name: "mcp-up-restart") { [self] in
      let how = restart.client.ending()
      state.withLock {
        $0.unavailable = "MCP server '\(server.name)' is restarting: it \(how); next attempt in \(MCPClientError.format(restart.delay)) s."
      }
      log("[\(server.name)] gateway: the server \(how); its tools are unavailable; restarting it in \(MCPClientError.format(restart.delay)) s\n")
      restartLoop(firstDelay: restart.delay)
    }
  }

  /// Waits, starts the server again, and on failure waits longer, until a session serves
  /// (its listing then goes to the listener) or the supervisor stops.
  private func restartLoop(firstDelay: Double) {
    var delay = firstDelay
    var attempt = 1
    while true {
      sleep(delay)
      let generation = state.withLock { state -> Int? in
        guard !state.stopped else { return nil }
        state.generation += 1
        return state.generation
      }
      guard let generation else { return }
      let failure: String
      do {
        let client = try connect(generation: generation)
        do {
          let tools = try client.listTools()
          if install(client, generation: generation) {
            log("[\(server.name)] gateway: restarted (attempt \(attempt)); \(tools.count) tool\(tools.count == 1 ? "" : "s") available again\n")
            deliver(UpstreamToolList.Listing(server: server, session: client.session, tools: tools), generation: generation)
            return
          }
          failure = "it \(client.ending()) at once"
        } catch {
          client.close(grace: 0)
          failure = "\(error)"
        }
      } catch {
        failure = "\(error)"
      }
      delay = state.withLock { state -> Double in
        let next = state.backOff.delay(afterRunningFor: nil)
        state.unavailable =
          "MCP server '\(server.name)' is restarting: attempt \(attempt) failed; next attempt in \(MCPClientError.format(next)) s."
        return next
      }
      log("[\(server.name)] gateway: restart attempt \(attempt) failed: \(failure); next attempt in \(MCPClientError.format(delay)) s\n")
      attempt += 1
    }
  }

  // MARK: - Re-listing

  /// Lists the tools of the serving session again (after a `notifications/tools/list_changed`
  /// of session `generation`), off the reader thread that received the notification;
  /// notifications arriving meanwhile make one more listing. A restart lists anyway.
  private func relist(generation: Int) {
    let start = state.withLock { state -> Bool in
      guard state.generation == generation, state.client != nil else { return false }
      guard !state.relisting else {
        state.relistAgain = true
        return false
      }
      state.relisting = true
      return true
    }
    guard start else { return }
    DetachedThread.start(name: "mcp-up-relist") { [self] in
      while true {
        let (client, serving) = state.withLock { state -> (MCPClient?, Int) in
          state.relistAgain = false
          return (state.client, state.generation)
        }
        if let client {
          do {
            let tools = try client.listTools()
            deliver(UpstreamToolList.Listing(server: server, session: client.session, tools: tools), generation: serving)
          } catch {
            log("[\(server.name)] gateway: listing the tools again after notifications/tools/list_changed failed: \(error)\n")
          }
        }
        let again = state.withLock { state -> Bool in
          if !state.relistAgain { state.relisting = false }
          return state.relistAgain
        }
        if !again { return }
      }
    }
  }

  /// Hands a listing of session `generation` to the listener, unless a newer session serves.
  private func deliver(_ listing: UpstreamToolList.Listing, generation: Int) {
    delivery.withLock { _ in
      let listener = state.withLock { state -> (@Sendable (UpstreamToolList.Listing) -> Void)? in
        guard state.generation == generation, !state.stopped else { return nil }
        if state.listener == nil { state.undelivered = listing }
        return state.listener
      }
      listener?(listing)
    }
  }
}
