import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentbridge eval CATALOG DATASET.jsonl… [--signals …] [--k …] [--by …] [--format …]
/// [--out FILE] [--fail-under METRIC=VALUE…]`: offline evaluation of routing and filling.
enum EvalCommand: Subcommand {
  static let spec = CommandSpec(
    name: "eval", abstract: "Measure how well labelled requests reach their intents and arguments.",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "dataset", help: "Labelled request sets (JSON Lines, docs/EVAL.md format).", repeating: true),
    ],
    groups: [OptionGroups.engine, OptionGroups.clock],
    options: [
      EvalOptions.signals, EvalOptions.k, EvalOptions.by, EvalOptions.fillIntent, EvalOptions.format, EvalOptions.out,
      EvalOptions.failUnder,
    ],
    discussion: """
      Metrics are defined in docs/EVAL.md. The JSON report follows Schemas/eval-report.schema.json.
      Exit status: 0 done, 2 a --fail-under floor was not met, 64 usage, 65 invalid catalog or dataset, 1 model or I/O failure.
      """)

  static func run(_ options: EvalOptions, console: Console) -> ExitCode {
    // Datasets first: a bad row should not wait for a model load.
    guard let datasets = loadDatasets(options.datasetPaths, console: console) else { return .dataError }

    // One engine per catalog language the rows use; keyword-only modes need no model.
    let catalogPath = options.catalogPath
    guard let catalog = CatalogInput.load(catalogPath, console: console) else { return .dataError }
    var engineOptions = options.engine.engineOptions(language: nil)
    if options.modes.allSatisfy({ !$0.usesEmbeddings }) { engineOptions.embedding = .none }
    // The engines of the catalog languages the rows use (a row's language, or the default for
    // a language the catalog does not declare: ranked cross-lingually), one model for all.
    let languages = Set(datasets.flatMap { $0.requests.map { Evaluator.catalogLanguage(for: $0.language, catalog: catalog) } }).sorted()
    engineOptions.language = languages.first
    let catalogEngines: CatalogEngines
    switch EngineOptions.loadEngines(catalogPath: catalogPath, catalog: catalog, options: engineOptions, console: console) {
    case .success(let loaded): catalogEngines = loaded
    case .failure(let code): return code
    }
    var engines: [String: IntentEngine] = [:]
    do {
      for language in languages { engines[language] = try catalogEngines.engine(language: language) }
    } catch {
      return EngineOptions.report(error, catalogPath: catalogPath, console: console)
    }

    let progress = ProgressIndicator(console: console, label: "eval")
    let evaluator = Evaluator(catalog: catalog, catalogPath: catalogPath, engines: engines, settings: options.settings)
    var report = evaluator.evaluate(datasets, modes: options.modes) { progress.update($0, of: $1) }
    progress.finish()
    report.thresholds = options.thresholds.map { $0.check(report) }

    let text: String
    switch options.format {
    case .json: text = EvalReportJSON.value(report).prettyText
    case .md: text = EvalReportMarkdown.render(report)
    case .html: text = EvalReportHTML.render(report)
    case .text: text = EvalReportText.render(report)
    }
    if let out = options.out {
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: out))
      } catch {
        console.err("error: cannot write the report to \(out): \(Errno.describe(error))\n")
        return .failure
      }
    } else {
      console.out(text)
    }
    // The verdict reaches the terminal also when the report is a file or not text.
    if options.out != nil || options.format != .text {
      for check in report.thresholds where !check.passed { console.err("FAIL \(check.message)\n") }
    }
    return report.passed ? .success : .belowThreshold
  }

  /// The labelled request sets at `paths`; nil after printing every file's problems (at most
  /// 20 per file) when one does not read.
  static func loadDatasets(_ paths: [String], console: Console) -> [EvalDataset]? {
    var datasets: [EvalDataset] = []
    var bad = false
    for path in paths {
      do {
        datasets.append(try EvalDataset.load(path: path))
      } catch {
        for problem in error.problems.prefix(20) { console.err(problem.description + "\n") }
        if error.problems.count > 20 { console.err("\(path): … \(error.problems.count - 20) more problems\n") }
        bad = true
      }
    }
    return bad ? nil : datasets
  }
}
