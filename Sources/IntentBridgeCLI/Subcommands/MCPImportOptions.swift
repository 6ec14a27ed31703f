import IntentBridgeMCP

/// The options of `import mcp`: the servers (from `--config`, or one command after `--`) and
/// the request timeout.
struct MCPImportOptions: Sendable {
  static let config = CommandSpec.Option(
    name: "config", valueName: "file", help: "mcp: an mcpServers configuration (Claude Desktop, Claude Code, Cursor) to start the servers of.")
  static let server = CommandSpec.Option(
    name: "server", valueName: "name", help: "mcp: with --config, only this server (repeatable).", repeatable: true)
  static let name = CommandSpec.Option(
    name: "name", valueName: "name", help: "mcp: the name of the server given after '--' (default: derived from the command).")
  static let namespace = CommandSpec.Option(name: "namespace", valueName: "prefix", help: "mcp: prefix the server's tool names with '<prefix>__'.")
  static let timeout = CommandSpec.Option(
    name: "timeout", valueName: "seconds", help: "mcp: seconds each request to a server may take (default 30).")
  /// The options only `import mcp` takes.
  static let all = [config, server, name, namespace, timeout]

  /// Where the servers come from.
  enum Servers: Sendable {
    /// The configuration at `path`; `only`: the servers `--server` names (empty: all).
    case config(path: String, only: [String])
    /// The server command after `--`.
    case command(UpstreamServer)
  }

  var servers: Servers
  /// Seconds each request to a server may take.
  var timeout: Double

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = Array(arguments.positionals.dropFirst())
    timeout = try arguments.seconds(Self.timeout, default: MCPClient.Options().requestTimeout, command: "import")
    if let configPath = arguments.value(Self.config) {
      guard command.isEmpty else {
        throw UsageError(message: "give either --config or a server command after '--', not both (found '\(command[0])')", command: "import")
      }
      for option in [Self.name, Self.namespace] where arguments.has(option) {
        throw UsageError(
          message: "'--\(option.name)' applies to a server command after '--'; with --config, set \"namespace\" in the file", command: "import")
      }
      servers = .config(path: configPath, only: arguments.values(Self.server))
      return
    }
    guard let program = command.first else {
      throw UsageError(
        message: "'import mcp' needs a server: --config CONFIG.json, or the command after '--' (intentbridge import mcp -- uvx mcp-server-time)",
        command: "import")
    }
    if arguments.has(Self.server) { throw UsageError(message: "'--server' selects servers of --config", command: "import") }
    let name = arguments.value(Self.name) ?? UpstreamServer.derivedName(command: program, arguments: Array(command.dropFirst()))
    guard !name.isEmpty else { throw UsageError(message: "'--name' must not be empty", command: "import") }
    let namespace = arguments.value(Self.namespace)
    if let namespace, !MCPServersConfig.isValidNamespace(namespace) {
      throw UsageError(
        message: "'--namespace' must be at most \(MCPServersConfig.maximumNamespaceLength) of a-z, A-Z, 0-9, _ and -, found '\(namespace)'",
        command: "import")
    }
    servers = .command(UpstreamServer(name: name, command: program, arguments: Array(command.dropFirst()), namespace: namespace))
  }
}
