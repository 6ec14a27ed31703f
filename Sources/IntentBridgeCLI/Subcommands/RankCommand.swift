import IntentBridgeEngine

/// `intentbridge rank CATALOG "request" […]` and the batch form `--requests FILE.jsonl`.
enum RankCommand: Subcommand {
  static let spec = CommandSpec(
    name: "rank", abstract: "Rank the catalog's intents for a request (or a file of requests).",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "request", help: "The request text (omit with --requests).", optional: true),
    ],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine, OptionGroups.json],
    options: [RankOptions.top, RankOptions.requests],
    flags: [RankOptions.explain],
    discussion: "Exit status: 0 when ranked (also for \"no match\"), 64 for usage errors, 65 for an invalid catalog or requests file.")

  static func run(_ options: RankOptions, console: Console) -> ExitCode {
    let engines: CatalogEngines
    switch EngineOptions.loadEngines(catalogPath: options.catalogPath, options: options.engineOptions, console: console) {
    case .success(let loaded): engines = loaded
    case .failure(let code): return code
    }
    var told = Set<String>()
    let request: String
    switch options.input {
    case .file(let file):
      return runBatch(file: file, explain: options.explain, console: console) { query, language in
        EngineOptions.rank(engines, query, top: options.top, rowLanguage: language, console: console, told: &told)
      }
    case .request(let text): request = text
    }
    let window = RequestLimit.window(request)
    if let notice = window.notice { console.err("notice: \(notice)\n") }
    let (ranking, engine) = EngineOptions.rank(engines, window.text, top: options.top, console: console, told: &told)
    if let problem = ranking.embeddingProblem { console.err("warning: \(problem)\n") }
    if options.output.json {
      console.out(ranking.jsonValue(explain: options.explain, configuration: engine.configuration).prettyText)
    } else {
      console.out(RankingText.render(ranking, explain: options.explain))
    }
    return .success
  }

  /// One JSON line per row of `file`, each ranked by `rank(query, row lang)`, with the engine
  /// that ranked it.
  static func runBatch(
    file: String, explain: Bool, console: Console, rank: (String, String?) -> (value: Ranking, engine: IntentEngine)
  ) -> ExitCode {
    RequestsFile.run(file, console: console) { query, row in
      let (ranking, engine) = rank(query, row["lang"]?.stringValue)
      var trailing = JSONObject()
      if explain { trailing["explain"] = ranking.jsonValue(explain: true, configuration: engine.configuration) }
      return (ranking.summaryJSON, trailing)
    }
  }
}

/// Text form of a ranking.
enum RankingText {
  static func render(_ ranking: Ranking, explain: Bool) -> String {
    var text = ""
    if ranking.isNoMatch {
      text += "no match" + (ranking.noMatchReason.map { " (\($0))" } ?? "") + "\n"
    } else if !ranking.ambiguous.isEmpty {
      text += "ambiguous: \(ranking.ambiguous.joined(separator: ", ")) fit about equally; ask which one is meant\n"
    }
    for (i, candidate) in ranking.candidates.enumerated() {
      let confidence = String(Int((candidate.confidence * 100).rounded()))
      text += "\(i + 1). \(candidate.intentID.padded(to: 32)) \(confidence)%\n"
      if explain {
        let weights = candidate.contributions
        var line =
          "     keyword \(format(candidate.keywordScore)) (×\(format(weights.keywordWeight)) normalised \(format(candidate.keywordNormalized)))"
        if let vector = candidate.vectorScore { line += ", embedding cosine \(format(vector)) (×\(format(weights.embeddingWeight)))" }
        line += ", template \(format(candidate.templateScore)) (×\(format(weights.templateWeight)))"
        line += ", fused \(format(candidate.score))\n"
        text += line
        if let template = candidate.wholeReading {
          text += "     first: the free-text template \"\(template)\" reads the whole request\n"
        }
        if !candidate.matchedTerms.isEmpty {
          text += "     matched: " + candidate.matchedTerms.map(\.shown).joined(separator: ", ") + "\n"
        }
      }
    }
    return text
  }

  static func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return "\(scaled)"
  }
}
