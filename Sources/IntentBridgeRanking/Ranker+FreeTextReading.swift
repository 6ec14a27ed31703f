import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeTemplates

extension Ranker {
  /// The first places of the pass, each with its signals, coverage and uncalibrated confidence
  /// (`rankedIntent`), best first.
  func leaders(_ pass: RankingPass) -> [RankedIntent] {
    let leaders = pass.matchesTemplates ? Self.first(max(1, pass.top), of: pass.scored) : pass.scored
    return leaders.prefix(max(1, pass.top)).map { rankedIntent($0.index, score: $0.score, pass) }
  }

  /// Intent `index` as the pass scored it: its signals, the share of the request's content
  /// terms found in its fields (coverage), its confidence from its own signals and what each
  /// signal added to `score`.
  func rankedIntent(_ index: Int, score: Double, _ pass: RankingPass) -> RankedIntent {
    let matched = keywordIndex.matchedTerms(pass.terms, document: index)
    // Share of the request's content terms found in the intent's fields.
    let matchedQueryTerms = Set(matched.map(\.queryTerm))
    let requestTerms = pass.requestTerms
    let coverage = requestTerms.isEmpty ? 0 : Double(requestTerms.filter(matchedQueryTerms.contains).count) / Double(requestTerms.count)
    let cosine = pass.vector.map { Double($0[index]) }
    let confidence = calibrated(
      signals: pass.signals, cosine: cosine ?? 0, template: Double(pass.template[index]), bm25: pass.keyword[index], coverage: coverage)
    let normalized = pass.maxKeyword > 0 ? pass.keyword[index] / pass.maxKeyword : 0
    var contributions = SignalContributions(
      keywordWeight: configuration.fusedKeywordWeight, keyword: configuration.fusedKeywordWeight * normalized,
      embeddingWeight: configuration.embeddingWeight, embedding: cosine.map { configuration.embeddingWeight * max($0, 0) } ?? 0,
      templateWeight: configuration.templateWeight,
      template: pass.matchesTemplates && pass.template[index] != 0 ? templateContribution(pass.template[index]) : 0,
      affinity: configuration.affinityWeight * Double(pass.affinities[index]))
    if let boosted = pass.tieBoostQuality, pass.affinities[index] > 0, pass.template[index] >= boosted {
      contributions.affinity += configuration.affinityTieBoost
    }
    return RankedIntent(
      intentID: catalog.intents[index].id, intentIndex: index, confidence: confidence, evidence: confidence, score: score,
      keywordScore: pass.keyword[index], keywordNormalized: normalized, vectorScore: cosine, templateScore: Double(pass.template[index]),
      coverage: coverage, matchedTerms: matched.map { MatchedTerm(request: $0.queryTerm, indexed: $0.indexTerm, weight: $0.weight) },
      affinity: Int(pass.affinities[index]), contributions: contributions)
  }

  /// The third stage of `rank`: a request that a template reads exactly apart from its free
  /// text ("play ${query}" for "play the ballad of four horses") is explained whole, though
  /// its free-text words match nothing in the catalog. When nothing else is confident, or the
  /// best candidate's own template needs more than `freeTextOverride` of edits, such a
  /// reading comes first, confident like a fully covered match. Looked for among the first
  /// candidates and the free-text intents whose template scores best (aligning costs one
  /// branch and bound each); the alignment made is kept for filling (`RankingPass.alignment`).
  func readFreeText(_ pass: inout RankingPass, candidates: inout [RankedIntent]) {
    let scale = Double(pass.request.prepared.count + 1)
    guard pass.signals.usesKeywords, let best = candidates.first,
      best.confidence < configuration.noMatchThreshold || (1 - best.templateScore) * scale > configuration.freeTextOverride + 1e-4
    else { return }
    var looked = Array(candidates.prefix(configuration.freeTextCandidates).map(\.intentIndex))
    exactTemplate(&pass) { $0 >= 0.5 - 1e-3 }
    let template = pass.template
    let byTemplate = pass.scored.filter { template[$0.index] >= 0.5 && !looked.contains($0.index) }
      .sorted { template[$0.index] != template[$1.index] ? template[$0.index] > template[$1.index] : $0.index < $1.index }
    looked += byTemplate.prefix(configuration.freeTextCandidates).map(\.index)
    for index in looked where templates.hasFreeText(intent: index) {
      let made = templates.alignment(pass.request.prepared, intent: index, knownQuality: template[index], reusing: nil)
      guard let aligned = made.alignment, aligned.freeTextCost > 0, aligned.costBesidesFreeText <= Float(configuration.freeTextTolerance) + 1e-4
      else { continue }
      var anchored = candidates.first { $0.intentIndex == index } ?? rankedIntent(index, score: pass.score(of: index), pass)
      candidates.removeAll { $0.intentIndex == index }
      anchored.confidence = calibrated(
        signals: pass.signals, cosine: anchored.vectorScore ?? 0, template: Double(1 - aligned.costBesidesFreeText / aligned.scale),
        bm25: anchored.keywordScore, coverage: 1)
      anchored.evidence = anchored.confidence
      anchored.wholeReading = aligned.template
      candidates.insert(anchored, at: 0)
      if candidates.count > max(1, pass.top) { candidates.removeLast() }
      pass.alignment = made
      break
    }
  }
}
