#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import IntentBridgeConcurrency

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
    guard seconds > 0 else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  #if !canImport(Darwin)
    /// glibc's `pthread_setname_np` (not in Swift's Glibc module), looked up once.
    private static let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32)? = {
      // nil is RTLD_DEFAULT: the symbol wherever it is loaded.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32).self)
    }()
  #endif

  /// The closure and name handed to the new thread.
  private final class Work: Sendable {
    let name: String?
    let body: @Sendable () -> Void

    init(name: String?, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }

    func run() {
      if let name {
        let cut = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        #if canImport(Darwin)
          _ = pthread_setname_np(cut)
        #else
          _ = DetachedThread.setName?(pthread_self(), cut)
        #endif
      }
      body()
    }
  }
}
