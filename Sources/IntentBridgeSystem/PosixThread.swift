#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A POSIX thread running one closure, with the system's default attributes (stack size,
/// joinable until detached). `concurrentIterations` (Concurrency) joins its threads; the MCP
/// server's `DetachedThread` detaches its own.
package struct PosixThread {
  private let thread: pthread_t

  /// Starts `body` on a new thread; nil, with `body` not run, when no thread can be created
  /// (resources exhausted): the caller then runs it itself.
  package static func start(_ body: @escaping @Sendable () -> Void) -> PosixThread? {
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard
      pthread_create(
        &thread, nil,
        { context in
          #if canImport(Darwin)
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
          #else
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
          #endif
          work.body()
          return nil
        }, work) == 0
    else {
      Unmanaged<Work>.fromOpaque(work).release()
      return nil
    }
    #if canImport(Darwin)
      guard let thread else { return nil }
    #endif
    return PosixThread(thread: thread)
  }

  /// Waits until the thread has ended (its closure returned and was released).
  package func join() { pthread_join(thread, nil) }

  /// Lets the thread end on its own.
  package func detach() { pthread_detach(thread) }

  /// Names the calling thread for debuggers, cut to the 15 bytes Linux allows; does nothing
  /// where the system cannot (`pthread_setname_np`, whose signature differs: Apple platforms
  /// name only the calling thread).
  package static func nameCurrentThread(_ name: String) {
    let cut = String(decoding: name.utf8.prefix(15), as: UTF8.self)
    #if canImport(Darwin)
      _ = pthread_setname_np(cut)
    #else
      _ = setName?(pthread_self(), cut)
    #endif
  }

  /// Sleeps the calling thread for `seconds`, continuing after signal interruptions
  /// (`nanosleep`).
  package static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  #if !canImport(Darwin)
    /// glibc's and musl's `pthread_setname_np` (not in Swift's Glibc module), looked up once.
    private static let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32)? = {
      guard let symbol = DynamicLibrary.processSymbol("pthread_setname_np") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32).self)
    }()
  #endif

  /// The closure handed to the new thread.
  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
