import Dispatch
import IntentBridgeBinary
import IntentBridgeJSON
import IntentBridgeSystem
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The stdio transport to one upstream MCP server: the server as a child process in a
/// process group of its own (`HandlerProcess`), JSON-RPC requests written to its standard
/// input one line each, its standard output read as lines on a thread of its own, and its
/// standard error relayed line by line to `log` with the prefix `[name] `.
///
///     let connection = try UpstreamConnection.start(server, log: { console.err($0) })
///     let result = try connection.request("tools/list", [:], timeout: 30)   // the result object
///     connection.close()
///
/// Requests may be in flight concurrently, from any thread: each waits for the response
/// with its id (`UpstreamReplies`). The reader thread answers what the server asks — `ping`
/// with `{}`, `elicitation/create` through `elicitations` when given, anything else with
/// -32601 — sends log notifications to `log` and hands other notifications to `notifications`. Every failure
/// is an `MCPClientError` naming the server: it could not start, it ended (with its exit
/// status and the last line of its standard error), it did not answer in time, it wrote
/// something that is not a JSON-RPC message (which ends every request, then and later), or
/// it answered with an error.
final class UpstreamConnection: Sendable {
  let name: String
  private let process: HandlerProcess
  private let replies = UpstreamReplies()
  private let stop = StopFlag()
  private let outputReader = DispatchGroup()
  private let errorReader = DispatchGroup()
  private let writeLock = Mutex(())
  private let nextID = Mutex<Int64>(1)
  private let lastErrorLine = Mutex<String?>(nil)
  /// How the process ended, once it has been reaped (it is reaped once).
  private let ending = Mutex<String?>(nil)
  private let log: @Sendable (String) -> Void
  private let notifications: (@Sendable (_ method: String, _ params: JSONObject) -> Void)?
  private let ended: (@Sendable () -> Void)?
  private let elicitations: (@Sendable (UpstreamServerRequest) -> Void)?

  private init(
    name: String, process: HandlerProcess, log: @escaping @Sendable (String) -> Void,
    notifications: (@Sendable (_ method: String, _ params: JSONObject) -> Void)?, ended: (@Sendable () -> Void)?,
    elicitations: (@Sendable (UpstreamServerRequest) -> Void)?
  ) {
    self.name = name
    self.process = process
    self.log = log
    self.notifications = notifications
    self.ended = ended
    self.elicitations = elicitations
  }

  /// Starts the server. SIGPIPE is ignored from then on, process-wide (as the MCP server
  /// does), so that writing to a server that has ended fails with `EPIPE` instead of ending us.
  /// `notifications` receives the server's notifications other than log messages (e.g.
  /// `notifications/tools/list_changed`), on the reader thread. `ended` is called once, on
  /// the reader thread, when the server's standard output ends (it exited, closed it, or
  /// `close` stopped it), after every request waiting has been given up. `elicitations`
  /// receives the server's `elicitation/create` requests, on the reader thread too (it must
  /// not block: it answers through `UpstreamServerRequest.reply` whenever the answer is there).
  static func start(
    _ server: UpstreamServer, log: @escaping @Sendable (String) -> Void,
    notifications: (@Sendable (_ method: String, _ params: JSONObject) -> Void)? = nil, ended: (@Sendable () -> Void)? = nil,
    elicitations: (@Sendable (UpstreamServerRequest) -> Void)? = nil
  ) throws(MCPClientError) -> UpstreamConnection {
    func failure(_ detail: String) -> MCPClientError { MCPClientError(server: server.name, reason: .couldNotStart(detail)) }
    var environment: [String: String] = [:]
    for variable in UpstreamServer.inheritedEnvironment {
      if let value = CurrentProcess.environmentValue(variable) { environment[variable] = value }
    }
    for (variable, value) in server.environment { environment[variable] = value }
    if let folder = server.workingDirectory {
      guard let status = try? FileStatus(path: folder), status.kind == .directory else {
        throw failure("its working folder \(MCPClientError.quoted(folder)) (cwd) does not exist or is not a folder")
      }
    }
    let program = try resolveProgram(server, searchPath: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    CurrentProcess.ignore(.brokenPipe)
    let process: HandlerProcess
    do {
      process = try HandlerProcess.start(
        program: program, arguments: server.arguments, environment: environment, workingDirectory: server.workingDirectory)
    } catch {
      throw failure("\(program): \(error)")
    }
    let connection = UpstreamConnection(
      name: server.name, process: process, log: log, notifications: notifications, ended: ended, elicitations: elicitations)
    connection.startReaders()
    return connection
  }

  /// The program's absolute path (the child changes folder before it starts the program, so
  /// a relative path would be read from there): `command` itself when it names a file
  /// (relative ones from the server's working folder), else the first executable of that
  /// name on `searchPath`.
  static func resolveProgram(_ server: UpstreamServer, searchPath: String) throws(MCPClientError) -> String {
    let found = try findProgram(server, searchPath: searchPath)
    if found.hasPrefix("/") { return found }
    // Not `realpath`: a virtual environment's `bin/python` is a symbolic link that must be
    // started under its own name to find its packages.
    return FileManager.default.currentDirectoryPath + "/" + found
  }

  private static func findProgram(_ server: UpstreamServer, searchPath: String) throws(MCPClientError) -> String {
    let command = server.command
    func executable(_ path: String) -> Bool {
      guard let status = try? FileStatus(path: path), status.kind == .regularFile else { return false }
      return FileManager.default.isExecutableFile(atPath: path)
    }
    if command.contains("/") {
      var path = command
      if !command.hasPrefix("/"), let folder = server.workingDirectory { path = folder + "/" + command }
      guard executable(path) else {
        let what =
          (try? FileStatus(path: path)) == nil
          ? "there is no file at \(MCPClientError.quoted(path))" : "\(MCPClientError.quoted(path)) is not an executable file"
        throw MCPClientError(server: server.name, reason: .couldNotStart("\(what) (command)"))
      }
      return path
    }
    for folder in searchPath.split(separator: ":") where executable("\(folder)/\(command)") {
      return "\(folder)/\(command)"
    }
    throw MCPClientError(
      server: server.name,
      reason: .couldNotStart("no program \(MCPClientError.quoted(command)) on PATH (\(searchPath)); give its absolute path as the command"))
  }

  // MARK: - Requests

  /// Sends the request `method` with `params` and waits at most `timeout` seconds for its
  /// answer: the `result` object, or an `MCPClientError`. May be called from several
  /// threads at once. A request that times out, or whose `cancellation` is cancelled, is
  /// given up: the server gets `notifications/cancelled` for it (its params made by
  /// `notificationParams`, which adds the stateless era's `_meta`) and a late answer is dropped.
  func request(
    _ method: String, _ params: JSONObject, timeout: Double, cancellation: UpstreamCancellation? = nil,
    notificationParams: @escaping @Sendable (JSONObject) -> JSONObject = { $0 }
  ) throws(MCPClientError) -> JSONObject {
    let id = nextID.withLock { id -> Int64 in
      defer { id += 1 }
      return id
    }
    var message = JSONObject()
    message["jsonrpc"] = "2.0"
    message["id"] = .integer(id)
    message["method"] = .string(method)
    message["params"] = .object(params)
    let waiter = replies.register(id)
    do {
      try send(message, during: method)
    } catch {
      replies.remove(id)
      throw error
    }
    @Sendable func cancelUpstream(_ reason: String) {
      var cancelled = JSONObject()
      cancelled["requestId"] = .integer(id)
      cancelled["reason"] = .string(reason)
      try? notify("notifications/cancelled", notificationParams(cancelled))
    }
    cancellation?.onCancel { [replies] in
      replies.cancel(id)
      cancelUpstream("cancelled by the client")
    }
    switch waiter.wait(until: .now() + timeout) {
    case nil:
      replies.remove(id)
      cancelUpstream("timed out after \(MCPClientError.format(timeout)) s")
      throw MCPClientError(server: name, reason: .timedOut(method: method, seconds: timeout))
    case .cancelled?:
      throw MCPClientError(server: name, reason: .cancelled(method: method))
    case .message(let response)?:
      return try Self.result(of: response, method: method, server: name)
    case .invalid(let detail)?:
      throw MCPClientError(server: name, reason: .invalidMessage(method: method, detail: detail))
    case .end?:
      throw endedError(during: method)
    }
  }

  /// The error for a server found gone while `method` waited: how it ended and the last line
  /// of its standard error (once that has been read to its end, at most a second later).
  private func endedError(during method: String) -> MCPClientError {
    let ending = endProcess(grace: 2)
    _ = errorReader.wait(timeout: .now() + 1)
    return MCPClientError(server: name, reason: .ended(method: method, ending: ending, lastErrorLine: lastErrorLine.withLock { $0 }))
  }

  /// Sends a notification (no answer is due).
  func notify(_ method: String, _ params: JSONObject) throws(MCPClientError) {
    var message = JSONObject()
    message["jsonrpc"] = "2.0"
    message["method"] = .string(method)
    message["params"] = .object(params)
    try send(message, during: method)
  }

  /// The `result` of a JSON-RPC response (an object), or the error it carries.
  static func result(of response: JSONObject, method: String, server: String) throws(MCPClientError) -> JSONObject {
    if let error = response["error"] {
      let code = error["code"]?.integerValue ?? 0
      let message = error["message"]?.stringValue ?? error.compactText
      throw MCPClientError(server: server, reason: .errorResponse(method: method, code: code, message: message))
    }
    guard let result = response["result"] else {
      throw MCPClientError(
        server: server, reason: .unexpectedResult(method: method, path: "the response", expected: "an object with \"result\" or \"error\""))
    }
    guard case .object(let object) = result else {
      throw MCPClientError(
        server: server, reason: .unexpectedResult(method: method, path: "$.result", expected: "an object, found \(result.typeName)"))
    }
    return object
  }

  /// One message from the server, on the reader thread: a response goes to the request
  /// with its id; a request is answered (`ping` with `{}`, `elicitation/create` by
  /// `elicitations` when given, anything else with -32601); a log notification goes to
  /// `log`, any other to `notifications`.
  private func receive(_ object: JSONObject) {
    guard case .string(let method)? = object["method"] else {
      // A response; ids are ours, integers (a server that quotes them is understood too).
      if let id = object["id"], let number = id.integerValue ?? id.stringValue.flatMap({ Int64($0) }) {
        replies.deliver(object, to: number)
      }
      return
    }
    guard let id = object["id"] else {
      let params = object["params"]?.objectValue ?? JSONObject()
      if method == "notifications/message" {
        let level = params["level"]?.stringValue ?? "log"
        let data = params["data"].map { $0.stringValue ?? $0.compactText } ?? ""
        log("[\(name)] \(level): \(data)\n")
      } else {
        notifications?(method, params)
      }
      return
    }
    if method == "elicitation/create", let elicitations {
      elicitations(
        UpstreamServerRequest(server: name, method: method, params: object["params"]?.objectValue ?? JSONObject()) { [self] body in
          var reply = JSONObject()
          reply["jsonrpc"] = "2.0"
          reply["id"] = id
          for (key, value) in body { reply[key] = value }
          try? send(reply, during: method)
        })
      return
    }
    var reply = JSONObject()
    reply["jsonrpc"] = "2.0"
    reply["id"] = id
    if method == "ping" {
      reply["result"] = .object(JSONObject())
    } else {
      reply["error"] = [
        "code": .integer(RPCError.methodNotFoundCode), "message": .string("Method not found: \(method) (not offered by this client)"),
      ]
    }
    // A server that no longer reads is found out by the request waiting for it.
    try? send(reply, during: method)
  }

  private func send(_ message: JSONObject, during method: String) throws(MCPClientError) {
    var bytes = Array(JSONValue.object(message).compactText.utf8)
    bytes.append(0x0A)
    let written = writeLock.withLock { _ in (try? process.input.writeAll(bytes, retryingWhenBusy: true)) != nil }
    guard written else {
      // EPIPE: the server is gone. Its standard output ends too; say how it ended.
      throw endedError(during: method)
    }
  }

  // MARK: - Ending

  /// Ends the session: closes the server's standard input (an MCP server exits then), gives
  /// it `grace` seconds, then stops its process group (SIGTERM, SIGKILL); waits for the
  /// reader threads (at most a second: a process that left the group may hold the pipes).
  func close(grace: Double = 2) {
    _ = endProcess(grace: grace)
    if outputReader.wait(timeout: .now() + 1) == .timedOut || errorReader.wait(timeout: .now() + 1) == .timedOut { stop.set() }
  }

  /// How the server ended ("exited with status 4"), once its standard output has ended:
  /// stops it as `close` does if it is still running (it closed its output, or broke the
  /// pipe) and reaps it.
  func ending(grace: Double = 2) -> String {
    endProcess(grace: grace)
  }

  /// Ends the process once (later calls return the same description): standard input closed,
  /// `grace` seconds to exit, then SIGTERM and SIGKILL to its group; reaped. "exited with
  /// status 1", "was ended by signal 9", "exited".
  private func endProcess(grace: Double) -> String {
    ending.withLock { ending -> String in
      if let ending { return ending }
      process.input.closeIgnoringErrors()
      if !process.waitForExit(seconds: grace) {
        process.signalGroup(.terminate)
        if !process.waitForExit(seconds: 2) {
          process.signalGroup(.kill)
          _ = process.waitForExit(seconds: nil)
        }
      }
      // Whatever it left running in its group ends with it (not yet reaped: the group is its).
      process.signalGroup(.kill)
      let status = process.reap()
      let text: String
      if let signal = status.signal {
        text = "was ended by signal \(signal)"
      } else {
        text = "exited with status \(status.exitStatus ?? 0)"
      }
      ending = text
      return text
    }
  }

  // MARK: - Reading

  private func startReaders() {
    outputReader.enter()
    DetachedThread.start(name: "mcp-up-out") { [self] in
      defer { outputReader.leave() }
      readLines(from: process.output, limit: LineFramer.standardLimit) { event in
        switch event {
        case .line(let line):
          switch Self.parse(line) {
          case .message(let object)?: receive(object)
          case let other?: replies.finish(other)
          case nil: break
          }
        case .tooLong: replies.finish(.invalid("a line longer than \(LineFramer.standardLimit) bytes"))
        }
      }
      replies.finish(.end)
      ended?()
    }
    errorReader.enter()
    DetachedThread.start(name: "mcp-up-err") { [self] in
      defer { errorReader.leave() }
      let limit = 1 << 16
      readLines(from: process.error, limit: limit) { event in
        switch event {
        case .line(let line):
          let text = String(decoding: line, as: UTF8.self)
          if !text.allSatisfy(\.isWhitespace) { lastErrorLine.withLock { $0 = text } }
          log("[\(name)] \(text)\n")
        case .tooLong:
          log("[\(name)] (a line longer than \(limit) bytes was left out)\n")
        }
      }
    }
  }

  /// Reads `fd` to its end (or until `stop`), framing lines; closes it.
  private func readLines(from fd: FileDescriptor, limit: Int, _ handle: (LineFramer.Event) -> Void) {
    defer { fd.closeIgnoringErrors() }
    var framer = LineFramer(limit: limit)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !stop.isSet {
      do {
        guard try fd.waitUntilReadable(milliseconds: 100) else { continue }
      } catch {
        break
      }
      let count: Int
      do {
        count = try fd.read(into: &buffer)
      } catch {
        if error == .wouldBlock { continue }
        break
      }
      if count == 0 { break }
      for event in framer.append(buffer[0..<count]) { handle(event) }
    }
    for event in framer.finish() { handle(event) }
  }

  /// One line of the server's standard output as an event: a JSON-RPC message object, or
  /// what is wrong with it; nil for a blank line (skipped).
  static func parse(_ line: [UInt8]) -> UpstreamReplies.Outcome? {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: line)
    } catch {
      return .invalid(
        "a line that is not JSON (\(error.message) at column \(error.location.column)): \(MCPClientError.quoted(String(decoding: line.prefix(120), as: UTF8.self)))"
      )
    }
    guard case .object(let object) = value, object["jsonrpc"] == "2.0" else {
      return .invalid("a line that is not a JSON-RPC 2.0 message: \(MCPClientError.quoted(String(decoding: line.prefix(120), as: UTF8.self)))")
    }
    return .message(object)
  }
}
