import IntentBridgeIndex

/// The tunable settings of ranking, with the defaults the documented figures were measured
/// with (docs/RANKING.md).
///
/// Fusion (the order of candidates): `score = embeddingWeight · cosine + keywordWeight ·
/// bm25 / max(bm25) + templateWeight · quality^templatePower`, per request.
///
/// Confidence (calibrated, logistic): `σ(bias + cosine·c + template·t + keyword·ln(1+bm25)
/// + coverage·v)` of the candidate's own signals, where coverage is the share of the
/// request's content words (not stop or function words, see `LanguageProfile.functionWords`)
/// found in the intent's fields. The coefficients were fitted on
/// the Home Assistant development sets (2,000 perturbed in-domain requests per catalog
/// variant) together with 150 off-domain requests (`Examples/off-domain`). "No match" when
/// the best candidate's confidence is below `noMatchThreshold`.
public struct RankingConfiguration: Sendable, Hashable {
  public struct Calibration: Sendable, Hashable {
    public var bias: Double = -2.64
    public var cosine: Double = 0.542
    public var template: Double = 2.007
    public var keyword: Double = 0.045
    public var coverage: Double = 3.896
    public init() {}

    public init(bias: Double, cosine: Double, template: Double, keyword: Double, coverage: Double) {
      self.bias = bias
      self.cosine = cosine
      self.template = template
      self.keyword = keyword
      self.coverage = coverage
    }
  }

  /// Which signals rank (see `RankingMode`); each mode has its own calibration.
  public var mode: RankingMode = .hybrid

  public var keyword = KeywordIndex.Configuration()
  public var embeddingWeight: Double = 1.0
  public var keywordWeight: Double = 0.3
  /// Weight of the best phrase-template match quality (0…1) of the intent.
  public var templateWeight: Double = 1.0
  /// The template quality is raised to this power before weighting, so that an exact
  /// match (1.0) can be made to stand out from a near one (0.9).
  public var templatePower: Double = 4.0
  /// Templates are matched for this many intents, the best by keyword + embedding score…
  public var templateCandidates: Int = 6
  /// …plus this many, the best by an optimistic bound of their template match.
  public var templateBoundCandidates: Int = 6
  /// Per intent, only this many templates (those with the lowest lower bound) are aligned;
  /// unlimited by default (limiting to 8 saves ~30 % time on German but costs ~1 point of top-1).
  public var templatesPerIntent: Int = .max
  /// Calibration of `hybrid` mode.
  public var calibration = Calibration()
  /// Added to (or, for −1, subtracted from) the fused score per unit of entity affinity.
  public var affinityWeight: Double = 0.2
  /// Calibration of `keyword` mode (no cosine), fitted the same way
  /// (`python3 Scripts/fit_calibration.py --mode keyword`).
  public var keywordCalibration = Calibration(bias: -3.832, cosine: 0, template: 2.459, keyword: 1.218, coverage: 2.281)
  /// Calibration of `embedding` mode (cosine only), fitted the same way
  /// (`python3 Scripts/fit_calibration.py --mode embedding`).
  public var embeddingCalibration = Calibration(bias: -4.319, cosine: 5.662, template: 0, keyword: 0, coverage: 0)

  /// The calibration of the configured mode.
  public var activeCalibration: Calibration {
    switch mode {
    case .hybrid: calibration
    case .keyword: keywordCalibration
    case .embedding: embeddingCalibration
    }
  }
  public var noMatchThreshold: Double = 0.5
  /// A request at least this similar (cosine) to a negative phrase, and more similar to it
  /// than to every intent, gets no match.
  public var negativePhraseSimilarity: Double = 0.85

  public init() {}
}
