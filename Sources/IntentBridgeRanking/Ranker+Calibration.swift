import IntentBridgeSystem

extension Ranker {
  /// The candidates with their confidences from `model` (`ConfidenceModel`), in the fused
  /// order; confidences do not rise along it and sum to at most 1 (no alternative is more
  /// confident than the answer, and a 95 % answer leaves at most 5 % to the rest).
  /// - Complexity: O(candidates × window).
  /// `uncapped`: each candidate's confidence before those caps (how well it fits on its own).
  /// A `crossLingual` request's coverage is read as `confidenceFeatures` says.
  func calibrate(_ candidates: [RankedIntent], model: ConfidenceModel, crossLingual: Bool) -> (
    candidates: [RankedIntent], inScope: Double, uncapped: [Double]
  ) {
    var out = candidates
    let inScope = candidates.isEmpty ? 1 : model.inScope(confidenceFeatures(0, in: candidates, crossLingual: crossLingual))
    var above = 0.0
    var uncapped: [Double] = []
    for k in out.indices {
      out[k].confidence = inScope * model.probability(confidenceFeatures(k, in: candidates, crossLingual: crossLingual))
      uncapped.append(out[k].confidence)
      // At most one of the candidates is right: an alternative is no likelier than what the
      // ones before it leave, nor than the one before it.
      if k > 0 { out[k].confidence = max(0, min(out[k].confidence, out[k - 1].confidence, 1 - above)) }
      above += out[k].confidence
    }
    return (out, inScope, uncapped)
  }

  /// The calibrated confidence of one candidate's signals (see `RankingConfiguration`).
  func calibrated(signals: RankingMode, cosine: Double, template: Double, bm25: Double, coverage: Double) -> Double {
    let c = configuration.calibration(for: signals)
    let exact = template >= 0.999 ? c.exactTemplate : 0
    let z = c.bias + c.cosine * cosine + c.template * template + c.keyword * log(1 + bm25) + c.coverage * coverage + exact
    return 1 / (1 + exp(-z))
  }
}
