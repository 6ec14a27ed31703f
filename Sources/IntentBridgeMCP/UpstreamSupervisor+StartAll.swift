import Dispatch
import Synchronization

extension UpstreamSupervisor {
  /// Starts every supervisor's server at the same time, each on a thread of its own (a slow
  /// server does not hold up the others), and waits for them all: per supervisor, in the
  /// given order, its first listing or why it could not start (`start()`).
  /// - Complexity: the time of the slowest start, not the sum.
  package static func startAll(_ supervisors: [UpstreamSupervisor]) -> [Result<UpstreamToolList.Listing, MCPClientError>] {
    let results = Mutex([Result<UpstreamToolList.Listing, MCPClientError>?](repeating: nil, count: supervisors.count))
    let finished = DispatchSemaphore(value: 0)
    for (index, supervisor) in supervisors.enumerated() {
      DetachedThread.start(name: "mcp-start") {
        let result = Result { () throws(MCPClientError) in try supervisor.start() }
        results.withLock { $0[index] = result }
        finished.signal()
      }
    }
    for _ in supervisors { finished.wait() }
    return results.withLock { $0 }.enumerated().map { index, result in
      result ?? .failure(MCPClientError(server: supervisors[index].server.name, reason: .couldNotStart("its start did not finish")))
    }
  }
}
