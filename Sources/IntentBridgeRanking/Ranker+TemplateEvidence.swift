import IntentBridgeSystem
import IntentBridgeTemplates

extension Ranker {
  /// The second stage of `rank`: phrase-template evidence. The best template quality of the
  /// first `templateCandidates` intents (and those the templates' bounds add) is added to their
  /// scores as `templateWeight · quality^templatePower`; with `templateFloors` an intent that
  /// plainly cannot reach the first places keeps a floor instead (`templateScores`). Equally
  /// good template matches then go to the intent whose kind matches the named entity
  /// (`affinityTieBoost`). Nothing happens when the pass does not match templates.
  func addTemplateEvidence(_ pass: inout RankingPass) {
    guard pass.matchesTemplates else { return }
    let prepared = pass.request.prepared
    let candidates = Self.first(configuration.templateCandidates, of: pass.scored).map(\.index)
    if configuration.templateFloors {
      let matched = templates.matchedIntents(prepared, candidates: candidates, extra: configuration.templateBoundCandidates)
      // The matched intents' scores are the template step's base: exact.
      if var estimated = pass.estimate, var estimates = pass.vector {
        refine(&pass.scored, vector: &estimates, estimate: &estimated, intents: matched.map(\.index), fusion: pass.fusion)
        pass.estimate = estimated
        pass.vector = estimates
      }
      pass.floors = templateScores(
        prepared, matched: matched, base: pass.scored, affinities: pass.affinities, top: max(1, pass.top), into: &pass.template)
    } else {
      pass.template = templates.scores(
        prepared, candidates: candidates, extra: configuration.templateBoundCandidates, templatesPerIntent: configuration.templatesPerIntent)
    }
    // An intent without a template match gains `templateWeight · 0^power`; when that is 0
    // its score stays as it is, and only the matched intents are visited.
    let unmatchedGain = configuration.templateWeight * pow(0, configuration.templatePower)
    for k in pass.scored.indices where unmatchedGain != 0 || pass.template[pass.scored[k].index] != 0 {
      pass.scored[k].score += templateContribution(pass.template[pass.scored[k].index])
    }
    // Equally good template matches: the intent whose kind matches the named entity wins
    // ("start Vysávač", a vacuum: "Starts a vacuum" over "Turns on a device").
    if configuration.affinityTieBoost > 0 {
      // The boost needs the best quality: an intent left below its floor could only hold it
      // with a floor above the best known one and near 0.9.
      let known = pass.template.max() ?? 0
      exactTemplate(&pass) { $0 > known && $0 >= 0.89 }
    }
    if let bestQuality = pass.template.max(), bestQuality >= 0.9, configuration.affinityTieBoost > 0 {
      pass.tieBoostQuality = bestQuality - 0.001
      for k in pass.scored.indices where pass.affinities[pass.scored[k].index] > 0 && pass.template[pass.scored[k].index] >= bestQuality - 0.001 {
        pass.scored[k].score += configuration.affinityTieBoost
      }
    }
  }

  /// What a template quality adds to an intent's score: `templateWeight · quality^templatePower`.
  func templateContribution(_ quality: Float) -> Double {
    configuration.templateWeight * pow(Double(quality), configuration.templatePower)
  }

  /// Makes known the template quality of every intent left below a floor that `isNeeded`
  /// accepts (in intent order).
  func exactTemplate(_ pass: inout RankingPass, where isNeeded: (Float) -> Bool) {
    for (index, floor) in pass.floors.sorted(by: { $0.key < $1.key }) where isNeeded(floor) {
      pass.template[index] =
        templates.bestQuality(intent: index, pass.request.prepared, templatesPerIntent: configuration.templatesPerIntent, arena: &pass.arena) ?? 0
      pass.floors[index] = nil
    }
  }

  /// Fills `template` with the best template quality of the intents `matched` (picked by
  /// `IntentTemplates.matchedIntents`), as far as the first `top` places need it; returns the intents left below a floor.
  ///
  /// An intent can only reach the top `top` if its score (`base`, the fused score without
  /// templates, plus `templateWeight · quality^templatePower`, plus the affinity tie boost it
  /// may get) reaches the `top`-th best score the other intents are sure to have. That gives
  /// its quality a floor, and the branch and bound skips every template that cannot beat it:
  /// an intent that is plainly out of reach costs its bounds, not its DPs. Intents are looked
  /// at most promising first (their optimistic quality), so that the floors rise early.
  /// The order of the first `top` is exactly that of scoring every intent in full.
  func templateScores(
    _ prepared: TemplateMatcher.Prepared, matched: [(index: Int, optimistic: Float)], base: [(index: Int, score: Double)], affinities: [Int8],
    top: Int, into template: inout [Float]
  ) -> [Int: Float] {
    let weight = configuration.templateWeight
    let power = configuration.templatePower
    // The least score each intent is sure to have (a quality of 0 until its own is known).
    var sure = [Double](repeating: -.infinity, count: template.count)
    for entry in base { sure[entry.index] = entry.score }
    let tieBoost = configuration.affinityTieBoost
    // The most each matched intent can score; computed once (no closure over `sure`, which
    // would box it).
    let ordered = matched.map { entry in
      (entry: entry, upper: sure[entry.index] + (affinities[entry.index] > 0 ? tieBoost : 0) + weight * pow(Double(max(0, entry.optimistic)), power))
    }.sorted { $0.upper != $1.upper ? $0.upper > $1.upper : $0.entry.index < $1.entry.index }.map(\.entry)
    var floors: [Int: Float] = [:]
    var arena = TemplateArena()
    // The `top + 1` best sure scores, kept up to date as qualities become known (sure scores
    // only rise): the `top`-th best of the other intents is among them. O(intents) once,
    // then O(top) per matched intent.
    var leaders = SureLeaders(sure, count: top + 1)
    for entry in ordered {
      let i = entry.index
      // The `top`-th best sure score of the other intents.
      let best = leaders.scores(excluding: i)
      var floor: Float = 0
      if best.count == top, weight > 0, power > 0 {
        // Quality needed to reach that score, less a margin for rounding.
        let needed = (best[top - 1] - sure[i] - (affinities[i] > 0 ? tieBoost : 0)) / weight
        if needed > 0 { floor = Float(pow(needed, 1 / power)) - 1e-4 }
      }
      if floor > entry.optimistic + 1e-4 {
        floors[i] = min(floor, entry.optimistic + 1e-4)
        continue
      }
      if let quality = templates.bestQuality(
        intent: i, prepared, above: floor, templatesPerIntent: configuration.templatesPerIntent, arena: &arena)
      {
        template[i] = quality
        sure[i] += weight * pow(Double(quality), power)
        leaders.raise(i, to: sure[i])
      } else {
        floors[i] = floor
      }
    }
    return floors
  }

}
