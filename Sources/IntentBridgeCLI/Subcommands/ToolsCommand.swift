import IntentBridgeEngine
import IntentBridgeTools

/// `intentbridge tools CATALOG [--format …] [--lang L] [--strict]`: tool definitions on stdout.
enum ToolsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "tools", abstract: "Write the catalog's intents as tool definitions (JSON).",
    positionals: [.init(name: "catalog", help: "A catalog JSON file.")],
    groups: [OptionGroups.language],
    options: [ToolsOptions.format],
    flags: [ToolsOptions.strict, ToolsOptions.compact])

  static func run(_ options: ToolsOptions, console: Console) -> ExitCode {
    guard let catalog = CatalogInput.load(options.catalogPath, console: console) else { return .dataError }
    guard let language = CatalogInput.language(options.language.tag, of: catalog, path: options.catalogPath, console: console) else {
      return .dataError
    }
    let tools = ToolDefinitionBuilder(catalog: catalog, language: language).tools()
    let document = options.dialect.render(tools, strict: options.strict)
    console.out(options.compact ? document.compactText + "\n" : document.prettyText)
    return .success
  }
}
