/// The vectors of an index file, checked as a step of its own after reading: a file whose
/// checksum is right can still have been written wrong or crafted, and its vectors feed
/// every ranking (NaN, 1e30, zero or random rows, an `intentIndex` of 999 or an unknown
/// kind were used silently before).
extension VectorFile {
  /// What an entry may stand for (see `Schemas/index-file.md`).
  package static let knownKinds: Set<String> = ["title", "phrase", "keywords"]

  /// How far a row's length may be from 1 (rows are L2-normalised float32).
  package static let normTolerance: Float = 1e-3

  /// Checks that every entry names an intent of a catalog with `intentCount` intents and a
  /// known kind, that every row is finite and of unit length, and that a stored
  /// near-duplicate folding sends each folded row to an earlier kept row of its intent.
  /// - Throws: `Problem.corrupt`, naming the entry or row and what was expected.
  /// - Complexity: O(entries × dimensions).
  package func validate(intentCount: Int) throws(IndexFile.Problem) {
    guard dimensions > 0, vectors.count == entries.count * dimensions else {
      throw .corrupt("it holds \(vectors.count) floats for \(entries.count) entries of \(dimensions) dimensions")
    }
    for (row, entry) in entries.enumerated() {
      guard entry.intent < intentCount else {
        throw .corrupt("entry \(row) stands for intent \(entry.intent), but the catalog has \(intentCount) intents")
      }
      guard Self.knownKinds.contains(entry.kind) else {
        throw .corrupt("entry \(row) has the kind \"\(entry.kind)\"; expected one of \(Self.knownKinds.sorted().joined(separator: ", "))")
      }
      var squares: Float = 0
      for value in vectors[(row * dimensions)..<((row + 1) * dimensions)] {
        guard value.isFinite else { throw .corrupt("row \(row) (intent \(entry.intent), \(entry.kind)) holds the value \(value)") }
        squares += value * value
      }
      let length = squares.squareRoot()
      guard length.isFinite, abs(length - 1) <= Self.normTolerance else {
        throw .corrupt("row \(row) (intent \(entry.intent), \(entry.kind)) has length \(length); every row is a unit vector")
      }
    }
    if let hashes = textHashes, hashes.count != entries.count {
      throw .corrupt("its text hashes number \(hashes.count) for \(entries.count) entries")
    }
    if let duplicates = nearDuplicates {
      guard duplicates.threshold.isFinite, duplicates.folds.count == entries.count else {
        throw .corrupt(
          "its near-duplicate folding has \(duplicates.folds.count) rows for \(entries.count) entries (threshold \(duplicates.threshold))")
      }
      for (row, fold) in duplicates.folds.enumerated() where fold != -1 {
        let target = Int(fold)
        guard target >= 0, target < row, duplicates.folds[target] == -1, entries[target].intent == entries[row].intent else {
          throw .corrupt("row \(row) folds into row \(fold); expected -1 or an earlier kept row of intent \(entries[row].intent)")
        }
      }
    }
  }
}
