import IntentBridgeEngine

/// The Markdown form of an `EvalReport` (for pull requests and docs).
public enum EvalReportMarkdown {
  /// The Markdown text, with at most `confusionLimit` confusions per mode.
  public static func render(_ report: EvalReport, confusionLimit: Int = 15) -> String {
    let requests = report.datasets.reduce(0) { $0 + $1.requests }
    var out = "# Evaluation of `\(report.catalogPath)`\n\n\(requests) requests from "
    out += report.datasets.map { "`\($0.path)` (\($0.requests))" }.joined(separator: ", ") + ". Figures in percent; latency in ms.\n\n"
    for note in report.notes { out += "> note: \(note)\n\n" }
    out += "## Overall\n\n" + ReportTable.overall(report).markdown()
    out +=
      "\n## Calibration\n\nThe first-ranked intent's confidence against the share of rows where it was right (a `null` row's never is); ECE is the row-weighted mean gap.\n\n"
    out += ReportTable.reliability(report).markdown()
    for breakdown in report.modes.first?.breakdowns ?? [] where !breakdown.groups.isEmpty {
      out += "\n## By \(breakdown.key)\n\n" + ReportTable.breakdown(breakdown.key, report).markdown()
    }
    for result in report.modes where !result.confusions.isEmpty {
      out += "\n## Confusions (\(result.mode))\n\n| requests | expected | chosen | example |\n|---:|---|---|---|\n"
      for c in result.confusions.prefix(confusionLimit) {
        out += "| \(c.count) | \(c.expected ?? "(no match)") | \(c.predicted ?? "(no match)") | \((c.examples.first ?? "").replacingPipes()) |\n"
      }
    }
    out += "\n## Advice\n\n```\n" + EvalReportText.advice(report.advice).trimmingPrefixNewline() + "```\n"
    if !report.thresholds.isEmpty {
      out += "\n## Thresholds\n\n" + report.thresholds.map { "- \($0.passed ? "pass" : "**FAIL**"): \($0.message)" }.joined(separator: "\n") + "\n"
    }
    return out
  }
}

extension String {
  fileprivate func trimmingPrefixNewline() -> String { hasPrefix("\n") ? String(dropFirst()) : self }
}
