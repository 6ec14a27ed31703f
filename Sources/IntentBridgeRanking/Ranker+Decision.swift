extension Ranker {
  /// The last stage of `rank`: what the calibrated `candidates` (best first) conclude.
  /// "No match" when the best confidence is below the threshold (for a cross-lingual request,
  /// read at the fit's share of outside requests, below
  /// `ConfidenceCalibration.crossLingualMinimum`), below the chance that the request is outside
  /// the catalog (`1 − inScope`) weighed by the model's `outsideCost`, when the request is
  /// closer to a negative phrase than to the answer, or when there is no candidate. Otherwise
  /// ambiguous when the first candidates fit, each on its own (`uncapped`), at least
  /// `ambiguityShare` as well as the answer, their confidences are at least
  /// `ambiguityConfidenceShare` of the answer's (or their fused scores are the answer's) and
  /// the answer is below `ambiguityCeiling`; a match otherwise.
  func decide(
    _ candidates: [RankedIntent], uncapped: [Double], inScope: Double, model: ConfidenceModel, crossLingual: Bool, query: [Float]?
  ) -> Ranking.Outcome {
    guard let best = candidates.first else { return .noMatch(reason: "the catalog has no discoverable intents") }
    let threshold = configuration.noMatchOverride ?? model.threshold
    if best.confidence < threshold {
      return .noMatch(reason: "best confidence \((best.confidence * 10000).rounded() / 10000) is below the threshold \(threshold)")
    }
    // The cross-lingual floor holds for the confidence read at the share of outside requests
    // the model was fitted with (where it was measured).
    let fitted = best.confidence * model.fittedInScope(inScope) / max(inScope, 1e-12)
    if configuration.noMatchOverride == nil, crossLingual, fitted < ConfidenceCalibration.crossLingualMinimum {
      return .noMatch(
        reason:
          "best confidence \((best.confidence * 10000).rounded() / 10000) (\((fitted * 10000).rounded() / 10000) at the fit's share of outside requests) is below the threshold \(ConfidenceCalibration.crossLingualMinimum) of a request in another language"
      )
    }
    if configuration.noMatchOverride == nil, best.confidence < model.outsideCost * (1 - inScope) {
      let weighed = model.outsideCost == 1 ? "" : " weighed \((model.outsideCost * 100).rounded() / 100) times"
      return .noMatch(
        reason:
          "no intent is likelier than none: the best confidence \((best.confidence * 10000).rounded() / 10000) is below the chance that the request is outside the catalog (\(((1 - inScope) * 10000).rounded() / 10000))\(weighed)"
      )
    }
    if let query, let bestVector = best.vectorScore {
      let negative = negativeVectors.map { dot($0, query) }.max() ?? -1
      if Double(negative) >= configuration.negativePhraseSimilarity, Double(negative) > bestVector {
        return .noMatch(reason: "the request matches a negative phrase (cosine \(negative))")
      }
    }
    // Tied: the first candidates that fit, each on its own, at least `ambiguityShare` as well
    // as the answer (the capped confidences alone cannot tell: a second candidate is capped at
    // what the first leaves), and keep at least `ambiguityConfidenceShare` of the answer's
    // confidence (fitting alike on its own, a candidate the lead features still rank far
    // below is no rival) or score as much as the answer (the ranking cannot tell them apart;
    // the caps can leave the second of two identical intents a fraction of the first's
    // confidence when the model does not weigh the lead).
    // An answer at `ambiguityCeiling` or more is not ambiguous: template catalogs often fit
    // several intents on their own, and their calibrated answer is right all the same.
    if let fit = uncapped.first, fit > 0, best.confidence < RankingConfiguration.ambiguityCeiling {
      let tied = zip(uncapped, candidates).prefix { fits, candidate in
        fits >= RankingConfiguration.ambiguityShare * fit
          && (candidate.confidence >= RankingConfiguration.ambiguityConfidenceShare * best.confidence
            || candidate.score >= best.score - 1e-9 * max(1, abs(best.score)))
      }
      if tied.count > 1 { return .ambiguous(tied.map(\.1.intentID)) }
    }
    return .match
  }

  private func dot(_ a: [Float], _ b: [Float]) -> Float {
    var sum: Float = 0
    for i in 0..<min(a.count, b.count) { sum += a[i] * b[i] }
    return sum
  }
}
