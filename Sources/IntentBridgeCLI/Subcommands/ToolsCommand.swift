import IntentBridgeEngine
import IntentBridgeTools

/// `intentbridge tools CATALOG [--format …] [--lang L] [--strict]`: tool definitions on stdout.
enum ToolsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "tools", abstract: "Write the catalog's intents as tool definitions (JSON).",
    positionals: [.init(name: "catalog", help: "A catalog JSON file.")],
    groups: [OptionGroups.language],
    options: [
      .init(name: "format", valueName: "format", help: "Tool dialect; default mcp.", allowed: ToolDialect.allCases.map(\.rawValue))
    ],
    flags: [
      .init(name: "strict", help: "OpenAI strict variant: all properties required, optional ones nullable."),
      .init(name: "compact", help: "One line instead of indented JSON."),
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let dialect = ToolDialect(rawValue: arguments.option("format") ?? "mcp") ?? .mcp
    if arguments.flag("strict"), dialect != .openai {
      throw UsageError(message: "'--strict' applies to '--format openai' only", command: spec.name)
    }
    guard let catalog = CatalogInput.load(arguments.positionals[0], console: console) else { return .dataError }
    guard let language = CatalogInput.language(arguments, of: catalog, path: arguments.positionals[0], console: console) else { return .dataError }
    let tools = ToolDefinitionBuilder(catalog: catalog, language: language).tools()
    let document = dialect.render(tools, strict: arguments.flag("strict"))
    console.out(arguments.flag("compact") ? document.compactText + "\n" : document.prettyText)
    return .success
  }
}
