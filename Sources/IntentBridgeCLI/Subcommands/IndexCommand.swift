import IntentBridgeEngine

/// `intentbridge index CATALOG [--lang L] [engine options]`: writes the index file.
enum IndexCommand: Subcommand {
  static let spec = CommandSpec(
    name: "index", abstract: "Build the catalog's index file (next to the catalog).",
    positionals: [.init(name: "catalog", help: "A catalog JSON file.")],
    groups: [OptionGroups.language, OptionGroups.engine],
    discussion:
      "Writes <catalog>.<lang>.index (notes.en.json: notes.en.index), or <catalog>.<lang>.transformer.index when the transformer encoder ranks the catalog (--encoder): the intents' vectors from the embedding model and the confidence fitted for the catalog, checked at every load against the catalog's content hash, the model and the engine format (format: Schemas/index-file.md). A fresh file is kept as it is."
  )

  static func run(_ options: IndexOptions, console: Console) -> ExitCode {
    let path = options.catalogPath
    let engine: IntentEngine
    switch EngineOptions.loadEngines(catalogPath: path, options: options.engineOptions, console: console) {
    case .success(let loaded): engine = loaded.defaultEngine
    case .failure(let code): return code
    }
    // Loading already checked the file and rebuilt it when needed; report what is there now.
    let indexPath = IntentEngine.indexFilePath(catalogPath: path, language: engine.language, embedder: engine.embedder)
    guard let summary = IntentEngine.indexFileSummary(path: indexPath) else {
      console.err("error: could not write \(indexPath) (the notice above says why); the index is built at every start instead\n")
      return .failure
    }
    console.out("\(indexPath): \(summary)\n")
    return .success
  }
}
