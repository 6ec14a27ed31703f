import IntentBridgeJSON

/// The embedding vectors of a catalog's intents for one language and model: one row per
/// text an intent is known by (its title and description, phrase samples, keywords), with
/// the confidence models fitted with them. Built by `VectorFileBuilder`, stored in the
/// catalog's index file (`IndexFile`) and checked by `validate` when read.
public struct VectorFile: Sendable, Equatable {
  /// What each vector stands for.
  public struct Entry: Sendable, Equatable {
    /// Index of the intent in the catalog's `intents`.
    public var intent: Int
    /// `title`, `phrase`, `keywords`, …
    public var kind: String

    public init(intent: Int, kind: String) {
      self.intent = intent
      self.kind = kind
    }
  }

  public var model: String
  public var dimensions: Int
  public var catalogHash: String
  public var language: String
  public var entries: [Entry]
  /// `entries.count × dimensions` floats, row-major.
  public var vectors: [Float]
  /// What the engine fitted for the catalog when it built the vectors (its confidence
  /// models), kept verbatim in the index file; nil when absent.
  public var calibration: JSONValue?

  public init(model: String, dimensions: Int, catalogHash: String, language: String, entries: [Entry], vectors: [Float]) {
    self.model = model
    self.dimensions = dimensions
    self.catalogHash = catalogHash
    self.language = language
    self.entries = entries
    self.vectors = vectors
  }
}
