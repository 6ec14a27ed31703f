import IntentBridgeEngine

/// A report's figures as plain rows and columns, shared by the text, Markdown and HTML
/// renderers so that they show the same numbers. Ratios as percentages with one decimal,
/// undefined ones as "–".
package struct ReportTable {
  package var header: [String]
  package var rows: [[String]]

  package init(header: [String], rows: [[String]]) {
    self.header = header
    self.rows = rows
  }

  static func metricHeader(ks: [Int]) -> [String] {
    ["n", "top-1"] + ks.map { "R@\($0)" } + ["MRR", "nDCG@10", "NM-P", "NM-R", "arg-P", "arg-R", "arg-F1", "frame", "ECE", "p50 ms", "p99 ms"]
  }

  static func metricCells(_ s: MetricSummary, ks: [Int]) -> [String] {
    [String(s.requests), percent(s.top1)] + ks.map { percent(s.recall(at: $0)) }
      + [
        percent(s.meanReciprocalRank), percent(s.ndcgAt10), percent(s.noMatchPrecision), percent(s.noMatchRecall), percent(s.argumentPrecision),
        percent(s.argumentRecall), percent(s.argumentF1), percent(s.exactFrame), decimal(s.calibrationError),
        milliseconds(s.latencyPercentile(50)),
        milliseconds(s.latencyPercentile(99)),
      ]
  }

  package static func percent(_ value: Double?) -> String {
    guard let value else { return "–" }
    let tenths = (value * 1000).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
  }

  /// A value in 0…1 with three decimals ("0.042"), undefined as "–".
  package static func decimal(_ value: Double?) -> String {
    guard let value else { return "–" }
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// Milliseconds with three decimals, as `decimal` writes them.
  static func milliseconds(_ value: Double?) -> String { decimal(value) }

  /// Overall figures, one row per mode.
  static func overall(_ report: EvalReport) -> ReportTable {
    ReportTable(
      header: ["mode"] + metricHeader(ks: report.ks), rows: report.modes.map { [$0.mode.rawValue] + metricCells($0.overall, ks: report.ks) })
  }

  /// The reliability diagram of each mode's overall rows: one row per non-empty confidence bin.
  static func reliability(_ report: EvalReport) -> ReportTable {
    var rows: [[String]] = []
    for result in report.modes {
      for bin in result.overall.reliability.bins where bin.count > 0 {
        rows.append([
          result.mode.rawValue, "\(decimal(bin.lower))–\(decimal(bin.upper))", String(bin.count), decimal(bin.meanConfidence), decimal(bin.accuracy),
          decimal(abs((bin.accuracy ?? 0) - (bin.meanConfidence ?? 0))),
        ])
      }
    }
    return ReportTable(header: ["mode", "confidence", "n", "mean confidence", "share right", "gap"], rows: rows)
  }

  /// One breakdown, one row per (group, mode).
  static func breakdown(_ key: String, _ report: EvalReport) -> ReportTable {
    var rows: [[String]] = []
    let values = report.modes.first?.breakdowns.first { $0.key == key }?.groups.map(\.value) ?? []
    for value in values {
      for result in report.modes {
        guard let summary = result.breakdowns.first(where: { $0.key == key })?.groups.first(where: { $0.value == value })?.summary else { continue }
        rows.append([value, result.mode.rawValue] + metricCells(summary, ks: report.ks))
      }
    }
    return ReportTable(header: [key, "mode"] + metricHeader(ks: report.ks), rows: rows)
  }

  /// Columns padded to their widest cell: the first two left-aligned unless they hold a
  /// count, the others right-aligned.
  package func aligned(indent: String = "") -> String {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) } }
    let lines = all.map { row in
      row.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: max(0, widths[min(i, widths.count - 1)] - cell.count))
        return i < 2 && Int(cell) == nil ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }
    return lines.map { indent + $0 }.joined(separator: "\n") + "\n"
  }

  /// A GitHub-flavoured Markdown table (pipes in cells escaped).
  func markdown() -> String {
    func line(_ cells: [String]) -> String { "| " + cells.map { $0.replacingPipes() }.joined(separator: " | ") + " |" }
    var out = line(header) + "\n"
    out += "|" + header.enumerated().map { i, _ in i == 0 ? "---|" : "---:|" }.joined() + "\n"
    for row in rows { out += line(row) + "\n" }
    return out
  }
}

extension String {
  func replacingPipes() -> String {
    var out = ""
    for character in self { out += character == "|" ? "\\|" : String(character) }
    return out
  }
}
