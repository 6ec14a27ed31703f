import IntentBridgeEngine

/// `intentbridge resolve CATALOG "request" [--json] [--now ISO-8601 --tz OFFSET] [--intent ID]`
/// and the batch form `--requests FILE.jsonl`.
enum ResolveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "resolve", abstract: "Resolve a request (or a file of requests) to an intent and its filled arguments.",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "request", help: "The request text (omit with --requests).", optional: true),
    ],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine, OptionGroups.clock, OptionGroups.json],
    options: [ResolveOptions.intent, ResolveOptions.context, ResolveOptions.requests],
    discussion: "Exit status: 0 when resolved (also for no match or missing values), 64 usage, 65 invalid catalog or requests file, 1 model failure.")

  static func run(_ options: ResolveOptions, console: Console) throws(UsageError) -> ExitCode {
    // `--intent` names an intent of the catalog: the catalog is read first and the name checked
    // before the model and the index file load (without it, catalog and model load side by side).
    var catalog: Catalog?
    if options.intent != nil {
      guard let read = CatalogInput.load(options.catalogPath, console: console) else { return .dataError }
      try options.validate(intentOf: read)
      catalog = read
    }
    let engines: CatalogEngines
    switch EngineOptions.loadEngines(catalogPath: options.catalogPath, catalog: catalog, options: options.engineOptions, console: console) {
    case .success(let loaded): engines = loaded
    case .failure(let code): return code
    }
    var told = Set<String>()
    let clock = options.clock
    switch options.input {
    case .request(let request):
      let window = RequestLimit.window(request)
      if let notice = window.notice { console.err("notice: \(notice)\n") }
      let resolution = EngineOptions.routed(engines, console: console, told: &told) { () throws(IntentEngine.LoadError) in
        try engines.resolve(window.text, clock: clock, intent: options.intent, context: options.context)
      } fallback: {
        $0.resolve(window.text, clock: clock, intent: options.intent, context: options.context)
      }.value
      if options.output.json {
        console.out(resolution.jsonValue.prettyText)
      } else {
        console.out(render(resolution))
      }
      return .success
    case .file(let file):
      return RequestsFile.run(file, console: console) { query, row in
        var rowContext = options.context
        for (key, value) in row["context"]?.objectValue ?? JSONObject() { rowContext[key] = value }
        let resolution = EngineOptions.routed(engines, console: console, told: &told) { () throws(IntentEngine.LoadError) in
          try engines.resolve(query, clock: clock, intent: options.intent, context: rowContext, rowLanguage: row["lang"]?.stringValue)
        } fallback: {
          $0.resolve(query, clock: clock, intent: options.intent, context: rowContext)
        }.value
        return (resolution.jsonValue.objectValue ?? JSONObject(), JSONObject())
      }
    }
  }

  static func render(_ resolution: Resolution) -> String {
    guard let intent = resolution.intentID else {
      return "no match" + (resolution.ranking.noMatchReason.map { " (\($0))" } ?? "") + "\n"
    }
    var text = "\(intent)  \(Int((resolution.confidence * 100).rounded()))%\n"
    for argument in resolution.filled {
      text += "  \(argument.name) = \(argument.value.compactText)  [\(argument.source.rawValue)]\n"
    }
    for missing in resolution.missing { text += "  missing \(missing.name): \(missing.question)\n" }
    for ambiguous in resolution.ambiguous {
      text += "  ambiguous \(ambiguous.name): \(ambiguous.candidates.map(\.compactText).joined(separator: " or ")) — \(ambiguous.question)\n"
    }
    return text
  }
}
