/// What to change in a catalog so that requests reach their intents (`DiscoverabilityAdvisor`).
public struct DiscoverabilityAdvice: Sendable, Hashable {
  /// Two intents whose metadata say nearly the same thing.
  public struct Collision: Sendable, Hashable {
    public var first: String
    public var second: String
    /// Cosine of the intents' TF-IDF term vectors over title, phrases, keywords, description.
    public var keywordSimilarity: Double
    /// Cosine of the mean vectors of the intents' vector-file entries (nil without embeddings).
    public var embeddingSimilarity: Double?
    /// Requests of either intent that the evaluated mode sent to the other.
    public var confusedRequests: Int
  }

  /// An intent with labelled requests that no request reached.
  public struct NeverFirst: Sendable, Hashable {
    public var intent: String
    public var expectedRequests: Int
    /// Where its requests went instead, most frequent first (nil = no match).
    public var wentTo: [String?]
  }

  /// A word that misrouted requests for `intent` use and no metadata field of it contains.
  public struct SuggestedWord: Sendable, Hashable {
    public var intent: String
    public var word: String
    /// Misrouted requests of the intent containing it.
    public var requests: Int
    public var example: String
  }

  /// Intents lacking a text in a language the catalog or the requests use.
  public struct MissingTranslation: Sendable, Hashable {
    public var language: String
    /// `title`, `description`, `phrases` or `searchKeywords`.
    public var field: String
    public var intents: [String]
  }

  public var mode: String
  public var collisions: [Collision] = []
  public var neverRankedFirst: [NeverFirst] = []
  /// Discoverable intents without any labelled request (untested).
  public var unlabelledIntents: [String] = []
  public var suggestedWords: [SuggestedWord] = []
  public var missingTranslations: [MissingTranslation] = []

  public init(mode: String) { self.mode = mode }
}
