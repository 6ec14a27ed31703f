import IntentBridgeSystem
import IntentBridgeTemplates

/// Fits the ranking to a user's labelled requests (`intentbridge tune`): the fusion weights
/// that rank most of them first, then the confidence models of the signals they are ranked
/// with and the no-match thresholds that answer most of them right.
///
/// 1. **Fusion** (hybrid rankers with vectors): the keyword weight and the centroid weight
///    from a small grid (`keywordWeights` × `centroidWeights`), chosen by the in-scope rows
///    ranked first; the current weights stay unless another pair ranks strictly more first.
/// 2. **Confidence**: per effective signal choice (a cross-lingual request is ranked by
///    embeddings), `ConfidenceFitter` fits P(right | in domain) on the in-scope rows and
///    P(in domain) on all rows, each pulled toward the model in effect (the catalog's own fit),
///    so that a few dozen rows refine it rather than replace it. With out-of-scope rows the
///    labels set the share of outside requests (`outsideCost` 1); without, the in-domain part
///    and its `outsideCost` stay as they were. Signal choices with fewer than `minimumRows`
///    rows keep their model.
/// 3. **Threshold**: the no-match threshold in 0…0.9 (steps of 0.01) under which the rows are
///    answered right most often (a right intent, or "no match" for an out-of-scope row); ties
///    go to the lowest. With a refusal target (`tune --refuse`), only thresholds that refuse
///    at least that share of the group's out-of-scope rows count (the one refusing most when
///    none does): right answers are counted over the rows as they come, so a set with few
///    out-of-scope rows would otherwise trade their refusals for answers.
///
///     let tuning = ConfidenceTuner.tune(ranker: ranker, rows: rows)
///     // tuning.keywordWeight, tuning.centroidWeight, tuning.models[.hybrid]
///
/// - Complexity: O((grid + 1) × rows × rank).
package enum ConfidenceTuner {
  package struct Row: Sendable {
    package var request: AnalyzedRequest
    /// The intents (by index) any of which is right; nil: no intent is (out of scope).
    package var intents: Set<Int>?

    package init(request: AnalyzedRequest, intents: Set<Int>?) {
      self.request = request
      self.intents = intents
    }
  }

  package struct Result: Sendable, Hashable {
    package var keywordWeight: Double
    package var centroidWeight: Double
    /// The fitted models by the signals they calibrate; signals left as they were are absent.
    package var models: [RankingMode: ConfidenceModel]
  }

  package static let keywordWeights = [0.25, 0.5, 0.75, 1.0]
  package static let centroidWeights = [0.5, 0.7, 0.9]
  package static let minimumRows = 20

  /// - Parameter refusing: the share of out-of-scope rows the threshold must refuse (0…1);
  ///   nil: the threshold answers most rows right.
  package static func tune(ranker: Ranker, rows: [Row], refusing: Double? = nil) -> Result {
    var best = (keyword: ranker.configuration.keywordWeight, centroid: ranker.configuration.centroidWeight)
    if ranker.configuration.mode == .hybrid, ranker.vectorIndex != nil, rows.contains(where: { $0.intents != nil }) {
      var bestFirst = rankedFirst(ranker, rows)
      for keyword in keywordWeights {
        for centroid in centroidWeights where (keyword, centroid) != best {
          var candidate = ranker
          candidate.configuration.keywordWeight = keyword
          candidate.configuration.centroidWeight = centroid
          let first = rankedFirst(candidate, rows)
          if first > bestFirst {
            bestFirst = first
            best = (keyword, centroid)
          }
        }
      }
    }
    var weighted = ranker
    weighted.configuration.keywordWeight = best.keyword
    weighted.configuration.centroidWeight = best.centroid

    // Features of each row's first candidate, grouped by the signals that ranked it.
    var groups: [RankingMode: [(features: [Double], right: Bool, inScope: Bool)]] = [:]
    for row in rows {
      let ranking = weighted.rank(row.request, top: 3)
      guard let first = ranking.candidates.first else { continue }
      let mode = weighted.signals(for: row.request)
      let right = row.intents?.contains(first.intentIndex) ?? false
      groups[mode, default: []].append(
        (weighted.confidenceFeatures(0, in: ranking.candidates, crossLingual: ranking.crossLingual), right, row.intents != nil))
    }
    var models: [RankingMode: ConfidenceModel] = [:]
    for (mode, group) in groups.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where group.count >= minimumRows {
      let prior = weighted.confidenceModel(mode)
      let correct = ConfidenceFitter.fit(
        group.filter(\.inScope).map { ConfidenceFitter.Row(features: $0.features, isRight: $0.right) }, prior: prior, origin: .tuned)
      var inScopeWeights = prior.inScopeWeights
      var outsideCost = prior.outsideCost
      if group.contains(where: { !$0.inScope }) {
        // Pulled toward the in-domain part as it was fitted (at the fit's share of outside
        // requests); the labelled rows then set the share, so outside answers weigh as
        // much as refusals.
        let fitted = prior.fittedInScopeWeights ?? ConfidenceFeatures.names.map { $0 == "bias" ? 3 : 0 }
        let inScopePrior = ConfidenceModel(weights: fitted, origin: prior.origin)
        inScopeWeights =
          ConfidenceFitter.fit(group.map { ConfidenceFitter.Row(features: $0.features, isRight: $0.inScope) }, prior: inScopePrior, origin: .tuned)
          .weights
        outsideCost = 1
      }
      var model = ConfidenceModel(
        weights: correct.weights, inScopeWeights: inScopeWeights, threshold: 0, outsideCost: outsideCost, origin: .tuned, fittedOn: group.count)
      model.threshold = threshold(model, group, refusing: refusing)
      models[mode] = model
    }
    return Result(keywordWeight: best.keyword, centroidWeight: best.centroid, models: models)
  }

  /// In-scope rows whose first candidate is right.
  static func rankedFirst(_ ranker: Ranker, _ rows: [Row]) -> Int {
    var count = 0
    for row in rows {
      guard let intents = row.intents, let first = ranker.rank(row.request, top: 2).candidates.first else { continue }
      if intents.contains(first.intentIndex) { count += 1 }
    }
    return count
  }

  /// The threshold answering most rows right under `model` (the ranker's rule: answer when the
  /// confidence reaches the threshold and the chance of being outside the domain weighed by
  /// `outsideCost`), among those refusing at least `refusing` of the out-of-scope rows (all
  /// thresholds when nil or when the group has none; the one refusing most when none reaches it).
  /// - Complexity: O(91 × rows).
  static func threshold(
    _ model: ConfidenceModel, _ group: [(features: [Double], right: Bool, inScope: Bool)], refusing: Double? = nil
  ) -> Double {
    let scored = group.map { row -> (confidence: Double, outside: Double, right: Bool, inScope: Bool) in
      let inScope = model.inScope(row.features)
      return (inScope * model.probability(row.features), model.outsideCost * (1 - inScope), row.right, row.inScope)
    }
    let outOfScope = scored.count { !$0.inScope }
    // (1 when it reaches the target, out-of-scope rows refused short of it, rows answered
    // right), compared in order.
    var best = (threshold: 0.0, key: (reaches: -1, refused: -1, correct: -1))
    for step in 0...90 {
      let t = Double(step) / 100
      var correct = 0
      var refused = 0
      for row in scored {
        let answered = row.confidence >= t && row.confidence >= row.outside
        if answered ? row.right : !row.inScope { correct += 1 }
        if !answered, !row.inScope { refused += 1 }
      }
      let key: (reaches: Int, refused: Int, correct: Int)
      if let refusing, outOfScope > 0 {
        let reaches = Double(refused) >= refusing * Double(outOfScope)
        // Past the target only right answers count; short of it, refusals first.
        key = (reaches ? 1 : 0, reaches ? 0 : refused, correct)
      } else {
        key = (1, 0, correct)
      }
      if key > best.key { best = (t, key) }
    }
    return best.threshold
  }
}
