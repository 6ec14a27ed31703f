import IntentBridgeBinary
import IntentBridgeJSON

/// The embedding vectors of a catalog's intents for one language and model: one row per
/// text an intent is known by (its title and description, phrase samples, keywords), with
/// the confidence models fitted with them. Built by `VectorFileBuilder`, stored in the
/// catalog's index file (`IndexFile`) and checked by `validate` when read.
package struct VectorFile: Sendable, Equatable {
  /// What each vector stands for.
  package struct Entry: Sendable, Equatable {
    /// Index of the intent in the catalog's `intents`.
    package var intent: Int
    /// `title`, `phrase`, `keywords`, …
    package var kind: String

    package init(intent: Int, kind: String) {
      self.intent = intent
      self.kind = kind
    }
  }

  package var model: String
  package var dimensions: Int
  package var catalogHash: String
  package var language: String
  package var entries: [Entry]
  /// `entries.count × dimensions` floats, row-major.
  package var vectors: [Float]
  /// What the engine fitted for the catalog when it built the vectors (its confidence
  /// models), kept verbatim in the index file; nil when absent.
  package var calibration: JSONValue?
  /// Which rows fold into an earlier row of their intent as near duplicates, found once
  /// when the vectors were built (`VectorIndex.nearDuplicateFolds`); nil when not stored.
  package var nearDuplicates: NearDuplicates?
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
  package struct NearDuplicates: Sendable, Equatable {
    package var threshold: Float
    package var folds: [Int32]

    package init(threshold: Float, folds: [Int32]) {
      self.threshold = threshold
      self.folds = folds
    }
  }

  package init(model: String, dimensions: Int, catalogHash: String, language: String, entries: [Entry], vectors: [Float]) {
    self.model = model
    self.dimensions = dimensions
    self.catalogHash = catalogHash
    self.language = language
    self.entries = entries
    self.vectors = vectors
  }
}
