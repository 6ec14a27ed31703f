import IntentBridgeEngine

/// The terminal form of an `EvalReport`: figures per mode, breakdowns, the main confusions,
/// the advice and the threshold checks. Percentages throughout.
public enum EvalReportText {
  /// The terminal text, with at most `confusionLimit` confusions per mode (the rest counted).
  public static func render(_ report: EvalReport, confusionLimit: Int = 10) -> String {
    let requests = report.datasets.reduce(0) { $0 + $1.requests }
    var out = "eval: \(report.catalogPath), \(requests) requests from \(report.datasets.count) file(s)\n"
    for note in report.notes { out += "note: \(note)\n" }
    out += "\n" + ReportTable.overall(report).aligned()
    out += "\ncalibration: first-ranked intent's confidence against the share right (ECE above)\n" + ReportTable.reliability(report).aligned()
    for breakdown in report.modes.first?.breakdowns ?? [] where !breakdown.groups.isEmpty {
      out += "\nby \(breakdown.key)\n" + ReportTable.breakdown(breakdown.key, report).aligned()
    }
    for result in report.modes where !result.confusions.isEmpty {
      out += "\nconfusions (\(result.mode)): expected → chosen\n"
      for confusion in result.confusions.prefix(confusionLimit) {
        out += "  \(confusion.count)× \(confusion.expected ?? "(no match)") → \(confusion.predicted ?? "(no match)")"
        out += "   e.g. \"\(confusion.examples.first ?? "")\"\n"
      }
      if result.confusions.count > confusionLimit { out += "  … \(result.confusions.count - confusionLimit) more pairs (see --format json)\n" }
    }
    out += advice(report.advice)
    if !report.thresholds.isEmpty {
      out += "\nthresholds\n"
      for check in report.thresholds { out += "  \(check.passed ? "pass" : "FAIL")  \(check.message)\n" }
    }
    return out
  }

  static func advice(_ advice: DiscoverabilityAdvice) -> String {
    var out = "\nadvice (\(advice.mode))\n"
    if advice.collisions.isEmpty && advice.neverRankedFirst.isEmpty && advice.suggestedWords.isEmpty && advice.missingTranslations.isEmpty {
      return out + "  nothing to report\n"
    }
    for c in advice.collisions {
      let embedding = c.embeddingSimilarity.map { ", embedding \(ReportTable.percent($0))%" } ?? ""
      out +=
        "  collision: \(c.first) ~ \(c.second) (keywords \(ReportTable.percent(c.keywordSimilarity))%\(embedding)); \(c.confusedRequests) requests confused\n"
    }
    for n in advice.neverRankedFirst {
      let went = n.wentTo.map { $0 ?? "(no match)" }.joined(separator: ", ")
      out += "  never ranked first: \(n.intent) (\(n.expectedRequests) requests; went to \(went))\n"
    }
    if !advice.unlabelledIntents.isEmpty {
      out += "  no labelled requests: \(advice.unlabelledIntents.joined(separator: ", "))\n"
    }
    for w in advice.suggestedWords {
      out += "  add to \(w.intent) (searchKeywords or synonyms): \"\(w.word)\", in \(w.requests) misrouted requests, e.g. \"\(w.example)\"\n"
    }
    for m in advice.missingTranslations {
      out +=
        "  missing \(m.language) \(m.field): \(m.intents.count) intents (\(m.intents.prefix(5).joined(separator: ", "))\(m.intents.count > 5 ? ", …" : ""))\n"
    }
    return out
  }
}
