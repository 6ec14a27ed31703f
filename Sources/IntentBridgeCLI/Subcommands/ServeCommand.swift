import IntentBridgeEngine
import IntentBridgeMCP

/// `intentbridge serve CATALOG [--mode full|compact|auto] [--prompts DIR] [--page-size N]
/// [engine options]`: an MCP server on standard input and output (newline-delimited
/// JSON-RPC, both protocol eras).
enum ServeCommand: Subcommand {
  static let spec = CommandSpec(
    name: "serve", abstract: "Serve the catalog's intents as MCP tools over stdio.",
    positionals: [.init(name: "catalog", help: "A catalog JSON file.")],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine],
    options: [ServeOptions.mode, ServeOptions.prompts, ServeOptions.pageSize],
    discussion: "Standard output carries the protocol only; diagnostics go to standard error. Exits when standard input ends.")

  static func run(_ settings: ServeOptions, console: Console) -> ExitCode {
    var options = MCPServer.Options()
    options.mode = settings.mode
    options.serverVersion = IntentBridgeCommand.version
    if let pageSize = settings.pageSize { options.pageSize = pageSize }
    if let promptsDirectory = settings.promptsDirectory ?? defaultPromptsDirectory() {
      do {
        options.prompts = try MCPPrompt.load(directory: promptsDirectory)
      } catch {
        console.err("error: cannot load the prompts (--prompts): \(error)\n")
        return .dataError
      }
    }
    let catalogPath = settings.catalogPath
    let engineOptions = settings.engineOptions
    // Without --lang, meta-tool requests are read in the catalog language they are written in.
    @Sendable func load() throws(IntentEngine.LoadError) -> CatalogEngines {
      try CatalogEngines(catalogPath: catalogPath, options: EngineOptions.reportingProgress(engineOptions, console: console)) {
        console.err($0 + "\n")
      }
    }
    let engines: CatalogEngines
    do {
      engines = try load()
    } catch {
      return EngineOptions.report(error, catalogPath: catalogPath, console: console)
    }
    console.keepUntilExit?(engines)
    options.watchesCatalog = true
    let host = MCPServerHost(server: MCPServer(engines: engines, options: options))
    let serverOptions = options
    let log: @Sendable (String) -> Void = { console.err($0) }
    MCPStdioTransport.run(host: host, log: log) { notify in
      host.watch(
        path: catalogPath,
        rebuild: {
          do {
            return MCPServer(engines: try load(), options: serverOptions)
          } catch {
            console.err("\(error)\n")  // why it does not load; the host says the previous catalog serves
            return nil
          }
        },
        notify: notify, log: log)
    }
  }

  /// `Prompts/` of the checkout this binary was built in, when it exists.
  static func defaultPromptsDirectory() -> String? {
    let candidate = ModelLocator.libraryCheckout + "/Prompts"
    return MCPPrompt.hasPrompts(directory: candidate) ? candidate : nil
  }
}
