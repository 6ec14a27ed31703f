import IntentBridgeEngine
import IntentBridgeText

/// `intentbridge tune`: labelled requests split into a part to fit on and a part held back,
/// the engine tuned on the first (`IntentEngine.tuned(with:)`), and both engines — as loaded
/// and as tuned — evaluated on the held-back part, so the figures say what the tuning does
/// for requests it has not seen.
///
///     let run = TuningRun.run(engine: engine, catalogPath: path, requests: rows)
///     try run.tuning.write(path: TuningFile.path(forCatalog: path, language: engine.language))
public struct TuningRun: Sendable {
  /// Rows fitted on, and held back.
  public var fitRows: Int
  /// Rows the figures were measured on: those held back (all rows when nothing was held back).
  public var heldOutRows: Int
  /// The held-back rows' figures with the engine as loaded, and tuned.
  public var before: MetricSummary
  /// The held-back rows' figures with the tuned engine.
  public var after: MetricSummary
  /// What was fitted, with `fit` recording the rows and figures.
  public var tuning: TuningFile

  /// The share of each label's rows held back, at least one row of every label with two or
  /// more (labels seen once are only fitted on), chosen by a seeded shuffle: the same file
  /// gives the same split.
  /// - Complexity: O(n log n).
  public static func split(_ requests: [LabelledRequest], holdOut: Double, seed: UInt64 = 1) -> (fit: [LabelledRequest], heldOut: [LabelledRequest]) {
    var groups: [String: [Int]] = [:]
    for (index, request) in requests.enumerated() { groups[request.intent.primary ?? "", default: []].append(index) }
    var random = SeededRandom(seed: seed)
    var heldOut = Set<Int>()
    for key in groups.keys.sorted() {
      guard var members = groups[key], members.count >= 2 else { continue }
      members.shuffle(using: &random)
      // A share outside 0…1 (or not a number) from a library caller is read as 0 or 1.
      let share = holdOut.isNaN ? 0 : min(max(holdOut, 0), 1)
      let count = max(1, min(members.count - 1, Int((Double(members.count) * share).rounded())))
      heldOut.formUnion(members.prefix(count))
    }
    var fit: [LabelledRequest] = []
    var held: [LabelledRequest] = []
    for (index, request) in requests.enumerated() {
      if heldOut.contains(index) { held.append(request) } else { fit.append(request) }
    }
    return (fit, held)
  }

  /// Splits `requests` (`split`), tunes `engine` on the fitted part and evaluates both engines
  /// on the held-back part (all rows when `holdOut` is 0: the figures are then on the rows
  /// fitted on, and say so in `tuning.fit`). `refusing`: the share of the fitted out-of-scope
  /// rows the no-match threshold must refuse (`IntentEngine.tuned(with:refusing:)`), recorded
  /// in `tuning.fit` as `refuse`.
  /// - Complexity: O(grid × rows × rank).
  public static func run(
    engine: IntentEngine, catalogPath: String, requests: [LabelledRequest], holdOut: Double = 0.3, seed: UInt64 = 1,
    refusing: Double? = nil, settings: Evaluator.Settings = Evaluator.Settings()
  ) -> TuningRun {
    let (fit, held) = holdOut > 0 ? split(requests, holdOut: holdOut, seed: seed) : (requests, requests)
    let (tuning, tuned) = engine.tuned(
      with: fit.map { row in
        switch row.intent {
        case .noMatch: (row.query, nil)
        case .anyOf(let ids): (row.query, ids)
        }
      }, refusing: refusing)
    var settings = settings
    settings.breakdowns = []
    func summary(_ engine: IntentEngine) -> MetricSummary {
      let evaluator = Evaluator(catalog: engine.catalog, catalogPath: catalogPath, engines: [engine.language: engine], settings: settings)
      let report = evaluator.evaluate([EvalDataset(path: "held-out", requests: held)], modes: [engine.configuration.mode])
      return report.modes.first?.overall ?? MetricSummary()
    }
    let before = summary(engine)
    let after = summary(tuned)
    var file = tuning
    file.fit = [
      "rows": .integer(Int64(fit.count)), "heldOut": .integer(Int64(holdOut > 0 ? held.count : 0)),
      "seed": Int64(exactly: seed).map(JSONValue.integer) ?? .string(String(seed)),
      "signals": .string(engine.configuration.mode.rawValue), "before": figures(before), "after": figures(after),
    ]
    if let refusing { file.fit["refuse"] = .number(refusing) }
    return TuningRun(fitRows: fit.count, heldOutRows: held.count, before: before, after: after, tuning: file)
  }

  /// The figures `fit.before` and `fit.after` record.
  static func figures(_ s: MetricSummary) -> JSONValue {
    let ratio = EvalReportJSON.ratio
    return [
      "top1": ratio(s.top1), "recall@1": ratio(s.recall(at: 1)), "noMatchRecall": ratio(s.noMatchRecall),
      "noMatchPrecision": ratio(s.noMatchPrecision),
      "ece": ratio(s.calibrationError),
    ]
  }
}
