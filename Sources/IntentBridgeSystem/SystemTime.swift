#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A point in time as the system keeps it: seconds and nanoseconds since 1970-01-01 UTC (a
/// POSIX `timespec`), for file times and the wall clock. Equal only when both parts are.
///
///     let age = SystemTime.now().seconds(since: status.changed)   // 0.25
package struct SystemTime: Hashable, Sendable {
  package var seconds: Int
  /// 0 ..< 1_000_000_000.
  package var nanoseconds: Int

  package init(seconds: Int, nanoseconds: Int) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  init(_ time: timespec) {
    self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
  }

  /// The wall clock now (`CLOCK_REALTIME`): it jumps when the system's time is set.
  package static func now() -> SystemTime {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return SystemTime(time)
  }

  /// Seconds from `earlier` to this time (negative when `earlier` is later).
  package func seconds(since earlier: SystemTime) -> Double {
    Double(seconds - earlier.seconds) + Double(nanoseconds - earlier.nanoseconds) / 1e9
  }
}
