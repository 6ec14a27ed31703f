/// The options of `rank`, read and checked before the engine loads.
struct RankOptions: CommandOptions, EngineCommandOptions {
  static let top = CommandSpec.Option(name: "top", valueName: "k", help: "How many candidates to show; default 5.")
  static let requests = CommandSpec.Option(
    name: "requests", valueName: "file.jsonl", help: "Rank every row ({\"query\", \"id\"?, \"lang\"?}) and write one JSON line per row.")
  static let explain = CommandSpec.Flag(name: "explain", help: "Show each signal's contribution and the matched terms.")

  var catalogPath: String
  var input: RequestInput
  /// How many candidates to show (`--top`, 1 to `ParsedArguments.maximumCount`).
  var top: Int
  var explain: Bool
  var language: LanguageSettings
  var engine: EngineSettings
  var output: OutputSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = RankCommand.spec.name
    catalogPath = arguments.positionals[0]
    top = try arguments.count(Self.top, command: command) ?? 5
    input = try RequestInput(arguments, requests: Self.requests, command: command)
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: SignalsSettings(arguments).mode, command: command)
    explain = arguments.has(Self.explain)
    output = OutputSettings(arguments)
  }

  func validate() throws(UsageError) {
    try input.validate(command: RankCommand.spec.name)
  }
}
