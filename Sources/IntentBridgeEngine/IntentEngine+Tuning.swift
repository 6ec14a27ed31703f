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

extension IntentEngine {
  /// `configuration` with the catalog's tuning file (at `path`, `SidecarFiles.tuning`) applied when there is one that fits this
  /// catalog version, language and model (`model` nil: keyword signals only, whose model and
  /// the fusion weights are then all that applies); a notice says why one is not used.
  static func applyTuning(
    to configuration: RankingConfiguration, tuningPath path: String, compiled: CompiledCatalog, model: String?, notice: (String) -> Void
  ) -> RankingConfiguration {
    do {
      guard var tuning = try TuningFile.read(path: path) else { return configuration }
      if tuning.language != compiled.language {
        notice("notice: \(path) was tuned for the language \(tuning.language), not \(compiled.language); not used (run 'intentbridge tune' again)")
        return configuration
      }
      if tuning.catalogHash != compiled.catalog.contentHash {
        notice("notice: \(path) was tuned for another version of the catalog; not used (run 'intentbridge tune' again)")
        return configuration
      }
      if let model, tuning.model != model {
        notice("notice: \(path) was tuned with another embedding model (\(tuning.model ?? "none")); not used (run 'intentbridge tune' again)")
        return configuration
      }
      if model == nil { tuning.models = tuning.models.filter { !$0.key.usesEmbeddings } }
      var tuned = tuning.applied(to: configuration)
      tuned.tuningFile = path
      return tuned
    } catch {
      notice("notice: \(path): \(error); not used")
      return configuration
    }
  }

  /// Fits the fusion weights, confidence models and no-match thresholds to labelled requests
  /// (`ConfidenceTuner`): each row is a request and the intents any of which is right (nil:
  /// none is, the request is out of scope). Rows naming no intent of the catalog are left
  /// out. With `refusing` (0…1), the no-match threshold is the one that answers most rows
  /// right among those refusing at least that share of the out-of-scope rows (`tune
  /// --refuse`). Returns the tuning (write it with `TuningFile.write` beside the catalog) and
  /// this engine with it applied.
  /// - Complexity: O(grid × rows × rank); a few seconds for thousands of rows.
  public func tuned(
    with rows: [(request: String, intents: [String]?)], refusing: Double? = nil
  ) -> (tuning: TuningFile, engine: IntentEngine) {
    let indexByID = Dictionary(catalog.intents.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
    var tunerRows: [ConfidenceTuner.Row] = []
    for row in rows {
      let intents = row.intents.map { Set($0.compactMap { indexByID[$0] }) }
      if let intents, intents.isEmpty { continue }
      tunerRows.append(ConfidenceTuner.Row(request: analyze(row.request), intents: intents))
    }
    let result = ConfidenceTuner.tune(ranker: ranker, rows: tunerRows, refusing: refusing)
    let tuning = TuningFile(
      catalogHash: catalog.contentHash, language: language, model: ranker.vectorIndex?.model, keywordWeight: result.keywordWeight,
      centroidWeight: result.centroidWeight, models: result.models)
    var tunedRanker = ranker
    tunedRanker.configuration = tuning.applied(to: ranker.configuration)
    return (tuning, IntentEngine(ranker: tunedRanker))
  }
}
