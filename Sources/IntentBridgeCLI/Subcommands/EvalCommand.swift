import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeSystem
import IntentBridgeText

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
      .init(
        name: "signals", valueName: "list",
        help: "Signals to evaluate, side by side: keyword, embedding, hybrid (default hybrid), e.g. keyword,embedding,hybrid."),
      .init(name: "k", valueName: "list", help: "The k of recall@k (default 1,3,5,10)."),
      .init(name: "by", valueName: "list", help: "Breakdowns: lang, tag, dataset (default lang,tag; 'none' for none)."),
      .init(
        name: "fill-intent", valueName: "choice",
        help:
          "Which intent the arguments are filled for: answer (default; the engine's answer, no match fills nothing), first (the first-ranked intent, also below the no-match threshold) or gold (the row's labelled intent: filling measured alone).",
        allowed: Evaluator.FillIntent.allCases.map(\.rawValue)),
      .init(name: "format", valueName: "format", help: "text (default), json, md or html."),
      .init(name: "out", valueName: "file", help: "Write the report to this file instead of standard output."),
      .init(
        name: "fail-under", valueName: "metric=value",
        help: "Exit 2 when a figure is below the floor, e.g. top1=0.95, keyword/exact_frame=80%, top1[de]=0.9 (repeatable).", repeatable: true),
    ],
    discussion: """
      Metrics are defined in docs/EVAL.md. The JSON report follows Schemas/eval-report.schema.json.
      Exit status: 0 done, 2 a --fail-under floor was not met, 64 usage, 65 invalid catalog or dataset, 1 model or I/O failure.
      """)

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let modes = try list(arguments, "signals", default: ["hybrid"]).map { (name: String) throws(UsageError) -> RankingMode in
      guard let mode = RankingMode(rawValue: name) else {
        let suggestion = DidYouMean.closest(to: name, in: RankingMode.allCases.map(\.rawValue))
        throw UsageError(
          message: "the value '\(name)' is invalid for '--signals'; expected keyword, embedding or hybrid"
            + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""), command: spec.name)
      }
      return mode
    }
    if modes.contains(.embedding), arguments.flag("no-embeddings") {
      throw UsageError(message: "'--signals embedding' needs embeddings; drop '--no-embeddings' or that signal", command: spec.name)
    }
    var settings = Evaluator.Settings()
    settings.ks = try list(arguments, "k", default: ["1", "3", "5", "10"]).map { (text: String) throws(UsageError) -> Int in
      guard let k = Int(text), k > 0, k <= EngineOptions.maximumCount else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--k'; expected whole numbers from 1 to \(EngineOptions.maximumCount) such as 1,3,5,10",
          command: spec.name)
      }
      return k
    }
    settings.ks = Array(Set(settings.ks)).sorted()
    settings.depth = max(10, settings.ks.max() ?? 10)
    let by = try list(arguments, "by", default: ["lang", "tag"])
    settings.breakdowns = by == ["none"] ? [] : by
    for key in settings.breakdowns where !Evaluator.breakdownKeys.contains(key) {
      throw UsageError(message: "the value '\(key)' is invalid for '--by'; expected lang, tag, dataset or none", command: spec.name)
    }
    let format = arguments.option("format") ?? "text"
    guard ["text", "json", "md", "html"].contains(format) else {
      throw UsageError(message: "the value '\(format)' is invalid for '--format'; expected text, json, md or html", command: spec.name)
    }
    var thresholds: [MetricThreshold] = []
    for text in arguments.options["fail-under"] ?? [] {
      do {
        thresholds.append(try MetricThreshold.parse(text))
      } catch {
        throw UsageError(message: error.description, command: spec.name)
      }
    }
    settings.clock = try ResolveCommand.parseClock(arguments)
    if let choice = arguments.option("fill-intent") {
      // The parser checked the value against `allowed`.
      settings.fillIntent = Evaluator.FillIntent(rawValue: choice) ?? .answer
    }

    // Datasets first: a bad row should not wait for a model load.
    guard let datasets = loadDatasets(Array(arguments.positionals.dropFirst()), console: console) else { return .dataError }

    // One engine per catalog language the rows use; keyword-only modes need no model.
    let catalogPath = arguments.positionals[0]
    guard let catalog = CatalogInput.load(catalogPath, console: console) else { return .dataError }
    var options = try EngineOptions.engineOptions(arguments, command: spec.name)
    if modes.allSatisfy({ !$0.usesEmbeddings }) { options.embedding = .none }
    // The engines of the catalog languages the rows use (a row's language, or the default for
    // a language the catalog does not declare: ranked cross-lingually), one model for all.
    let languages = Set(datasets.flatMap { $0.requests.map { Evaluator.catalogLanguage(for: $0.language, catalog: catalog) } }).sorted()
    var engines: [String: IntentEngine] = [:]
    do {
      options.language = languages.first
      let catalogEngines = try CatalogEngines(
        catalog: catalog, catalogPath: catalogPath, options: EngineOptions.reportingProgress(options, console: console)
      ) { console.err($0 + "\n") }
      console.keepUntilExit?(catalogEngines)
      for language in languages { engines[language] = try catalogEngines.engine(language: language) }
    } catch {
      return EngineOptions.report(error, catalogPath: catalogPath, console: console)
    }

    let progress = ProgressIndicator(console: console, label: "eval")
    let evaluator = Evaluator(catalog: catalog, catalogPath: catalogPath, engines: engines, settings: settings)
    var report = evaluator.evaluate(datasets, modes: modes) { progress.update($0, of: $1) }
    progress.finish()
    report.thresholds = thresholds.map { $0.check(report) }

    let text: String
    switch format {
    case "json": text = EvalReportJSON.value(report).prettyText
    case "md": text = EvalReportMarkdown.render(report)
    case "html": text = EvalReportHTML.render(report)
    default: text = EvalReportText.render(report)
    }
    let out = arguments.option("out")
    if let out {
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
    if out != nil || format != "text" {
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

  /// A comma-separated option value, trimmed, empty items dropped.
  static func list(_ arguments: ParsedArguments, _ name: String, default value: [String]) throws(UsageError) -> [String] {
    guard let text = arguments.option(name) else { return value }
    let items = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    guard !items.isEmpty else { throw UsageError(message: "'--\(name)' needs at least one value", command: spec.name) }
    return items
  }
}
