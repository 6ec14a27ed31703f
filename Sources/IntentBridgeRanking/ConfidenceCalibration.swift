import IntentBridgeConcurrency
import IntentBridgeSystem
import IntentBridgeTemplates

/// Fits a catalog's confidence models (`ConfidenceModel`, one per signal choice) from
/// requests made of the catalog itself (`PseudoRequests`), as its index is built.
///
/// Each pseudo-request is ranked as a user's request would be, with the shipped calibration;
/// the features of the first candidate, and whether it is the intent the request stands for,
/// are one row of the fit:
/// - in-domain requests: right when the first candidate is their intent (the fit of
///   `ConfidenceModel.weights`), and in the domain (the fit of `inScopeWeights`);
/// - the same requests with their own intent left out of the ranking: outside the domain,
///   like a request near the catalog's domain that no intent answers;
/// - off-domain requests: outside the domain.
/// Near requests weigh `nearShare` of the outside ones, and all of those `outOfScopePrior`
/// against the in-domain ones. The in-domain part is then read at `confidenceOutsideShare`
/// (its bias raised by the log of `outsideCost`), and the model decides "no match" with that
/// `outsideCost`: the same requests are refused as at `outOfScopePrior`, while a confidence
/// means the chance of being right where most requests are meant for the catalog.
/// Held-out examples are ranked by `foldRankers[fold]`, whose catalog lacks them.
///
///     let models = ConfidenceCalibration.fit(ranker: ranker, foldRankers: folds, modes: [.hybrid, .keyword])
///
/// - Complexity: O(modes × pseudo-requests × rank), about 2 × 900 rankings per mode.
package enum ConfidenceCalibration {
  /// The share of requests outside the catalog's domain the fit assumes (the prior of
  /// `ConfidenceModel.inScope`): "no match" wins when no intent is likelier than that.
  package static let outOfScopePrior = 0.2
  /// The share of outside requests a confidence is read at: a router's requests are mostly
  /// meant for its catalog (about 3 % of CLINC150's development rows are out of scope, 17 % of
  /// MetaTool's). At 0.2 the confidences of in-domain requests ran ~10 points low (expected
  /// calibration error 0.09–0.10 on CLINC150 with the transformer; 0.02–0.04 at 0.05).
  package static let confidenceOutsideShare = 0.05
  /// The odds of an outside request at `outOfScopePrior` over those at
  /// `confidenceOutsideShare` (4.75): a catalog model's `outsideCost`.
  package static let outsideCost = outOfScopePrior / (1 - outOfScopePrior) / (confidenceOutsideShare / (1 - confidenceOutsideShare))
  /// Of the outside requests' weight, the share of those near the domain (an intent left
  /// out); the rest is off-domain.
  package static let nearShare = 0.3
  /// The no-match threshold of a cross-lingual answer (a request in a language the catalog
  /// lacks, ranked by embeddings alone): less evidence, so more confidence is asked for (the
  /// confidence read at `outOfScopePrior`, `ConfidenceModel.fittedInScope`). At
  /// 0.3, 92.7 % of the off-domain requests get "no match" against the Chinese Home Assistant
  /// examples catalog (80.7 % without: German, Finnish and English requests answered at
  /// 0.25–0.5), and no development set loses an answer (docs/RANKING.md, "Languages").
  package static let crossLingualMinimum = 0.3

  package static func fit(
    ranker: Ranker, foldRankers: [Int: Ranker], modes: [RankingMode], requests: [PseudoRequest]? = nil
  ) -> [RankingMode: ConfidenceModel] {
    // A grammar of phrase templates keeps the shipped calibration: it was fitted on labelled
    // requests to such catalogs (docs/RANKING.md), and samples of the grammar only echo it.
    guard !ranker.compiled.isGrammar else { return [:] }
    let requests = requests ?? PseudoRequests.make(compiled: ranker.compiled)
    var models: [RankingMode: ConfidenceModel] = [:]
    // Analysed once for every mode (by the catalog that ranks each: its fold's, or the full one).
    let analyzed = concurrentMap(requests) { request in (request.fold.flatMap { foldRankers[$0] } ?? ranker).compiled.analyze(request.text) }
    var embeddings = [QueryEmbedding?](repeating: nil, count: requests.count)
    for mode in modes {
      let rows = self.rows(requests, ranker: ranker, foldRankers: foldRankers, mode: mode, analyzed: analyzed, embeddings: &embeddings)
      let correct = ConfidenceFitter.fit(rows.inDomain, prior: .identity, origin: .catalog)
      let inScopePrior = ConfidenceModel(weights: ConfidenceFeatures.names.map { _ in 0 }, origin: .catalog)
      let inDomainWeight = rows.inDomain.reduce(0) { $0 + $1.weight }
      let outWeight = rows.outOfDomain.reduce(0) { $0 + $1.weight }
      let scale = outWeight > 0 ? outOfScopePrior / (1 - outOfScopePrior) * inDomainWeight / outWeight : 0
      let inScopeRows =
        rows.inDomain.map { ConfidenceFitter.Row(features: $0.features, isRight: true, weight: $0.weight) }
        + rows.outOfDomain.map { ConfidenceFitter.Row(features: $0.features, isRight: false, weight: $0.weight * scale) }
      var inScopeWeights = ConfidenceFitter.fit(inScopeRows, prior: inScopePrior, origin: .catalog).weights
      inScopeWeights[0] += log(outsideCost)
      models[mode] = ConfidenceModel(
        weights: correct.weights, inScopeWeights: inScopeWeights, threshold: 0, outsideCost: outsideCost, origin: .catalog,
        fittedOn: rows.inDomain.count + rows.outOfDomain.count)
    }
    return models
  }

  /// The fit's rows for one signal choice: in-domain requests (right when their intent comes
  /// first), and requests outside the domain (their intent left out, or off-domain).
  /// `analyzed[i]` is `requests[i]` analysed by the catalog of the ranker that ranks it, when
  /// given. Each request is embedded once, for its ranking with and without its intent.
  package static func rows(
    _ requests: [PseudoRequest], ranker: Ranker, foldRankers: [Int: Ranker], mode: RankingMode, analyzed: [AnalyzedRequest]? = nil
  ) -> (inDomain: [ConfidenceFitter.Row], outOfDomain: [ConfidenceFitter.Row]) {
    var embeddings = [QueryEmbedding?](repeating: nil, count: requests.count)
    return rows(requests, ranker: ranker, foldRankers: foldRankers, mode: mode, analyzed: analyzed, embeddings: &embeddings)
  }

  /// `rows`, reusing `embeddings[i]` for `requests[i]` where another mode left it: a request
  /// in the catalog's language is embedded alike by every mode that uses embeddings
  /// (`Ranker.embedQuery` depends on the mode only for a cross-lingual request).
  static func rows(
    _ requests: [PseudoRequest], ranker: Ranker, foldRankers: [Int: Ranker], mode: RankingMode, analyzed: [AnalyzedRequest]?,
    embeddings: inout [QueryEmbedding?]
  ) -> (inDomain: [ConfidenceFitter.Row], outOfDomain: [ConfidenceFitter.Row]) {
    func shipped(_ ranker: Ranker) -> Ranker {
      var copy = ranker
      copy.configuration.mode = mode
      copy.configuration.confidenceModels = [:]
      return copy
    }
    let full = shipped(ranker)
    let folds = foldRankers.mapValues(shipped)
    let known = embeddings
    // Each request is ranked on its own (on every core); the rows are joined in request order.
    let ranked = concurrentMap(Array(requests.indices)) { position -> RankedRequest in
      let request = requests[position]
      let rankerOfRequest = request.fold.flatMap { folds[$0] } ?? full
      let analyzed = analyzed.map { $0[position] } ?? rankerOfRequest.compiled.analyze(request.text)
      let shares = mode.usesEmbeddings && analyzed.foreignLanguage == nil
      let embedding = (shares ? known[position] : nil) ?? rankerOfRequest.embedQuery(analyzed)
      var result = RankedRequest(embedding: shares ? embedding : nil)
      let ranking = rankerOfRequest.rank(analyzed, top: 3, embedding: embedding)
      guard !ranking.candidates.isEmpty else { return result }
      let features = rankerOfRequest.confidenceFeatures(0, in: ranking.candidates, crossLingual: ranking.crossLingual)
      guard let intent = request.intent else {
        result.offDomain = .init(features: features, isRight: false)
        return result
      }
      result.inDomain = .init(features: features, isRight: ranking.candidates[0].intentIndex == intent)
      let without = rankerOfRequest.rank(analyzed, top: 3, excluding: intent, embedding: embedding)
      if !without.candidates.isEmpty {
        result.near = .init(
          features: rankerOfRequest.confidenceFeatures(0, in: without.candidates, crossLingual: without.crossLingual), isRight: false)
      }
      return result
    }
    for (position, result) in ranked.enumerated() where result.embedding != nil { embeddings[position] = result.embedding }
    let inDomain = ranked.compactMap(\.inDomain)
    let near = ranked.compactMap(\.near)
    let offDomain = ranked.compactMap(\.offDomain)
    let nearWeight = near.isEmpty ? 0 : nearShare / Double(near.count)
    let offWeight = offDomain.isEmpty ? 0 : (1 - nearShare) / Double(offDomain.count)
    return (
      inDomain,
      near.map { .init(features: $0.features, isRight: false, weight: nearWeight) }
        + offDomain.map { .init(features: $0.features, isRight: false, weight: offWeight) }
    )
  }

  /// What ranking one pseudo-request gave: its query embedding (when modes share it) and its
  /// rows, if any.
  private struct RankedRequest: Sendable {
    var embedding: QueryEmbedding?
    var inDomain: ConfidenceFitter.Row?
    var near: ConfidenceFitter.Row?
    var offDomain: ConfidenceFitter.Row?
  }
}
