import IntentBridgeEngine

/// A self-contained HTML page of an `EvalReport`: inline CSS and SVG, no scripts, no network.
/// Charts: recall@k curves per mode, top-1 per language and mode as bars, and a confusion
/// heat map (expected × chosen) of the advised mode; then the tables and the advice.
public enum EvalReportHTML {
  static let palette = ["#2b6cb0", "#dd6b20", "#2f855a", "#9b2c2c", "#6b46c1"]

  /// The page: one self-contained HTML document.
  public static func render(_ report: EvalReport) -> String {
    let requests = report.datasets.reduce(0) { $0 + $1.requests }
    var body = "<h1>Evaluation of <code>\(escape(report.catalogPath))</code></h1>\n"
    body += "<p>\(requests) requests from " + report.datasets.map { "<code>\(escape($0.path))</code> (\($0.requests))" }.joined(separator: ", ")
    body += ". Figures in percent, latency in milliseconds.</p>\n"
    for note in report.notes { body += "<p class=\"note\">note: \(escape(note))</p>\n" }
    if !report.thresholds.isEmpty {
      body +=
        "<h2>Thresholds</h2>\n<ul>"
        + report.thresholds.map { "<li class=\"\($0.passed ? "pass" : "fail")\">\($0.passed ? "pass" : "FAIL"): \(escape($0.message))</li>" }.joined()
        + "</ul>\n"
    }
    body += "<h2>Overall</h2>\n" + table(ReportTable.overall(report))
    body += "<div class=\"charts\">\n<figure><figcaption>Recall@k per mode</figcaption>\n" + recallChart(report) + "</figure>\n"
    body += "<figure><figcaption>Top-1 per language and mode</figcaption>\n" + languageBars(report) + "</figure>\n"
    body += "<figure><figcaption>Reliability: share right per confidence bin</figcaption>\n" + reliabilityChart(report) + "</figure>\n</div>\n"
    body += "<h2>Calibration</h2>\n" + table(ReportTable.reliability(report))
    if let result = report.modes.first(where: { $0.mode.rawValue == report.advice.mode }) ?? report.modes.first {
      body += "<h2>Confusions (\(escape(result.mode.rawValue)))</h2>\n" + heatMap(result.confusions)
      body += "<table><tr><th>requests</th><th>expected</th><th>chosen</th><th>examples</th></tr>"
      for c in result.confusions.prefix(25) {
        body +=
          "<tr><td>\(c.count)</td><td class=\"t\">\(escape(c.expected ?? "(no match)"))</td><td class=\"t\">\(escape(c.predicted ?? "(no match)"))</td>"
        body += "<td class=\"t\">\(c.examples.map { "“\(escape($0))”" }.joined(separator: "<br>"))</td></tr>"
      }
      body += "</table>\n"
    }
    body += "<h2>Advice (\(escape(report.advice.mode)))</h2>\n<pre>\(escape(EvalReportText.advice(report.advice)))</pre>\n"
    for breakdown in report.modes.first?.breakdowns ?? [] where !breakdown.groups.isEmpty {
      body += "<h2>By \(escape(breakdown.key))</h2>\n" + table(ReportTable.breakdown(breakdown.key, report))
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>IntentBridge evaluation</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1a202c;background:#fff}
      table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #cbd5e0;padding:3px 6px;text-align:right}
      th{background:#edf2f7}td.t{text-align:left}td:first-child,th:first-child{text-align:left}
      .charts{display:flex;flex-wrap:wrap;gap:24px}figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
      .pass{color:#2f855a}.fail{color:#9b2c2c;font-weight:700}.note{color:#744210}pre{background:#f7fafc;padding:8px;white-space:pre-wrap}
      </style></head><body>
      \(body)</body></html>

      """
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  static func table(_ table: ReportTable) -> String {
    var out = "<table><tr>" + table.header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
    for row in table.rows { out += "<tr>" + row.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n" }
    return out + "</table>\n"
  }

  static func format(_ value: Double) -> String {
    let scaled = (value * 10).rounded() / 10
    return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
  }

  /// Recall@k (y, 0–100 %) against k (x, evenly spaced), one polyline per mode.
  static func recallChart(_ report: EvalReport) -> String {
    let width = 420.0
    let height = 260.0
    let left = 44.0
    let right = 110.0
    let top = 12.0
    let bottom = 34.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" role=\"img\" aria-label=\"recall at k\">\n"
    for tick in stride(from: 0, through: 100, by: 25) {
      let y = top + plotHeight * (1 - Double(tick) / 100)
      svg += "<line x1=\"\(format(left))\" y1=\"\(format(y))\" x2=\"\(format(left + plotWidth))\" y2=\"\(format(y))\" stroke=\"#e2e8f0\"/>"
      svg += "<text x=\"\(format(left - 6))\" y=\"\(format(y + 4))\" font-size=\"11\" text-anchor=\"end\">\(tick)</text>\n"
    }
    let ks = report.ks
    func x(_ i: Int) -> Double { ks.count <= 1 ? left + plotWidth / 2 : left + plotWidth * Double(i) / Double(ks.count - 1) }
    for (i, k) in ks.enumerated() {
      svg += "<text x=\"\(format(x(i)))\" y=\"\(format(height - bottom + 16))\" font-size=\"11\" text-anchor=\"middle\">\(k)</text>\n"
    }
    svg += "<text x=\"\(format(left + plotWidth / 2))\" y=\"\(format(height - 4))\" font-size=\"11\" text-anchor=\"middle\">k</text>\n"
    for (m, result) in report.modes.enumerated() {
      let color = palette[m % palette.count]
      let points = ks.enumerated().map { i, k in (x(i), top + plotHeight * (1 - (result.overall.recall(at: k) ?? 0))) }
      svg += "<polyline class=\"curve\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\""
      svg += points.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ") + "\"/>\n"
      for point in points { svg += "<circle cx=\"\(format(point.0))\" cy=\"\(format(point.1))\" r=\"3\" fill=\"\(color)\"/>" }
      let legendY = top + 14 + Double(m) * 18
      svg += "<rect x=\"\(format(width - right + 12))\" y=\"\(format(legendY - 9))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
      svg += "<text x=\"\(format(width - right + 28))\" y=\"\(format(legendY))\" font-size=\"12\">\(escape(result.mode.rawValue))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// Share right (y) against mean confidence (x) per non-empty bin, one polyline per mode, with
  /// the diagonal of perfect calibration; a point's area grows with its bin's rows.
  static func reliabilityChart(_ report: EvalReport) -> String {
    let size = 220.0
    let left = 40.0
    let top = 12.0
    let bottom = 34.0
    let right = 110.0
    let width = left + size + right
    let height = top + size + bottom
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" role=\"img\" aria-label=\"reliability diagram\">\n"
    for tick in stride(from: 0, through: 100, by: 25) {
      let y = top + size * (1 - Double(tick) / 100)
      let x = left + size * Double(tick) / 100
      svg += "<line x1=\"\(format(left))\" y1=\"\(format(y))\" x2=\"\(format(left + size))\" y2=\"\(format(y))\" stroke=\"#e2e8f0\"/>"
      svg += "<text x=\"\(format(left - 6))\" y=\"\(format(y + 4))\" font-size=\"11\" text-anchor=\"end\">\(tick)</text>"
      svg += "<text x=\"\(format(x))\" y=\"\(format(top + size + 16))\" font-size=\"11\" text-anchor=\"middle\">\(tick)</text>\n"
    }
    svg +=
      "<line x1=\"\(format(left))\" y1=\"\(format(top + size))\" x2=\"\(format(left + size))\" y2=\"\(format(top))\" stroke=\"#a0aec0\" stroke-dasharray=\"4 3\"/>\n"
    svg += "<text x=\"\(format(left + size / 2))\" y=\"\(format(height - 4))\" font-size=\"11\" text-anchor=\"middle\">confidence %</text>\n"
    for (m, result) in report.modes.enumerated() {
      let color = palette[m % palette.count]
      let diagram = result.overall.reliability
      let points = diagram.bins.compactMap { bin -> (Double, Double, Int)? in
        guard let confidence = bin.meanConfidence, let accuracy = bin.accuracy else { return nil }
        return (left + size * confidence, top + size * (1 - accuracy), bin.count)
      }
      svg += "<polyline class=\"reliability\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\""
      svg += points.map { "\(format($0.0)),\(format($0.1))" }.joined(separator: " ") + "\"/>\n"
      let rows = max(1, diagram.rows)
      for point in points {
        svg +=
          "<circle cx=\"\(format(point.0))\" cy=\"\(format(point.1))\" r=\"\(format(2 + 6 * (Double(point.2) / Double(rows)).squareRoot()))\" fill=\"\(color)\"/>"
      }
      let legendY = top + 14 + Double(m) * 18
      svg += "<rect x=\"\(format(width - right + 12))\" y=\"\(format(legendY - 9))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
      svg +=
        "<text x=\"\(format(width - right + 28))\" y=\"\(format(legendY))\" font-size=\"12\">\(escape(result.mode.rawValue)) ECE \(ReportTable.decimal(result.overall.calibrationError))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// Top-1 per language (groups) and mode (bars).
  static func languageBars(_ report: EvalReport) -> String {
    let languages = report.modes.first?.breakdowns.first { $0.key == "lang" }?.groups.map(\.value) ?? ["all"]
    let modes = report.modes
    let barWidth = 16.0
    let gap = 14.0
    let left = 44.0
    let top = 12.0
    let plotHeight = 200.0
    let groupWidth = Double(max(1, modes.count)) * barWidth + gap
    let width = left + Double(languages.count) * groupWidth + 110
    let height = top + plotHeight + 40
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" role=\"img\" aria-label=\"top-1 per language\">\n"
    for tick in stride(from: 0, through: 100, by: 25) {
      let y = top + plotHeight * (1 - Double(tick) / 100)
      svg += "<line x1=\"\(format(left))\" y1=\"\(format(y))\" x2=\"\(format(width - 110))\" y2=\"\(format(y))\" stroke=\"#e2e8f0\"/>"
      svg += "<text x=\"\(format(left - 6))\" y=\"\(format(y + 4))\" font-size=\"11\" text-anchor=\"end\">\(tick)</text>\n"
    }
    for (l, language) in languages.enumerated() {
      let groupX = left + gap / 2 + Double(l) * groupWidth
      for (m, result) in modes.enumerated() {
        let summary =
          language == "all" && languages == ["all"]
          ? result.overall : (result.breakdowns.first { $0.key == "lang" }?.groups.first { $0.value == language }?.summary ?? MetricSummary())
        let value = summary.top1 ?? 0
        let barHeight = plotHeight * value
        svg +=
          "<rect class=\"bar\" x=\"\(format(groupX + Double(m) * barWidth))\" y=\"\(format(top + plotHeight - barHeight))\" width=\"\(format(barWidth - 2))\" height=\"\(format(barHeight))\" fill=\"\(palette[m % palette.count])\"><title>\(escape(language)) \(escape(result.mode.rawValue)): \(ReportTable.percent(value))%</title></rect>"
      }
      svg +=
        "<text x=\"\(format(groupX + Double(modes.count) * barWidth / 2))\" y=\"\(format(top + plotHeight + 16))\" font-size=\"11\" text-anchor=\"middle\">\(escape(language))</text>\n"
    }
    for (m, result) in modes.enumerated() {
      let legendY = top + 14 + Double(m) * 18
      svg += "<rect x=\"\(format(width - 98))\" y=\"\(format(legendY - 9))\" width=\"10\" height=\"10\" fill=\"\(palette[m % palette.count])\"/>"
      svg += "<text x=\"\(format(width - 82))\" y=\"\(format(legendY))\" font-size=\"12\">\(escape(result.mode.rawValue))</text>\n"
    }
    return svg + "</svg>\n"
  }

  /// Expected (rows) × chosen (columns) for the intents most involved in confusions.
  static func heatMap(_ confusions: [Confusion], limit: Int = 16) -> String {
    guard !confusions.isEmpty else { return "<p>No confusions.</p>\n" }
    var involvement: [String: Int] = [:]
    let noMatch = "(no match)"
    for c in confusions {
      involvement[c.expected ?? noMatch, default: 0] += c.count
      involvement[c.predicted ?? noMatch, default: 0] += c.count
    }
    let names = involvement.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map(\.key).sorted()
    let maxCount = Double(confusions.map(\.count).max() ?? 1)
    let cell = 22.0
    let labelWidth = 180.0
    let labelHeight = 150.0
    let width = labelWidth + cell * Double(names.count) + 90
    let height = labelHeight + cell * Double(names.count) + 10
    var svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" role=\"img\" aria-label=\"confusion heat map\">\n"
    for (i, name) in names.enumerated() {
      let y = labelHeight + cell * Double(i) + cell * 0.7
      svg += "<text x=\"\(format(labelWidth - 6))\" y=\"\(format(y))\" font-size=\"11\" text-anchor=\"end\">\(escape(name))</text>"
      let x = labelWidth + cell * Double(i) + cell * 0.65
      svg += "<text transform=\"translate(\(format(x)),\(format(labelHeight - 6))) rotate(-60)\" font-size=\"11\">\(escape(name))</text>\n"
    }
    var counts: [String: Int] = [:]
    for c in confusions { counts["\(c.expected ?? noMatch)\u{0}\(c.predicted ?? noMatch)", default: 0] += c.count }
    for (r, expected) in names.enumerated() {
      for (c, predicted) in names.enumerated() {
        let count = counts["\(expected)\u{0}\(predicted)"] ?? 0
        let intensity = count == 0 ? 0 : 0.15 + 0.85 * Double(count) / maxCount
        let fill = count == 0 ? "#f7fafc" : "rgba(197,48,48,\(format(intensity * 100) == "100" ? "1" : String((intensity * 100).rounded() / 100)))"
        svg +=
          "<rect class=\"cell\" x=\"\(format(labelWidth + cell * Double(c)))\" y=\"\(format(labelHeight + cell * Double(r)))\" width=\"\(format(cell - 1))\" height=\"\(format(cell - 1))\" fill=\"\(fill)\"><title>\(escape(expected)) → \(escape(predicted)): \(count)</title></rect>"
      }
      svg += "\n"
    }
    return svg + "</svg>\n<p>Rows: expected intent; columns: chosen intent (darker = more requests).</p>\n"
  }
}
