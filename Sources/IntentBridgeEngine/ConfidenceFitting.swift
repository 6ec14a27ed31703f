import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeEmbedding
import IntentBridgeFilling
import IntentBridgeIndex
import IntentBridgeRanking
import IntentBridgeSystem
import IntentBridgeTemplates
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The confidence models an index build fits for a catalog from its own pseudo-requests
/// (`ConfidenceCalibration`), for each kind of signals: the step of `PreparedIndex` that needs
/// no labels.
enum ConfidenceFitting {
  /// The confidence models of `compiled` for `modes`, fitted from its pseudo-requests
  /// (`ConfidenceCalibration`); held-out examples are ranked by catalogs compiled without
  /// them, whose vectors come from `vectors` (by text; `embedder` embeds any missing).
  static func fit(
    compiled: CompiledCatalog, embedder: (any TextEmbedder)?, vectors: VectorFile?, texts: [(intent: Int, kind: String, text: String)],
    modes: [RankingMode], configuration: RankingConfiguration
  ) -> [RankingMode: ConfidenceModel] {
    // A grammar catalog keeps the shipped calibration (`ConfidenceCalibration.fit`): no
    // pseudo-requests to rank, no catalogs to compile per fold.
    guard !compiled.isGrammar else { return [:] }
    var shipped = configuration
    shipped.confidenceModels = [:]
    let ranker = Ranker(compiled: compiled, embedder: embedder, vectors: vectors, configuration: shipped)
    let requests = PseudoRequests.make(compiled: compiled)
    var folds: [Int: Ranker] = [:]
    let foldsUsed = Set(requests.compactMap(\.fold))
    if !foldsUsed.isEmpty {
      var rowOfText: [String: Int] = [:]
      for (row, text) in texts.enumerated() where rowOfText[text.text] == nil { rowOfText[text.text] = row }
      // The held-out catalogs are compiled at the same time, one per core.
      let sortedFolds = foldsUsed.sorted()
      let rankers = concurrentMap(sortedFolds) { [rowOfText, shipped] fold in
        let catalog = PseudoRequests.catalog(compiled.catalog, without: fold, language: compiled.language)
        let foldCompiled = CompiledCatalog(catalog: catalog, language: compiled.language, keyword: configuration.keyword)
        var foldVectors: VectorFile?
        if let embedder, let vectors {
          foldVectors = subset(vectors, for: foldCompiled.embeddingTexts(), rowOfText: rowOfText, embedder: embedder)
        }
        return Ranker(compiled: foldCompiled, embedder: embedder, vectors: foldVectors, configuration: shipped)
      }
      for (fold, foldRanker) in zip(sortedFolds, rankers) { folds[fold] = foldRanker }
    }
    return ConfidenceCalibration.fit(ranker: ranker, foldRankers: folds, modes: modes, requests: requests)
  }

  /// The vectors of `texts` from the rows of `vectors` with the same text (embedding the
  /// few it lacks).
  static func subset(
    _ vectors: VectorFile, for texts: [(intent: Int, kind: String, text: String)], rowOfText: [String: Int], embedder: any TextEmbedder
  ) -> VectorFile {
    let d = vectors.dimensions
    var rows: [Float] = []
    rows.reserveCapacity(texts.count * d)
    var entries: [VectorFile.Entry] = []
    for text in texts {
      if let row = rowOfText[text.text], (row + 1) * d <= vectors.vectors.count {
        rows += vectors.vectors[(row * d)..<((row + 1) * d)]
      } else if let embedded = try? embedder.embed([text.text], kind: .passage).first, embedded.count == d {
        rows += embedded
      } else {
        continue
      }
      entries.append(VectorFile.Entry(intent: text.intent, kind: text.kind))
    }
    return VectorFile(
      model: vectors.model, dimensions: d, catalogHash: vectors.catalogHash, language: vectors.language, entries: entries, vectors: rows)
  }
}
