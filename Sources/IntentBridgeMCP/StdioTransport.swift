import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Newline-delimited JSON-RPC over standard input and output (MCP stdio transport).
///
/// - The real standard output is kept (`dup(1)`) for protocol lines only; fd 1 then points at
///   standard error (`dup2(2, 1)`), so stray prints never corrupt the protocol stream.
/// - A dedicated thread reads raw bytes from fd 0 with `read(2)` (blocking; `O_NONBLOCK` is
///   never set on inherited descriptors) and frames lines with `LineFramer`.
/// - Tool calls run concurrently on Dispatch; everything else is answered in order on the
///   reader thread. Each outgoing message is one `write(2)` sequence under a lock.
/// - At EOF the process exits within about a second (in-flight calls get 0.8 s, then handler
///   children are killed). SIGPIPE is ignored; EPIPE on output exits cleanly.
public enum MCPStdioTransport {
  public static let lineLimit = 16 << 20

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
    signal(SIGPIPE, SIG_IGN)
    let protocolFD = dup(1)
    guard protocolFD >= 0 else {
      log("error: cannot duplicate standard output\n")
      exit(1)
    }
    _ = dup2(2, 1)
    let writer = LineWriter(fd: protocolFD)
    watch { writer.write($0) }
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      readLoop(host: host, writer: writer)
      done.signal()
    }
    thread.name = "mcp-stdin"
    thread.start()
    done.wait()
    RunningChildren.shared.killAll()
    exit(0)
  }

  static func readLoop(host: MCPServerHost, writer: LineWriter) {
    var framer = LineFramer(limit: lineLimit)
    let inFlight = DispatchGroup()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    func dispatch(_ events: [LineFramer.Event]) {
      for event in events {
        switch event {
        case .tooLong:
          writer.write(MCPServer.lineTooLongReply(limit: lineLimit))
        case .line(let line):
          if MCPServer.isLongRunning(line) {
            inFlight.enter()
            DispatchQueue.global().async {
              defer { inFlight.leave() }
              for reply in host.handle(line: line, progress: { writer.write($0) }) { writer.write(reply) }
            }
          } else {
            for reply in host.handle(line: line) { writer.write(reply) }
          }
        }
      }
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        break
      }
      if count == 0 { break }
      dispatch(framer.append(buffer[0..<count]))
    }
    dispatch(framer.finish())
    _ = inFlight.wait(timeout: .now() + 0.8)
  }
}

/// Writes whole lines to one descriptor, one message at a time.
final class LineWriter: Sendable {
  let fd: Int32
  private let lock = Mutex(())

  init(fd: Int32) {
    self.fd = fd
  }

  func write(_ message: String) {
    var bytes = Array(message.utf8)
    bytes.append(0x0A)
    lock.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        // `bytes` is never empty (it ends with the newline), so the base address exists.
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          // EPIPE (the client went away) or another write failure: nothing more can be said.
          RunningChildren.shared.killAll()
          exit(0)
        }
        offset += n
      }
    }
  }
}
