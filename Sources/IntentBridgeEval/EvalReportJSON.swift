import IntentBridgeEngine

/// The JSON form of an `EvalReport` (`Schemas/eval-report.schema.json`). Keys in a fixed
/// order; ratios rounded to 4 decimals, undefined ratios `null`.
public enum EvalReportJSON {
  /// The report format's `version`.
  public static let formatVersion: Int64 = 1

  /// The report as `Schemas/eval-report.schema.json` describes it.
  public static func value(_ report: EvalReport) -> JSONValue {
    var object = JSONObject()
    object["format"] = "intentbridge-eval-report"
    object["version"] = .integer(formatVersion)
    object["catalog"] = ["path": .string(report.catalogPath), "contentHash": .string(report.catalogHash)]
    object["datasets"] = .array(report.datasets.map { ["path": .string($0.path), "requests": .integer(Int64($0.requests))] })
    object["k"] = .array(report.ks.map { .integer(Int64($0)) })
    object["modes"] = .array(
      report.modes.map { result in
        var mode = JSONObject()
        mode["mode"] = .string(result.mode.rawValue)
        mode["overall"] = summary(result.overall, ks: report.ks)
        var breakdowns = JSONObject()
        for breakdown in result.breakdowns {
          breakdowns[breakdown.key] = .array(
            breakdown.groups.map { group in
              var entry = JSONObject()
              entry["value"] = .string(group.value)
              entry["metrics"] = summary(group.summary, ks: report.ks)
              return .object(entry)
            })
        }
        mode["breakdowns"] = .object(breakdowns)
        mode["confusions"] = .array(
          result.confusions.map {
            [
              "expected": $0.expected.map(JSONValue.string) ?? .null, "predicted": $0.predicted.map(JSONValue.string) ?? .null,
              "count": .integer(Int64($0.count)), "examples": .array($0.examples.map(JSONValue.string)),
            ]
          })
        return .object(mode)
      })
    object["advice"] = advice(report.advice)
    object["thresholds"] = .array(
      report.thresholds.map {
        [
          "threshold": .string($0.threshold.text), "mode": $0.mode.map { .string($0.rawValue) } ?? .null,
          "metric": .string($0.threshold.metric.description), "group": $0.threshold.group.map(JSONValue.string) ?? .null,
          "minimum": .number($0.threshold.minimum), "actual": $0.actual.map { .number(rounded($0)) } ?? .null, "passed": .bool($0.passed),
        ]
      })
    object["passed"] = .bool(report.passed)
    object["notes"] = .array(report.notes.map(JSONValue.string))
    return .object(object)
  }

  static func rounded(_ value: Double) -> Double { (value * 10000).rounded() / 10000 }

  static func ratio(_ value: Double?) -> JSONValue { value.map { .number(rounded($0)) } ?? .null }

  /// One summary object of the schema: row counts, each metric (recall per k of `ks`), calibration
  /// bins and latency percentiles.
  public static func summary(_ s: MetricSummary, ks: [Int]) -> JSONValue {
    var object = JSONObject()
    object["requests"] = .integer(Int64(s.requests))
    object["intentRequests"] = .integer(Int64(s.intentRequests))
    object["noMatchRequests"] = .integer(Int64(s.noMatchRequests))
    object["top1"] = ratio(s.top1)
    var recall = JSONObject()
    for k in ks { recall[String(k)] = ratio(s.recall(at: k)) }
    object["recall"] = .object(recall)
    object["mrr"] = ratio(s.meanReciprocalRank)
    object["ndcg@10"] = ratio(s.ndcgAt10)
    object["noMatch"] = ["precision": ratio(s.noMatchPrecision), "recall": ratio(s.noMatchRecall), "predicted": .integer(Int64(s.predictedNoMatch))]
    object["arguments"] = [
      "precision": ratio(s.argumentPrecision), "recall": ratio(s.argumentRecall), "f1": ratio(s.argumentF1),
      "truePositives": .integer(Int64(s.argumentCounts.truePositives)), "falsePositives": .integer(Int64(s.argumentCounts.falsePositives)),
      "falseNegatives": .integer(Int64(s.argumentCounts.falseNegatives)),
    ]
    object["exactFrame"] = ratio(s.exactFrame)
    object["calibration"] = [
      "ece": ratio(s.calibrationError),
      "bins": .array(
        s.reliability.bins.map {
          [
            "lower": .number(rounded($0.lower)), "upper": .number(rounded($0.upper)), "count": .integer(Int64($0.count)),
            "meanConfidence": ratio($0.meanConfidence), "accuracy": ratio($0.accuracy),
          ]
        }),
    ]
    object["latencyMs"] = [
      "p50": ratio(s.latencyPercentile(50)), "p90": ratio(s.latencyPercentile(90)), "p99": ratio(s.latencyPercentile(99)),
      "max": ratio(s.latencyPercentile(100)),
    ]
    return .object(object)
  }

  static func advice(_ a: DiscoverabilityAdvice) -> JSONValue {
    var object = JSONObject()
    object["mode"] = .string(a.mode)
    object["collisions"] = .array(
      a.collisions.map {
        [
          "intents": [.string($0.first), .string($0.second)], "keywordSimilarity": .number(rounded($0.keywordSimilarity)),
          "embeddingSimilarity": ratio($0.embeddingSimilarity), "confusedRequests": .integer(Int64($0.confusedRequests)),
        ]
      })
    object["neverRankedFirst"] = .array(
      a.neverRankedFirst.map {
        [
          "intent": .string($0.intent), "expectedRequests": .integer(Int64($0.expectedRequests)),
          "wentTo": .array($0.wentTo.map { $0.map(JSONValue.string) ?? .null }),
        ]
      })
    object["unlabelledIntents"] = .array(a.unlabelledIntents.map(JSONValue.string))
    object["suggestedWords"] = .array(
      a.suggestedWords.map {
        ["intent": .string($0.intent), "word": .string($0.word), "requests": .integer(Int64($0.requests)), "example": .string($0.example)]
      })
    object["missingTranslations"] = .array(
      a.missingTranslations.map {
        ["language": .string($0.language), "field": .string($0.field), "intents": .array($0.intents.map(JSONValue.string))]
      })
    return .object(object)
  }
}
