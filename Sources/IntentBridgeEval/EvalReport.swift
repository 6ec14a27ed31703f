import IntentBridgeEngine

/// The result of `intentbridge eval`: figures per ranking mode (overall and broken down),
/// confusions, discoverability advice and threshold checks. Rendered by `EvalReportJSON`,
/// `EvalReportText`, `EvalReportMarkdown` and `EvalReportHTML`.
public struct EvalReport: Sendable {
  public struct Dataset: Sendable, Hashable {
    public var path: String
    public var requests: Int

    public init(path: String, requests: Int) {
      self.path = path
      self.requests = requests
    }
  }

  /// One breakdown dimension (`lang`, `tag` or `dataset`) with a summary per value.
  public struct Breakdown: Sendable {
    public var key: String
    /// Sorted by value.
    public var groups: [(value: String, summary: MetricSummary)]

    public init(key: String, groups: [(value: String, summary: MetricSummary)]) {
      self.key = key
      self.groups = groups
    }
  }

  public struct ModeResult: Sendable {
    public var mode: RankingMode
    public var overall: MetricSummary
    public var breakdowns: [Breakdown]
    public var confusions: [Confusion]

    public init(mode: RankingMode, overall: MetricSummary, breakdowns: [Breakdown], confusions: [Confusion]) {
      self.mode = mode
      self.overall = overall
      self.breakdowns = breakdowns
      self.confusions = confusions
    }
  }

  public var catalogPath: String
  public var catalogHash: String
  public var datasets: [Dataset]
  /// The k of recall@k, ascending.
  public var ks: [Int]
  public var modes: [ModeResult]
  public var advice: DiscoverabilityAdvice
  /// Threshold checks (`--fail-under`), in the order given.
  public var thresholds: [MetricThreshold.Check] = []
  /// Things the reader should know about how the figures were produced (e.g. a row language
  /// the catalog lacks, evaluated with its default language).
  public var notes: [String] = []

  public var passed: Bool { thresholds.allSatisfy(\.passed) }

  public init(
    catalogPath: String, catalogHash: String, datasets: [Dataset], ks: [Int], modes: [ModeResult], advice: DiscoverabilityAdvice
  ) {
    self.catalogPath = catalogPath
    self.catalogHash = catalogHash
    self.datasets = datasets
    self.ks = ks
    self.modes = modes
    self.advice = advice
  }
}
