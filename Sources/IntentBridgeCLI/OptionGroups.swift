import IntentBridgeEngine
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The option groups commands compose (`CommandSpec.groups`), each declared once.
enum OptionGroups {
  /// `--lang`: the catalog language to use.
  static let language = OptionGroup(
    name: "language",
    options: [
      .init(name: "lang", valueName: "tag", help: "Catalog language to use (BCP 47; one the catalog declares); default: the catalog's default.")
    ])

  /// The embedding model or endpoint, the index file and ranking settings.
  static let engine = OptionGroup(
    name: "engine",
    options: [
      .init(
        name: "set", valueName: "name=value",
        help: "Override a ranking setting (repeatable): \(RankingSettings.names.joined(separator: ", ")).", repeatable: true),
      .init(
        name: "encoder", valueName: "kind",
        help: "Embeddings from the static model (static, the default: fastest) or the transformer encoder (transformer: multilingual, slower)."),
      .init(
        name: "model", valueName: "dir",
        help:
          "The model folder: the static model's (default: Models/\(ModelLocator.defaultModelName)) or with --encoder transformer the encoder's (default: Models/\(ModelLocator.defaultEncoderName))."
      ),
      .init(name: "embeddings-url", valueName: "url", help: "Use an OpenAI-compatible /v1/embeddings endpoint instead of the static model."),
      .init(name: "embeddings-model", valueName: "name", help: "Model name sent to the endpoint (default: default)."),
      .init(name: "embeddings-key-env", valueName: "var", help: "Environment variable holding the endpoint's API key."),
      .init(name: "embeddings-timeout", valueName: "seconds", help: "Endpoint timeout per request (default 30)."),
    ],
    flags: [
      .init(name: "no-embeddings", help: "Keyword scoring and templates only (no model; the index file keeps only their confidence)."),
      .init(name: "no-rebuild", help: "Fail instead of rebuilding a missing, stale or foreign index file."),
      .init(name: "no-tuning", help: "Ignore the catalog's tuning file (<catalog>.<lang>.tuning.json, written by 'intentbridge tune')."),
    ])

  /// `--signals`: which signals rank one request.
  static let signals = OptionGroup(
    name: "ranking",
    options: [
      .init(
        name: "signals", valueName: "signals",
        help:
          "Signals that rank: hybrid (default: keywords, templates and embeddings), keyword (BM25F + templates, no model) or embedding (vectors only).",
        allowed: RankingMode.allCases.map(\.rawValue))
    ])

  /// `--now`, `--tz`: the clock relative dates are read against.
  static let clock = OptionGroup(
    name: "clock",
    options: [
      .init(name: "now", valueName: "iso-8601", help: "The clock for relative dates, e.g. 2026-11-29T10:00:00; default: now."),
      .init(name: "tz", valueName: "offset", help: "UTC offset of the clock, e.g. +01:00 or Z; default: the system's."),
    ])

  /// `--json`: machine-readable output.
  static let json = OptionGroup(name: "output", flags: [.init(name: "json", help: "Write JSON instead of text.")])
}

/// `--set name=value`: the ranking settings a user may override, by name, each with the
/// values it accepts. A value outside them (NaN, ±inf, a negative count, a count beyond
/// `Int`) is a usage error that names the range, never a trap or a silent NaN weight.
enum RankingSettings {
  /// One setting: its name, the values it accepts, and how an accepted value is applied.
  struct Setting: Sendable {
    var name: String
    var range: ClosedRange<Double>
    /// A count: the value must be a whole number.
    var isCount = false
    var apply: @Sendable (inout RankingConfiguration, Double) -> Void

    /// A weight or threshold: any finite number in `range`.
    static func number(_ name: String, _ range: ClosedRange<Double>, _ apply: @escaping @Sendable (inout RankingConfiguration, Double) -> Void)
      -> Setting
    {
      Setting(name: name, range: range, apply: apply)
    }

    /// A count: a whole number in `range` (whose bounds are exact in `Double` and in `Int`).
    static func count(_ name: String, _ range: ClosedRange<Double>, _ apply: @escaping @Sendable (inout RankingConfiguration, Int) -> Void)
      -> Setting
    {
      Setting(name: name, range: range, isCount: true) { configuration, value in apply(&configuration, Int(value)) }
    }

    /// What the setting accepts, for messages: "a number from 0 to 100".
    var expected: String {
      let bounds = "from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"
      return isCount ? "a whole number \(bounds)" : "a number \(bounds)"
    }

    /// Whether `value` is one the setting accepts.
    func accepts(_ value: Double) -> Bool {
      value.isFinite && range.contains(value) && (!isCount || value == value.rounded())
    }

    private static func text(_ bound: Double) -> String {
      bound == bound.rounded() && abs(bound) < 1e15 ? String(Int(bound)) : String(bound)
    }
  }

  static let settings: [Setting] = fusion + keyword + fields

  /// Weights are at most 100 (the tuned ones are below 10); counts of candidates at most a
  /// million; `templates-per-intent` and `int8-scan-rows` up to 2^52 (their "unlimited").
  static let weights: ClosedRange<Double> = 0...100
  static let candidates: ClosedRange<Double> = 0...1_000_000
  static let unlimited: ClosedRange<Double> = 0...4_503_599_627_370_496

  static let fusion: [Setting] = [
    .number("keyword", weights) { $0.keywordWeight = $1 }, .number("embedding", weights) { $0.embeddingWeight = $1 },
    .number("template", weights) { $0.templateWeight = $1 }, .number("template-power", weights) { $0.templatePower = $1 },
    .number("no-match", 0...1) { $0.noMatchOverride = $1 },
    .count("candidates", candidates) { $0.templateCandidates = $1 },
    .count("bound-candidates", candidates) { $0.templateBoundCandidates = $1 },
    .count("templates-per-intent", unlimited) { $0.templatesPerIntent = $1 },
    .number("affinity", weights) { $0.affinityWeight = $1 }, .number("affinity-tie", weights) { $0.affinityTieBoost = $1 },
    .count("free-text-candidates", candidates) { $0.freeTextCandidates = $1 },
    .number("free-text-tolerance", weights) { $0.freeTextTolerance = $1 },
    .number("free-text-override", weights) { $0.freeTextOverride = $1 },
    .number("near-duplicate", -1...2) { $0.nearDuplicate = $1 }, .number("centroid", 0...1) { $0.centroidWeight = $1 },
    .count("int8-scan-rows", unlimited) { $0.int8ScanRows = $1 },
  ]

  static let keyword: [Setting] = [
    .number("bm25-b", 0...1) { $0.bm25B = $1 }, .number("bm25-k1", weights) { $0.bm25K1 = $1 },
    .number("fuzzy", weights) { $0.fuzzyWeight = $1 }, .number("function-words", weights) { $0.functionWordWeight = $1 },
  ]

  /// `field-<name>`: the keyword weight of one field.
  static let fields: [Setting] = RankingConfiguration.fieldNames.enumerated().map { (offset: Int, name: String) -> Setting in
    .number("field-" + name, weights) { $0.fieldWeights[offset] = $1 }
  }
  static var names: [String] { settings.map(\.name) }
}

/// Reads the engine, language and signals groups into `IntentEngine.Options`.
enum EngineOptions {
  static func engineOptions(_ arguments: ParsedArguments, command: String) throws(UsageError) -> IntentEngine.Options {
    var options = IntentEngine.Options()
    for assignment in arguments.options["set"] ?? [] {
      let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let value = Double(parts[1]) else {
        throw UsageError(message: "'--set \(assignment)' is not name=number", command: command)
      }
      guard let setting = RankingSettings.settings.first(where: { $0.name == parts[0] }) else {
        let suggestion = DidYouMean.closest(to: parts[0], in: RankingSettings.names)
        throw UsageError(
          message: "unknown setting '\(parts[0])' in '--set'; known: \(RankingSettings.names.joined(separator: ", "))"
            + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""), command: command)
      }
      guard setting.accepts(value) else {
        throw UsageError(
          message: "the value '\(parts[1])' is invalid for '--set \(setting.name)'; expected \(setting.expected)", command: command)
      }
      setting.apply(&options.ranking, value)
    }
    options.language = arguments.option("lang")
    switch arguments.option("encoder") ?? "static" {
    case "static": options.embedding = .staticModel(directory: arguments.option("model"))
    case "transformer": options.embedding = .transformer(directory: arguments.option("model"))
    case let other:
      throw UsageError(message: "the value '\(other)' is invalid for '--encoder'; expected static or transformer", command: command)
    }
    if arguments.flag("no-embeddings") { options.embedding = .none }
    if let text = arguments.option("signals"), let mode = RankingMode(rawValue: text) {
      if mode == .embedding, arguments.flag("no-embeddings") {
        throw UsageError(message: "'--signals embedding' needs embeddings; drop '--no-embeddings'", command: command)
      }
      options.ranking.mode = mode
      options.signalsFromEvidence = false
      if mode == .keyword { options.embedding = .none }
    }
    if let address = arguments.option("embeddings-url") {
      guard let url = URL(string: address), let scheme = url.scheme, scheme == "http" || scheme == "https" else {
        throw UsageError(
          message: "the value '\(address)' is invalid for '--embeddings-url'; expected an http(s) URL such as http://127.0.0.1:8080/v1/embeddings",
          command: command)
      }
      var timeout = 30.0
      if let text = arguments.option("embeddings-timeout") {
        guard let value = Double(text), value > 0, value <= 3600 else {
          throw UsageError(
            message: "the value '\(text)' is invalid for '--embeddings-timeout'; expected seconds, a number above 0 and at most 3600",
            command: command)
        }
        timeout = value
      }
      options.embedding = .endpoint(
        EndpointEmbedder.Configuration(
          url: url, model: arguments.option("embeddings-model") ?? "default", apiKeyVariable: arguments.option("embeddings-key-env"),
          timeoutSeconds: timeout))
    }
    options.rebuildIndex = !arguments.flag("no-rebuild")
    options.useTuning = !arguments.flag("no-tuning")
    return options
  }

  /// Loads the engine, or prints why not and says which exit code fits: 65 for an invalid
  /// catalog, an undeclared language or an index file the user must fix, 1 for a model or
  /// endpoint that failed.
  static func loadEngine(_ arguments: ParsedArguments, console: Console, command: String) throws(UsageError) -> Result<IntentEngine, ExitCode> {
    let options = try engineOptions(arguments, command: command)
    return load(catalogPath: arguments.positionals[0], options: options, console: console)
  }

  /// `options` with a progress line for index builds on `console` (drawn on a terminal when a
  /// build takes more than a second).
  static func reportingProgress(_ options: IntentEngine.Options, console: Console) -> IntentEngine.Options {
    var options = options
    let indicator = ProgressIndicator(console: console, label: "indexing", delaySeconds: 1)
    options.progress = { step, done, total in
      indicator.update(done, of: total, label: "indexing: \(step)")
      if step == "calibrating", done == total { indicator.finish() }
    }
    return options
  }

  static func load(catalogPath: String, options: IntentEngine.Options, console: Console) -> Result<IntentEngine, ExitCode> {
    do {
      let engine = try IntentEngine.load(catalogPath: catalogPath, options: reportingProgress(options, console: console)) {
        console.err($0 + "\n")
      }
      console.keepUntilExit?(engine)
      return .success(engine)
    } catch {
      return .failure(report(error, catalogPath: catalogPath, console: console))
    }
  }

  /// The catalog's engines (`CatalogEngines`): with `--lang`, that language's; without, each
  /// request goes to the catalog language it is written in.
  static func loadEngines(_ arguments: ParsedArguments, console: Console, command: String) throws(UsageError) -> Result<CatalogEngines, ExitCode> {
    let options = try engineOptions(arguments, command: command)
    let catalogPath = arguments.positionals[0]
    do {
      let engines = try CatalogEngines(catalogPath: catalogPath, options: reportingProgress(options, console: console)) {
        console.err($0 + "\n")
      }
      console.keepUntilExit?(engines)
      return .success(engines)
    } catch {
      return .failure(report(error, catalogPath: catalogPath, console: console))
    }
  }

  /// What the catalog's engines answer for one request (`answer`: `CatalogEngines.rank` or
  /// `resolve`); the first time a detected language is used, a note on standard error says
  /// so. A language whose engine does not load is reported and the default language's engine
  /// answers (`fallback`).
  static func routed<Value: Sendable>(
    _ engines: CatalogEngines, console: Console, told: inout Set<String>,
    _ answer: () throws(IntentEngine.LoadError) -> CatalogEngines.Routed<Value>, fallback: (IntentEngine) -> Value
  ) -> (value: Value, engine: IntentEngine) {
    do {
      let routed = try answer()
      if routed.detected, told.insert(routed.language).inserted {
        console.err("note: a request reads as '\(routed.language)', one of the catalog's languages; ranked in it (--lang chooses)\n")
      }
      return (routed.value, routed.engine)
    } catch {
      if told.insert("error:" + error.description).inserted {
        console.err("\(engines.catalogPath): error: \(error); ranked in '\(engines.defaultLanguage)'\n")
      }
      return (fallback(engines.defaultEngine), engines.defaultEngine)
    }
  }

  /// `CatalogEngines.rank` of one request, as `routed` answers it.
  static func rank(
    _ engines: CatalogEngines, _ request: String, top: Int, rowLanguage: String? = nil, console: Console, told: inout Set<String>
  ) -> (value: Ranking, engine: IntentEngine) {
    routed(engines, console: console, told: &told) { () throws(IntentEngine.LoadError) in
      try engines.rank(request, top: top, rowLanguage: rowLanguage)
    } fallback: {
      $0.rank(request, top: top)
    }
  }

  /// Prints a load error and returns its exit code.
  static func report(_ error: IntentEngine.LoadError, catalogPath: String, console: Console) -> ExitCode {
    switch error {
    case .invalidCatalog(let diagnostics):
      DiagnosticPrinter.print(diagnostics.errors, console: console)
      return .dataError
    case .unknownLanguage:
      console.err("\(catalogPath): error: \(error)\n")
      return .dataError
    case .indexFile:
      console.err("error: \(error)\n")
      return .dataError
    case .modelNotFound, .encoderNotFound, .model, .endpoint:
      console.err("error: \(error)\n")
      return .failure
    }
  }

  /// The largest count `--top` and `--page-size` take: far beyond any catalog (30,000 tools).
  static let maximumCount = 1_000_000

  /// The value of `--name` as seconds above 0 and at most an hour (`value` when absent).
  static func seconds(_ arguments: ParsedArguments, _ name: String, default value: Double, command: String) throws(UsageError) -> Double {
    guard let text = arguments.option(name) else { return value }
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw UsageError(message: "'--\(name) <seconds>' must be a number of seconds above 0 and at most 3600, found '\(text)'", command: command)
    }
    return seconds
  }

  static func positiveInteger(_ arguments: ParsedArguments, _ name: String, default value: Int, command: String) throws(UsageError) -> Int {
    guard let text = arguments.option(name) else { return value }
    guard let number = Int(text), number > 0, number <= maximumCount else {
      throw UsageError(
        message: "the value '\(text)' is invalid for '--\(name)'; expected a whole number from 1 to \(maximumCount)", command: command)
    }
    return number
  }
}
