#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// The running process: its id, environment, end, and how it and its threads take signals.
package enum CurrentProcess {
  /// The process id (`getpid`).
  package static var id: Int32 { getpid() }

  /// The value of the environment variable `name`, nil when it is not set (`getenv`).
  package static func environmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// Ends the process with `status` (`exit(3)`: `atexit` handlers run, C streams flushed).
  package static func exit(_ status: Int32) -> Never {
    #if canImport(Darwin)
      Darwin.exit(status)
    #elseif canImport(Glibc)
      Glibc.exit(status)
    #elseif canImport(Musl)
      Musl.exit(status)
    #endif
  }

  /// Ignores `signal` from now on, in the whole process (`signal(sig, SIG_IGN)`); an
  /// ignored signal stays ignored in a child unless it is reset (`ChildProcess` resets all).
  package static func ignore(_ signal: Signal) {
    #if canImport(Darwin)
      _ = Darwin.signal(signal.rawValue, SIG_IGN)
    #elseif canImport(Glibc)
      _ = Glibc.signal(signal.rawValue, SIG_IGN)
    #elseif canImport(Musl)
      _ = Musl.signal(signal.rawValue, SIG_IGN)
    #endif
  }

  /// Blocks `signal` on the calling thread only (`pthread_sigmask(SIG_BLOCK)`); e.g.
  /// `.brokenPipe`, so that writing to a pipe whose reader is gone fails with `EPIPE` there.
  package static func blockOnCurrentThread(_ signal: Signal) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal.rawValue)
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }
}
