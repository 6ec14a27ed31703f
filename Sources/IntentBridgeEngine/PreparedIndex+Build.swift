import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeEmbedding
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Building the index file: the vectors (rows of unchanged texts reused), the confidence
/// fitted for the catalog, the keyword-only confidence, and writing the file.
extension PreparedIndex {
  /// Checks the index file as read (`stored`, from `path`); rebuilds it (with a notice) when
  /// it is missing, stale, foreign or corrupt, unless `rebuildIndex` is false.
  static func loadVectors(
    compiled: CompiledCatalog, path: String, stored: Result<IndexFile.Contents, IndexFile.Problem>, embedder: any TextEmbedder,
    options: IntentEngine.Options, notice: (String) -> Void
  ) throws(IntentEngine.LoadError) -> VectorFile {
    let problem: IndexFile.Problem
    var previous: IndexFile.Contents?
    do {
      let contents = try stored.get()
      previous = contents
      try StoredIndex.checkVectors(contents, catalog: compiled.catalog, language: compiled.language, embedder: embedder)
      return contents.vectors
    } catch {
      problem = error
    }
    let exists = FileManager.default.fileExists(atPath: path)
    guard options.rebuildIndex else { throw .indexFile(path: path, problem: problem.description) }
    // The compiled catalog's bytes (for the file) are encoded beside the vectors' build.
    let writes = options.writeIndex && !isReadOnlyFolder(of: path)
    // The rows of unchanged texts come from the previous file when it was built with this
    // model (`ReusableRows`): only new texts are embedded; the calibration is fitted anew.
    let reusable = ReusableRows(
      previous: previous?.vectors, model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions)
    let (encoded, (built, embedded, reused)) = sideBySide {
      writes ? compiled.encoded() : []
    } _: {
      let texts = compiled.embeddingTexts()
      let outcome = buildVectors(compiled: compiled, texts: texts, embedder: embedder, reusing: reusable) {
        options.progress?("embedding", $0, $1)
      }
      var file = outcome.file
      options.progress?("calibrating", 0, 2)
      let models = ConfidenceFitting.fit(
        compiled: compiled, embedder: embedder, vectors: file, texts: texts, modes: RankingMode.allCases,
        configuration: withEvidence(options.ranking, embedder, compiled))
      options.progress?("calibrating", 1, 2)
      var shipped = options.ranking
      shipped.confidenceModels = [:]
      let shifts = CrossLingualShift.measure(Ranker(compiled: compiled, embedder: embedder, vectors: file, configuration: shipped))
      options.progress?("calibrating", 2, 2)
      file.calibration = ConfidenceCalibrationFile(models: models, crossLingualShifts: shifts).json
      return (file, outcome.embedded, outcome.reused)
    }
    var file = built
    // The keyword-only confidence of a file for the same catalog stays (it needs no model).
    if let previous, StoredIndex.isFresh(previous, for: compiled), let keywordOnly = previous.vectors.calibration?[StoredIndex.keywordOnlyKey] {
      keep(keywordOnly: keywordOnly, in: &file)
    }
    if exists {
      notice("notice: \(path) \(problem); rebuilt it (embedded \(embedded) text\(embedded == 1 ? "" : "s"), reused \(reused))")
    }
    if writes { write(file, compiledBytes: encoded, path: path, existed: exists, otherwise: "the vectors", notice: notice) }
    return file
  }

  /// `file` with the keyword-only confidence `keywordOnly` in its calibration.
  static func keep(keywordOnly: JSONValue, in file: inout VectorFile) {
    var calibration = file.calibration?.objectValue ?? JSONObject()
    calibration[StoredIndex.keywordOnlyKey] = keywordOnly
    file.calibration = .object(calibration)
  }

  /// Writes the index file at `path`, with `compiled` stored in it, unless its folder is
  /// read-only by its permission bits; a notice says when a new file was written, or that
  /// `otherwise` stays in memory.
  static func write(
    _ file: VectorFile, compiled: CompiledCatalog, path: String, existed: Bool, otherwise: String, notice: (String) -> Void
  ) {
    write(file, compiledBytes: compiled.encoded(), path: path, existed: existed, otherwise: otherwise, notice: notice)
  }

  /// `write`, with the compiled catalog already encoded (`CompiledCatalog.encoded()`).
  static func write(
    _ file: VectorFile, compiledBytes: [UInt8], path: String, existed: Bool, otherwise: String, notice: (String) -> Void
  ) {
    guard !isReadOnlyFolder(of: path) else { return }
    var file = file
    file.compiledCatalog = ByteRange(copying: compiledBytes)
    do {
      try IndexFile.write(file, engine: VectorFileBuilder.engineFormat, path: path)
      if !existed { notice("notice: wrote \(path)") }
    } catch {
      notice("notice: could not write \(path) (\(Errno.describe(error))); using \(otherwise) in memory")
    }
  }

  /// The confidence model of keyword signals ranking without an embedding model: the one the
  /// index file keeps (`keywordOnly` in its calibration) when the file is fresh for this
  /// catalog, language and engine, whatever its model; otherwise fitted (`ConfidenceFitting.fit`) and
  /// kept in the index file for the next start (added to a fresh file, or a file without
  /// vectors when there is none or it is stale). A file that cannot be written leaves the
  /// fit in memory.
  static func keywordOnlyConfidence(
    compiled: CompiledCatalog, path: String, stored: Result<IndexFile.Contents, IndexFile.Problem>, options: IntentEngine.Options,
    notice: (String) -> Void
  ) -> [RankingMode: ConfidenceModel] {
    var kept: VectorFile?
    // The rows are not read (keyword signals do not use them) unless the file is rewritten.
    if case .success(let contents) = stored, StoredIndex.isFresh(contents, for: compiled), (try? StoredIndex.checkCalibration(contents)) != nil {
      // Present but empty: the fit kept the shipped calibration (a grammar catalog).
      if let keywordOnly = contents.vectors.calibration?[StoredIndex.keywordOnlyKey] { return ConfidenceCalibrationFile(json: keywordOnly).models }
      kept = (try? IndexFile.read(path: path))?.vectors
    }
    let models = ConfidenceFitting.fit(compiled: compiled, embedder: nil, vectors: nil, texts: [], modes: [.keyword], configuration: options.ranking)
    guard options.writeIndex else { return models }
    var file =
      kept
      ?? VectorFile(
        model: VectorFileBuilder.noModel, dimensions: 0, catalogHash: compiled.catalog.contentHash, language: compiled.language, entries: [],
        vectors: [])
    keep(keywordOnly: ConfidenceCalibrationFile(models: models, crossLingualShifts: [:]).json, in: &file)
    write(
      file, compiled: compiled, path: path, existed: FileManager.default.fileExists(atPath: path), otherwise: "the confidence fitted",
      notice: notice)
    return models
  }

  /// Whether the folder of `path` is read-only by its permission bits (no write bit for
  /// anyone): a shared, read-only data folder gets no index file even when the process could
  /// write there (as root can); the index stays in memory.
  static func isReadOnlyFolder(of path: String) -> Bool {
    FolderPermissions.isReadOnly(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Embeds the compiled catalog's texts (`CompiledCatalog.embeddingTexts`), taking the rows
  /// `reusable` has (`VectorFileBuilder.build(texts:…reusing:)`); with the counts of texts
  /// embedded and reused.
  static func buildVectors(
    compiled: CompiledCatalog, texts: [(intent: Int, kind: String, text: String)], embedder: any TextEmbedder,
    reusing reusable: ReusableRows = .none, progress: (Int, Int) -> Void = { _, _ in }
  ) -> VectorFileBuilder.Outcome {
    let hash = compiled.catalog.contentHash
    // The static model does not throw; an endpoint embedder's failure leaves no vectors.
    do {
      return try VectorFileBuilder.build(
        texts: texts, catalogHash: hash, language: compiled.language, embedder: embedder, reusing: reusable, progress: progress)
    } catch {
      let empty = VectorFile(
        model: VectorFileBuilder.modelIdentity(embedder), dimensions: embedder.dimensions, catalogHash: hash, language: compiled.language,
        entries: [], vectors: [])
      return VectorFileBuilder.Outcome(file: empty, embedded: 0, reused: 0)
    }
  }
}
