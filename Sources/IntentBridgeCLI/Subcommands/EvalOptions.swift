import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeText

/// The options of `eval`, read and checked before the datasets, the catalog or a model load.
struct EvalOptions: CommandOptions {
  static let signals = CommandSpec.Option(
    name: "signals", valueName: "list",
    help: "Signals to evaluate, side by side: keyword, embedding, hybrid (default hybrid), e.g. keyword,embedding,hybrid.")
  static let k = CommandSpec.Option(name: "k", valueName: "list", help: "The k of recall@k (default 1,3,5,10).")
  static let by = CommandSpec.Option(name: "by", valueName: "list", help: "Breakdowns: lang, tag, dataset (default lang,tag; 'none' for none).")
  static let fillIntent = CommandSpec.Option(
    name: "fill-intent", valueName: "choice",
    help:
      "Which intent the arguments are filled for: answer (default; the engine's answer, no match fills nothing), first (the first-ranked intent, also below the no-match threshold) or gold (the row's labelled intent: filling measured alone).",
    allowed: Evaluator.FillIntent.allCases.map(\.rawValue))
  static let format = CommandSpec.Option(name: "format", valueName: "format", help: "text (default), json, md or html.")
  static let out = CommandSpec.Option(name: "out", valueName: "file", help: "Write the report to this file instead of standard output.")
  static let failUnder = CommandSpec.Option(
    name: "fail-under", valueName: "metric=value",
    help: "Exit 2 when a figure is below the floor, e.g. top1=0.95, keyword/exact_frame=80%, top1[de]=0.9 (repeatable).", repeatable: true)

  /// The report's forms (`--format`).
  enum Format: String, Sendable {
    case text, json, md, html
  }

  var catalogPath: String
  var datasetPaths: [String]
  /// The signals evaluated side by side, in the order given.
  var modes: [RankingMode]
  /// The k of recall@k, the depth, the breakdowns, the clock and the filled intent.
  var settings = Evaluator.Settings()
  var format: Format
  /// The floors of `--fail-under`, in the order given.
  var thresholds: [MetricThreshold] = []
  /// Where `--out` writes the report; nil: standard output.
  var out: String?
  var engine: EngineSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = EvalCommand.spec.name
    catalogPath = arguments.positionals[0]
    datasetPaths = Array(arguments.positionals.dropFirst())
    modes = try arguments.list(Self.signals, default: ["hybrid"], command: command).map { (name: String) throws(UsageError) -> RankingMode in
      guard let mode = RankingMode(rawValue: name) else {
        let suggestion = DidYouMean.closest(to: name, in: RankingMode.allCases.map(\.rawValue))
        throw UsageError(
          message: "the value '\(name)' is invalid for '--signals'; expected keyword, embedding or hybrid"
            + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""), command: command)
      }
      return mode
    }
    if modes.contains(.embedding), arguments.has(EngineSettings.noEmbeddings) {
      throw UsageError(message: "'--signals embedding' needs embeddings; drop '--no-embeddings' or that signal", command: command)
    }
    settings.ks = try arguments.list(Self.k, default: ["1", "3", "5", "10"], command: command).map { (text: String) throws(UsageError) -> Int in
      guard let k = Int(text), k > 0, k <= ParsedArguments.maximumCount else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--k'; expected whole numbers from 1 to \(ParsedArguments.maximumCount) such as 1,3,5,10",
          command: command)
      }
      return k
    }
    settings.ks = Array(Set(settings.ks)).sorted()
    settings.depth = max(10, settings.ks.max() ?? 10)
    let by = try arguments.list(Self.by, default: ["lang", "tag"], command: command)
    settings.breakdowns = by == ["none"] ? [] : by
    for key in settings.breakdowns where !Evaluator.breakdownKeys.contains(key) {
      throw UsageError(message: "the value '\(key)' is invalid for '--by'; expected lang, tag, dataset or none", command: command)
    }
    let format = arguments.value(Self.format) ?? "text"
    guard let known = Format(rawValue: format) else {
      throw UsageError(message: "the value '\(format)' is invalid for '--format'; expected text, json, md or html", command: command)
    }
    self.format = known
    for text in arguments.values(Self.failUnder) {
      do {
        thresholds.append(try MetricThreshold.parse(text))
      } catch {
        throw UsageError(message: error.description, command: command)
      }
    }
    settings.clock = try ClockSettings(arguments, command: command).clock
    if let choice = arguments.value(Self.fillIntent) {
      // The parser checked the value against `allowed`.
      settings.fillIntent = Evaluator.FillIntent(rawValue: choice) ?? .answer
    }
    out = arguments.value(Self.out)
    // `--signals` naming one signal also fixes the engines' signals, as the ranking group's does.
    engine = try EngineSettings(arguments, signals: arguments.value(Self.signals).flatMap(RankingMode.init(rawValue:)), command: command)
  }
}
