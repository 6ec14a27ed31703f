#if os(Linux) || os(macOS)
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    @preconcurrency import Glibc
  #elseif canImport(Musl)
    @preconcurrency import Musl
  #endif

  /// A child process started with `posix_spawn` in a process group of its own (the group's
  /// id is the child's pid), with pipes to its standard input, output and error.
  ///
  ///     let child = ChildProcess.spawn(program: "/bin/echo", arguments: ["hi"], environment: [:])!
  ///     child.waitUntilEnded()                    // not reaped: the pid stays the child's
  ///     child.signalGroup(.kill)                  // whatever it left running in its group
  ///     child.reap()                              // (exitStatus: 0, signal: nil)
  ///
  /// Until `reap()` the ended child stays a zombie, so its pid, and so its group's id, cannot
  /// be reused and signalling the group never reaches an unrelated process. Linux and macOS
  /// only: iOS does not let apps start processes.
  package struct ChildProcess: Sendable {
    package let pid: Int32
    /// Our ends of the child's standard input, output and error; the caller closes them.
    package let input: FileDescriptor
    package let output: FileDescriptor
    package let error: FileDescriptor

    /// Starts `program` (an absolute path; no `PATH` search) with `arguments` (argv[1…]) and
    /// exactly `environment`; every signal at its default disposition and none blocked, and
    /// no descriptor of ours but the three pipes. Nil when it cannot be started.
    package static func spawn(program: String, arguments: [String], environment: [String: String]) -> ChildProcess? {
      try? start(program: program, arguments: arguments, environment: environment)
    }

    /// `spawn`, in `workingDirectory` when one is given (nil: ours), throwing why the child
    /// could not be started: `ENOENT` for a missing program or folder, `EACCES` for one that
    /// may not be run or entered, `ENOSYS` where the system cannot start a child in another
    /// folder (glibc before 2.29).
    ///
    ///     let child = try ChildProcess.start(program: "/usr/bin/python3", arguments: ["server.py"],
    ///                                        environment: ["PATH": "/usr/bin"], workingDirectory: "/srv/mcp")
    package static func start(
      program: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil
    ) throws(Errno) -> ChildProcess {
      var pipes: [(readEnd: FileDescriptor, writeEnd: FileDescriptor)] = []
      for _ in 0..<3 {
        // Close-on-exec, so that no other child started meanwhile inherits them.
        do {
          pipes.append(try FileDescriptor.pipe())
        } catch {
          for pair in pipes {
            pair.readEnd.closeIgnoringErrors()
            pair.writeEnd.closeIgnoringErrors()
          }
          throw error
        }
      }
      // pipes[0]: the child reads, we write; pipes[1] and [2]: the child writes, we read.
      let childEnds = [pipes[0].readEnd, pipes[1].writeEnd, pipes[2].writeEnd]
      let ourEnds = [pipes[0].writeEnd, pipes[1].readEnd, pipes[2].readEnd]
      defer { for end in childEnds { end.closeIgnoringErrors() } }

      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
      #else
        var actions = posix_spawn_file_actions_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for (target, end) in childEnds.enumerated() { posix_spawn_file_actions_adddup2(&actions, end.rawValue, Int32(target)) }
      if let workingDirectory {
        #if canImport(Darwin)
          let changed = posix_spawn_file_actions_addchdir_np(&actions, workingDirectory)
        #else
          guard let addChdir = Self.addChdir else {
            for end in ourEnds { end.closeIgnoringErrors() }
            throw Errno(rawValue: ENOSYS)
          }
          let changed = addChdir(&actions, workingDirectory)
        #endif
        guard changed == 0 else {
          for end in ourEnds { end.closeIgnoringErrors() }
          throw Errno(rawValue: changed)
        }
      }

      #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
      #else
        var attributes = posix_spawnattr_t()
        // Every descriptor from 3 on closed in the child, so none of ours (e.g. a server's
        // protocol output) reaches it; Apple platforms use POSIX_SPAWN_CLOEXEC_DEFAULT below.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
      #endif
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var all = sigset_t()
      sigfillset(&all)
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setpgroup(&attributes, 0)
      #if canImport(Darwin)
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT
      #else
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
      #endif
      posix_spawnattr_setflags(&attributes, Int16(flags))

      let argv = ([program] + arguments).map { strdup($0) } + [nil]
      let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
      }
      var pid: pid_t = 0
      let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
      guard status == 0 else {
        for end in ourEnds { end.closeIgnoringErrors() }
        throw Errno(rawValue: status)
      }
      return ChildProcess(pid: pid, input: ourEnds[0], output: ourEnds[1], error: ourEnds[2])
    }

    #if !canImport(Darwin)
      /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not in Swift's Glibc
      /// module), looked up once; nil where the C library lacks it.
      private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = DynamicLibrary.processSymbol("posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
      }()

      /// glibc's and musl's `posix_spawn_file_actions_addchdir_np` (glibc 2.29+; not in Swift's
      /// Glibc module), looked up once; nil where the C library lacks it.
      private static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32)? = {
        guard let symbol = DynamicLibrary.processSymbol("posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32).self)
      }()
    #endif

    /// Blocks the calling thread until the child has ended, without reaping it (`waitid`
    /// with `WNOWAIT`): no polling, and the pid stays the child's until `reap()`.
    package func waitUntilEnded() {
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// Sends `signal` to every process of the child's group (the child, and what it
    /// started). Call before `reap()` only.
    package func signalGroup(_ signal: Signal) {
      Self.signalGroup(of: pid, signal)
    }

    /// Sends `signal` to the process group whose id is `pid` (`kill(-pid, signal)`); the
    /// caller makes sure that group is still a child's (not reaped).
    package static func signalGroup(of pid: Int32, _ signal: Signal) {
      _ = kill(-pid, signal.rawValue)
    }

    /// Reaps the ended child (after `waitUntilEnded`): its exit status, or the signal that
    /// ended it.
    package func reap() -> (exitStatus: Int32?, signal: Int32?) {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      // The <sys/wait.h> macros, which Swift does not import: low 7 bits the signal, 0 for an exit.
      let signal = status & 0x7F
      return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
    }
  }
#endif
