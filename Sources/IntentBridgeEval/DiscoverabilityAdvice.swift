/// What to change in a catalog so that requests reach their intents (`DiscoverabilityAdvisor`).
public struct DiscoverabilityAdvice: Sendable, Hashable {
  /// Two intents whose metadata say nearly the same thing.
  public struct Collision: Sendable, Hashable {
    /// The id of the intent that comes first in the catalog.
    public var first: String
    /// The id of the other intent, later in the catalog.
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
    /// The intent's id.
    public var intent: String
    /// The labelled requests that expect it (its first acceptable intent).
    public var expectedRequests: Int
    /// Where its requests went instead, most frequent first (nil = no match).
    public var wentTo: [String?]
  }

  /// A word that misrouted requests for `intent` use and no metadata field of it contains.
  public struct SuggestedWord: Sendable, Hashable {
    /// The id of the intent the requests expected.
    public var intent: String
    /// The word as the requests write it, case- and diacritic-folded (not stemmed).
    public var word: String
    /// Misrouted requests of the intent containing it.
    public var requests: Int
    /// The first misrouted request that uses the word.
    public var example: String
  }

  /// Intents lacking a text in a language the catalog or the requests use.
  public struct MissingTranslation: Sendable, Hashable {
    /// The language tag, of the catalog or of the requests.
    public var language: String
    /// `title`, `description`, `phrases` or `searchKeywords`.
    public var field: String
    /// The ids of the discoverable intents without the field in the language, in catalog order.
    public var intents: [String]
  }

  /// The ranking mode the advice was made for (`hybrid`, or the first mode evaluated).
  public var mode: String
  /// Colliding intent pairs, most confused requests first, then most similar (at most
  /// `DiscoverabilityAdvisor.maximumCollisions`).
  public var collisions: [Collision] = []
  /// Intents with labelled requests that the mode never answered, in catalog order.
  public var neverRankedFirst: [NeverFirst] = []
  /// Discoverable intents without any labelled request (untested).
  public var unlabelledIntents: [String] = []
  /// Candidate words for `searchKeywords` or synonyms, most requests first (at most
  /// `DiscoverabilityAdvisor.maximumSuggestions`).
  public var suggestedWords: [SuggestedWord] = []
  /// Per language and field, the intents without a text in it.
  public var missingTranslations: [MissingTranslation] = []

  /// Empty advice for `mode`.
  public init(mode: String) { self.mode = mode }
}
