#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX thread running one closure, with the system's default attributes (stack size,
/// joinable until detached). `concurrentIterations` joins its threads; the MCP server's
/// `DetachedThread` detaches its own.
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
    guard pthread_create(&thread, nil, { context in
      #if canImport(Darwin)
        let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
      #else
        let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
      #endif
      work.body()
      return nil
    }, work) == 0 else {
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

  /// The closure handed to the new thread.
  private final class Work: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
