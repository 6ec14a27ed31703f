import IntentBridgeEngine

/// The option groups commands compose (`CommandSpec.groups`), each declared once, by the typed
/// settings that read it.
enum OptionGroups {
  /// `--lang`: the catalog language to use.
  static let language = LanguageSettings.group
  /// The embedding model or endpoint, the index file and ranking settings.
  static let engine = EngineSettings.group
  /// `--signals`: which signals rank one request.
  static let signals = SignalsSettings.group
  /// `--now`, `--tz`: the clock relative dates are read against.
  static let clock = ClockSettings.group
  /// `--json`: machine-readable output.
  static let json = OutputSettings.group
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

/// Loads engines for the commands and reports why one does not load.
enum EngineOptions {
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

  /// The catalog's engines (`CatalogEngines`, the one door): with `--lang`, that language's;
  /// without, each request goes to the catalog language it is written in. A catalog already
  /// read (`catalog`) is not read again. On failure prints why and says which exit code fits:
  /// 65 for an invalid catalog, an undeclared language or an index file the user must fix, 1
  /// for a model or endpoint that failed.
  static func loadEngines(
    catalogPath: String, catalog: Catalog? = nil, options: IntentEngine.Options, console: Console
  ) -> Result<CatalogEngines, ExitCode> {
    do {
      let options = reportingProgress(options, console: console)
      let notice: @Sendable (String) -> Void = { console.err($0 + "\n") }
      let engines: CatalogEngines
      if let catalog {
        engines = try CatalogEngines(catalog: catalog, catalogPath: catalogPath, options: options, notice: notice)
      } else {
        engines = try CatalogEngines(catalogPath: catalogPath, options: options, notice: notice)
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
}
