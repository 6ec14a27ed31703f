import IntentBridgeTools

/// The options of `tools`, read and checked before the catalog loads.
struct ToolsOptions: CommandOptions {
  static let format = CommandSpec.Option(
    name: "format", valueName: "format", help: "Tool dialect; default mcp.", allowed: ToolDialect.allCases.map(\.rawValue))
  static let strict = CommandSpec.Flag(name: "strict", help: "OpenAI strict variant: all properties required, optional ones nullable.")
  static let compact = CommandSpec.Flag(name: "compact", help: "One line instead of indented JSON.")

  var catalogPath: String
  /// The tool dialect (`--format`; default mcp).
  var dialect: ToolDialect
  var strict: Bool
  var compact: Bool
  var language: LanguageSettings

  init(_ arguments: ParsedArguments) {
    catalogPath = arguments.positionals[0]
    // The parser checked the value against `allowed`.
    dialect = ToolDialect(rawValue: arguments.value(Self.format) ?? "mcp") ?? .mcp
    strict = arguments.has(Self.strict)
    compact = arguments.has(Self.compact)
    language = LanguageSettings(arguments)
  }

  /// `--strict` is a variant of the OpenAI dialect only.
  func validate() throws(UsageError) {
    if strict, dialect != .openai {
      throw UsageError(message: "'--strict' applies to '--format openai' only", command: ToolsCommand.spec.name)
    }
  }
}
