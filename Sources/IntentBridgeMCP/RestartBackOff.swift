/// When a gateway starts an upstream server again after it ended: exponential back-off, so a
/// server that keeps crashing is not started in a tight loop, and a server that ran well for
/// a while starts again at once.
///
///     var backOff = RestartBackOff()
///     backOff.delay(afterRunningFor: 3)     // 0.5: it ended after 3 s
///     backOff.delay(afterRunningFor: nil)   // 1: the restart failed
///     backOff.delay(afterRunningFor: nil)   // 2, then 4, 8, 16, 30, 30, …
///     backOff.delay(afterRunningFor: 120)   // 0.5: it had been healthy for a minute or more
///
/// The numbers: the first restart after `initial` (0.5 s), each further failure in a row
/// doubles the wait, up to `maximum` (30 s); a server that ran `healthyAfter` (60 s) or
/// longer before it ended starts the count anew. Pure: the caller sleeps and measures.
package struct RestartBackOff: Sendable, Equatable {
  /// Seconds before the first restart.
  package var initial = 0.5
  /// The longest wait, in seconds.
  package var maximum = 30.0
  /// Seconds of running after which a server counts as healthy: its next end starts the
  /// back-off anew.
  package var healthyAfter = 60.0
  /// Ends and failed starts in a row since the server was last healthy.
  package private(set) var failures = 0

  package init() {}

  package init(initial: Double, maximum: Double, healthyAfter: Double) {
    self.initial = initial
    self.maximum = maximum
    self.healthyAfter = healthyAfter
  }

  /// The seconds to wait before the next start. `uptime`: how long the server ran before it
  /// ended (nil: the last start failed before it served).
  package mutating func delay(afterRunningFor uptime: Double?) -> Double {
    if let uptime, uptime >= healthyAfter { failures = 0 }
    failures += 1
    return Self.delay(failures: failures, initial: initial, maximum: maximum)
  }

  /// `initial · 2^(failures − 1)`, at most `maximum` (no overflow for any count).
  package static func delay(failures: Int, initial: Double, maximum: Double) -> Double {
    guard initial > 0 else { return 0 }
    var wait = initial
    for _ in 1..<max(1, failures) {
      wait *= 2
      if wait >= maximum { return maximum }
    }
    return min(wait, maximum)
  }
}
