import Synchronization

/// Runs `first` and `second` at the same time (on two cores when there are two) and returns
/// both results: for independent parts of one build, such as a catalog's templates and its
/// keyword index.
/// - Complexity: the slower of the two, plus a thread start (tens of microseconds).
package func sideBySide<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
  let a = Mutex<A?>(nil)
  let b = Mutex<B?>(nil)
  withoutActuallyEscaping(first) { first in
    withoutActuallyEscaping(second) { second in
      concurrentIterations(2, threads: 2) { part in
        if part == 0 {
          let value = first()
          a.withLock { $0 = value }
        } else {
          let value = second()
          b.withLock { $0 = value }
        }
      }
    }
  }
  return (a.withLock { $0! }, b.withLock { $0! })
}
