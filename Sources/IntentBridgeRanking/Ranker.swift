import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeSystem
import IntentBridgeTemplates
import IntentBridgeText

/// Ranks a catalog's intents for natural-language requests: BM25F keyword scoring fused with
/// embedding similarity and phrase-template matching, calibrated confidence and a real "no
/// match".
///
///     let compiled = CompiledCatalog(catalog: catalog, language: "en")
///     let ranker = Ranker(compiled: compiled, embedder: model, vectors: file)
///     ranker.rank(compiled.analyze("turn off the kitchen lights")).best?.intentID   // "HassTurnOff"
///
/// Built once per compiled catalog (immutable, `Sendable`); `rank` allocates only
/// per-request arrays.
/// - Complexity: `rank` is O(postings of the request terms + vectors × dimensions + n log k);
///   on indexes of `RankingConfiguration.int8ScanRows` rows or more the vectors are scanned in
///   8 bits and only the intents that could reach the first places are scored in floats.
package struct Ranker: Sendable {
  package let compiled: CompiledCatalog
  /// Settings; changing them (e.g. `mode`) on a copy is cheap, the indexes are shared.
  package var configuration: RankingConfiguration
  package let vectorIndex: VectorIndex?
  package let embedder: (any TextEmbedder)?
  /// Embeddings of the negative phrases' samples.
  let negativeVectors: [[Float]]

  package var catalog: Catalog { compiled.catalog }
  package var language: String { compiled.language }
  package var keywordIndex: KeywordIndex { compiled.keywordIndex }
  package var templates: IntentTemplates { compiled.templates }
  package var affinity: EntityAffinity { compiled.affinity }

  /// A ranker over `compiled`, with `vectors` (embedded by `embedder`) when given.
  package init(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)? = nil, vectors: VectorFile? = nil,
    configuration: RankingConfiguration = RankingConfiguration()
  ) {
    let vectorIndex = vectors.map { Self.vectorIndex($0, intentCount: compiled.catalog.intents.count, configuration: configuration) }
    self.init(compiled: compiled, embedder: embedder, vectorIndex: vectorIndex, configuration: configuration)
  }

  /// The vector index `init(compiled:embedder:vectors:configuration:)` builds from `vectors`
  /// for a catalog of `intentCount` intents (with the configuration's near-duplicate
  /// threshold and int8 scan size), for a caller that builds it ahead, e.g. beside decoding
  /// the compiled catalog.
  package static func vectorIndex(_ vectors: VectorFile, intentCount: Int, configuration: RankingConfiguration) -> VectorIndex {
    VectorIndex(
      file: vectors, intentCount: intentCount, nearDuplicate: Float(configuration.nearDuplicate), int8ScanRows: configuration.int8ScanRows)
  }

  /// A ranker over `vectorIndex` as `vectorIndex(_:intentCount:configuration:)` built it for
  /// this configuration (nil: no embeddings).
  package init(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)?, vectorIndex: VectorIndex?, configuration: RankingConfiguration
  ) {
    self.compiled = compiled
    self.configuration = configuration
    self.embedder = embedder
    self.vectorIndex = vectorIndex
    if let embedder, vectorIndex != nil, !compiled.negativeSamples.isEmpty {
      negativeVectors = (try? embedder.embed(compiled.negativeSamples, kind: .query)) ?? []
    } else {
      negativeVectors = []
    }
  }

  /// `rank(_:top:)` of `request` analysed by the compiled catalog.
  package func rank(_ request: String, top: Int = 5) -> Ranking { rank(compiled.analyze(request), top: top) }

  /// The confidence model of the configured signals (`RankingConfiguration.confidenceModels`).
  package var confidenceModel: ConfidenceModel { confidenceModel(configuration.mode) }

  package func confidenceModel(_ mode: RankingMode) -> ConfidenceModel { configuration.confidenceModels[mode] ?? .identity }

  /// The signals that rank `request`: a cross-lingual request (`AnalyzedRequest.foreignLanguage`)
  /// is ranked by embeddings alone when there are vectors, since the catalog's keywords and
  /// templates are in another language (docs/RANKING.md, "Languages") — when the embeddings'
  /// confidence was fitted for this catalog. A phrase-template grammar keeps the shipped
  /// calibration, which never saw cross-lingual requests (it answered 17 of 120 off-domain
  /// requests in other languages against the Chinese Home Assistant grammar), so there such
  /// a request is ranked like any other. With the transformer encoder on a catalog of example
  /// phrases or titles (`RankingConfiguration.encoderLeads`), every request is ranked by the
  /// embeddings alone (docs/RANKING.md, "The transformer encoder").
  package func signals(for request: AnalyzedRequest) -> RankingMode {
    if request.foreignLanguage != nil || configuration.encoderLeads, configuration.mode == .hybrid, vectorIndex != nil, embedder != nil,
      configuration.confidenceModels[.embedding] != nil
    {
      return .embedding
    }
    return configuration.mode
  }

  /// Ranks every discoverable intent for `request` (analysed once by the compiled catalog,
  /// for the keyword index, coverage, delexicalisation, template scores and entity
  /// affinity); returns the best `top`.
  ///
  /// `excluding` leaves one intent out, as if the catalog lacked it (a request near the
  /// catalog's domain that no remaining intent answers; `ConfidenceCalibration`).
  ///
  /// `embedding` is `embedQuery(request)` when already computed (the same request ranked
  /// again, e.g. with an intent excluded).
  package func rank(_ request: AnalyzedRequest, top: Int = 5, excluding: Int? = nil, embedding: QueryEmbedding? = nil) -> Ranking {
    let mode = signals(for: request)
    // A candidate's confidence weighs its lead over the others among the first
    // `ConfidenceFeatures.window`: that many are ranked whatever `top` asks, so that the
    // confidence of a request does not depend on how many candidates are shown.
    // No more can be ranked than the catalog has intents: a larger `top` (`--top
    // 9223372036854775807`) is that count, so `top + 1` and reserved capacities stay small.
    let rankable = min(top, catalog.intents.count)
    let requested = max(1, rankable)
    let top = max(ConfidenceFeatures.window, rankable)
    let tokens = request.tokens
    let prepared = request.prepared
    let terms = mode.usesKeywords ? keywordIndex.resolve(tokens: tokens) : []
    let keyword = mode.usesKeywords ? keywordIndex.scores(terms) : [Double](repeating: 0, count: catalog.intents.count)
    let maxKeyword = keyword.max() ?? 0
    let embedding = embedding ?? embedQuery(request)
    var vector = embedding.vector
    var estimate = embedding.estimate
    let queryVector = embedding.query
    let embeddingProblem = embedding.problem
    var scored: [(index: Int, score: Double)] = []
    scored.reserveCapacity(catalog.intents.count)
    for (i, intent) in catalog.intents.enumerated() where intent.isDiscoverable && i != excluding {
      let k = maxKeyword > 0 ? keyword[i] / maxKeyword : 0
      var score = configuration.keywordWeight * k
      if let vector { score += configuration.embeddingWeight * Double(max(vector[i], 0)) }
      scored.append((i, score))
    }
    // Entity affinity before the template step, so that it also decides which intents'
    // templates are matched.
    var affinities = [Int8](repeating: 0, count: catalog.intents.count)
    let addsAffinity = mode.usesKeywords && configuration.affinityWeight > 0 && !affinity.isEmpty
    if addsAffinity {
      affinities = affinity.affinities(prepared, templates: templates)
      for k in scored.indices { scored[k].score += configuration.affinityWeight * Double(affinities[scored[k].index]) }
    }
    let matchesTemplates = mode.usesKeywords && !templates.isEmpty && configuration.templateWeight > 0
    let fusion = BaseFusion(
      keywordWeight: configuration.keywordWeight, embeddingWeight: configuration.embeddingWeight,
      normalizedKeyword: { maxKeyword > 0 ? keyword[$0] / maxKeyword : 0 },
      affinity: addsAffinity ? { [affinities, weight = configuration.affinityWeight] in weight * Double(affinities[$0]) } : nil)
    if var estimated = estimate, var estimates = vector {
      // Exact wherever the first places could be: those shown, and with templates the
      // template step's candidates and the `top + 1` scores its floors compare with.
      let keep = matchesTemplates ? max(configuration.templateCandidates, top + 1) : max(top, configuration.freeTextCandidates)
      refine(&scored, vector: &estimates, estimate: &estimated, keep: keep, fusion: fusion)
      estimate = estimated
      vector = estimates
    }
    // Stable order: by score, then catalog order. Only the first places are ever looked at,
    // so only they are put in order (`first`; a tool list of thousands): without a template
    // step `scored` is cut to them, with one it stays whole (every intent's score is a base
    // of the template step) and its first places are picked after it.
    if !matchesTemplates {
      scored = Self.first(max(top, configuration.freeTextCandidates), of: scored)
    }
    var template = [Float](repeating: 0, count: catalog.intents.count)
    // Intents whose template quality was left unknown, being below the floor given (so they
    // cannot reach the top); `exactTemplate` finds it when needed.
    var floors: [Int: Float] = [:]
    var arena = TemplateArena()
    func exactTemplate(where isNeeded: (Float) -> Bool) {
      for (index, floor) in floors.sorted(by: { $0.key < $1.key }) where isNeeded(floor) {
        template[index] = templates.bestQuality(intent: index, prepared, templatesPerIntent: configuration.templatesPerIntent, arena: &arena) ?? 0
        floors[index] = nil
      }
    }
    if matchesTemplates {
      let candidates = Self.first(configuration.templateCandidates, of: scored).map(\.index)
      if configuration.templateFloors {
        let matched = templates.matchedIntents(prepared, candidates: candidates, extra: configuration.templateBoundCandidates)
        // The matched intents' scores are the template step's base: exact.
        if var estimated = estimate, var estimates = vector {
          refine(&scored, vector: &estimates, estimate: &estimated, intents: matched.map(\.index), fusion: fusion)
          estimate = estimated
          vector = estimates
        }
        floors = templateScores(prepared, matched: matched, base: scored, affinities: affinities, top: max(1, top), into: &template)
      } else {
        template = templates.scores(
          prepared, candidates: candidates, extra: configuration.templateBoundCandidates, templatesPerIntent: configuration.templatesPerIntent)
      }
      // An intent without a template match gains `templateWeight · 0^power`; when that is 0
      // its score stays as it is, and only the matched intents are visited.
      let unmatchedGain = configuration.templateWeight * pow(0, configuration.templatePower)
      for k in scored.indices where unmatchedGain != 0 || template[scored[k].index] != 0 {
        scored[k].score += configuration.templateWeight * pow(Double(template[scored[k].index]), configuration.templatePower)
      }
      // Equally good template matches: the intent whose kind matches the named entity wins
      // ("start Vysávač", a vacuum: "Starts a vacuum" over "Turns on a device").
      if configuration.affinityTieBoost > 0 {
        // The boost needs the best quality: an intent left below its floor could only hold it
        // with a floor above the best known one and near 0.9.
        let known = template.max() ?? 0
        exactTemplate { $0 > known && $0 >= 0.89 }
      }
      if let bestQuality = template.max(), bestQuality >= 0.9, configuration.affinityTieBoost > 0 {
        for k in scored.indices where affinities[scored[k].index] > 0 && template[scored[k].index] >= bestQuality - 0.001 {
          scored[k].score += configuration.affinityTieBoost
        }
      }
    }
    let leaders = matchesTemplates ? Self.first(max(1, top), of: scored) : scored
    let requestTerms = mode.usesKeywords ? Set(analyzedTerms(tokens)) : []
    func ranked(_ index: Int, score: Double) -> RankedIntent {
      let matched = keywordIndex.matchedTerms(terms, document: index)
      // Share of the request's content terms found in the intent's fields.
      let matchedQueryTerms = Set(matched.map(\.queryTerm))
      let coverage = requestTerms.isEmpty ? 0 : Double(requestTerms.filter(matchedQueryTerms.contains).count) / Double(requestTerms.count)
      let confidence = calibrated(
        signals: mode,
        cosine: vector.map { Double($0[index]) } ?? 0, template: Double(template[index]), bm25: keyword[index], coverage: coverage)
      return RankedIntent(
        intentID: catalog.intents[index].id, intentIndex: index, confidence: confidence, evidence: confidence, score: score,
        keywordScore: keyword[index],
        keywordNormalized: maxKeyword > 0 ? keyword[index] / maxKeyword : 0, vectorScore: vector.map { Double($0[index]) },
        templateScore: Double(template[index]), coverage: coverage,
        matchedTerms: matched.map { MatchedTerm(request: $0.queryTerm, indexed: $0.indexTerm, weight: $0.weight) }, affinity: Int(affinities[index]))
    }
    var candidates = leaders.prefix(max(1, top)).map { ranked($0.index, score: $0.score) }
    // A request that a template reads exactly apart from its free text ("play ${query}" for
    // "play the ballad of four horses") is explained whole, though its free-text words match
    // nothing in the catalog. When nothing else is confident, or the best candidate's own
    // template needs more than `freeTextOverride` of edits, such a reading comes first,
    // confident like a fully covered match. Looked for among the first candidates and the
    // free-text intents whose template scores best (aligning costs one branch and bound each).
    let scale = Double(prepared.count + 1)
    if mode.usesKeywords, let best = candidates.first,
      best.confidence < configuration.noMatchThreshold || (1 - best.templateScore) * scale > configuration.freeTextOverride + 1e-4
    {
      var looked = Array(candidates.prefix(configuration.freeTextCandidates).map(\.intentIndex))
      exactTemplate { $0 >= 0.5 - 1e-3 }
      let byTemplate = scored.filter { template[$0.index] >= 0.5 && !looked.contains($0.index) }
        .sorted { template[$0.index] != template[$1.index] ? template[$0.index] > template[$1.index] : $0.index < $1.index }
      looked += byTemplate.prefix(configuration.freeTextCandidates).map(\.index)
      for index in looked where templates.hasFreeText(intent: index) {
        guard let aligned = templates.align(prepared, intent: index, knownQuality: template[index])?.alignment, aligned.freeTextCost > 0,
          aligned.costBesidesFreeText <= Float(configuration.freeTextTolerance) + 1e-4
        else { continue }
        var anchored = candidates.first { $0.intentIndex == index } ?? ranked(index, score: scored.first { $0.index == index }?.score ?? 0)
        candidates.removeAll { $0.intentIndex == index }
        anchored.confidence = calibrated(
          signals: mode,
          cosine: anchored.vectorScore ?? 0, template: Double(1 - aligned.costBesidesFreeText / aligned.scale), bm25: anchored.keywordScore,
          coverage: 1)
        anchored.evidence = anchored.confidence
        anchored.wholeReading = aligned.template
        candidates.insert(anchored, at: 0)
        if candidates.count > max(1, top) { candidates.removeLast() }
        break
      }
    }
    let model = confidenceModel(mode)
    let calibration = calibrate(candidates, model: model)
    candidates = Array(calibration.candidates.prefix(requested))
    var ranking = Ranking(request: request.text, candidates: candidates, isNoMatch: false, noMatchReason: nil)
    ranking.embeddingProblem = embeddingProblem
    ranking.confidenceOrigin = model.origin
    ranking.inScope = calibration.inScope
    ranking.detectedLanguage = request.detectedLanguage.map { $0.isConfident ? $0.language : nil } ?? nil
    ranking.crossLingual = mode != configuration.mode
    let threshold =
      configuration.noMatchOverride ?? (ranking.crossLingual ? max(model.threshold, ConfidenceCalibration.crossLingualMinimum) : model.threshold)
    if let best = candidates.first {
      if best.confidence < threshold {
        ranking.isNoMatch = true
        ranking.noMatchReason = "best confidence \((best.confidence * 10000).rounded() / 10000) is below the threshold \(threshold)"
      } else if configuration.noMatchOverride == nil, best.confidence < 1 - calibration.inScope {
        ranking.isNoMatch = true
        ranking.noMatchReason =
          "no intent is likelier than none: the best confidence \((best.confidence * 10000).rounded() / 10000) is below the chance that the request is outside the catalog (\(((1 - calibration.inScope) * 10000).rounded() / 10000))"
      } else if let queryVector, let bestVector = best.vectorScore {
        let negative = negativeVectors.map { dot($0, queryVector) }.max() ?? -1
        if Double(negative) >= configuration.negativePhraseSimilarity, Double(negative) > bestVector {
          ranking.isNoMatch = true
          ranking.noMatchReason = "the request matches a negative phrase (cosine \(negative))"
        }
      }
    } else {
      ranking.isNoMatch = true
      ranking.noMatchReason = "the catalog has no discoverable intents"
    }
    // Tied: the first candidates that fit, each on its own, at least `ambiguityShare` as well
    // as the answer (the capped confidences cannot tell: a second candidate is capped at what
    // the first leaves).
    // An answer at `ambiguityCeiling` or more is not ambiguous: template catalogs often fit
    // several intents on their own, and their calibrated answer is right all the same.
    if !ranking.isNoMatch, let best = calibration.uncapped.first, best > 0,
      let answer = candidates.first, answer.confidence < RankingConfiguration.ambiguityCeiling
    {
      let tied = calibration.uncapped.prefix(candidates.count).prefix { $0 >= RankingConfiguration.ambiguityShare * best }
      if tied.count > 1 { ranking.ambiguous = candidates.prefix(tied.count).map(\.intentID) }
    }
    return ranking
  }

  /// The ranking's order: higher score first, then catalog order.
  static func precedes(_ a: (index: Int, score: Double), _ b: (index: Int, score: Double)) -> Bool {
    a.score != b.score ? a.score > b.score : a.index < b.index
  }

  /// The first `k` of `scored` in the order a full sort by score (descending), then index,
  /// gives them. - Complexity: O(n × log k) comparisons and O(n × k) moves at worst, O(n)
  /// when few scores beat the k-th (the usual case).
  static func first(_ k: Int, of scored: [(index: Int, score: Double)]) -> [(index: Int, score: Double)] {
    let before = precedes
    var best: [(index: Int, score: Double)] = []
    best.reserveCapacity(k + 1)
    for entry in scored {
      if best.count == k, let last = best.last, !before(entry, last) { continue }
      var low = 0
      var high = best.count
      while low < high {
        let mid = (low + high) / 2
        if before(best[mid], entry) { low = mid + 1 } else { high = mid }
      }
      best.insert(entry, at: low)
      if best.count > k { best.removeLast() }
    }
    return best
  }

  /// The candidates with their confidences from `model` (`ConfidenceModel`), in the fused
  /// order; confidences do not rise along it and sum to at most 1 (no alternative is more
  /// confident than the answer, and a 95 % answer leaves at most 5 % to the rest).
  /// - Complexity: O(candidates × window).
  /// `uncapped`: each candidate's confidence before those caps (how well it fits on its own).
  func calibrate(_ candidates: [RankedIntent], model: ConfidenceModel) -> (
    candidates: [RankedIntent], inScope: Double, uncapped: [Double]
  ) {
    var out = candidates
    let inScope = candidates.isEmpty ? 1 : model.inScope(ConfidenceFeatures.of(0, in: candidates))
    var above = 0.0
    var uncapped: [Double] = []
    for k in out.indices {
      out[k].confidence = inScope * model.probability(ConfidenceFeatures.of(k, in: candidates))
      uncapped.append(out[k].confidence)
      // At most one of the candidates is right: an alternative is no likelier than what the
      // ones before it leave, nor than the one before it.
      if k > 0 { out[k].confidence = max(0, min(out[k].confidence, out[k - 1].confidence, 1 - above)) }
      above += out[k].confidence
    }
    return (out, inScope, uncapped)
  }

  /// Each intent's embedding score: its best cosine blended with its centroid's
  /// (`RankingConfiguration.centroidWeight`).
  func blendedVectorScores(_ index: VectorIndex, _ query: [Float]) -> [Float] {
    var scores = index.scores(query)
    guard let weight = centroidBlendWeight(index) else { return scores }
    let centroid = index.centroidScores(query)
    for i in scores.indices where scores[i] > -1 { scores[i] = (1 - weight) * scores[i] + weight * centroid[i] }
    return scores
  }

  /// The weight of the centroid blend of `blendedVectorScores`, nil when there is none: one
  /// row per intent (a tool list: each centroid is that row), or a template grammar (which
  /// keeps the best rows its shipped calibration was fitted with).
  func centroidBlendWeight(_ index: VectorIndex) -> Float? {
    let weight = Float(configuration.centroidWeight)
    return weight > 0 && !index.hasSingleRows && !compiled.isGrammar ? weight : nil
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

  /// The request's content terms as the keyword index sees them: skip words, stop words and
  /// the language's function words left out. A request of those alone ("the the the", "it",
  /// "which are on") has none, so nothing of it counts as covered: only a template match or
  /// the embedding can make it a match.
  func analyzedTerms(_ tokens: [AnalyzedToken]) -> [String] {
    let analyzer = keywordIndex.analyzer
    let functionWords = analyzer.profile.functionWords
    // A lone Latin letter ("a", "e") is no evidence of a request's topic either: matched, it
    // would make a one-letter request look fully covered.
    return tokens.filter {
      !$0.isSkipWord && $0.kind != .cjkBigram && !$0.isStopWord && !functionWords.contains($0.folded) && !Self.isLoneLetter($0.folded)
    }.map(\.term)
  }

  /// Whether `folded` is one letter a…z.
  static func isLoneLetter(_ folded: String) -> Bool {
    let bytes = folded.utf8
    return bytes.count == 1 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes.first!)
  }

  /// The calibrated confidence of one candidate's signals (see `RankingConfiguration`).
  func calibrated(signals: RankingMode, cosine: Double, template: Double, bm25: Double, coverage: Double) -> Double {
    let c = configuration.calibration(for: signals)
    let exact = template >= 0.999 ? c.exactTemplate : 0
    let z = c.bias + c.cosine * cosine + c.template * template + c.keyword * log(1 + bm25) + c.coverage * coverage + exact
    return 1 / (1 + exp(-z))
  }

  private func dot(_ a: [Float], _ b: [Float]) -> Float {
    var sum: Float = 0
    for i in 0..<min(a.count, b.count) { sum += a[i] * b[i] }
    return sum
  }
}
