import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeSystem

/// `intentbridge tune CATALOG LABELLED.jsonl… [--lang L] [--hold-out SHARE] [--seed N]
/// [--out FILE] [--dry-run]`: fits the fusion weights, the confidence and the no-match
/// threshold to labelled requests and writes the catalog's tuning file.
enum TuneCommand: Subcommand {
  static let spec = CommandSpec(
    name: "tune", abstract: "Fit ranking weights, confidence and the no-match threshold to labelled requests.",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(
        name: "dataset", help: "Labelled request sets (JSON Lines, docs/EVAL.md format); rows with \"intent\": null are out of scope.",
        repeating: true),
    ],
    groups: [OptionGroups.language, OptionGroups.engine, OptionGroups.signals, OptionGroups.clock],
    options: [
      .init(
        name: "hold-out", valueName: "share",
        help: "Share of each intent's rows held back to measure the tuning on (default 0.3; 0 fits and measures on all rows)."),
      .init(name: "seed", valueName: "n", help: "Seed of the hold-out split (default 1)."),
      .init(name: "out", valueName: "file", help: "Write the tuning here instead of <catalog>.<lang>.tuning.json (one language only)."),
    ],
    flags: [.init(name: "dry-run", help: "Report before and after without writing the tuning file.")],
    discussion: """
      Rows are tuned in the catalog language they are evaluated in (their "lang", else the catalog's default; --lang puts all rows in one). \
      The tuning file (Schemas/tuning.schema.json) sits beside the catalog; rank, resolve, eval, index and serve use it from then on while it \
      matches the catalog's contents and the embedding model, and --explain names it. --no-tuning ignores it. Figures: docs/RANKING.md, "Tuning".
      Exit status: 0 done, 64 usage, 65 invalid catalog or dataset, 1 model or I/O failure.
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    var holdOut = 0.3
    if let text = arguments.option("hold-out") {
      guard let value = Double(text), value >= 0, value < 1 else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--hold-out'; expected a share from 0 up to (not including) 1, e.g. 0.3", command: spec.name)
      }
      holdOut = value
    }
    var seed: UInt64 = 1
    if let text = arguments.option("seed") {
      // The tuning file records the seed as a JSON integer (Int64).
      guard let value = UInt64(text), value <= UInt64(Int64.max) else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--seed'; expected an integer from 0 to 9223372036854775807", command: spec.name)
      }
      seed = value
    }
    var settings = Evaluator.Settings()
    settings.clock = try ResolveCommand.parseClock(arguments)

    guard let datasets = EvalCommand.loadDatasets(Array(arguments.positionals.dropFirst()), console: console) else { return .dataError }
    let requests = datasets.flatMap(\.requests)
    let catalogPath = arguments.positionals[0]
    guard let catalog = CatalogInput.load(catalogPath, console: console) else { return .dataError }
    var options = try EngineOptions.engineOptions(arguments, command: spec.name)
    // Tuned from the catalog's own calibration, whatever an earlier tuning said.
    options.useTuning = false
    var byLanguage: [String: [LabelledRequest]] = [:]
    for request in requests {
      let language = options.language.flatMap(catalog.declaredLanguage(for:)) ?? Evaluator.catalogLanguage(for: request.language, catalog: catalog)
      byLanguage[language, default: []].append(request)
    }
    if arguments.option("out") != nil, byLanguage.count > 1 {
      throw UsageError(
        message:
          "'--out' writes one tuning file, but the rows are in \(byLanguage.count) catalog languages (\(byLanguage.keys.sorted().joined(separator: ", "))); drop '--out' or pass --lang",
        command: spec.name)
    }
    // The catalog's engines, one model for all; each language's is loaded when its rows come.
    var catalogEngines: CatalogEngines?
    for (language, rows) in byLanguage.sorted(by: { $0.key < $1.key }) {
      let engine: IntentEngine
      do {
        if let catalogEngines {
          engine = try catalogEngines.engine(language: language)
        } else {
          options.language = language
          let loaded = try CatalogEngines(
            catalog: catalog, catalogPath: catalogPath, options: EngineOptions.reportingProgress(options, console: console)
          ) { console.err($0 + "\n") }
          catalogEngines = loaded
          engine = loaded.defaultEngine
        }
      } catch {
        return EngineOptions.report(error, catalogPath: catalogPath, console: console)
      }
      let run = TuningRun.run(engine: engine, catalogPath: catalogPath, requests: rows, holdOut: holdOut, seed: seed, settings: settings)
      console.out(report(run, engine: engine, catalogPath: catalogPath, holdOut: holdOut, seed: seed))
      guard !arguments.flag("dry-run") else { continue }
      let path = arguments.option("out") ?? TuningFile.path(forCatalog: catalogPath, language: language)
      do {
        try run.tuning.write(path: path)
      } catch {
        console.err("error: cannot write the tuning to \(path): \(Errno.describe(error))\n")
        return .failure
      }
      console.out("wrote \(path) (rank, resolve, eval and serve use it from now on; --no-tuning ignores it)\n")
    }
    return .success
  }

  /// The held-back figures before and after, and what changed.
  static func report(_ run: TuningRun, engine: IntentEngine, catalogPath: String, holdOut: Double, seed: UInt64) -> String {
    let measured = holdOut > 0 ? "\(run.heldOutRows) held back (seed \(seed))" : "measured on the same rows (--hold-out 0)"
    var out = "tune: \(catalogPath) [\(engine.language), \(engine.configuration.mode.rawValue)]: \(run.fitRows) rows fitted, \(measured)\n"
    let table = ReportTable(
      header: ["held-back rows", "before", "after"],
      rows: [
        ["answered top-1 %", ReportTable.percent(run.before.top1), ReportTable.percent(run.after.top1)],
        ["ranked first (R@1) %", ReportTable.percent(run.before.recall(at: 1)), ReportTable.percent(run.after.recall(at: 1))],
        ["no match on null rows %", ReportTable.percent(run.before.noMatchRecall), ReportTable.percent(run.after.noMatchRecall)],
        ["calibration error (ECE)", ReportTable.decimal(run.before.calibrationError), ReportTable.decimal(run.after.calibrationError)],
      ])
    out += table.aligned(indent: "  ")
    let c = engine.configuration
    out +=
      "  fusion: keyword weight \(c.keywordWeight) → \(run.tuning.keywordWeight), centroid weight \(c.centroidWeight) → \(run.tuning.centroidWeight)\n"
    for (mode, model) in run.tuning.models.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      out += "  confidence (\(mode.rawValue)): fitted on \(model.fittedOn) rows, no-match threshold \(model.threshold)\n"
    }
    if run.tuning.models.isEmpty { out += "  confidence: too few rows to fit (at least 20 per signal choice); the catalog's calibration stays\n" }
    return out
  }
}
