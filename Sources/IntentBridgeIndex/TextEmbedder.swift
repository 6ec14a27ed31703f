/// Something that turns text into an L2-normalised vector: the in-process static model, or
/// an OpenAI-compatible embeddings endpoint.
public protocol TextEmbedder: Sendable {
  /// Names the model (and its build) so index files made with another model are detected.
  var identity: String { get }
  /// The length of every vector `embed` returns.
  var dimensions: Int { get }
  /// Embeds texts; an all-zero vector means "no signal" (e.g. only unknown tokens).
  func embed(_ texts: [String]) throws -> [[Float]]
  /// Embeds texts of one kind: asymmetric models (E5: `query:` / `passage:`) treat requests
  /// and intent texts differently. Defaults to `embed(_:)`.
  func embed(_ texts: [String], kind: EmbeddingInputKind) throws -> [[Float]]
}

/// What a text is, for asymmetric embedding models.
public enum EmbeddingInputKind: String, Sendable {
  /// A request to route.
  case query
  /// Intent text (titles, descriptions, phrases) that requests are compared with.
  case passage
}

extension TextEmbedder {
  public func embed(_ texts: [String], kind: EmbeddingInputKind) throws -> [[Float]] {
    try embed(texts)
  }
}
