/// Why talking to an upstream MCP server failed. The message names the server, what it was
/// asked and what it did instead, so that a user with fifty servers knows which one to fix.
///
///     MCP server 'weather' exited with status 1 before answering initialize (last line of its
///     standard error: "ModuleNotFoundError: No module named 'httpx'")
///     MCP server 'search' did not answer tools/list within 30 s; it was stopped (raise --timeout for slow servers)
package struct MCPClientError: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Reason: Sendable, Equatable {
    /// The program could not be started: not found, not executable, its folder missing.
    case couldNotStart(String)
    /// The server ended (or closed its standard output) while `method` was waiting for its
    /// answer; `ending` says how ("exited with status 1", "was ended by signal 9").
    case ended(method: String, ending: String, lastErrorLine: String?)
    /// No answer to `method` within `seconds`.
    case timedOut(method: String, seconds: Double)
    /// `method` was given up before its answer came: our client cancelled it.
    case cancelled(method: String)
    /// A line on the server's standard output that is not a JSON-RPC message.
    case invalidMessage(method: String, detail: String)
    /// A JSON-RPC error response to `method`.
    case errorResponse(method: String, code: Int64, message: String)
    /// A result of the wrong shape: `path` names the member, `expected` what it must be.
    case unexpectedResult(method: String, path: String, expected: String)
  }

  package var server: String
  package var reason: Reason

  package init(server: String, reason: Reason) {
    self.server = server
    self.reason = reason
  }

  package var description: String {
    let name = "MCP server '\(server)'"
    switch reason {
    case .couldNotStart(let detail):
      return "\(name) could not be started: \(detail)"
    case .ended(let method, let ending, let lastErrorLine):
      let last = lastErrorLine.map { " (last line of its standard error: \(Self.quoted($0)))" } ?? " (it wrote nothing to standard error)"
      return "\(name) \(ending) before answering \(method)\(last)"
    case .timedOut(let method, let seconds):
      return "\(name) did not answer \(method) within \(Self.format(seconds)) s; it was stopped (raise --timeout for a slow server)"
    case .cancelled(let method):
      return "\(name): \(method) was cancelled before it was answered"
    case .invalidMessage(let method, let detail):
      return
        "\(name) wrote \(detail) while \(method) waited for its answer; an MCP server must write only JSON-RPC messages, one per line, "
        + "to standard output (logs belong on standard error)"
    case .errorResponse(let method, let code, let message):
      return "\(name) answered \(method) with error \(code): \(Self.quoted(message))"
    case .unexpectedResult(let method, let path, let expected):
      return "\(name) answered \(method) with an unexpected result: \(path) must be \(expected)"
    }
  }

  /// `"text"`, cut to 200 characters, on one line.
  static func quoted(_ text: String) -> String {
    let line = text.replacing("\n", with: " ")
    return "\"" + (line.count > 200 ? String(line.prefix(199)) + "…" : line) + "\""
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}
