#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The processor cores this process may use now, at least 1: Foundation's
/// `ProcessInfo.activeProcessorCount`, which on Linux also counts the CPU affinity mask and a
/// cgroup's CPU quota (a container limited to 2 cores says 2), and on Apple platforms the
/// active cores (`hw.activecpu`).
package var activeProcessorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
