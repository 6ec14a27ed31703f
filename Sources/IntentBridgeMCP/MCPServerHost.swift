import Dispatch
import IntentBridgeSystem
import Synchronization

/// Holds the server in use and swaps it when the catalog file changes, without a restart.
///
/// A watcher thread looks at the catalog file every `interval` seconds
/// (`CatalogFileState`: identity, size, modification and change times, recent contents); on
/// a change it calls `rebuild`, and when that succeeds the new server takes over the session
/// and `onSwap` learns whether to send `notifications/tools/list_changed`. A catalog that
/// no longer loads leaves the current server serving, and `log` says so. Requests in flight
/// finish on the server they started on.
public final class MCPServerHost: Sendable {
  private let current: Mutex<MCPServer>

  /// Mapped files found rewritten in place (`MappedFileGuard`): the ones already reported,
  /// whether the watcher still has to rebuild the server, and where to report them.
  private struct Rewritten {
    var reported: [String] = []
    var reloadPending = false
    var log: (@Sendable (String) -> Void)?
  }
  private let rewritten = Mutex(Rewritten())

  /// Start-up of a server that takes a while (a gateway starting its upstreams): while it
  /// runs, `server` is a stand-in that answers the handshake, and requests that need the
  /// catalog wait (`server(for:)`) until `finishStartup(with:)`.
  private let startup = DispatchGroup()
  private let starting = Mutex(false)
  /// The stand-in, until the reader has moved on to the real server.
  private let standIn = Mutex<MCPServer?>(nil)

  public init(server: MCPServer) {
    current = Mutex(server)
  }

  public var server: MCPServer { current.withLock { $0 } }

  /// Builds the real server on a thread of its own while the current one stands in (see
  /// `beginStartup`); `build` ends the process itself when it cannot. `ready` runs once the
  /// real server has taken over (a gateway then lets its upstreams' changes swap it).
  package func startUp(_ build: @escaping @Sendable () -> MCPServer, ready: @escaping @Sendable () -> Void = {}) {
    beginStartup()
    DetachedThread.start(name: "mcp-startup") { [self] in
      finishStartup(with: build())
      ready()
    }
  }

  /// Marks the current server as a stand-in until `finishStartup(with:)`.
  package func beginStartup() {
    let current = server
    starting.withLock { starting in
      guard !starting else { return }
      starting = true
      startup.enter()
    }
    standIn.withLock { $0 = current }
  }

  /// Puts the real server in place of the stand-in (carrying the session over) and lets the
  /// waiting requests through.
  package func finishStartup(with server: MCPServer) {
    replace(with: server)
    starting.withLock { starting in
      guard starting else { return }
      starting = false
      startup.leave()
    }
  }

  /// The server to answer `incoming`: the current one; during start-up, a line with a request
  /// other than `initialize`, `ping` or `server/discover` first waits for the real server.
  ///
  /// Called on the reader thread, which answers handshake lines in order: when the real server
  /// has taken over, the stand-in's session (an `initialize` answered while the swap happened)
  /// is taken over once more before the next line, so no handshake is lost.
  func server(for incoming: IncomingLine) -> MCPServer {
    if incoming.needsCatalog, starting.withLock({ $0 }) { startup.wait() }
    let server = self.server
    if let previous = standIn.withLock({ $0 }), previous !== server {
      server.adoptSession(from: previous)
      standIn.withLock { $0 = nil }
    }
    return server
  }

  /// Answers a line. A mapped file found rewritten while it was answered is reported at once
  /// (the answer may have read zeros from it); the watcher then rebuilds the server.
  public func handle(line: [UInt8], progress: @escaping @Sendable (String) -> Void = { _ in }) -> [String] {
    let replies = server.handle(line: line, progress: progress)
    if MappedFileGuard.anyRewritten { reportRewrittenFiles() }
    return replies
  }

  /// Logs each mapped file newly found rewritten and marks a reload as pending.
  private func reportRewrittenFiles() {
    let files = MappedFileGuard.rewrittenFiles
    let (fresh, log) = rewritten.withLock { state -> ([String], (@Sendable (String) -> Void)?) in
      let fresh = files.filter { !state.reported.contains($0) }
      state.reported = files
      if !fresh.isEmpty { state.reloadPending = true }
      return (fresh, state.log)
    }
    for path in fresh { log?(MappedFileGuard.warning(for: path) + "\n") }
  }

  /// Replaces the server, carrying the session over; returns whether the client should be told.
  @discardableResult
  public func replace(with new: MCPServer) -> Bool {
    let old = server
    new.adoptSession(from: old)
    current.withLock { $0 = new }
    return new.shouldNotifyListChanged
  }

  /// Starts watching `path`; `rebuild` makes a server for the changed file (nil when the
  /// file does not load), `notify` sends a line to the client.
  public func watch(
    path: String, interval: Double = 1.0, rebuild: @escaping @Sendable () -> MCPServer?,
    notify: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void
  ) {
    // The first look is taken before `watch` returns: every change after it is noticed.
    let first = CatalogFileState.read(path)
    rewritten.withLock { $0.log = log }
    DetachedThread.start(name: "mcp-catalog-watch") { [self] in
      var last = first
      while true {
        DetachedThread.sleep(seconds: interval)
        // A model, tokenizer or index file rewritten in place while mapped (read as zeros
        // since): the server is built again from the files as they are now.
        reportRewrittenFiles()
        if rewritten.withLock({ state in
          defer { state.reloadPending = false }
          return state.reloadPending
        }), let server = rebuild() {
          log("notice: reloaded the catalog, its index and the model\n")
          if replace(with: server) { notify(MCPServer.listChangedNotification) }
        }
        guard let now = CatalogFileState.read(path) else { continue }
        if let last, now.isSameVersion(as: last) { continue }
        last = now
        guard now.isRegularFile else {
          log("notice: \(path) is no longer a regular file (a FIFO, socket, device or folder); still serving the previous catalog\n")
          continue
        }
        guard let server = rebuild() else {
          log("notice: \(path) changed but does not load; still serving the previous catalog\n")
          continue
        }
        log("notice: \(path) changed; serving the new catalog\n")
        if replace(with: server) { notify(MCPServer.listChangedNotification) }
      }
    }
  }
}
