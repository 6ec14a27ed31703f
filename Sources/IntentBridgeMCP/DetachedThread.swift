import IntentBridgeSystem

/// A detached POSIX thread running one closure, for the server's long blocking work
/// (reading standard input, waiting for a child, draining a pipe, watching a file), which
/// must not occupy Dispatch's small pool of worker threads. Replaces Foundation's `Thread`
/// (the same default attributes: system stack size, detached), so the server needs only
/// FoundationEssentials.
///
///     DetachedThread.start(name: "mcp-stdin") { readLoop(…) }
enum DetachedThread {
  /// Starts `body` on a new detached thread named `name` (cut to the 15 bytes Linux allows;
  /// the name is for debuggers only). A thread that cannot be created (resources exhausted)
  /// runs `body` on the caller's thread instead of losing it.
  static func start(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
    let work = Work(name: name, body: body)
    guard let thread = PosixThread.start({ work.run() }) else {
      work.run()
      return
    }
    thread.detach()
  }

  /// Sleeps the calling thread for `seconds` (continuing after signal interruptions).
  static func sleep(seconds: Double) {
    PosixThread.sleep(seconds: seconds)
  }

  /// The closure and name handed to the new thread.
  private final class Work: Sendable {
    let name: String?
    let body: @Sendable () -> Void

    init(name: String?, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }

    func run() {
      if let name { PosixThread.nameCurrentThread(name) }
      body()
    }
  }
}
