/// The options of `index`, read and checked before the engine loads.
struct IndexOptions: CommandOptions, EngineCommandOptions {
  var catalogPath: String
  var language: LanguageSettings
  var engine: EngineSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    catalogPath = arguments.positionals[0]
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: nil, command: IndexCommand.spec.name)
  }
}
