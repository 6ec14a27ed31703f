import IntentBridgeMCP

/// The options of `gateway`, read and checked before the configuration is read or a server starts.
struct GatewayOptions: CommandOptions, EngineCommandOptions {
  static let mode = CommandSpec.Option(
    name: "mode", valueName: "mode",
    help:
      "compact: search/describe/resolve/run meta-tools (default); full: every upstream tool, namespaced; auto: compact above \(MCPServer.Options.autoCompactThreshold) tools.",
    allowed: MCPToolMode.allCases.map(\.rawValue))
  static let catalog = CommandSpec.Option(
    name: "catalog", valueName: "file", help: "Where the gateway's catalog is written (its index beside it); default: <config>.catalog.json.")
  static let timeout = CommandSpec.Option(
    name: "timeout", valueName: "seconds", help: "Seconds each start-up request to a server may take (default 30).")
  static let callTimeout = CommandSpec.Option(
    name: "call-timeout", valueName: "seconds", help: "Seconds a forwarded tool call may take (default 60).")
  static let pageSize = ServeOptions.pageSize
  static let quiet = CommandSpec.Flag(name: "quiet", help: "Do not print the importer's warnings about the servers' tools.")

  var configPath: String
  /// The tools the gateway lists (`--mode`; default compact).
  var mode: MCPToolMode
  /// Tools per tools/list page (`--page-size`); nil: all on one page.
  var pageSize: Int?
  /// Seconds each start-up request to a server may take.
  var timeout: Double
  /// Seconds a forwarded tool call may take.
  var callTimeout: Double
  /// Where the gateway's catalog is written: `--catalog`, else beside the configuration.
  var catalogPath: String
  var quiet: Bool
  var language: LanguageSettings
  var engine: EngineSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = GatewayCommand.spec.name
    configPath = arguments.positionals[0]
    // The parser checked the value against `allowed`.
    mode = MCPToolMode(rawValue: arguments.value(Self.mode) ?? "compact") ?? .compact
    pageSize = try arguments.count(Self.pageSize, command: command)
    timeout = try arguments.seconds(Self.timeout, default: MCPClient.Options().requestTimeout, command: command)
    callTimeout = try arguments.seconds(Self.callTimeout, default: GatewayCommand.defaultCallTimeout, command: command)
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: SignalsSettings(arguments).mode, command: command)
    catalogPath = arguments.value(Self.catalog) ?? GatewayCommand.defaultCatalogPath(forConfig: configPath)
    quiet = arguments.has(Self.quiet)
  }
}
