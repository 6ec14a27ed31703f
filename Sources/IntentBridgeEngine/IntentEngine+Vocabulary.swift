import IntentBridgeIndex
import IntentBridgeText

/// A field of an intent's searchable text, as the keyword index weighs it.
package enum IntentTextField: Sendable, Hashable, CaseIterable {
  case title, phrases, keywords, description, parameters, values, parameterDescriptions

  var documentField: IntentDocument.Field {
    switch self {
    case .title: .title
    case .phrases: .phrases
    case .keywords: .keywords
    case .description: .description
    case .parameters: .parameters
    case .values: .values
    case .parameterDescriptions: .parameterDescriptions
    }
  }
}

/// What the engine's index holds, for tools that reason about a catalog's vocabulary (the
/// evaluation's discoverability advice): term weights, intent centroids, and a request's
/// words as the index reads them.
extension IntentEngine {
  /// Per intent (catalog order), its terms in `fields` with tf·idf weights.
  package func termWeights(in fields: Set<IntentTextField>) -> [[String: Double]] {
    compiled.keywordIndex.documentTermWeights(fields: Set(fields.map(\.documentField)))
  }

  /// Per intent, the normalised mean of its vectors; nil without embeddings.
  package func intentCentroids() -> [[Float]]? { ranker.vectorIndex?.centroids() }

  /// The request's content words as the keyword index reads them (`term`: the indexed form,
  /// `folded`: the folded surface word), skip, stop and function words left out, in order.
  package func contentWords(of request: String) -> [(term: String, folded: String)] {
    let analyzer = compiled.analyzer
    return analyzer.tokens(request).filter { !$0.isSkipWord && !$0.isStopWord && !analyzer.profile.functionWords.contains($0.folded) }
      .map { ($0.term, $0.folded) }
  }

  /// The request's terms resolved against the index (exact, typo or compound part): each
  /// request term with the indexed term it matched.
  package func resolvedTerms(of request: String) -> [(query: String, index: String)] {
    compiled.keywordIndex.resolve(request).map { ($0.queryTerm, $0.indexTerm) }
  }
}
