import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeMCP
import IntentBridgeText

/// `intentbridge import mcp [--name NAME] [--namespace NS] [--out FILE] -- COMMAND ARGS…` and
/// `intentbridge import mcp --config CONFIG.json [--server NAME…] [--out FILE]`: starts each
/// MCP server, lists its tools (every page) and writes one catalog of them through the
/// tool-list importer.
///
/// With several servers, or a namespace, tool names carry their server's namespace
/// (`time__get_current_time`); names that collide get a suffix, reported on standard error.
/// Servers are started one after the other, in the configuration's order; their standard
/// error is relayed with a `[name] ` prefix. Exit status: 64 for a wrong command line, 65 for
/// a configuration that is not as documented (file, line:column and JSON path named), 1 when
/// a server cannot be started, ends, hangs past `--timeout` or answers wrongly (named).
enum MCPImportCommand {
  static let options: [CommandSpec.Option] = [
    .init(name: "config", valueName: "file", help: "mcp: an mcpServers configuration (Claude Desktop, Claude Code, Cursor) to start the servers of."),
    .init(name: "server", valueName: "name", help: "mcp: with --config, only this server (repeatable).", repeatable: true),
    .init(name: "name", valueName: "name", help: "mcp: the name of the server given after '--' (default: derived from the command)."),
    .init(name: "namespace", valueName: "prefix", help: "mcp: prefix the server's tool names with '<prefix>__'."),
    .init(name: "timeout", valueName: "seconds", help: "mcp: seconds each request to a server may take (default 30)."),
  ]

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let command = Array(arguments.positionals.dropFirst())
    var clientOptions = MCPClient.Options()
    clientOptions.requestTimeout = try EngineOptions.seconds(arguments, "timeout", default: clientOptions.requestTimeout, command: "import")
    var servers: [UpstreamServer]
    var skipped: [(server: String, reason: String)] = []
    let appName: String
    if let configPath = arguments.option("config") {
      guard command.isEmpty else {
        throw UsageError(message: "give either --config or a server command after '--', not both (found '\(command[0])')", command: "import")
      }
      for option in ["name", "namespace"] where arguments.option(option) != nil {
        throw UsageError(
          message: "'--\(option)' applies to a server command after '--'; with --config, set \"namespace\" in the file", command: "import")
      }
      let config: MCPServersConfig
      do {
        config = try MCPServersConfig.load(path: configPath)
      } catch {
        console.err("\(error)\n")
        return .dataError
      }
      servers = config.servers
      skipped = config.skipped
      if let wanted = arguments.options["server"] {
        var chosen: [UpstreamServer] = []
        for name in wanted {
          guard let server = config.servers.first(where: { $0.name == name }) else {
            let known = config.servers.map(\.name)
            let note = skipped.first { $0.server == name }.map { " (it is \($0.reason))" } ?? ""
            let suggestion = DidYouMean.closest(to: name, in: known).map { "\nHelp: did you mean '\($0)'?" } ?? ""
            console.err(
              "\(configPath): error: no stdio server named '\(name)' in \"mcpServers\"\(note); it has: \(known.joined(separator: ", "))\(suggestion)\n"
            )
            return .dataError
          }
          if !chosen.contains(where: { $0.name == name }) { chosen.append(server) }
        }
        servers = chosen
        skipped = []
      }
      appName = Self.appName(servers: servers, configPath: configPath)
    } else {
      guard let program = command.first else {
        throw UsageError(
          message: "'import mcp' needs a server: --config CONFIG.json, or the command after '--' (intentbridge import mcp -- uvx mcp-server-time)",
          command: "import")
      }
      if arguments.options["server"] != nil { throw UsageError(message: "'--server' selects servers of --config", command: "import") }
      let name = arguments.option("name") ?? UpstreamServer.derivedName(command: program, arguments: Array(command.dropFirst()))
      guard !name.isEmpty else { throw UsageError(message: "'--name' must not be empty", command: "import") }
      let namespace = arguments.option("namespace")
      if let namespace, !MCPServersConfig.isValidNamespace(namespace) {
        throw UsageError(
          message: "'--namespace' must be at most \(MCPServersConfig.maximumNamespaceLength) of a-z, A-Z, 0-9, _ and -, found '\(namespace)'",
          command: "import")
      }
      servers = [UpstreamServer(name: name, command: program, arguments: Array(command.dropFirst()), namespace: namespace)]
      appName = name
    }
    for (server, reason) in skipped { console.err("note: MCP server '\(server)' skipped: \(reason)\n") }

    var listings: [UpstreamToolList.Listing] = []
    for server in servers {
      let log: @Sendable (String) -> Void = { console.err($0) }
      let client: MCPClient
      do {
        client = try MCPClient.connect(server, options: clientOptions, log: log)
      } catch {
        console.err("error: \(error)\n")
        return .failure
      }
      do {
        let tools = try client.listTools()
        client.close()
        listings.append(UpstreamToolList.Listing(server: server, session: client.session, tools: tools))
      } catch {
        // A server that failed is not waited for.
        client.close(grace: 0)
        console.err("error: \(error)\n")
        return .failure
      }
    }
    let (result, list) = catalog(of: listings, namespaced: servers.count > 1 || servers.contains { $0.namespace != nil }, appName: appName)
    for notice in list.notices { console.err("warning: \(notice)\n") }
    // The importer read one document made of the servers' lists: point its warnings back at them.
    return ImportCommand.write(
      result, input: arguments.option("config") ?? "MCP server '\(servers[0].name)'", arguments: arguments, console: console,
      locate: { list.describe($0.path) })
  }

  /// The app's name in the catalog of `servers` from the configuration at `configPath`: the
  /// server's name when there is one, else the configuration's file name.
  static func appName(servers: [UpstreamServer], configPath: String) -> String {
    let file = String(configPath.split(separator: "/").last ?? Substring(configPath))
    return servers.count == 1 ? servers[0].name : file
  }

  /// The catalog of the servers' tools (the one `import mcp` writes and `gateway` serves):
  /// their lists merged (`UpstreamToolList`), imported by the tool-list importer, with
  /// `source.servers` mapping every name back to its server.
  static func catalog(of listings: [UpstreamToolList.Listing], namespaced: Bool, appName: String) -> (ImportResult, UpstreamToolList) {
    let list = UpstreamToolList.merge(listings, namespaced: namespaced)
    var result = ToolListImporter.importCatalog(list.document, fileName: appName)
    if case .object(var catalog) = result.catalog, let source = catalog["source"]?.objectValue {
      catalog["source"] = .object(list.source(replacing: source))
      result.catalog = .object(catalog)
    }
    return (result, list)
  }
}
