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
    options: [
      .init(
        name: "mode", valueName: "mode",
        help:
          "full: one tool per intent; compact: search/describe/resolve/run meta-tools; auto: compact above \(MCPServer.Options.autoCompactThreshold) intents (default).",
        allowed: MCPToolMode.allCases.map(\.rawValue)),
      .init(name: "prompts", valueName: "dir", help: "Folder of prompt files (default: Prompts/ of the checkout, if present)."),
      .init(name: "page-size", valueName: "n", help: "Tools per tools/list page; default: all on one page."),
    ],
    discussion: "Standard output carries the protocol only; diagnostics go to standard error. Exits when standard input ends.")

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    var options = MCPServer.Options()
    options.mode = MCPToolMode(rawValue: arguments.option("mode") ?? "auto") ?? .auto
    options.serverVersion = IntentBridgeCommand.version
    if arguments.option("page-size") != nil {
      options.pageSize = try EngineOptions.positiveInteger(arguments, "page-size", default: 0, command: spec.name)
    }
    let promptsDirectory = arguments.option("prompts") ?? defaultPromptsDirectory()
    if let promptsDirectory {
      do {
        options.prompts = try MCPPrompt.load(directory: promptsDirectory)
      } catch {
        console.err("error: cannot load the prompts (--prompts): \(error)\n")
        return .dataError
      }
    }
    let catalogPath = arguments.positionals[0]
    let engineOptions = try EngineOptions.engineOptions(arguments, command: spec.name)
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
