import IntentBridgeEmbedding
import IntentBridgeIndex

/// Every file kept beside a catalog for one of its languages, named in one place (the load
/// stages read and write them through this; docs/RANKING.md, "Index file"):
/// - `index`: the static model's, an endpoint's or the keyword-only index file
///   (`notes.en.index`, `IndexFile.path`);
/// - `transformerIndex`: the transformer encoder's (`notes.en.transformer.index`), so that
///   switching encoders does not rebuild one file back and forth;
/// - `tuning`: what `intentbridge tune` fitted (`notes.en.tuning.json`, `TuningFile`);
///
/// and beside a model, `compiledTokenizer`: the model's tokenizer compiled for mapping
/// (`tokenizer.ibtok` in the model's folder, or in the user's cache folder when that one is
/// read-only; `TokenizerCache`).
package struct SidecarFiles: Sendable, Hashable {
  package let catalogPath: String
  package let language: String

  package init(catalogPath: String, language: String) {
    self.catalogPath = catalogPath
    self.language = language
  }

  /// The index file of the static model, an endpoint or keyword signals alone.
  package var index: String { IndexFile.path(forCatalog: catalogPath, language: language) }

  /// The transformer encoder's index file.
  package var transformerIndex: String { IndexFile.transformerPath(forCatalog: catalogPath, language: language) }

  /// The tuning file.
  package var tuning: String { TuningFile.path(forCatalog: catalogPath, language: language) }

  /// The index file of an engine with `embedder`.
  package func index(for embedder: (any TextEmbedder)?) -> String { embedder is TransformerEncoder ? transformerIndex : index }

  /// The index file of an engine loaded with `embedding` (`.automatic` decided for the
  /// catalog: `IntentEngine.resolved(_:for:language:)`).
  package func index(for embedding: IntentEngine.Options.Embedding) -> String {
    switch embedding {
    case .transformer: transformerIndex
    case .loaded(let embedder): index(for: embedder)
    case .none, .staticModel, .endpoint, .automatic: index
    }
  }

  /// Where the model in `modelDirectory` (of identity `modelIdentity`) looks for its compiled
  /// tokenizer, in order (`TokenizerCache.automatic`): beside the model, then in the user's
  /// cache folder.
  package static func compiledTokenizer(modelDirectory: String, modelIdentity: String) -> [String] {
    TokenizerCache.automatic.plan(folder: modelDirectory, modelIdentity: modelIdentity).candidates
  }
}
