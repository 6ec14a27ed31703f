import IntentBridgeEmbedding
import IntentBridgeIndex

/// The in-process transformer encoder embeds locally and never fails; requests are embedded as
/// queries and intent texts as passages (the model's `query: ` and `passage: ` prefixes).
extension TransformerEncoder: TextEmbedder {
  package func embed(_ texts: [String]) throws -> [[Float]] {
    embed(texts, as: .query)
  }

  package func embed(_ texts: [String], kind: EmbeddingInputKind) throws -> [[Float]] {
    embed(texts, as: kind == .query ? .query : .passage)
  }
}
