import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// Keeps a memory-mapped file that another process truncates or rewrites in place (`cp` over
/// the model or an index file while processes start) from killing the process.
///
/// Touching a mapped page past a file's new end raises SIGBUS, whose default action ends the
/// process. Every mapping a `ByteStore` makes is registered here; the first registration
/// installs a SIGBUS handler. When the faulting address lies in a registered mapping, the
/// handler replaces the mapping from the faulting page to its end by zero-filled anonymous
/// pages (`mmap` with `MAP_FIXED`) and marks it rewritten; the faulting read then sees zeros.
/// Every reader of mapped data bounds-checks what it reads (the formats are validated against
/// crafted files), so zeros give a wrong answer at worst, never a trap, and the command or the
/// server says so (`rewrittenFiles`). A fault anywhere else restores the default action and
/// happens again, ending the process as before.
///
///     let slot = MappedFileGuard.watch(bytes, path: path)   // after mmap
///     MappedFileGuard.rewrittenFiles                        // ["Models/…/model.safetensors"]
///     MappedFileGuard.release(slot)                         // before munmap
///
/// The handler reads a fixed table of address ranges and calls only `mmap` and `signal`;
/// registrations publish a range's end before its start, and withdraw its start first, so a
/// fault during a registration never matches a half-written slot. Guarded on Linux (Glibc)
/// and Apple platforms; elsewhere mappings are not guarded (a rewritten file ends the process).
package enum MappedFileGuard {
  /// Mappings watched at once; more are mapped unguarded (the engine holds a handful).
  static let capacity = 256

  /// One registered mapping. `start == .max` marks a free slot.
  struct Slot {
    var start: UInt
    var end: UInt
    var rewritten: UInt
  }

  /// The table the handler reads: allocated once and never freed (the handler may run at
  /// any time). `nonisolated(unsafe)`: written only under `registry`'s lock, read by the
  /// handler, which tolerates a slot in transition (see the type's comment).
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
    let table = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
    table.initialize(repeating: Slot(start: .max, end: 0, rewritten: 0), count: capacity)
    return table
  }()

  /// Paths of the watched mappings by slot, and whether the handler is installed.
  private static let registry = Mutex<(paths: [Int: String], installed: Bool)>(([:], false))

  /// Watches `bytes`, a mapping of the file at `path`; returns its slot (nil when the table
  /// is full or the platform has no guard). Call `release` before unmapping.
  package static func watch(_ bytes: UnsafeRawBufferPointer, path: String) -> Int? {
    guard let base = bytes.baseAddress, bytes.count > 0, isSupported else { return nil }
    let start = UInt(bitPattern: base)
    let (end, overflow) = start.addingReportingOverflow(UInt(bytes.count))
    guard !overflow else { return nil }
    return registry.withLock { state -> Int? in
      if !state.installed {
        installHandler()
        state.installed = true
      }
      guard let slot = (0..<capacity).first(where: { slots[$0].start == .max && slots[$0].end == 0 }) else { return nil }
      slots[slot].rewritten = 0
      slots[slot].end = end
      slots[slot].start = start
      state.paths[slot] = path
      return slot
    }
  }

  /// Stops watching the mapping in `slot` (from `watch`).
  package static func release(_ slot: Int) {
    registry.withLock { state in
      slots[slot].start = .max
      slots[slot].end = 0
      state.paths[slot] = nil
    }
  }

  /// Whether the mapping in `slot` was found rewritten (its tail is zeros since).
  package static func wasRewritten(_ slot: Int) -> Bool { slots[slot].rewritten != 0 }

  /// Whether any watched mapping was found rewritten: a scan of the table, no lock (cheap
  /// enough to ask after every request).
  package static var anyRewritten: Bool {
    (0..<capacity).contains { slots[$0].start != .max && slots[$0].rewritten != 0 }
  }

  /// The paths of watched mappings found rewritten while in use, sorted.
  package static var rewrittenFiles: [String] {
    registry.withLock { state in
      state.paths.filter { slots[$0.key].rewritten != 0 }.map(\.value).sorted()
    }
  }

  /// The message for a command or server that used a rewritten file.
  package static func warning(for path: String) -> String {
    "warning: \(path) was truncated or rewritten in place while this process had it mapped; what depended on it may be wrong: run the command again (replace such files by renaming a new file over them)"
  }

  #if canImport(Darwin) || canImport(Glibc)
    static let isSupported = true
  #else
    static let isSupported = false
  #endif

  private static func installHandler() {
    #if canImport(Darwin) || canImport(Glibc)
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handleFault
      #else
        action.__sigaction_handler.sa_sigaction = handleFault
      #endif
      action.sa_flags = SA_SIGINFO | SA_NODEFER
      sigemptyset(&action.sa_mask)
      _ = sigaction(SIGBUS, &action, nil)
    #endif
  }

  #if canImport(Darwin) || canImport(Glibc)
    /// The SIGBUS handler: async-signal-safe (a table scan, `mmap`, `signal`).
    private static let handleFault: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
      _, info, _ in
      #if canImport(Darwin)
        let address = UInt(bitPattern: info?.pointee.si_addr)
      #else
        let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
      #endif
      let page = UInt(getpagesize())
      for slot in 0..<capacity {
        let entry = slots[slot]
        guard address >= entry.start, address < entry.end else { continue }
        let first = address & ~(page - 1)
        let replaced = mmap(
          UnsafeMutableRawPointer(bitPattern: first), Int(entry.end - first), PROT_READ, MAP_PRIVATE | MAP_ANON | MAP_FIXED, -1, 0)
        if replaced != UnsafeMutableRawPointer(bitPattern: -1) {  // MAP_FAILED, which not every C module imports
          slots[slot].rewritten = 1
          return
        }
        break
      }
      // Not a guarded mapping (or the replacement failed): the default action, on the retry.
      _ = signal(SIGBUS, SIG_DFL)
    }
  #endif
}
