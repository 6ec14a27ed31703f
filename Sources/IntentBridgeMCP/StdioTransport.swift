import Dispatch
import IntentBridgeBinary
import IntentBridgeSystem
import Synchronization

/// Newline-delimited JSON-RPC over standard input and output (MCP stdio transport).
///
/// - The real standard output is kept (`dup(1)`) for protocol lines only; fd 1 then points at
///   standard error (`dup2(2, 1)`), so stray prints never corrupt the protocol stream.
/// - A dedicated thread reads raw bytes from fd 0 with `read(2)` (blocking; `O_NONBLOCK` is
///   never set on inherited descriptors) and frames lines with `LineFramer`.
/// - Each line is parsed once on the reader thread (`MCPServer.receive`); `tools/call`
///   requests run concurrently on Dispatch, everything else is answered in order on the
///   reader thread. At most `maximumCallsInFlight` calls (and `maximumBytesInFlight` of their
///   lines) are read ahead of their answers; then the reader waits (`ReadAhead`).
///   Each outgoing message is one `write(2)` sequence under a lock.
/// - At EOF every request read is answered (handlers stay bound by their timeouts), then
///   the process exits 0. SIGTERM, SIGINT and SIGHUP stop running handlers (their process
///   groups) and exit at once. SIGPIPE is ignored; EPIPE on output exits cleanly.
public enum MCPStdioTransport {
  public static let lineLimit = LineFramer.standardLimit
  /// Tool calls read ahead of their answers, at most.
  public static let maximumCallsInFlight = 32
  /// Bytes of the lines of those calls, at most (a single longer line still runs alone).
  public static let maximumBytesInFlight = 64 << 20

  /// Serves until standard input ends, then exits the process.
  public static func run(server: MCPServer, log: @escaping @Sendable (String) -> Void) -> Never {
    run(host: MCPServerHost(server: server), log: log)
  }

  /// Serves the host's current server (which may be swapped while serving); `watch` starts
  /// extra work once the protocol writer exists (e.g. catalog watching that notifies).
  public static func run(
    host: MCPServerHost, log: @escaping @Sendable (String) -> Void,
    watch: (_ notify: @escaping @Sendable (String) -> Void) -> Void = { _ in }
  ) -> Never {
    CurrentProcess.ignore(.brokenPipe)
    // Close-on-exec: no handler child inherits the protocol stream.
    guard let protocolFD = try? FileDescriptor.standardOutput.duplicate() else {
      log("error: cannot duplicate standard output\n")
      CurrentProcess.exit(1)
    }
    try? FileDescriptor.standardError.duplicate(as: .standardOutput)
    let writer = LineWriter(fd: protocolFD)
    let stops = [Signal.terminate, .interrupt, .hangUp].map(stopOnSignal)
    watch { writer.write($0) }
    let done = DispatchSemaphore(value: 0)
    DetachedThread.start(name: "mcp-stdin") {
      readLoop(host: host, writer: writer)
      done.signal()
    }
    done.wait()
    withExtendedLifetime(stops) {}
    RunningChildren.shared.killAll()
    CurrentProcess.exit(0)
  }

  /// On `signal`: stop every running handler's process group, then exit with 128 + signal
  /// (the handlers run in groups of their own, so the signal does not reach them itself).
  static func stopOnSignal(_ signal: Signal) -> any DispatchSourceSignal {
    CurrentProcess.ignore(signal)
    let source = DispatchSource.makeSignalSource(signal: signal.rawValue, queue: DispatchQueue(label: "mcp-signal"))
    source.setEventHandler {
      RunningChildren.shared.killAll()
      CurrentProcess.exit(128 + signal.rawValue)
    }
    source.resume()
    return source
  }

  static func readLoop(host: MCPServerHost, writer: LineWriter) {
    var framer = LineFramer(limit: lineLimit)
    let readAhead = ReadAhead(maximumCalls: maximumCallsInFlight, maximumBytes: maximumBytesInFlight)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    func dispatch(_ events: [LineFramer.Event]) {
      for event in events {
        switch event {
        case .tooLong:
          writer.write(MCPServer.lineTooLongReply(limit: lineLimit))
        case .line(let line):
          // Parsed and answered by the same server, even when a reload swaps it meanwhile;
          // while a gateway starts, a request that needs the catalog waits for it here.
          let incoming = IncomingLine.parse(line)
          let server = host.server(for: incoming)
          server.register(incoming)
          guard incoming.runsLong else {
            for reply in server.handle(incoming) { writer.write(reply) }
            continue
          }
          readAhead.acquire(bytes: line.count)
          DispatchQueue.global().async {
            defer { readAhead.release(bytes: line.count) }
            for reply in server.handle(incoming, progress: { writer.write($0) }) { writer.write(reply) }
          }
        }
      }
    }
    while true {
      let count: Int
      do {
        count = try FileDescriptor.standardInput.read(into: &buffer)
      } catch {
        if error == .wouldBlock { continue }
        break
      }
      if count == 0 { break }
      dispatch(framer.append(buffer[0..<count]))
    }
    dispatch(framer.finish())
    // Drain, then exit: every request read before the end of input is answered.
    readAhead.waitUntilIdle()
  }
}

/// Writes whole lines to one descriptor, one message at a time.
final class LineWriter: Sendable {
  let fd: FileDescriptor
  private let lock = Mutex(())

  init(fd: FileDescriptor) {
    self.fd = fd
  }

  func write(_ message: String) {
    var bytes = Array(message.utf8)
    bytes.append(0x0A)
    lock.withLock { _ in
      do {
        try fd.writeAll(bytes, retryingWhenBusy: true)
      } catch {
        // EPIPE (the client went away) or another write failure: nothing more can be said.
        RunningChildren.shared.killAll()
        CurrentProcess.exit(0)
      }
    }
  }
}
