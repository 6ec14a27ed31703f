import Dispatch
import IntentBridgeEngine
import IntentBridgeText

/// Runs labelled request sets through a catalog's engines, once per ranking mode, and builds
/// the report: metrics overall and per breakdown, confusions, discoverability advice.
///
///     let evaluator = Evaluator(catalog: catalog, catalogPath: path, engines: ["en": engine])
///     let report = evaluator.evaluate(datasets, modes: [.keyword, .hybrid])
public struct Evaluator: Sendable {
  /// What an evaluation measures and how: the ks, breakdowns, ranking depth, clock and fill intent.
  public struct Settings: Sendable {
    /// The k of recall@k.
    public var ks: [Int] = [1, 3, 5, 10]
    /// Breakdown dimensions: `lang`, `tag`, `dataset`.
    public var breakdowns: [String] = ["lang", "tag"]
    /// How many candidates each request keeps (the depth recall@k and MRR can see).
    public var depth: Int = 10
    /// The clock relative dates in the requests are read against (default: now, in the local time
    /// zone).
    public var clock = IntentEngine.Clock()
    /// Which intent each row's arguments are filled for.
    public var fillIntent = FillIntent.answer
    /// The defaults: ks 1, 3, 5, 10; breakdowns by `lang` and `tag`; depth 10; now; `.answer`.
    public init() {}
  }

  /// Which intent a row's arguments are filled for (`eval --fill-intent`).
  public enum FillIntent: String, Sendable, CaseIterable {
    /// The engine's answer ("no match" fills nothing): the figures a user sees.
    case answer
    /// The first-ranked intent, also below the no-match threshold: filling apart from
    /// calibration; top-1 then counts the first place (R@1 for intent rows).
    case first
    /// The row's labelled intent (its first one; `null` rows as `answer`): filling alone,
    /// whatever the ranking; top-1 then says nothing about ranking.
    case gold
  }

  /// The breakdown dimensions `Settings.breakdowns` can name: `lang`, `tag`, `dataset`.
  public static let breakdownKeys = ["lang", "tag", "dataset"]

  /// The catalog the rows are evaluated against.
  public let catalog: Catalog
  /// The catalog's path, as the report names it.
  public let catalogPath: String
  /// One engine per catalog language that rows are evaluated in.
  public let engines: [String: IntentEngine]
  /// What is measured and how.
  public var settings: Settings
  /// The thresholds of the discoverability advice (defaults as docs/EVAL.md says).
  public var advisor = DiscoverabilityAdvisor()

  /// An evaluator of `catalog` (read from `catalogPath`) with one engine per language rows are
  /// evaluated in.
  public init(catalog: Catalog, catalogPath: String, engines: [String: IntentEngine], settings: Settings = Settings()) {
    self.catalog = catalog
    self.catalogPath = catalogPath
    self.engines = engines
    self.settings = settings
  }

  /// The catalog language a row is evaluated in: its `lang` when the catalog has it (exactly
  /// or by primary subtag), else the catalog's default language.
  public static func catalogLanguage(for requested: String?, catalog: Catalog) -> String {
    requested.flatMap(catalog.declaredLanguage(for:)) ?? catalog.defaultLanguage
  }

  /// Evaluates every row of `datasets` in each mode. `progress(done, total)` is called after
  /// each row (for a terminal progress indicator).
  /// - Complexity: O(modes × rows × resolve).
  public func evaluate(_ datasets: [EvalDataset], modes: [RankingMode], progress: (Int, Int) -> Void = { _, _ in }) -> EvalReport {
    let rows = datasets.flatMap { dataset in dataset.requests.map { (dataset: dataset.path, request: $0) } }
    let total = rows.count * modes.count
    var done = 0
    var notes: [String] = []
    var fallbackLanguages: [String: Int] = [:]
    let languages = rows.map { row -> String in
      let language = Self.catalogLanguage(for: row.request.language, catalog: catalog)
      if let requested = row.request.language, !LanguageTag.sameLanguage(requested, language) {
        fallbackLanguages[requested, default: 0] += 1
      }
      return language
    }
    // Labels that name no intent of the catalog can never be right: say so, with where.
    let known = Set(catalog.intents.map(\.id))
    var unknown: [String: (count: Int, first: String)] = [:]
    for row in rows {
      guard case .anyOf(let ids) = row.request.intent else { continue }
      for id in ids where !known.contains(id) {
        unknown[id] = ((unknown[id]?.count ?? 0) + 1, unknown[id]?.first ?? "\(row.request.source):\(row.request.line)")
      }
    }
    for (id, entry) in unknown.sorted(by: { $0.key < $1.key }) {
      notes.append("\(entry.count) rows expect the intent '\(id)', which the catalog does not have (first at \(entry.first))")
    }
    for (language, count) in fallbackLanguages.sorted(by: { $0.key < $1.key }) {
      notes.append("\(count) rows in '\(language)', which the catalog lacks, were evaluated with its default language '\(catalog.defaultLanguage)'")
    }
    switch settings.fillIntent {
    case .answer: break
    case .first:
      notes.append(
        "arguments were filled for the first-ranked intent also below the no-match threshold (--fill-intent first): top-1 and exact frame count the first place, not the answer"
      )
    case .gold:
      notes.append(
        "arguments were filled for each row's labelled intent (--fill-intent gold): top-1 and exact frame measure filling alone, not ranking")
    }
    let defaults: [String: [String: JSONValue]] = Dictionary(
      catalog.intents.map { intent in
        (intent.id, Dictionary(intent.parameters.compactMap { p in p.defaultValue.map { (p.name, $0) } }, uniquingKeysWith: { a, _ in a }))
      }, uniquingKeysWith: { a, _ in a })
    var results: [EvalReport.ModeResult] = []
    var advised: [(request: LabelledRequest, outcome: RowOutcome, language: String)] = []
    let adviceMode = modes.contains(.hybrid) ? RankingMode.hybrid : (modes.first ?? .hybrid)
    for mode in modes {
      let modeEngines = engines.mapValues { $0.with(mode: mode) }
      var outcomes: [(LabelledRequest, RowOutcome)] = []
      outcomes.reserveCapacity(rows.count)
      for (position, row) in rows.enumerated() {
        guard let engine = modeEngines[languages[position]] ?? modeEngines[catalog.defaultLanguage] else { continue }
        let start = DispatchTime.now().uptimeNanoseconds
        let choice: IntentEngine.IntentChoice =
          switch (settings.fillIntent, row.request.intent) {
          case (.first, _): .firstRanked
          case (.gold, .anyOf(let ids)) where !ids.isEmpty: .forced(ids[0])
          default: .answer
          }
        let resolution = engine.resolve(row.request.query, clock: settings.clock, choosing: choice, top: settings.depth, context: row.request.context)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let counts = ArgumentScoring.score(
          predicted: resolution.arguments, expected: row.request.arguments, ignore: row.request.ignore,
          defaults: resolution.intentID.flatMap { defaults[$0] } ?? [:])
        let outcome = RowOutcome(
          predicted: resolution.intentID, confidence: resolution.confidence,
          firstRankedConfidence: resolution.ranking.candidates.first?.confidence, ranked: resolution.ranking.candidates.map(\.intentID),
          arguments: resolution.arguments, argumentCounts: counts, latencyMilliseconds: milliseconds)
        outcomes.append((row.request, outcome))
        if mode == adviceMode { advised.append((row.request, outcome, languages[position])) }
        done += 1
        progress(done, total)
      }
      results.append(summarize(mode: mode, outcomes: outcomes, datasets: rows.map(\.dataset)))
    }
    let requestLanguages = Array(Set(rows.compactMap(\.request.language))).sorted()
    let advice = advisor.advise(catalog: catalog, engines: engines, rows: advised, mode: adviceMode.rawValue, requestLanguages: requestLanguages)
    var report = EvalReport(
      catalogPath: catalogPath, catalogHash: catalog.contentHash,
      datasets: datasets.map { EvalReport.Dataset(path: $0.path, requests: $0.requests.count) }, ks: settings.ks.sorted(), modes: results,
      advice: advice)
    report.notes = notes
    return report
  }

  func summarize(mode: RankingMode, outcomes: [(LabelledRequest, RowOutcome)], datasets: [String]) -> EvalReport.ModeResult {
    var overall = MetricSummary()
    var groups: [String: [String: MetricSummary]] = [:]
    for (position, (request, outcome)) in outcomes.enumerated() {
      overall.add(request, outcome, ks: settings.ks)
      for key in settings.breakdowns {
        let values: [String]
        switch key {
        case "lang": values = [request.language ?? "(none)"]
        case "tag": values = request.tags
        case "dataset": values = [Self.fileName(datasets[position])]
        default: values = []
        }
        for value in values { groups[key, default: [:]][value, default: MetricSummary()].add(request, outcome, ks: settings.ks) }
      }
    }
    let breakdowns = settings.breakdowns.map { key in
      EvalReport.Breakdown(key: key, groups: (groups[key] ?? [:]).sorted { $0.key < $1.key }.map { (value: $0.key, summary: $0.value) })
    }
    return EvalReport.ModeResult(mode: mode, overall: overall, breakdowns: breakdowns, confusions: Confusion.collect(outcomes))
  }

  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
