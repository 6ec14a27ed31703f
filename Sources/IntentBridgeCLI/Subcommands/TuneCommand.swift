import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeSystem

/// `intentbridge tune CATALOG LABELLED.jsonl… [--lang L] [--hold-out SHARE] [--seed N]
/// [--refuse SHARE] [--out FILE] [--dry-run]`: fits the fusion weights, the confidence and the no-match
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
    options: [TuneOptions.holdOut, TuneOptions.seed, TuneOptions.refuse, TuneOptions.out],
    flags: [TuneOptions.dryRun],
    discussion: """
      Rows are tuned in the catalog language they are evaluated in (their "lang", else the catalog's default; --lang puts all rows in one). \
      The tuning file (Schemas/tuning.schema.json) sits beside the catalog; rank, resolve, eval, index and serve use it from then on while it \
      matches the catalog's contents and the embedding model, and --explain names it. --no-tuning ignores it. Figures: docs/RANKING.md, "Tuning".
      Exit status: 0 done, 64 usage, 65 invalid catalog or dataset, 1 model or I/O failure.
      """)

  static func run(_ options: TuneOptions, console: Console) throws(UsageError) -> ExitCode {
    var settings = Evaluator.Settings()
    settings.clock = options.clock

    guard let datasets = EvalCommand.loadDatasets(options.datasetPaths, console: console) else { return .dataError }
    let requests = datasets.flatMap(\.requests)
    if let refuse = options.refuse, !requests.contains(where: { $0.intent.primary == nil }) {
      throw UsageError(
        message:
          "'--refuse \(refuse)' sets the share of out-of-scope rows to refuse, but no row of \(options.datasetPaths.joined(separator: ", ")) is out of scope (\"intent\": null)",
        command: spec.name)
    }
    let catalogPath = options.catalogPath
    guard let catalog = CatalogInput.load(catalogPath, console: console) else { return .dataError }
    var engineOptions = options.engineOptions
    // Tuned from the catalog's own calibration, whatever an earlier tuning said.
    engineOptions.useTuning = false
    var byLanguage: [String: [LabelledRequest]] = [:]
    for request in requests {
      let language =
        options.language.tag.flatMap(catalog.declaredLanguage(for:)) ?? Evaluator.catalogLanguage(for: request.language, catalog: catalog)
      byLanguage[language, default: []].append(request)
    }
    if options.out != nil, byLanguage.count > 1 {
      throw UsageError(
        message:
          "'--out' writes one tuning file, but the rows are in \(byLanguage.count) catalog languages (\(byLanguage.keys.sorted().joined(separator: ", "))); drop '--out' or pass --lang",
        command: spec.name)
    }
    // The catalog's engines, one model for all, starting with the first language's; each
    // other language's is loaded when its rows come.
    guard let first = byLanguage.keys.min() else { return .success }
    engineOptions.language = first
    let catalogEngines: CatalogEngines
    switch EngineOptions.loadEngines(catalogPath: catalogPath, catalog: catalog, options: engineOptions, console: console) {
    case .success(let loaded): catalogEngines = loaded
    case .failure(let code): return code
    }
    for (language, rows) in byLanguage.sorted(by: { $0.key < $1.key }) {
      let engine: IntentEngine
      do {
        engine = try catalogEngines.engine(language: language)
      } catch {
        return EngineOptions.report(error, catalogPath: catalogPath, console: console)
      }
      let run = TuningRun.run(
        engine: engine, catalogPath: catalogPath, requests: rows, holdOut: options.holdOut, seed: options.seed, refusing: options.refuse,
        settings: settings)
      console.out(report(run, engine: engine, catalogPath: catalogPath, holdOut: options.holdOut, seed: options.seed, refuse: options.refuse))
      guard !options.dryRun else { continue }
      let path = options.out ?? TuningFile.path(forCatalog: catalogPath, language: language)
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
  static func report(_ run: TuningRun, engine: IntentEngine, catalogPath: String, holdOut: Double, seed: UInt64, refuse: Double? = nil) -> String {
    let measured = holdOut > 0 ? "\(run.heldOutRows) held back (seed \(seed))" : "measured on the same rows (--hold-out 0)"
    var out = "tune: \(catalogPath) [\(engine.language), \(engine.configuration.mode.rawValue)]: \(run.fitRows) rows fitted, \(measured)\n"
    let table = ReportTable(
      header: ["held-back rows", "before", "after"],
      rows: [
        ["answered top-1 %", ReportTable.percent(run.before.top1), ReportTable.percent(run.after.top1)],
        ["answered, in-scope rows %", ReportTable.percent(run.before.answeredInScope), ReportTable.percent(run.after.answeredInScope)],
        ["ranked first (R@1) %", ReportTable.percent(run.before.recall(at: 1)), ReportTable.percent(run.after.recall(at: 1))],
        ["no match on null rows %", ReportTable.percent(run.before.noMatchRecall), ReportTable.percent(run.after.noMatchRecall)],
        ["calibration error (ECE)", ReportTable.decimal(run.before.calibrationError), ReportTable.decimal(run.after.calibrationError)],
      ])
    out += table.aligned(indent: "  ")
    let c = engine.configuration
    out +=
      "  fusion: keyword weight \(c.keywordWeight) → \(run.tuning.keywordWeight), centroid weight \(c.centroidWeight) → \(run.tuning.centroidWeight)\n"
    for (mode, model) in run.tuning.models.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let target = refuse.map { ", chosen to refuse at least \(ReportTable.percent($0)) % of the out-of-scope rows fitted on" } ?? ""
      out += "  confidence (\(mode.rawValue)): fitted on \(model.fittedOn) rows, no-match threshold \(model.threshold)\(target)\n"
    }
    if run.tuning.models.isEmpty { out += "  confidence: too few rows to fit (at least 20 per signal choice); the catalog's calibration stays\n" }
    return out
  }
}
