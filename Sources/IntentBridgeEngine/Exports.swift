// The vocabulary of the engine's public API, visible to every module that imports the
// engine: catalogs and diagnostics, JSON values, rankings and their settings, filled
// arguments. The machinery behind them (indexes, templates, extractors' internals, the
// embedding runtime) stays with the engine.
@_exported import IntentBridgeCatalog
@_exported import IntentBridgeFilling
@_exported import IntentBridgeJSON
@_exported import IntentBridgeRanking

// The one part of the index machinery a library user names: the protocol of an embedder of
// their own (`IntentEngine.Options.Embedding.loaded`), and what a text is to it.
@_exported import enum IntentBridgeIndex.EmbeddingInputKind
@_exported import protocol IntentBridgeIndex.TextEmbedder
