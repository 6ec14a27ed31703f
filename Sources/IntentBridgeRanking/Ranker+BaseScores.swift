import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeTemplates
import IntentBridgeText

extension Ranker {
  /// The first stage of `rank`: every discoverable intent's fused score without templates —
  /// `fusedKeywordWeight · bm25 / max(bm25) + embeddingWeight · max(cosine, 0)`, plus
  /// `affinityWeight · affinity` (added before the template step, so that it also decides which
  /// intents' templates are matched). `excluding` leaves one intent out.
  /// - Complexity: O(postings of the request terms + intents); on a large index the cosines
  ///   are estimates, made exact where the first places could be (`refine`).
  func baseScores(_ request: AnalyzedRequest, signals mode: RankingMode, top: Int, excluding: Int?, embedding: QueryEmbedding) -> RankingPass {
    let tokens = request.tokens
    // The terms are found for coverage (a confidence feature) of a request in the catalog's
    // language that the embeddings alone rank (`embeddingWeighsCoverage`); they score only
    // with keywords.
    let lexical = mode.usesKeywords || (configuration.embeddingWeighsCoverage && request.foreignLanguage == nil)
    let terms = lexical ? keywordIndex.resolve(tokens: tokens) : []
    let keyword = mode.usesKeywords ? keywordIndex.scores(terms) : [Double](repeating: 0, count: catalog.intents.count)
    let maxKeyword = keyword.max() ?? 0
    var scored: [(index: Int, score: Double)] = []
    scored.reserveCapacity(catalog.intents.count)
    for (i, intent) in catalog.intents.enumerated() where intent.isDiscoverable && i != excluding {
      let k = maxKeyword > 0 ? keyword[i] / maxKeyword : 0
      var score = configuration.fusedKeywordWeight * k
      if let vector = embedding.vector { score += configuration.embeddingWeight * Double(max(vector[i], 0)) }
      scored.append((i, score))
    }
    var affinities = [Int8](repeating: 0, count: catalog.intents.count)
    let addsAffinity = mode.usesKeywords && configuration.affinityWeight > 0 && !affinity.isEmpty
    if addsAffinity {
      affinities = affinity.affinities(request.prepared, templates: templates)
      for k in scored.indices { scored[k].score += configuration.affinityWeight * Double(affinities[scored[k].index]) }
    }
    let matchesTemplates = mode.usesKeywords && !templates.isEmpty && configuration.templateWeight > 0
    let fusion = BaseFusion(
      keywordWeight: configuration.fusedKeywordWeight, embeddingWeight: configuration.embeddingWeight,
      normalizedKeyword: { maxKeyword > 0 ? keyword[$0] / maxKeyword : 0 },
      affinity: addsAffinity ? { [affinities, weight = configuration.affinityWeight] in weight * Double(affinities[$0]) } : nil)
    var pass = RankingPass(
      request: request, signals: mode, top: top, terms: terms, keyword: keyword, maxKeyword: maxKeyword,
      requestTerms: lexical ? Set(analyzedTerms(tokens)) : [], query: embedding.query, embeddingProblem: embedding.problem,
      vector: embedding.vector, estimate: embedding.estimate, scored: scored, affinities: affinities, fusion: fusion,
      matchesTemplates: matchesTemplates, template: [Float](repeating: 0, count: catalog.intents.count))
    if var estimated = pass.estimate, var estimates = pass.vector {
      // Exact wherever the first places could be: those shown, and with templates the
      // template step's candidates and the `top + 1` scores its floors compare with.
      let keep = matchesTemplates ? max(configuration.templateCandidates, top + 1) : max(top, configuration.freeTextCandidates)
      refine(&pass.scored, vector: &estimates, estimate: &estimated, keep: keep, fusion: fusion)
      pass.estimate = estimated
      pass.vector = estimates
    }
    // Stable order: by score, then catalog order. Only the first places are ever looked at,
    // so only they are put in order (`first`; a tool list of thousands): without a template
    // step `scored` is cut to them, with one it stays whole (every intent's score is a base
    // of the template step) and its first places are picked after it.
    if !matchesTemplates {
      pass.scored = Self.first(max(top, configuration.freeTextCandidates), of: pass.scored)
    }
    return pass
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
}
