import IntentBridgeEngine

/// The result of `intentbridge eval`: figures per ranking mode (overall and broken down),
/// confusions, discoverability advice and threshold checks. Rendered by `EvalReportJSON`,
/// `EvalReportText`, `EvalReportMarkdown` and `EvalReportHTML`.
public struct EvalReport: Sendable {
  /// A request set the report covers.
  public struct Dataset: Sendable, Hashable {
    /// The file, as given.
    public var path: String
    /// How many rows it has.
    public var requests: Int

    /// A request set at `path` with `requests` rows.
    public init(path: String, requests: Int) {
      self.path = path
      self.requests = requests
    }
  }

  /// One breakdown dimension (`lang`, `tag` or `dataset`) with a summary per value.
  public struct Breakdown: Sendable {
    /// The dimension: `lang`, `tag` or `dataset`.
    public var key: String
    /// Sorted by value.
    public var groups: [(value: String, summary: MetricSummary)]

    /// A breakdown by `key`; `groups` should be sorted by value.
    public init(key: String, groups: [(value: String, summary: MetricSummary)]) {
      self.key = key
      self.groups = groups
    }
  }

  /// The figures of one ranking mode.
  public struct ModeResult: Sendable {
    /// The ranking mode.
    public var mode: RankingMode
    /// The figures over all rows.
    public var overall: MetricSummary
    /// The figures per value of each breakdown dimension, in the order the dimensions were asked
    /// for.
    public var breakdowns: [Breakdown]
    /// Wrong answers grouped by (expected, chosen), most frequent first.
    public var confusions: [Confusion]

    /// The figures of `mode`.
    public init(mode: RankingMode, overall: MetricSummary, breakdowns: [Breakdown], confusions: [Confusion]) {
      self.mode = mode
      self.overall = overall
      self.breakdowns = breakdowns
      self.confusions = confusions
    }
  }

  /// The catalog's path, as given.
  public var catalogPath: String
  /// The catalog's content hash (`Catalog.contentHash`, SHA-256 in hex).
  public var catalogHash: String
  /// The request sets evaluated, in the order given.
  public var datasets: [Dataset]
  /// The k of recall@k, ascending.
  public var ks: [Int]
  /// The figures per ranking mode, in the order the modes were evaluated.
  public var modes: [ModeResult]
  /// The discoverability advice (for the hybrid mode, or the first mode evaluated).
  public var advice: DiscoverabilityAdvice
  /// Threshold checks (`--fail-under`), in the order given.
  public var thresholds: [MetricThreshold.Check] = []
  /// Things the reader should know about how the figures were produced (e.g. a row language
  /// the catalog lacks, evaluated with its default language).
  public var notes: [String] = []

  /// Whether every threshold check passed (true without any).
  public var passed: Bool { thresholds.allSatisfy(\.passed) }

  /// A report without threshold checks or notes.
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
