import IntentBridgeEngine

/// `intentbridge index CATALOG [--lang L] [--model DIR]`: writes the vector file.
enum IndexCommand: Subcommand {
  static let spec = CommandSpec(
    name: "index", abstract: "Build the catalog's vector file (next to the catalog).",
    positionals: [.init(name: "catalog", help: "A catalog JSON file.")],
    groups: [OptionGroups.language, OptionGroups.engine],
    discussion: "Writes <catalog>.<lang>.vectors: per-intent vectors from the embedding model, with a header naming the model, dimensions and the catalog's content hash (format: Schemas/vector-file.md).")

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let path = arguments.positionals[0]
    let engine: IntentEngine
    switch try EngineOptions.loadEngine(arguments, console: console, command: spec.name) {
    case .success(let loaded): engine = loaded
    case .failure(let code): return code
    }
    // Loading already checked the file and rebuilt it when needed; report what is there now.
    let vectorPath = IntentEngine.vectorFilePath(catalogPath: path, language: engine.language)
    guard let summary = IntentEngine.vectorFileSummary(path: vectorPath) else {
      console.err("error: could not write \(vectorPath)\n")
      return .failure
    }
    console.out("\(vectorPath): \(summary)\n")
    return .success
  }
}
