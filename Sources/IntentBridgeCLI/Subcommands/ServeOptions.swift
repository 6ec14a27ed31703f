import IntentBridgeMCP

/// The options of `serve`, read and checked before the prompts, the catalog or a model load.
struct ServeOptions: CommandOptions, EngineCommandOptions {
  static let mode = CommandSpec.Option(
    name: "mode", valueName: "mode",
    help:
      "full: one tool per intent; compact: search/describe/resolve/run meta-tools; auto: compact above \(MCPServer.Options.autoCompactThreshold) intents (default).",
    allowed: MCPToolMode.allCases.map(\.rawValue))
  static let prompts = CommandSpec.Option(
    name: "prompts", valueName: "dir", help: "Folder of prompt files (default: Prompts/ of the checkout, if present).")
  static let pageSize = CommandSpec.Option(name: "page-size", valueName: "n", help: "Tools per tools/list page; default: all on one page.")

  var catalogPath: String
  /// The tools the server lists (`--mode`; default auto).
  var mode: MCPToolMode
  /// Tools per tools/list page (`--page-size`); nil: all on one page.
  var pageSize: Int?
  /// The folder `--prompts` names; nil: the checkout's `Prompts/`, when there is one.
  var promptsDirectory: String?
  var language: LanguageSettings
  var engine: EngineSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = ServeCommand.spec.name
    catalogPath = arguments.positionals[0]
    // The parser checked the value against `allowed`.
    mode = MCPToolMode(rawValue: arguments.value(Self.mode) ?? "auto") ?? .auto
    pageSize = try arguments.count(Self.pageSize, command: command)
    promptsDirectory = arguments.value(Self.prompts)
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: SignalsSettings(arguments).mode, command: command)
  }
}
