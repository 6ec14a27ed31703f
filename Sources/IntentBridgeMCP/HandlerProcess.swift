import Dispatch
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A handler's child process, started with `posix_spawn` in a process group of its own (the
/// group's id is the child's pid), so that a timeout, a cancellation or the server's exit
/// stops everything the handler started (`sh -c 'sleep 30 & sleep 30'`), not only the child.
///
/// The child's end is waited for by a thread of its own blocked in `waitid` (no polling, no
/// dependence on a notification queue that a busy process serves late), and the child is
/// not reaped until `reap()`: until then its pid, and so its group's id, cannot be reused,
/// and signalling the group never reaches an unrelated process.
final class HandlerProcess: Sendable {
  let pid: Int32
  /// Our ends of the child's standard input, output and error.
  let input: Int32
  let output: Int32
  let error: Int32
  private let exited = DispatchSemaphore(value: 0)
  private let hasExited = Mutex(false)

  private init(pid: Int32, input: Int32, output: Int32, error: Int32) {
    self.pid = pid
    self.input = input
    self.output = output
    self.error = error
  }

  /// Starts `program` with `arguments` (argv[1…]) and exactly `environment`; every signal
  /// at its default disposition and none blocked (the server ignores SIGPIPE), and no file
  /// descriptor of the server but the three pipes. Nil when the program cannot be started.
  static func spawn(program: String, arguments: [String], environment: [String: String]) -> HandlerProcess? {
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var fds: [Int32] = [-1, -1]
      // Close-on-exec, so that no other handler started meanwhile inherits them (`pipe2` is
      // not in Swift's Glibc module; the child closes every other descriptor anyway).
      guard pipe(&fds) == 0, fds.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }) else {
        for pair in pipes { pair.forEach { _ = close($0) } }
        return nil
      }
      pipes.append(fds)
    }
    // pipes[0]: the child reads [0], we write [1]; pipes[1] and [2]: the child writes [1], we read [0].
    let childEnds = [pipes[0][0], pipes[1][1], pipes[2][1]]
    let ourEnds = [pipes[0][1], pipes[1][0], pipes[2][0]]
    defer { childEnds.forEach { _ = close($0) } }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, fd) in childEnds.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(target)) }
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard status == 0 else {
      ourEnds.forEach { _ = close($0) }
      return nil
    }
    let process = HandlerProcess(pid: pid, input: ourEnds[0], output: ourEnds[1], error: ourEnds[2])
    DetachedThread.start(name: "mcp-wait-child") { [process] in
      var info = siginfo_t()
      while waitid(P_PID, id_t(process.pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
      process.exited.signal()
    }
    return process
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not in Swift's Glibc
  /// module): closes every descriptor from 3 on in the child, so none of the server's
  /// (e.g. the protocol's standard output) reaches a handler.
  private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
    // nil is RTLD_DEFAULT: the symbol wherever it is loaded.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
  }()

  /// Waits until the child has ended, at most `seconds` (nil: however long it takes); true
  /// when it has. Returns as soon as it ends.
  func waitForExit(seconds: Double?) -> Bool {
    if hasExited.withLock({ $0 }) { return true }
    if let seconds {
      guard exited.wait(timeout: .now() + seconds) == .success else { return false }
    } else {
      exited.wait()
    }
    hasExited.withLock { $0 = true }
    return true
  }

  /// Sends `signal` to every process of the child's group (the child, and what it started).
  /// Call before `reap()` only.
  func signalGroup(_ signal: Int32) {
    _ = kill(-pid, signal)
  }

  /// Reaps the ended child (call after `waitForExit` returned true): how it ended.
  func reap() -> (exitStatus: Int32?, signal: Int32?) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // The <sys/wait.h> macros, which Swift does not import: low 7 bits the signal, 0 for an exit.
    let signal = status & 0x7F
    return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
  }
}
