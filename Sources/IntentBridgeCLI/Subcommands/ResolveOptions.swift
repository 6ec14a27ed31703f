import IntentBridgeEngine

/// The options of `resolve`, read and checked before the engine loads; `--intent` is checked
/// against the catalog by `validate(intentOf:)`.
struct ResolveOptions: CommandOptions, EngineCommandOptions {
  static let intent = CommandSpec.Option(name: "intent", valueName: "id", help: "Fill this intent instead of the best-ranked one.")
  static let context = CommandSpec.Option(
    name: "context", valueName: "json",
    help:
      "Values already known, e.g. '{\"area\": \"Kitchen\"}': used for parameters the request leaves empty (a row's own \"context\" adds to it).")
  static let requests = CommandSpec.Option(
    name: "requests", valueName: "file.jsonl", help: "Resolve every row ({\"query\", \"id\"?}) and write one JSON line per row.")

  var catalogPath: String
  var input: RequestInput
  /// The intent `--intent` names (its id), filled instead of the best-ranked one.
  var intent: String?
  /// The values `--context` gives (a JSON object); empty without it.
  var context: JSONObject
  /// The clock relative dates are read against (`--now`, `--tz`).
  var clock: IntentEngine.Clock
  var language: LanguageSettings
  var engine: EngineSettings
  var output: OutputSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = ResolveCommand.spec.name
    catalogPath = arguments.positionals[0]
    clock = try ClockSettings(arguments, command: command).clock
    context = JSONObject()
    if let text = arguments.value(Self.context) {
      guard let parsed = try? JSONParser.parse(text), let object = parsed.objectValue else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--context'; expected a JSON object such as {\"area\": \"Kitchen\"}", command: command)
      }
      context = object
    }
    input = try RequestInput(arguments, requests: Self.requests, command: command)
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: SignalsSettings(arguments).mode, command: command)
    intent = arguments.value(Self.intent)
    output = OutputSettings(arguments)
  }

  func validate() throws(UsageError) {
    try input.validate(command: ResolveCommand.spec.name)
  }

  /// `--intent` must name an intent of `catalog` (read before the model and the index file
  /// load).
  func validate(intentOf catalog: Catalog) throws(UsageError) {
    if let intent, catalog.intent(id: intent) == nil {
      throw UsageError(message: "no intent '\(intent)' in \(catalogPath)", command: ResolveCommand.spec.name)
    }
  }
}
