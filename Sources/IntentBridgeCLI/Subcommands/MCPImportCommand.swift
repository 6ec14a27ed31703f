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
  static func run(_ mcp: MCPImportOptions, options: ImportOptions, console: Console) -> ExitCode {
    var clientOptions = MCPClient.Options()
    clientOptions.requestTimeout = mcp.timeout
    var servers: [UpstreamServer]
    var skipped: [(server: String, reason: String)] = []
    let appName: String
    let input: String?
    switch mcp.servers {
    case .config(let configPath, let wanted):
      let config: MCPServersConfig
      do {
        config = try MCPServersConfig.load(path: configPath)
      } catch {
        console.err("\(error)\n")
        return .dataError
      }
      servers = config.servers
      skipped = config.skipped
      if !wanted.isEmpty {
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
      input = configPath
    case .command(let server):
      servers = [server]
      appName = server.name
      input = nil
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
      result, input: input ?? "MCP server '\(servers[0].name)'", options: options, console: console,
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
