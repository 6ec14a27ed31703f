import IntentBridgeEngine

/// A quality floor from `--fail-under`: `[MODE/]METRIC[[GROUP]]=VALUE`.
///
///     top1=0.95                 the primary mode (hybrid, else the first evaluated), all rows
///     keyword/exact_frame=80%   keyword mode
///     top1[de]=0.9              rows whose lang (or tag, or dataset file name) is "de"
///     recall@3[perturbed:typo]=0.97
///
/// Values are fractions (0…1) or percentages with `%`.
public struct MetricThreshold: Sendable, Hashable, CustomStringConvertible {
  /// The mode it applies to; nil = the primary mode (hybrid, else the first evaluated).
  public var mode: RankingMode?
  /// The metric it bounds.
  public var metric: Metric
  /// A breakdown group value (language, tag or dataset); nil = all rows.
  public var group: String?
  /// The floor, a fraction (0…1); the metric must be at least this.
  public var minimum: Double
  /// The text it was parsed from.
  public var text: String

  public var description: String { text }

  /// Why a `--fail-under` value could not be parsed.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value as given.
    public var text: String
    /// What is wrong, and what was expected.
    public var message: String
    public var description: String { "'--fail-under \(text)': \(message)" }
  }

  /// Parses `[MODE/]METRIC[[GROUP]]=VALUE`, VALUE a fraction (0…1) or a percentage with `%`.
  public static func parse(_ text: String) throws(ParseError) -> MetricThreshold {
    guard let equals = text.lastIndex(of: "=") else {
      throw ParseError(text: text, message: "expected METRIC=VALUE, e.g. top1=0.95 or exact_frame=85%")
    }
    var name = String(text[..<equals])
    var valueText = String(text[text.index(after: equals)...])
    var mode: RankingMode?
    if let slash = name.firstIndex(of: "/") {
      let modeName = String(name[..<slash])
      guard let parsed = RankingMode(rawValue: modeName) else {
        throw ParseError(text: text, message: "unknown mode '\(modeName)'; expected keyword, embedding or hybrid")
      }
      mode = parsed
      name = String(name[name.index(after: slash)...])
    }
    var group: String?
    if let open = name.firstIndex(of: "["), name.hasSuffix("]") {
      group = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
      name = String(name[..<open])
    }
    guard let metric = Metric(name: name) else {
      throw ParseError(text: text, message: "unknown metric '\(name)'; expected one of \(Metric.fixedNames.joined(separator: ", "))")
    }
    var percent = false
    if valueText.hasSuffix("%") {
      percent = true
      valueText.removeLast()
    }
    guard var minimum = Double(valueText), minimum.isFinite else {
      throw ParseError(text: text, message: "the value '\(valueText)' is not a number; expected a fraction such as 0.95 or a percentage such as 95%")
    }
    if percent { minimum /= 100 }
    guard (0...1).contains(minimum) else {
      throw ParseError(text: text, message: "the value must lie in 0…1 (or 0%…100%), got \(minimum)")
    }
    return MetricThreshold(mode: mode, metric: metric, group: group, minimum: minimum, text: text)
  }

  /// The outcome of checking one threshold against a report.
  public struct Check: Sendable, Hashable {
    /// The threshold checked.
    public var threshold: MetricThreshold
    /// The mode it was checked in; when no evaluated mode matches, the threshold's own `mode`.
    public var mode: RankingMode?
    /// The measured value; nil when the metric, mode or group is not in the report.
    public var actual: Double?
    /// Whether the value exists and is at least the minimum.
    public var passed: Bool
    /// One line for the report: the mode, metric and group with the value against the minimum, or
    /// why it is missing.
    public var message: String
  }

  /// Checks the threshold against `report`: the metric must exist and be ≥ the minimum.
  public func check(_ report: EvalReport) -> Check {
    let primary = report.modes.first { $0.mode == .hybrid } ?? report.modes.first
    guard let result = mode.map({ m in report.modes.first { $0.mode == m } }) ?? primary else {
      let name = mode?.rawValue ?? "any"
      return Check(threshold: self, mode: mode, actual: nil, passed: false, message: "\(text): mode \(name) was not evaluated (see --signals)")
    }
    var summary = result.overall
    if let group {
      guard
        let found = result.breakdowns.lazy.compactMap({ breakdown in breakdown.groups.first { $0.value == group }?.summary }).first
      else {
        return Check(threshold: self, mode: result.mode, actual: nil, passed: false, message: "\(text): no rows in group '\(group)' (see --by)")
      }
      summary = found
    }
    guard let actual = summary.value(metric) else {
      return Check(threshold: self, mode: result.mode, actual: nil, passed: false, message: "\(text): \(metric) is undefined for these rows")
    }
    let passed = actual >= minimum
    let message = "\(result.mode)/\(metric)\(group.map { "[\($0)]" } ?? "") = \(Self.format(actual)) \(passed ? "≥" : "<") \(Self.format(minimum))"
    return Check(threshold: self, mode: result.mode, actual: actual, passed: passed, message: message)
  }

  static func format(_ value: Double) -> String {
    let scaled = (value * 10000).rounded() / 10000
    return "\(scaled)"
  }
}
