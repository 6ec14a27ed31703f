import IntentBridgeCatalog

/// An upstream MCP server started as a child process and spoken to over stdio, as one entry
/// of an `mcpServers` configuration describes it (`MCPServersConfig`), or as `intentbridge
/// import mcp -- COMMAND ARGS…` gives it.
///
///     let time = UpstreamServer(name: "time", command: "uvx", arguments: ["mcp-server-time"])
///     time.namespace                     // nil: the server's name when namespacing is on
///     time.keeps(toolNamed: "convert_time")   // true: no include or exclude patterns
package struct UpstreamServer: Sendable, Equatable {
  /// The server's name: its key under `mcpServers`, or `--name`; every message about the
  /// server names it, and its standard error lines are prefixed `[name] `.
  package var name: String
  /// The program: an absolute path, a path relative to `workingDirectory` (`./server.py`),
  /// or a bare name looked up on `PATH` (the server's own `PATH` from `environment` when it
  /// sets one, else ours).
  package var command: String
  /// argv[1…], passed as given (never through a shell).
  package var arguments: [String]
  /// Variables set for the server on top of the ones it inherits (`inheritedEnvironment`).
  package var environment: [(name: String, value: String)]
  /// The folder the server starts in; nil: ours.
  package var workingDirectory: String?
  /// Tool-name glob patterns (`*`, `?`): when given, only tools matching one are kept.
  package var include: [ToolNamePattern]
  /// Tool-name glob patterns: tools matching one are left out (after `include`).
  package var exclude: [ToolNamePattern]
  /// The prefix of the server's tool names in a catalog of several servers (`time` →
  /// `time__get_current_time`); nil: derived from `name`; empty: none (its tools keep their
  /// own names).
  package var namespace: String?

  /// Variables every server inherits from our environment, as the official SDKs' stdio
  /// clients and the desktop hosts do: enough to find programs and a home folder, no secrets.
  package static let inheritedEnvironment = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR"]

  package init(
    name: String, command: String, arguments: [String] = [], environment: [(name: String, value: String)] = [],
    workingDirectory: String? = nil, include: [ToolNamePattern] = [], exclude: [ToolNamePattern] = [], namespace: String? = nil
  ) {
    self.name = name
    self.command = command
    self.arguments = arguments
    self.environment = environment
    self.workingDirectory = workingDirectory
    self.include = include
    self.exclude = exclude
    self.namespace = namespace
  }

  package static func == (lhs: UpstreamServer, rhs: UpstreamServer) -> Bool {
    lhs.name == rhs.name && lhs.command == rhs.command && lhs.arguments == rhs.arguments
      && lhs.environment.map(\.name) == rhs.environment.map(\.name) && lhs.environment.map(\.value) == rhs.environment.map(\.value)
      && lhs.workingDirectory == rhs.workingDirectory && lhs.include == rhs.include && lhs.exclude == rhs.exclude
      && lhs.namespace == rhs.namespace
  }

  /// Whether a tool of this name is imported: it matches an `include` pattern (or there are
  /// none) and no `exclude` pattern.
  package func keeps(toolNamed name: String) -> Bool {
    (include.isEmpty || include.contains { $0.matches(name) }) && !exclude.contains { $0.matches(name) }
  }

  /// The namespace in effect: `namespace`, else `name` made a valid tool-name part
  /// (`my server` → `my_server`, at most 32 characters).
  package var effectiveNamespace: String {
    if let namespace { return namespace }
    return String(ToolName.sanitize(name).prefix(32))
  }

  /// A server name for a command line without `--name`: the command's file name, or for an
  /// interpreter or package runner (`python3 server.py`, `uvx mcp-server-time`, `npx -y
  /// @scope/server-files`) that of its first argument that is no option, without extension.
  ///
  ///     UpstreamServer.derivedName(command: "uvx", arguments: ["mcp-server-time"])   // "mcp-server-time"
  ///     UpstreamServer.derivedName(command: "/usr/bin/python3", arguments: ["-u", "fixtures/three_tools.py"])   // "three_tools"
  package static func derivedName(command: String, arguments: [String]) -> String {
    func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
    var name = fileName(command)
    let runners = ["python", "python3", "node", "deno", "bun", "uv", "uvx", "npx", "pipx", "bunx", "pnpm", "docker", "java"]
    let base = name.split(separator: ".").first.map(String.init) ?? name
    if runners.contains(base) || base.hasPrefix("python3."), let first = arguments.first(where: { !$0.hasPrefix("-") && $0 != "run" }) {
      name = fileName(first)
      if let dot = name.lastIndex(of: "."), dot != name.startIndex, !name.hasPrefix("@") { name = String(name[..<dot]) }
    }
    return name.isEmpty ? "server" : name
  }
}
