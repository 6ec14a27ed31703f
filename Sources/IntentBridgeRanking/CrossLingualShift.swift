import IntentBridgeConcurrency
import IntentBridgeIndex
import IntentBridgeText

/// How much lower requests in another language score against a catalog than the same
/// requests in the catalog's language, per language: measured with the twenty requests that
/// `OffDomainSamples.parallel` has in every language, as the mean difference of their best
/// embedding scores (negative). A cross-lingual request's embedding scores are raised by it
/// before its confidence is read (`Ranker.rank`), so that "how well does the best intent
/// match" means the same whatever the language.
///
///     CrossLingualShift.measure(ranker)   // ["de": -0.12, "ja": -0.41, …]
///
/// - Complexity: 20 embeddings and vector scans per language (17 languages).
package enum CrossLingualShift {
  package static func measure(_ ranker: Ranker) -> [String: Double] {
    guard let vectors = ranker.vectorIndex, let embedder = ranker.embedder,
      let own = OffDomainSamples.parallel(ranker.language), let ownBest = best(own, ranker: ranker, vectors: vectors, embedder: embedder)
    else { return [:] }
    var shifts: [String: Double] = [:]
    for language in OffDomainSamples.languages where language != LanguageTag.primary(ranker.language) {
      guard let sentences = OffDomainSamples.parallel(language), sentences.count == own.count,
        let scores = best(sentences, ranker: ranker, vectors: vectors, embedder: embedder)
      else { continue }
      let mean = zip(scores, ownBest).map { Double($0 - $1) }.reduce(0, +) / Double(scores.count)
      shifts[language] = (mean * 10000).rounded() / 10000
    }
    return shifts
  }

  /// The best blended embedding score of each sentence against the catalog's intents.
  static func best(_ sentences: [String], ranker: Ranker, vectors: VectorIndex, embedder: any TextEmbedder) -> [Float]? {
    guard let embedded = try? embedder.embed(sentences, kind: .query), embedded.count == sentences.count else { return nil }
    return concurrentMap(embedded) { ranker.blendedVectorScores(vectors, $0).max() ?? 0 }
  }
}
