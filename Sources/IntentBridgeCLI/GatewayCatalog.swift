import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeMCP
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The gateway's catalog of the moment and the MCP server over it: built from the upstream
/// servers' tool listings at start-up (`makeServer`), and built again whenever one server
/// lists other tools than before — after its `notifications/tools/list_changed`, or after a
/// restart (`toolsListed`, from `UpstreamSupervisor.onToolsListed`).
///
///     let gateway = GatewayCatalog(setup: setup, console: console)
///     let server = try gateway.makeServer(listings: listings, supervisors: supervisors).get()
///     gateway.serve(on: host, listings: listings, supervisors: supervisors)   // then changes swap the host's server
///
/// A rebuild is the start-up's build: the same catalog `import mcp --config` writes for the
/// same tool lists (`MCPImportCommand.catalog`), written beside the configuration when it
/// changed; its index file is rebuilt reusing the rows of every text it already had
/// (`ReusableRows`: the unchanged servers' texts are not embedded again, and the notice on
/// standard error says how many were embedded and reused); the calibration is fitted anew
/// over the whole catalog. The new server takes over the host's session
/// (`MCPServerHost.replace(with:)`), and in full mode the host is told with
/// `notifications/tools/list_changed`. A listing with the same tools changes nothing; a
/// catalog that cannot be built or loaded leaves the previous one serving, and standard
/// error says why. Rebuilds run one at a time.
final class GatewayCatalog: Sendable {
  /// What every build needs, fixed at start-up.
  struct Setup: Sendable {
    var config: MCPServersConfig
    var configPath: String
    var catalogPath: String
    var engineOptions: IntentEngine.Options
    var options: MCPServer.Options
    var callTimeout: Double
    var progress: UpstreamProgressRelay
    /// The one relay of the servers' elicitation requests, whichever catalog serves.
    var elicitation: UpstreamElicitationRelay
    var quiet: Bool
  }

  /// The server over a new catalog, or the exit status after the error was printed.
  typealias Built = Result<MCPServer, ExitCode>

  let setup: Setup
  let console: Console

  private struct State: Sendable {
    /// The listing each server's tools in the catalog come from, by server name.
    var listings: [String: UpstreamToolList.Listing] = [:]
    var supervisors: [UpstreamSupervisor] = []
    var host: MCPServerHost?
    var notify: (@Sendable (String) -> Void)?
  }
  private let state = Mutex(State())
  private let rebuilding = Mutex(())

  init(setup: Setup, console: Console) {
    self.setup = setup
    self.console = console
  }

  /// Where protocol notifications to the host go (the transport's writer).
  func notify(with send: @escaping @Sendable (String) -> Void) {
    state.withLock { $0.notify = send }
  }

  /// From now on, a listing with other tools rebuilds the catalog and swaps `host`'s server.
  func serve(on host: MCPServerHost, listings: [UpstreamToolList.Listing], supervisors: [UpstreamSupervisor]) {
    state.withLock { state in
      for listing in listings { state.listings[listing.server.name] = listing }
      state.supervisors = supervisors
      state.host = host
    }
  }

  /// A server listed its tools (after a restart or a list_changed): when they differ from the
  /// ones in the catalog, the catalog is rebuilt and served.
  func toolsListed(_ listing: UpstreamToolList.Listing) {
    rebuilding.withLock { _ in
      let name = listing.server.name
      let (previous, host) = state.withLock { ($0.listings[name], $0.host) }
      guard let host else { return }
      if let previous, previous.tools == listing.tools {
        console.err("[\(name)] gateway: its tools are unchanged (\(listing.tools.count)); the catalog stays\n")
        return
      }
      console.err("[\(name)] gateway: it lists other tools now (\(listing.tools.count)); rebuilding the catalog\n")
      let (listings, supervisors) = state.withLock { state in
        var listings = state.listings
        listings[name] = listing
        return (setup.config.servers.compactMap { listings[$0.name] }, state.supervisors)
      }
      guard case .success(let server) = makeServer(listings: listings, supervisors: supervisors, rebuild: true) else {
        console.err("[\(name)] gateway: the new catalog could not be served (see above); still serving the previous one\n")
        return
      }
      state.withLock { $0.listings[name] = listing }
      if host.replace(with: server), server.mode == .full, let notify = state.withLock({ $0.notify }) {
        notify(MCPServer.listChangedNotification)
      }
    }
  }

  /// The catalog `import mcp --config` writes for `listings` (in the configuration's order),
  /// written to `catalogPath` when it changed, its engines loaded, and the MCP server over
  /// it whose calls go to `supervisors`' servers; on failure standard error says why and the
  /// result is the exit status (65: a catalog that does not import or load; 1: it cannot be
  /// written). `rebuild`: the engines are freed once the server is replaced (not kept until
  /// exit, as the start-up's are: a gateway whose servers change often must not grow).
  func makeServer(listings: [UpstreamToolList.Listing], supervisors: [UpstreamSupervisor], rebuild: Bool = false) -> Built {
    let servers = setup.config.servers
    let configPath = setup.configPath
    let catalogPath = setup.catalogPath
    let (result, list) = MCPImportCommand.catalog(
      of: listings, namespaced: servers.count > 1 || servers.contains { $0.namespace != nil },
      appName: MCPImportCommand.appName(servers: servers, configPath: configPath))
    for notice in list.notices { console.err("warning: \(notice)\n") }
    if !setup.quiet {
      for warning in result.warnings {
        console.err("\(configPath): warning: \(warning.message) [import]\n  at \(list.describe(warning.path))\n")
      }
    }
    if let problem = result.notRecognized {
      console.err("\(configPath): error: \(problem.message) [import]\n  at \(problem.path)\n")
      return .failure(.dataError)
    }
    if let status = GatewayCommand.writeIfChanged(JSONWriter.pretty(result.catalog), to: catalogPath, console: console) {
      return .failure(status)
    }
    let engines: CatalogEngines
    do {
      engines = try CatalogEngines(catalogPath: catalogPath, options: setup.engineOptions) { [console] in console.err($0 + "\n") }
    } catch {
      return .failure(EngineOptions.report(error, catalogPath: catalogPath, console: console))
    }
    if !rebuild { console.keepUntilExit?(engines) }
    var options = setup.options
    options.upstreams = GatewayUpstreams(
      routes: GatewayUpstreams.routes(source: engines.catalog.source, listings: listings), supervisors: supervisors,
      callTimeout: setup.callTimeout, progress: setup.progress, elicitation: setup.elicitation)
    let tools = engines.catalog.discoverableIntents.count
    console.err("gateway: \(tools) tools of \(listings.count) MCP server\(listings.count == 1 ? "" : "s") (\(catalogPath))\n")
    return .success(MCPServer(engines: engines, options: options))
  }
}
