import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeMCP
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentbridge gateway CONFIG [--mode compact|full|auto] [--catalog FILE] [--timeout S]
/// [--call-timeout S] [engine options]`: one MCP server in front of the stdio servers of an
/// `mcpServers` configuration.
///
/// Stages: the configuration (`MCPServersConfig`) → every server started and its tools
/// listed (`MCPClient`, in the file's order) → one catalog, exactly as `import mcp --config`
/// builds it (`MCPImportCommand.catalog`), written to `--catalog` (default: beside the
/// configuration, `servers.json` → `servers.catalog.json`) only when it changed, so its index
/// file (`servers.catalog.en.index`) stays valid → the engine over it → the MCP server on
/// standard input and output, whose calls go to the real tools (`GatewayUpstreams`).
///
/// A server that cannot start or list its tools is left out with a warning naming it; none
/// at all ends the command with status 1. The host's `initialize` is answered once every
/// server has answered or failed (each request bounded by `--timeout`).
enum GatewayCommand: Subcommand {
  static let spec = CommandSpec(
    name: "gateway", abstract: "Serve the tools of the MCP servers of an mcpServers configuration as one MCP server over stdio.",
    positionals: [.init(name: "config", help: "An mcpServers configuration (Claude Desktop, Claude Code, Cursor; see 'import mcp').")],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine],
    options: [
      .init(
        name: "mode", valueName: "mode",
        help:
          "compact: search/describe/resolve/run meta-tools (default); full: every upstream tool, namespaced; auto: compact above \(MCPServer.Options.autoCompactThreshold) tools.",
        allowed: MCPToolMode.allCases.map(\.rawValue)),
      .init(
        name: "catalog", valueName: "file", help: "Where the gateway's catalog is written (its index beside it); default: <config>.catalog.json."),
      .init(name: "timeout", valueName: "seconds", help: "Seconds each start-up request to a server may take (default 30)."),
      .init(name: "call-timeout", valueName: "seconds", help: "Seconds a forwarded tool call may take (default 60)."),
      .init(name: "page-size", valueName: "n", help: "Tools per tools/list page; default: all on one page."),
    ],
    flags: [.init(name: "quiet", help: "Do not print the importer's warnings about the servers' tools.")],
    discussion:
      "Standard output carries the protocol only; diagnostics and the servers' standard error (prefixed [name]) go to standard error. Exits when standard input ends."
  )

  static let defaultCallTimeout = 60.0

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let configPath = arguments.positionals[0]
    var options = MCPServer.Options()
    options.mode = MCPToolMode(rawValue: arguments.option("mode") ?? "compact") ?? .compact
    options.serverVersion = IntentBridgeCommand.version
    if arguments.option("page-size") != nil {
      options.pageSize = try EngineOptions.positiveInteger(arguments, "page-size", default: 0, command: spec.name)
    }
    var clientOptions = MCPClient.Options()
    clientOptions.requestTimeout = try EngineOptions.seconds(arguments, "timeout", default: clientOptions.requestTimeout, command: spec.name)
    let callTimeout = try EngineOptions.seconds(arguments, "call-timeout", default: defaultCallTimeout, command: spec.name)
    let engineOptions = try EngineOptions.engineOptions(arguments, command: spec.name)
    let catalogPath = arguments.option("catalog") ?? defaultCatalogPath(forConfig: configPath)

    let config: MCPServersConfig
    do {
      config = try MCPServersConfig.load(path: configPath)
    } catch {
      console.err("\(error)\n")
      return .dataError
    }
    for (server, reason) in config.skipped { console.err("note: MCP server '\(server)' skipped: \(reason)\n") }

    // The host is answered at once: a stand-in over no tools answers initialize, ping and
    // server/discover while the servers start; every other request waits for the real server.
    let progress = UpstreamProgressRelay()
    let elicitation = UpstreamElicitationRelay()
    var standInOptions = options
    standInOptions.upstreams = GatewayUpstreams(
      routes: [:], clients: [], serverNames: config.servers.map(\.name), callTimeout: callTimeout, progress: progress,
      elicitation: elicitation)
    let standIn = MCPServer(engine: IntentEngine(catalog: Catalog(app: AppInfo(), intents: [])), options: standInOptions)
    let host = MCPServerHost(server: standIn)
    let quiet = arguments.flag("quiet")
    host.startUp { [clientOptions, options] in
      start(
        config, configPath: configPath, catalogPath: catalogPath, clientOptions: clientOptions, engineOptions: engineOptions,
        options: options, callTimeout: callTimeout, progress: progress, elicitation: elicitation, quiet: quiet, console: console)
    }
    MCPStdioTransport.run(host: host, log: { console.err($0) })
  }

  /// Starts every server and lists its tools, writes the catalog and builds the server that
  /// forwards calls; on failure says why and ends the process (1: no server started or the
  /// catalog cannot be written; 65: a catalog that does not load). Every server is offered
  /// elicitation (handshake era), relayed to the host or declined (`HostElicitation`).
  static func start(
    _ config: MCPServersConfig, configPath: String, catalogPath: String, clientOptions: MCPClient.Options,
    engineOptions: IntentEngine.Options, options: MCPServer.Options, callTimeout: Double, progress: UpstreamProgressRelay,
    elicitation: UpstreamElicitationRelay, quiet: Bool, console: Console
  ) -> MCPServer {
    // Start every server and list its tools; one that fails is left out, the others serve.
    var clients: [MCPClient] = []
    var listings: [UpstreamToolList.Listing] = []
    for server in config.servers {
      let client: MCPClient
      do {
        client = try MCPClient.connect(
          server, options: clientOptions, log: { console.err($0) }, notifications: { progress.receive(method: $0, params: $1) },
          elicitations: elicitation.receive)
      } catch {
        console.err("warning: \(error); its tools are left out\n")
        continue
      }
      do {
        let tools = try client.listTools()
        clients.append(client)
        listings.append(UpstreamToolList.Listing(server: server, session: client.session, tools: tools))
      } catch {
        client.close(grace: 0)
        console.err("warning: \(error); its tools are left out\n")
      }
    }
    guard !clients.isEmpty else {
      console.err("\(configPath): error: no MCP server of the configuration could be started and listed (see above)\n")
      CurrentProcess.exit(ExitCode.failure.rawValue)
    }

    // The catalog `import mcp --config` writes for the same servers.
    let servers = config.servers
    let (result, list) = MCPImportCommand.catalog(
      of: listings, namespaced: servers.count > 1 || servers.contains { $0.namespace != nil },
      appName: MCPImportCommand.appName(servers: servers, configPath: configPath))
    for notice in list.notices { console.err("warning: \(notice)\n") }
    if !quiet {
      for warning in result.warnings {
        console.err("\(configPath): warning: \(warning.message) [import]\n  at \(list.describe(warning.path))\n")
      }
    }
    if let problem = result.notRecognized {
      console.err("\(configPath): error: \(problem.message) [import]\n  at \(problem.path)\n")
      CurrentProcess.exit(ExitCode.dataError.rawValue)
    }
    if let status = writeIfChanged(JSONWriter.pretty(result.catalog), to: catalogPath, console: console) {
      CurrentProcess.exit(status.rawValue)
    }

    let engines: CatalogEngines
    do {
      engines = try CatalogEngines(catalogPath: catalogPath, options: engineOptions) { console.err($0 + "\n") }
    } catch {
      CurrentProcess.exit(EngineOptions.report(error, catalogPath: catalogPath, console: console).rawValue)
    }
    console.keepUntilExit?(engines)
    var options = options
    options.upstreams = GatewayUpstreams(
      routes: GatewayUpstreams.routes(source: engines.catalog.source, listings: listings), clients: clients, callTimeout: callTimeout,
      progress: progress, elicitation: elicitation)
    let tools = engines.catalog.discoverableIntents.count
    console.err("gateway: \(tools) tools of \(clients.count) MCP server\(clients.count == 1 ? "" : "s") (\(catalogPath))\n")
    return MCPServer(engines: engines, options: options)
  }

  /// `servers.json` → `servers.catalog.json`, in the same folder.
  static func defaultCatalogPath(forConfig path: String) -> String {
    (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".catalog.json"
  }

  /// A number of seconds above 0 and at most an hour.
  /// Writes the catalog unless the file already holds these bytes (its index then stays
  /// valid); nil on success, else the exit status after the error is printed.
  static func writeIfChanged(_ text: String, to path: String, console: Console) -> ExitCode? {
    guard text.utf8.count <= CatalogLoader.maximumFileSize else {
      console.err(
        "\(path): error: the gateway's catalog would be \(text.utf8.count) bytes, more than the \(CatalogLoader.maximumFileSize) a catalog may have; leave tools out with \"include\"/\"exclude\"\n"
      )
      return .dataError
    }
    if let old = try? FileReader.read(path, what: "the gateway's catalog", limit: CatalogLoader.maximumFileSize), old == Array(text.utf8) {
      return nil
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      console.err("\(path): error: cannot write the gateway's catalog (choose another place with --catalog): \(Errno.describe(error))\n")
      return .failure
    }
    return nil
  }
}
