import Dispatch
import IntentBridgeEngine
import IntentBridgeSystem
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs an intent's `handler`: an argv array started directly (never through a shell), the
/// arguments as one JSON document on standard input (`input: json-stdin`), a minimal
/// environment, a timeout (SIGTERM, then SIGKILL after a grace period) and capped output.
///
/// The handler runs in a process group of its own (`HandlerProcess`): the timeout, the
/// output cap and a cancellation signal the whole group, and when the handler ends, whatever
/// it left running in its group is killed with it. Its end is noticed as it happens, so a
/// handler that exits on SIGTERM costs no grace period.
public struct HandlerRunner: Sendable {
  public struct Limits: Sendable {
    /// Bytes kept of standard output and of standard error each; the child is stopped when exceeded.
    public var outputCap = 1 << 20
    /// Seconds between SIGTERM and SIGKILL.
    public var killGrace = 0.5
    /// Upper bound on any handler's timeout.
    public var maximumTimeout = 3600.0
    public init() {}
  }

  /// Environment variables a handler inherits from the server (plus its own `env`).
  public static let inheritedEnvironment = ["PATH", "HOME", "LANG", "LC_ALL"]

  public struct Outcome: Sendable {
    public enum Ending: Sendable, Equatable {
      case exited(Int32)
      case signalled(Int32)
      case timedOut
      case outputCapped
      case couldNotStart
    }
    public var ending: Ending
    public var stdout: [UInt8]
    public var stderr: [UInt8]
    public var stdoutTruncated: Bool
    public var seconds: Double
  }

  public let limits: Limits

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Runs the handler; `started` receives the child's process id (for cancellation).
  public func run(_ handler: Handler, arguments: JSONValue, started: (Int32) -> Void = { _ in }) -> Outcome {
    let start = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    var environment: [String: String] = [:]
    let current = ProcessInfo.processInfo.environment
    for name in Self.inheritedEnvironment { if let value = current[name] { environment[name] = value } }
    for (name, value) in handler.environment { environment[name] = value }
    guard let program = Self.resolve(handler.command[0]),
      let process = HandlerProcess.spawn(program: program, arguments: Array(handler.command.dropFirst()), environment: environment)
    else {
      return Outcome(ending: .couldNotStart, stdout: [], stderr: [], stdoutTruncated: false, seconds: elapsed())
    }
    let pid = process.pid
    RunningChildren.shared.insert(pid)
    started(pid)

    let readers = DispatchGroup()
    let stop = StopFlag()
    let stdoutBox = OutputBuffer()
    let stderrBox = OutputBuffer()
    let capped = OutputBuffer()
    for (fd, box) in [(process.output, stdoutBox), (process.error, stderrBox)] {
      readers.enter()
      DetachedThread.start(name: "mcp-drain") { [limits] in
        defer { readers.leave() }
        Self.drain(fd, into: box, cap: limits.outputCap, stop: stop) {
          // Enough output: stop the handler instead of draining it forever (through the
          // registry: the child may have ended and been reaped meanwhile).
          capped.markTruncated()
          RunningChildren.shared.kill(pid)
        }
      }
    }

    // Arguments as JSON on standard input, then EOF; a child that never reads must not block us.
    let payload = handler.input == .jsonStdin ? Array((arguments.compactText + "\n").utf8) : []
    DetachedThread.start(name: "mcp-feed") { Self.write(payload, to: process.input) }

    let timeout = min(handler.timeoutSeconds, limits.maximumTimeout)
    var timedOut = false
    if !process.waitForExit(seconds: timeout) {
      timedOut = true
      process.signalGroup(.terminate)
      if !process.waitForExit(seconds: limits.killGrace) {
        process.signalGroup(.kill)
        _ = process.waitForExit(seconds: nil)
      }
    }
    // The handler has ended (not yet reaped, so its group id is still its own): whatever it
    // left running in its group ends with it.
    RunningChildren.shared.remove(pid) { process.signalGroup(.kill) }
    let status = process.reap()
    // A process that left the group may still hold the pipes; do not wait for it long.
    if readers.wait(timeout: .now() + 1) == .timedOut {
      stop.set()
      readers.wait()
    }
    let out = stdoutBox.snapshot()
    let err = stderrBox.snapshot()
    let ending: Outcome.Ending
    if timedOut {
      ending = .timedOut
    } else if capped.snapshot().1 {
      ending = .outputCapped
    } else if let signal = status.signal {
      ending = .signalled(signal)
    } else {
      ending = .exited(status.exitStatus ?? 0)
    }
    return Outcome(ending: ending, stdout: out.0, stderr: err.0, stdoutTruncated: out.1, seconds: elapsed())
  }

  /// Reads `fd` to its end (or until `stop`, checked every 100 ms) into `box`, then closes
  /// it; `overflow` is called once when more than `cap` bytes came.
  static func drain(_ fd: FileDescriptor, into box: OutputBuffer, cap: Int, stop: StopFlag, overflow: () -> Void) {
    defer { fd.closeIgnoringErrors() }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !stop.isSet {
      do {
        guard try fd.waitUntilReadable(milliseconds: 100) else { continue }
      } catch {
        return
      }
      let count: Int
      do {
        count = try fd.read(into: &buffer)
      } catch {
        if error == .wouldBlock { continue }
        return
      }
      if count == 0 { return }
      if box.append(buffer[0..<count], cap: cap) {
        overflow()
        return
      }
    }
  }

  /// Writes `bytes` to `fd` and closes it. SIGPIPE is blocked on this thread, so a child that
  /// ended without reading makes the write fail with EPIPE instead of killing the process.
  static func write(_ bytes: [UInt8], to fd: FileDescriptor) {
    CurrentProcess.blockOnCurrentThread(.brokenPipe)
    defer { fd.closeIgnoringErrors() }
    try? fd.writeAll(bytes)
  }

  /// An absolute program path, or the first match on `PATH` for a bare name.
  static func resolve(_ program: String) -> String? {
    if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

extension HandlerRunner.Outcome {
  /// The `tools/call` result: standard output as text (and as `structuredContent` when it is a
  /// JSON object); failures as `isError` with the reason and standard error.
  func toolResult() -> JSONObject {
    let outText = String(decoding: stdout, as: UTF8.self)
    let errText = String(decoding: stderr, as: UTF8.self)
    var content: [JSONValue] = []
    var isError = true
    var structured: JSONObject?
    switch ending {
    case .exited(0):
      isError = false
      if case .object(let object)? = try? JSONParser.parse(bytes: stdout) { structured = object }
      content.append(["type": "text", "text": .string(outText.isEmpty ? "Done." : outText)])
    case .exited(let status):
      content.append([
        "type": "text", "text": .string("The handler failed with exit status \(status).\n" + Self.tail(errText.isEmpty ? outText : errText)),
      ])
    case .signalled(let signal):
      content.append(["type": "text", "text": .string("The handler was ended by signal \(signal).\n" + Self.tail(errText))])
    case .timedOut:
      content.append(["type": "text", "text": .string("The handler did not finish in time and was stopped.")])
    case .outputCapped:
      content.append([
        "type": "text",
        "text": .string("The handler's output exceeded the limit; it was stopped. First part:\n" + Self.tail(String(outText.prefix(4000)))),
      ])
    case .couldNotStart:
      content.append(["type": "text", "text": "The handler could not be started."])
    }
    var result = JSONObject()
    result["content"] = .array(content)
    if let structured {
      result["structuredContent"] = .object(structured)
    }
    result["isError"] = .bool(isError)
    return result
  }

  static func tail(_ text: String) -> String {
    text.count > 8000 ? "…" + String(text.suffix(8000)) : text
  }
}

/// Handlers still running (by the pid that is also their process group's id), so a
/// cancellation or the server's exit can stop them with everything they started.
///
/// A pid is signalled only while it is registered, and the runner unregisters it before
/// reaping the child, under the same lock: a signal never reaches a reused pid.
public final class RunningChildren: Sendable {
  public static let shared = RunningChildren()
  let pids = Mutex<Set<Int32>>([])

  func insert(_ pid: Int32) { pids.withLock { _ = $0.insert(pid) } }

  /// Unregisters `pid`, running `last` (a final signal to its group) under the lock first.
  func remove(_ pid: Int32, last: () -> Void = {}) {
    pids.withLock {
      last()
      _ = $0.remove(pid)
    }
  }

  /// Stops one handler and its process group (a cancelled request's handler).
  public func kill(_ pid: Int32) {
    pids.withLock { if $0.contains(pid) { ChildProcess.signalGroup(of: pid, .kill) } }
  }

  /// Sends SIGKILL to every running handler's process group.
  public func killAll() {
    pids.withLock { for pid in $0 { ChildProcess.signalGroup(of: pid, .kill) } }
  }
}

/// Bytes read from one of a child's pipes, up to a cap.
final class OutputBuffer: Sendable {
  private let state = Mutex<([UInt8], Bool)>(([], false))

  /// Appends what fits under `cap`; true when bytes had to be dropped.
  func append(_ chunk: ArraySlice<UInt8>, cap: Int) -> Bool {
    state.withLock { box in
      let room = cap - box.0.count
      if chunk.count > room {
        box.0 += chunk.prefix(max(0, room))
        box.1 = true
        return true
      }
      box.0 += chunk
      return false
    }
  }

  func markTruncated() { state.withLock { $0.1 = true } }
  func snapshot() -> ([UInt8], Bool) { state.withLock { $0 } }
}

/// A flag one thread sets and others poll.
final class StopFlag: Sendable {
  private let flag = Mutex(false)
  func set() { flag.withLock { $0 = true } }
  var isSet: Bool { flag.withLock { $0 } }
}
