/// Which signals rank the intents. `hybrid` is the product's default; the other two exist so
/// that an evaluation can show what each signal contributes (`intentbridge eval --signals`).
public enum RankingMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Lexical evidence only: BM25F keyword scores and phrase-template matches; no model.
  case keyword
  /// Embedding similarity only (the request's vector against the index file's).
  case embedding
  /// Everything: keywords, templates and embeddings fused (the default).
  case hybrid

  public var description: String { rawValue }

  /// Whether the mode ranks with embeddings (`embedding`, `hybrid`).
  public var usesEmbeddings: Bool { self != .keyword }
  /// Whether the mode ranks with keywords and templates (`keyword`, `hybrid`).
  public var usesKeywords: Bool { self != .embedding }
}
