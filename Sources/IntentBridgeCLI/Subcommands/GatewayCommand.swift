import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeMCP
import IntentBridgeSystem
import Synchronization

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
/// file (`servers.catalog.en.transformer.index`, or `.en.index` with the static model) stays
/// valid → the engine over it → the MCP server on
/// standard input and output, whose calls go to the real tools (`GatewayUpstreams`).
///
/// A server that cannot start or list its tools is left out with a warning naming it; none
/// at all ends the command with status 1. The host's `initialize` is answered at once; the
/// requests that need the catalog once every server has answered or failed (each request
/// bounded by `--timeout`).
///
/// Live upstreams: every server that started is kept running by an `UpstreamSupervisor` — one
/// that ends or breaks its pipe is started again with back-off (`RestartBackOff`: 0.5 s
/// doubling to 30 s, anew after 60 s of running), its tools meanwhile found by search but
/// marked unavailable, and calls to them answered at once with `isError` naming the server.
/// A server that sends `notifications/tools/list_changed`, or lists other tools after a
/// restart, makes the catalog be rebuilt (`GatewayCatalog`): only its new texts are embedded,
/// and in full mode the host gets `notifications/tools/list_changed`.
enum GatewayCommand: Subcommand {
  static let spec = CommandSpec(
    name: "gateway", abstract: "Serve the tools of the MCP servers of an mcpServers configuration as one MCP server over stdio.",
    positionals: [.init(name: "config", help: "An mcpServers configuration (Claude Desktop, Claude Code, Cursor; see 'import mcp').")],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine],
    options: [GatewayOptions.mode, GatewayOptions.catalog, GatewayOptions.timeout, GatewayOptions.callTimeout, GatewayOptions.pageSize],
    flags: [GatewayOptions.quiet],
    discussion:
      "Standard output carries the protocol only; diagnostics and the servers' standard error (prefixed [name]) go to standard error. Exits when standard input ends."
  )

  static let defaultCallTimeout = 60.0

  static func run(_ settings: GatewayOptions, console: Console) -> ExitCode {
    let configPath = settings.configPath
    var options = MCPServer.Options()
    options.mode = settings.mode
    options.serverVersion = IntentBridgeCommand.version
    // Full mode lists the upstream tools themselves: the host is told when they change.
    options.watchesCatalog = options.mode != .compact
    if let pageSize = settings.pageSize { options.pageSize = pageSize }
    var clientOptions = MCPClient.Options()
    clientOptions.requestTimeout = settings.timeout
    let callTimeout = settings.callTimeout

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
    let gateway = GatewayCatalog(
      setup: GatewayCatalog.Setup(
        config: config, configPath: configPath, catalogPath: settings.catalogPath, engineOptions: settings.engineOptions, options: options,
        callTimeout: callTimeout, progress: progress, elicitation: elicitation, quiet: settings.quiet),
      console: console)
    let started = Mutex<(listings: [UpstreamToolList.Listing], supervisors: [UpstreamSupervisor])>(([], []))
    host.startUp(
      { [clientOptions] in
        let (server, listings, supervisors) = start(gateway, clientOptions: clientOptions, console: console)
        started.withLock { $0 = (listings, supervisors) }
        return server
      },
      ready: {
        // From now on a server's new tools (list_changed, a restart) rebuild the catalog.
        let (listings, supervisors) = started.withLock { $0 }
        gateway.serve(on: host, listings: listings, supervisors: supervisors)
        for supervisor in supervisors { supervisor.onToolsListed { gateway.toolsListed($0) } }
      })
    MCPStdioTransport.run(host: host, log: { console.err($0) }, watch: { notify in gateway.notify(with: notify) })
  }

  /// Starts every server at the same time (each under an `UpstreamSupervisor`, which
  /// restarts it when it ends) and lists its tools, then builds the catalog and the server that forwards calls
  /// (`GatewayCatalog.makeServer`); on failure says why and ends the process (1: no server
  /// started or the catalog cannot be written; 65: a catalog that does not load). Every server
  /// is offered elicitation (handshake era), relayed to the host or declined (`HostElicitation`).
  static func start(
    _ gateway: GatewayCatalog, clientOptions: MCPClient.Options, console: Console
  ) -> (MCPServer, [UpstreamToolList.Listing], [UpstreamSupervisor]) {
    let setup = gateway.setup
    // Start every server and list its tools, all at the same time; one that fails is left
    // out (said in the configuration's order), the others serve.
    let candidates = setup.config.servers.map { server in
      UpstreamSupervisor(
        server: server, options: clientOptions, log: { console.err($0) },
        notifications: { [progress = setup.progress] in progress.receive(method: $0, params: $1) },
        elicitations: setup.elicitation.receive)
    }
    var supervisors: [UpstreamSupervisor] = []
    var listings: [UpstreamToolList.Listing] = []
    for (supervisor, result) in zip(candidates, UpstreamSupervisor.startAll(candidates)) {
      switch result {
      case .success(let listing):
        listings.append(listing)
        supervisors.append(supervisor)
      case .failure(let error):
        console.err("warning: \(error); its tools are left out\n")
      }
    }
    guard !supervisors.isEmpty else {
      console.err("\(setup.configPath): error: no MCP server of the configuration could be started and listed (see above)\n")
      CurrentProcess.exit(ExitCode.failure.rawValue)
    }
    switch gateway.makeServer(listings: listings, supervisors: supervisors) {
    case .success(let server):
      return (server, listings, supervisors)
    case .failure(let status):
      CurrentProcess.exit(status.rawValue)
    }
  }

  /// `servers.json` → `servers.catalog.json`, in the same folder.
  static func defaultCatalogPath(forConfig path: String) -> String {
    (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".catalog.json"
  }

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
