import IntentBridgeIndex
import IntentBridgeTemplates

/// What `Ranker.rank` takes of a request's embedding: the query vector and every intent's
/// embedding score (exact, or estimates to be made exact where the ranking looks), or why
/// there is none. The same for every ranking of one request by one ranker, so that ranking
/// it again (`ConfidenceCalibration`: with its intent left out) embeds and scans once.
package struct QueryEmbedding {
  /// The request's vector; nil without embeddings (or a text with no known token).
  let query: [Float]?
  /// Every intent's embedding score (`Ranker.blendedVectorScores`, or `estimate`'s scores).
  let vector: [Float]?
  /// On a large index, the scores as estimates (`EstimatedVectorScores`).
  let estimate: EstimatedVectorScores?
  /// Why the embedding failed, for `Ranking.embeddingProblem`.
  let problem: String?
}

extension Ranker {
  /// The embedding of `request` as `rank` uses it, for the signals that rank it
  /// (`signals(for:)`).
  /// - Complexity: embedding the request plus one scan of the vectors (8-bit centroids on a
  ///   large index, `EstimatedVectorScores`).
  package func embedQuery(_ request: AnalyzedRequest) -> QueryEmbedding {
    let mode = signals(for: request)
    guard mode.usesEmbeddings, let vectorIndex, let embedder else { return QueryEmbedding(query: nil, vector: nil, estimate: nil, problem: nil) }
    do {
      guard let embedded = try embedder.embed([templates.delexicalize(request.prepared)], kind: .query).first,
        embedded.contains(where: { $0 != 0 })
      else { return QueryEmbedding(query: nil, vector: nil, estimate: nil, problem: nil) }
      // On a large index, the cosines start as estimates and are made exact where the ranking
      // looks (`EstimatedVectorScores`); the ranking is the same.
      var estimate: EstimatedVectorScores?
      if vectorIndex.hasEstimates, configuration.templateFloors, !(request.foreignLanguage != nil && mode == .embedding) {
        estimate = EstimatedVectorScores(index: vectorIndex, query: embedded, centroidWeight: centroidBlendWeight(vectorIndex))
      }
      var vector = estimate?.scores ?? blendedVectorScores(vectorIndex, embedded)
      // A request in another language scores lower against every intent alike
      // (`CrossLingualShift`); raised by that much, its confidence reads as the catalog's
      // own language's would.
      if let foreign = request.foreignLanguage, mode == .embedding {
        let shift = Float(configuration.crossLingualShift(foreign))
        vector = vector.map { $0 > -1 ? $0 - shift : $0 }
      }
      return QueryEmbedding(query: embedded, vector: vector, estimate: estimate, problem: nil)
    } catch {
      // An endpoint that fails leaves keyword and template evidence; the ranking says so.
      return QueryEmbedding(
        query: nil, vector: nil, estimate: nil, problem: "embedding unavailable (\(error)); ranked by keywords and templates only")
    }
  }
}
