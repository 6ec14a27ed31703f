import IntentBridgeBinary
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
  /// Which rows fold into an earlier row of their intent as near duplicates, found once
  /// when the vectors were built (`VectorIndex.nearDuplicateFolds`); nil when not stored.
  public var nearDuplicates: NearDuplicates?
  /// The compiled catalog the file was built from (section `COMP`, `CompiledCatalog.encoded`
  /// in the ranking module; opaque here), read back at a start instead of compiling the
  /// catalog; nil when not stored. Read from a file, the section is read in place (the
  /// file stays mapped while this value lives).
  package var compiledCatalog: ByteRange?
  /// Per row, the hash of the text it was embedded from (`ReusableRows.hash`, section
  /// `TXTH`), so that a rebuild with the same model takes the rows of unchanged texts
  /// (`ReusableRows`) instead of embedding them again; nil when not stored.
  package var textHashes: [UInt64]?

  /// The near-duplicate folding of the rows at one cosine threshold: `folds[row]` is -1 for
  /// a row that is kept, else the earlier kept row of the same intent it folds into.
  public struct NearDuplicates: Sendable, Equatable {
    public var threshold: Float
    public var folds: [Int32]

    public init(threshold: Float, folds: [Int32]) {
      self.threshold = threshold
      self.folds = folds
    }
  }

  public init(model: String, dimensions: Int, catalogHash: String, language: String, entries: [Entry], vectors: [Float]) {
    self.model = model
    self.dimensions = dimensions
    self.catalogHash = catalogHash
    self.language = language
    self.entries = entries
    self.vectors = vectors
  }
}
