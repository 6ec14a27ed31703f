import Dispatch
import Foundation
import Synchronization
import IntentBridgeEngine

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs an intent's `handler`: an argv array started directly (never through a shell), the
/// arguments as one JSON document on standard input (`input: json-stdin`), a minimal
/// environment, a timeout (SIGTERM, then SIGKILL after a grace period) and capped output.
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
    guard let program = Self.resolve(handler.command[0]) else {
      return Outcome(ending: .couldNotStart, stdout: [], stderr: [], stdoutTruncated: false, seconds: elapsed())
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = Array(handler.command.dropFirst())
    var environment: [String: String] = [:]
    let current = ProcessInfo.processInfo.environment
    for name in Self.inheritedEnvironment { if let value = current[name] { environment[name] = value } }
    for (name, value) in handler.environment { environment[name] = value }
    process.environment = environment
    let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      return Outcome(ending: .couldNotStart, stdout: [], stderr: [], stdoutTruncated: false, seconds: elapsed())
    }
    let pid = process.processIdentifier
    RunningChildren.shared.insert(pid)
    defer { RunningChildren.shared.remove(pid) }
    started(pid)

    let cap = limits.outputCap
    let readers = DispatchGroup()
    let stdoutBox = OutputBuffer(), stderrBox = OutputBuffer()
    let capped = OutputBuffer()
    for (pipe, box) in [(stdoutPipe, stdoutBox), (stderrPipe, stderrBox)] {
      let handle = pipe.fileHandleForReading
      readers.enter()
      Thread.detachNewThread {
        defer { readers.leave() }
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          if box.append(chunk, cap: cap) {
            // Enough output: stop the child instead of draining it forever.
            capped.markTruncated()
            kill(pid, SIGKILL)
            break
          }
        }
        try? handle.close()
      }
    }

    // Arguments as JSON on standard input, then EOF; a child that never reads must not block us.
    let writer = stdinPipe.fileHandleForWriting
    if handler.input == .jsonStdin {
      let payload = Data((arguments.compactText + "\n").utf8)
      DispatchQueue.global().async {
        try? writer.write(contentsOf: payload)
        try? writer.close()
      }
    } else {
      try? writer.close()
    }

    let timeout = min(handler.timeoutSeconds, limits.maximumTimeout)
    var timedOut = false
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      kill(pid, SIGTERM)
      if exited.wait(timeout: .now() + limits.killGrace) == .timedOut {
        kill(pid, SIGKILL)
        exited.wait()
      }
    }
    // Grandchildren may hold the pipes open; do not wait for them longer than a moment.
    _ = readers.wait(timeout: .now() + 1)
    let out = stdoutBox.snapshot()
    let err = stderrBox.snapshot()
    let ending: Outcome.Ending
    if timedOut {
      ending = .timedOut
    } else if capped.snapshot().1 {
      ending = .outputCapped
    } else if process.terminationReason == .uncaughtSignal {
      ending = .signalled(process.terminationStatus)
    } else {
      ending = .exited(process.terminationStatus)
    }
    return Outcome(ending: ending, stdout: out.0, stderr: err.0, stdoutTruncated: out.1, seconds: elapsed())
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
      content.append(["type": "text", "text": .string("The handler failed with exit status \(status).\n" + Self.tail(errText.isEmpty ? outText : errText))])
    case .signalled(let signal):
      content.append(["type": "text", "text": .string("The handler was ended by signal \(signal).\n" + Self.tail(errText))])
    case .timedOut:
      content.append(["type": "text", "text": .string("The handler did not finish in time and was stopped.")])
    case .outputCapped:
      content.append(["type": "text", "text": .string("The handler's output exceeded the limit; it was stopped. First part:\n" + Self.tail(String(outText.prefix(4000))))])
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

/// Children still running, so the server can stop them when it exits.
public final class RunningChildren: Sendable {
  public static let shared = RunningChildren()
  let pids = Mutex<Set<Int32>>([])

  func insert(_ pid: Int32) { pids.withLock { _ = $0.insert(pid) } }
  func remove(_ pid: Int32) { pids.withLock { _ = $0.remove(pid) } }

  /// Stops one child (a cancelled request's handler).
  public func kill(_ pid: Int32) {
    if pids.withLock({ $0.contains(pid) }) { _ = Glibc.kill(pid, SIGKILL) }
  }

  /// Sends SIGKILL to every running handler child.
  public func killAll() {
    for pid in pids.withLock({ $0 }) { _ = Glibc.kill(pid, SIGKILL) }
  }
}

/// Bytes read from one of a child's pipes, up to a cap.
final class OutputBuffer: Sendable {
  private let state = Mutex<([UInt8], Bool)>(([], false))

  /// Appends what fits under `cap`; true when bytes had to be dropped.
  func append(_ chunk: Data, cap: Int) -> Bool {
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
