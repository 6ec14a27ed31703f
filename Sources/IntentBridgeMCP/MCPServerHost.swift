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

  public init(server: MCPServer) {
    current = Mutex(server)
  }

  public var server: MCPServer { current.withLock { $0 } }

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
