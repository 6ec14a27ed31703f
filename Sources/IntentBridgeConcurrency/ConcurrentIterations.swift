import IntentBridgeSystem
import Synchronization

/// Calls `body(i)` once for every `i` in `0..<iterations`, on `threads` threads at most: the
/// calling thread and `threads − 1` threads started for the call, each taking the next index
/// from a shared counter until none is left; returns when every call has returned and every
/// started thread has ended.
///
/// Threads of its own rather than `DispatchQueue.concurrentPerform`: a `concurrentPerform`
/// inside another runs its iterations one after the other (libdispatch narrows nested
/// applies to the cores left), so a parallel step inside `sideBySide` would lose its cores.
/// Nested calls here start threads of their own; with more threads than cores the system
/// shares the cores out.
/// - Complexity: `iterations` calls of `body`; a thread start and join (tens of microseconds)
///   per extra thread.
package func concurrentIterations(_ iterations: Int, threads: Int = activeCores, _ body: @Sendable (Int) -> Void) {
  let threads = min(threads, iterations)
  guard threads > 1 else {
    for i in 0..<iterations { body(i) }
    return
  }
  withoutActuallyEscaping(body) { body in
    let work = IterationWork(iterations: iterations, body: body)
    // A thread that cannot be started leaves its share to the others and the caller.
    let started = (1..<threads).compactMap { _ in PosixThread.start { work.run() } }
    work.run()
    for thread in started { thread.join() }
  }
}

/// The cores this process may use (at least 1), read once.
package let activeCores = activeProcessorCount

/// The shared counter and body of one `concurrentIterations` call.
private final class IterationWork: Sendable {
  let iterations: Int
  let body: @Sendable (Int) -> Void
  let next = Atomic<Int>(0)

  init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
    self.iterations = iterations
    self.body = body
  }

  func run() {
    while true {
      let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard i < iterations else { return }
      body(i)
    }
  }
}
