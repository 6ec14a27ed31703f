#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A mutex with a condition variable (pthread), for state that threads wait on until
/// another changes it; what Foundation's `NSCondition` offers, without Foundation.
///
///     lock.lock(); while !ready { lock.wait() }; …; lock.unlock()
///     lock.lock(); ready = true; lock.broadcast(); lock.unlock()
///
/// The pthread objects live at fixed heap addresses for the object's lifetime (pthread
/// mutexes and conditions must not move).
package final class ConditionLock: @unchecked Sendable {
  // @unchecked: the pthread objects are made for use from several threads.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Unlocks, waits until woken by `broadcast` (or spuriously: wait in a loop that checks
  /// the condition), and locks again. Call with the lock held.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every waiting thread. Call with the lock held.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
