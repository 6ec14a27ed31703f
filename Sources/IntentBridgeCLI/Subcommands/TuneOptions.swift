import IntentBridgeEngine

/// The options of `tune`, read and checked before the datasets, the catalog or a model load.
struct TuneOptions: CommandOptions, EngineCommandOptions {
  static let holdOut = CommandSpec.Option(
    name: "hold-out", valueName: "share",
    help: "Share of each intent's rows held back to measure the tuning on (default 0.3; 0 fits and measures on all rows).")
  static let seed = CommandSpec.Option(name: "seed", valueName: "n", help: "Seed of the hold-out split (default 1).")
  static let out = CommandSpec.Option(
    name: "out", valueName: "file", help: "Write the tuning here instead of <catalog>.<lang>.tuning.json (one language only).")
  static let refuse = CommandSpec.Option(
    name: "refuse", valueName: "share",
    help:
      "Choose the no-match threshold that answers most rows among those refusing at least this share of the out-of-scope rows fitted on (e.g. 0.85; default: the threshold that answers most rows right, out-of-scope rows counted as they come)."
  )
  static let dryRun = CommandSpec.Flag(name: "dry-run", help: "Report before and after without writing the tuning file.")

  var catalogPath: String
  var datasetPaths: [String]
  /// The share of each intent's rows held back (`--hold-out`, from 0 up to 1).
  var holdOut = 0.3
  /// The seed of the hold-out split (at most `Int64.max`: the tuning file records it as a JSON integer).
  var seed: UInt64 = 1
  /// The share of out-of-scope rows the no-match threshold must refuse (`--refuse`, 0…1);
  /// nil: the threshold that answers most rows right.
  var refuse: Double?
  /// The clock relative dates are read against (`--now`, `--tz`).
  var clock: IntentEngine.Clock
  /// Where `--out` writes the tuning; nil: beside the catalog.
  var out: String?
  var dryRun: Bool
  var language: LanguageSettings
  var engine: EngineSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = TuneCommand.spec.name
    catalogPath = arguments.positionals[0]
    datasetPaths = Array(arguments.positionals.dropFirst())
    if let text = arguments.value(Self.holdOut) {
      guard let value = Double(text), value >= 0, value < 1 else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--hold-out'; expected a share from 0 up to (not including) 1, e.g. 0.3", command: command)
      }
      holdOut = value
    }
    if let text = arguments.value(Self.seed) {
      guard let value = UInt64(text), value <= UInt64(Int64.max) else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--seed'; expected an integer from 0 to 9223372036854775807", command: command)
      }
      seed = value
    }
    if let text = arguments.value(Self.refuse) {
      guard let value = Double(text), value >= 0, value <= 1 else {
        throw UsageError(message: "the value '\(text)' is invalid for '--refuse'; expected a share from 0 to 1, e.g. 0.85", command: command)
      }
      refuse = value
    }
    clock = try ClockSettings(arguments, command: command).clock
    out = arguments.value(Self.out)
    dryRun = arguments.has(Self.dryRun)
    language = LanguageSettings(arguments)
    engine = try EngineSettings(arguments, signals: SignalsSettings(arguments).mode, command: command)
  }
}
