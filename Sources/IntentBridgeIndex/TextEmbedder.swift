/// Something that turns text into an L2-normalised vector: the in-process static model, or
/// an OpenAI-compatible embeddings endpoint.
public protocol TextEmbedder: Sendable {
  /// Names the model (and its build) so vector files made with another model are detected.
  var identity: String { get }
  var dimensions: Int { get }
  /// Embeds texts; an all-zero vector means "no signal" (e.g. only unknown tokens).
  func embed(_ texts: [String]) throws -> [[Float]]
}
