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

  public init(server: MCPServer) {
    current = Mutex(server)
  }

  public var server: MCPServer { current.withLock { $0 } }

  public func handle(line: [UInt8], progress: @escaping @Sendable (String) -> Void = { _ in }) -> [String] {
    server.handle(line: line, progress: progress)
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
    DetachedThread.start(name: "mcp-catalog-watch") { [self] in
      var last = first
      var rewritten: [String] = []
      while true {
        DetachedThread.sleep(seconds: interval)
        // A model, tokenizer or index file rewritten in place while mapped (read as zeros
        // since): the server is built again from the files as they are now.
        let nowRewritten = MappedFileGuard.rewrittenFiles
        if nowRewritten.contains(where: { !rewritten.contains($0) }) {
          for path in nowRewritten where !rewritten.contains(path) { log(MappedFileGuard.warning(for: path) + "\n") }
          if let server = rebuild() {
            log("notice: reloaded the catalog, its index and the model\n")
            if replace(with: server) { notify(MCPServer.listChangedNotification) }
          }
        }
        rewritten = nowRewritten
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
