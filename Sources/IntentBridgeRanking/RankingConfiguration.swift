import IntentBridgeIndex
import IntentBridgeText

/// The tunable settings of ranking, with the defaults the documented figures were measured
/// with (docs/RANKING.md).
///
/// Fusion (the order of candidates): `score = embeddingWeight · cosine + keywordWeight ·
/// keywordScale · bm25 / max(bm25) + templateWeight · quality^templatePower ± affinityWeight`
/// (entity affinity, see `EntityAffinity`), per request, plus `affinityTieBoost` for an intent
/// of the named entity's kind among equally good template matches.
///
/// Confidence (logistic): `σ(bias + cosine·c + template·t + keyword·ln(1+bm25) + coverage·v
/// + exactTemplate·[quality = 1])` of the candidate's own signals, where coverage is the share
/// of the request's content words (not stop or function words, see
/// `LanguageProfile.functionWords`) found in the intent's fields. The coefficients were tuned
/// (`Scripts/tune_confidence.py`) on the Home Assistant development sets of all variants for
/// top-1 with "no match" counted as wrong, under the constraint that ≥ 91 % of the 150
/// off-domain requests (`Examples/off-domain`) get no match; tuning on half of the rows and
/// measuring on the other half moves the figures by about a point (docs/RANKING.md). "No
/// match" when the best candidate's calibrated confidence is below the confidence model's
/// threshold (`noMatchOverride` when set; `Ranker.decide`); `noMatchThreshold` only decides
/// when a free-text reading is looked for.
public struct RankingConfiguration: Sendable, Hashable {
  package struct Calibration: Sendable, Hashable {
    package var bias: Double = -2.976
    package var cosine: Double = 0.677
    package var template: Double = 1.278
    package var keyword: Double = -0.227
    package var coverage: Double = 6.271
    /// Added when the best template matches exactly (quality 1).
    package var exactTemplate: Double = 2.138
    package init() {}

    package init(bias: Double, cosine: Double, template: Double, keyword: Double, coverage: Double, exactTemplate: Double = 0) {
      self.bias = bias
      self.cosine = cosine
      self.template = template
      self.keyword = keyword
      self.coverage = coverage
      self.exactTemplate = exactTemplate
    }
  }

  /// Which signals rank (see `RankingMode`); each mode has its own calibration.
  public var mode: RankingMode = .hybrid

  package var keyword = KeywordIndex.Configuration()
  /// The weight of the embedding score in the fused score (default 1).
  public var embeddingWeight: Double = 1.0
  /// The embedding score of an intent: `(1 − centroidWeight) · best cosine + centroidWeight ·
  /// cosine with the intent's centroid` (`VectorIndex.centroidScores`).
  public var centroidWeight: Double = 0.7
  /// The weight of the normalised keyword score (BM25F / the request's best) in the fused score
  /// (default 0.5).
  public var keywordWeight: Double = 0.5
  /// Whether `hybrid` ranks with the embeddings alone: set when the engine loads with the
  /// transformer encoder a catalog whose evidence the encoder leads on (`CatalogEvidence`:
  /// example phrases or titles), unless the signals were chosen (`--signals`).
  package var encoderLeads = false
  /// Whether the embedding signals' confidence weighs coverage: set for a catalog the encoder
  /// leads on (as `encoderLeads`, whatever the signals chosen), whose requests in its own
  /// language are ranked by the embeddings alone. Their words are looked up for coverage
  /// (they score nothing), and a cross-lingual request's coverage reads
  /// `ConfidenceFeatures.crossLingualCoverage`. Otherwise the embeddings rank only
  /// cross-lingual requests, and weigh no coverage.
  package var embeddingWeighsCoverage = false
  /// The factor `keywordWeight` is fused with (`fusedKeywordWeight`): 1, or
  /// `CatalogEvidence.transformerKeywordScale` when the engine loads with the transformer
  /// encoder a tool list of descriptions, whose cosines lie closer together than the static
  /// model's. Set from the catalog and the encoder, so that a tuned or chosen `keywordWeight`
  /// keeps its meaning.
  package var keywordScale = 1.0
  /// The keyword score's weight in the fused score: `keywordWeight × keywordScale`.
  package var fusedKeywordWeight: Double { keywordWeight * keywordScale }
  /// Weight of the best phrase-template match quality (0…1) of the intent.
  public var templateWeight: Double = 1.0
  /// The template quality is raised to this power before weighting, so that an exact
  /// match (1.0) can be made to stand out from a near one (0.9).
  public var templatePower: Double = 4.0
  /// Templates are matched for this many intents, the best by keyword + embedding score…
  public var templateCandidates: Int = 6
  /// …plus this many, the best by an optimistic bound of their template match.
  package var templateBoundCandidates: Int = 6
  /// Per intent, only this many templates (those with the lowest lower bound) are aligned;
  /// unlimited by default (limiting to 8 saves ~30 % time on German but costs ~1 point of top-1).
  package var templatesPerIntent: Int = .max
  /// When the best candidate is below the no-match threshold, how many of the first
  /// candidates are aligned to find one whose template reads the request exactly apart from
  /// its free text (0: never).
  public var freeTextCandidates: Int = 3
  /// How much such a reading may cost besides its free text (edits of the template's own
  /// words: a filler 0.2, a typo, a stop word 0.5).
  public var freeTextTolerance: Double = 0.5
  /// Such a reading also wins over a confident best candidate whose own template match
  /// costs more than this (edits; 1.0 is one inserted word): "in 5 minutes turn off the
  /// lights" is read whole by "in ${minutes} minutes ${command}", and only with three
  /// inserted words by "turn off the lights". (2.0 measured best of 1, 2, 3 and never on
  /// the development sets.)
  public var freeTextOverride: Double = 2.0
  /// Vector rows within this cosine of an earlier row of the same intent are left out at
  /// load (`VectorIndex`); above 1 every distinct row is kept. 0.97 leaves the hybrid mode's
  /// figures within 0.1 point and costs the embedding-only mode up to 1.6 (docs/RANKING.md).
  public var nearDuplicate: Double = Double(VectorIndex.nearDuplicate)
  /// Vector indexes of at least this many rows (after near duplicates) are scanned first in
  /// 8 bits, and exactly only where the first places could be (`EstimatedVectorScores`):
  /// the same ranking, a quarter of the memory traffic. 0 always, `Int.max` never.
  public var int8ScanRows: Int = VectorIndex.int8ScanRows
  /// Template qualities only as far as the first places need them (`Ranker.templateScores`);
  /// false scores every matched intent in full (the same ranking, slower: for tests).
  var templateFloors = true
  /// Calibration of `hybrid` mode.
  package var calibration = Calibration()
  /// Added to (or, for −1, subtracted from) the fused score per unit of entity affinity.
  public var affinityWeight: Double = 0.2
  /// Added to an intent with affinity +1 whose template match is as good as the best one
  /// (at least 0.9): the kind of the named entity breaks ties of template evidence.
  public var affinityTieBoost: Double = 0.5
  /// Calibration of `keyword` mode (no cosine), tuned the same way
  /// (`python3 Scripts/tune_confidence.py --mode keyword`).
  package var keywordCalibration = Calibration(bias: -2.124, cosine: 0, template: 0.581, keyword: -0.088, coverage: 5.581, exactTemplate: 1.874)
  /// Calibration of `embedding` mode (cosine only), tuned the same way
  /// (`python3 Scripts/tune_confidence.py --mode embedding`).
  package var embeddingCalibration = Calibration(bias: -5.574, cosine: 7.115, template: 0, keyword: 0, coverage: 0)

  /// The calibration of the configured mode.
  package var activeCalibration: Calibration { calibration(for: mode) }

  /// The calibration of `signals`.
  package func calibration(for signals: RankingMode) -> Calibration {
    switch signals {
    case .hybrid: calibration
    case .keyword: keywordCalibration
    case .embedding: embeddingCalibration
    }
  }
  /// A best candidate below this confidence (default 0.5) is looked at for a free-text reading;
  /// the answer's no-match threshold is the confidence model's (`noMatchOverride` replaces it).
  public var noMatchThreshold: Double = 0.5
  /// The confidence below which the answer is "no match", overriding the confidence model's
  /// threshold (`--set no-match=…`).
  public var noMatchOverride: Double?
  /// The tuning file whose weights and models are in effect (`intentbridge tune`), for
  /// `--explain`; nil when none is.
  public var tuningFile: String?
  /// The confidence model per signal choice (`ConfidenceModel`; fitted for the catalog when
  /// its index is built, or by `intentbridge tune`); `identity` where none is given.
  package var confidenceModels: [RankingMode: ConfidenceModel] = [:]
  /// Per request language (primary subtag), how much lower its requests' embedding scores
  /// run against this catalog than the same requests in the catalog's language (negative;
  /// `CrossLingualShift`, measured when the index is built).
  package var crossLingualShifts: [String: Double] = [:]

  /// The shift of `language`, else the mean of the measured ones, else 0.
  package func crossLingualShift(_ language: String) -> Double {
    if let shift = crossLingualShifts[LanguageTag.primary(language)] { return shift }
    guard !crossLingualShifts.isEmpty else { return 0 }
    return crossLingualShifts.values.reduce(0, +) / Double(crossLingualShifts.count)
  }

  /// The keyword index's settings by name (`--set`, tuning): BM25's `b` and `k1`, the weight
  /// of typo and compound matches, and one weight per field of `fieldNames`.
  public var bm25B: Double {
    get { keyword.b }
    set { keyword.b = newValue }
  }
  /// BM25's term-frequency saturation `k1` (default 1.2).
  public var bm25K1: Double {
    get { keyword.k1 }
    set { keyword.k1 = newValue }
  }
  /// The weight of a request term matched only through a typo or compound split (default 0.7).
  public var fuzzyWeight: Double {
    get { keyword.fuzzyWeight }
    set { keyword.fuzzyWeight = newValue }
  }
  /// A candidate that fits on its own (its confidence before the caps) at least this share
  /// as well as the answer is tied with it (`Ranking.ambiguous`)…
  package static let ambiguityShare = 0.8
  /// … when its confidence is also at least this share of the answer's (or its fused score is
  /// the answer's): two intents that fit alike, one of which the right-intent model still
  /// gives most of the probability (by its lead), are not ambiguous. Without it the transformer flagged 1,508 of CLINC150
  /// examples5's 2,858 answers (docs/RANKING.md, "Ambiguous answers").
  package static let ambiguityConfidenceShare = 0.5
  /// An answer at least this confident is never ambiguous.
  package static let ambiguityCeiling = 0.9

  /// The weight of a request term that is a stop or function word of the language (default 0.4).
  public var functionWordWeight: Double {
    get { keyword.functionWordWeight }
    set { keyword.functionWordWeight = newValue }
  }
  /// The keyword fields in `fieldWeights` order.
  public static let fieldNames = IntentDocument.Field.allCases.map(\.description)
  /// The keyword weight of each field, in `fieldNames` order (default 3, 2, 1.5, 1, 0.5, 0.6, 0.4).
  public var fieldWeights: [Double] {
    get { keyword.fieldWeights }
    set { keyword.fieldWeights = newValue }
  }
  /// A request at least this similar (cosine) to a negative phrase, and more similar to it
  /// than to every intent, gets no match.
  public var negativePhraseSimilarity: Double = 0.85

  /// The defaults the documented figures were measured with.
  public init() {}
}
