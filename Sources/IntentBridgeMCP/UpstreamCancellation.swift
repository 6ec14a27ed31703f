import Synchronization

/// A way to give up a request to an upstream server from another thread: the gateway makes
/// one per forwarded call and cancels it when the host cancels the call
/// (`notifications/cancelled`).
///
///     let cancellation = UpstreamCancellation()
///     // worker:  try client.callTool("get_current_time", arguments: [...], cancellation: cancellation)
///     // reader:  cancellation.cancel()   // the worker's call ends with MCPClientError.Reason.cancelled
///
/// Cancelling before the request is sent cancels it as soon as it is.
package final class UpstreamCancellation: Sendable {
  private struct State {
    var cancelled = false
    var action: (@Sendable () -> Void)?
  }
  private let state = Mutex(State())

  package init() {}

  package var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Cancels: runs the action registered by the request (once), or marks it for one registered later.
  package func cancel() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.cancelled else { return nil }
      state.cancelled = true
      defer { state.action = nil }
      return state.action
    }
    action?()
  }

  /// Registers what cancelling does; runs it at once when already cancelled.
  func onCancel(_ action: @escaping @Sendable () -> Void) {
    let now = state.withLock { state -> Bool in
      if state.cancelled { return true }
      state.action = action
      return false
    }
    if now { action() }
  }
}
