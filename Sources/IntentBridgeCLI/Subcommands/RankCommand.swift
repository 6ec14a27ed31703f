import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeRanking

/// `intentbridge rank CATALOG "request" […]` and the batch form `--requests FILE.jsonl`.
enum RankCommand: Subcommand {
  static let spec = CommandSpec(
    name: "rank", abstract: "Rank the catalog's intents for a request (or a file of requests).",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "request", help: "The request text (omit with --requests).", optional: true),
    ],
    options: EngineOptions.options + [
      .init(name: "top", valueName: "k", help: "How many candidates to show; default 5."),
      .init(name: "requests", valueName: "file.jsonl", help: "Rank every row ({\"query\", \"id\"?, \"lang\"?}) and write one JSON line per row."),
    ],
    flags: EngineOptions.flags + [
      .init(name: "json", help: "Write the ranking as JSON."),
      .init(name: "explain", help: "Show each signal's contribution and the matched terms."),
    ],
    discussion: "Exit status: 0 when ranked (also for \"no match\"), 64 for usage errors, 65 for an invalid catalog or requests file.")

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let top = try EngineOptions.positiveInteger(arguments, "top", default: 5, command: spec.name)
    let requestsFile = arguments.option("requests")
    guard (arguments.positionals.count == 2) != (requestsFile != nil) else {
      throw UsageError(message: "give either a request or '--requests <file.jsonl>'", command: spec.name)
    }
    let engine: IntentEngine
    switch try EngineOptions.loadEngine(arguments, console: console, command: spec.name) {
    case .success(let loaded): engine = loaded
    case .failure(let code): return code
    }
    if let requestsFile { return runBatch(engine: engine, file: requestsFile, top: top, explain: arguments.flag("explain"), console: console) }
    let ranking = engine.rank(arguments.positionals[1], top: top)
    if let problem = ranking.embeddingProblem { console.err("warning: \(problem)\n") }
    if arguments.flag("json") {
      console.out(RankingJSON.object(ranking, explain: arguments.flag("explain"), engine: engine).prettyText)
    } else {
      console.out(RankingText.render(ranking, explain: arguments.flag("explain"), engine: engine))
    }
    return .success
  }

  static func runBatch(engine: IntentEngine, file: String, top: Int, explain: Bool, console: Console) -> ExitCode {
    RequestsFile.run(file, console: console) { query, _ in
      let ranking = engine.rank(query, top: top)
      var object = JSONObject()
      object["intent"] = ranking.best.map { .string($0.intentID) } ?? .null
      object["confidence"] = .number(Self.rounded(ranking.candidates.first?.confidence ?? 0))
      object["alternatives"] = .array(
        ranking.candidates.dropFirst(ranking.isNoMatch ? 0 : 1).map { ["intent": .string($0.intentID), "confidence": .number(Self.rounded($0.confidence))] })
      var trailing = JSONObject()
      if explain { trailing["explain"] = RankingJSON.object(ranking, explain: true, engine: engine) }
      return (object, trailing)
    }
  }

  static func rounded(_ value: Double) -> Double { (value * 10000).rounded() / 10000 }
}

/// Options shared by the commands that load an engine (rank, index, later resolve/serve).
enum EngineOptions {
  static let options: [CommandSpec.Option] = [
    .init(name: "lang", valueName: "tag", help: "Language of the catalog texts to use (BCP 47); default: the catalog's."),
    .init(
      name: "set", valueName: "name=value",
      help: "Override a ranking setting (repeatable): keyword, embedding, template, template-power, no-match, candidates, bound-candidates, templates-per-intent, affinity, affinity-tie, free-text-candidates, free-text-tolerance, free-text-override, near-duplicate.",
      repeatable: true),
    .init(name: "mode", valueName: "mode", help: "Signals that rank: hybrid (default), keyword (BM25F + templates, no model) or embedding (vectors only)."),
    .init(name: "model", valueName: "dir", help: "Embedding model folder (Model2Vec layout); default: Models/\(ModelLocator.defaultModelName)."),
    .init(name: "embeddings-url", valueName: "url", help: "Use an OpenAI-compatible /v1/embeddings endpoint instead of the static model."),
    .init(name: "embeddings-model", valueName: "name", help: "Model name sent to the endpoint (default: default)."),
    .init(name: "embeddings-key-env", valueName: "var", help: "Environment variable holding the endpoint's API key."),
    .init(name: "embeddings-timeout", valueName: "seconds", help: "Endpoint timeout per request (default 30)."),
  ]
  static let flags: [CommandSpec.Flag] = [
    .init(name: "no-embeddings", help: "Keyword scoring only (no model, no vector file)."),
    .init(name: "no-rebuild", help: "Fail instead of rebuilding a missing, stale or foreign vector file."),
  ]

  static func engineOptions(_ arguments: ParsedArguments) throws(UsageError) -> IntentEngine.Options {
    var options = IntentEngine.Options()
    for assignment in arguments.options["set"] ?? [] {
      let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let value = Double(parts[1]) else {
        throw UsageError(message: "'--set \(assignment)' is not name=number", command: nil)
      }
      switch parts[0] {
      case "keyword": options.ranking.keywordWeight = value
      case "embedding": options.ranking.embeddingWeight = value
      case "template": options.ranking.templateWeight = value
      case "template-power": options.ranking.templatePower = value
      case "no-match": options.ranking.noMatchThreshold = value
      case "candidates": options.ranking.templateCandidates = Int(value)
      case "bound-candidates": options.ranking.templateBoundCandidates = Int(value)
      case "templates-per-intent": options.ranking.templatesPerIntent = Int(value)
      case "affinity": options.ranking.affinityWeight = value
      case "affinity-tie": options.ranking.affinityTieBoost = value
      case "free-text-candidates": options.ranking.freeTextCandidates = Int(value)
      case "free-text-tolerance": options.ranking.freeTextTolerance = value
      case "free-text-override": options.ranking.freeTextOverride = value
      case "near-duplicate": options.ranking.nearDuplicate = value
      default:
        throw UsageError(message: "unknown setting '\(parts[0])' in '--set'; known: keyword, embedding, template, template-power, no-match, candidates, bound-candidates, templates-per-intent, affinity, affinity-tie, free-text-candidates, free-text-tolerance, free-text-override, near-duplicate", command: nil)
      }
    }
    options.language = arguments.option("lang")
    options.embedding = arguments.flag("no-embeddings") ? .none : .staticModel(directory: arguments.option("model"))
    if let text = arguments.option("mode") {
      guard let mode = RankingMode(rawValue: text) else {
        throw UsageError(message: "the value '\(text)' is invalid for '--mode'; expected one of hybrid, keyword, embedding", command: nil)
      }
      if mode == .embedding, arguments.flag("no-embeddings") {
        throw UsageError(message: "'--mode embedding' needs embeddings; drop '--no-embeddings'", command: nil)
      }
      options.ranking.mode = mode
      if mode == .keyword { options.embedding = .none }
    }
    if let address = arguments.option("embeddings-url") {
      guard let url = URL(string: address), let scheme = url.scheme, scheme == "http" || scheme == "https" else {
        throw UsageError(message: "the value '\(address)' is invalid for '--embeddings-url'; expected an http(s) URL such as http://127.0.0.1:8080/v1/embeddings", command: nil)
      }
      var timeout = 30.0
      if let text = arguments.option("embeddings-timeout") {
        guard let value = Double(text), value > 0 else {
          throw UsageError(message: "the value '\(text)' is invalid for '--embeddings-timeout'; expected seconds > 0", command: nil)
        }
        timeout = value
      }
      options.embedding = .endpoint(
        EndpointEmbedder.Configuration(
          url: url, model: arguments.option("embeddings-model") ?? "default", apiKeyVariable: arguments.option("embeddings-key-env"),
          timeoutSeconds: timeout))
    }
    options.rebuildVectors = !arguments.flag("no-rebuild")
    return options
  }

  /// Loads the engine, or prints why not and says which exit code fits: 65 for an invalid
  /// catalog or vector file the user must fix, 1 for a model or endpoint that failed.
  static func loadEngine(_ arguments: ParsedArguments, console: Console, command: String) throws(UsageError) -> Result<IntentEngine, ExitCode> {
    let path = arguments.positionals[0]
    let options = try engineOptions(arguments)
    do {
      let engine = try IntentEngine.load(catalogPath: path, options: options) { console.err($0 + "\n") }
      console.keepUntilExit?(engine)
      return .success(engine)
    } catch {
      switch error {
      case .invalidCatalog(let diagnostics):
        DiagnosticPrinter.print(diagnostics.errors, console: console)
        return .failure(.dataError)
      case .vectorFile:
        console.err("error: \(error)\n")
        return .failure(.dataError)
      case .modelNotFound, .model, .endpoint:
        console.err("error: \(error)\n")
        return .failure(.failure)
      }
    }
  }

  static func positiveInteger(_ arguments: ParsedArguments, _ name: String, default value: Int, command: String) throws(UsageError) -> Int {
    guard let text = arguments.option(name) else { return value }
    guard let number = Int(text), number > 0 else {
      throw UsageError(message: "the value '\(text)' is invalid for '--\(name)'; expected a positive integer", command: command)
    }
    return number
  }
}

/// JSON form of a ranking.
enum RankingJSON {
  static func object(_ ranking: Ranking, explain: Bool, engine: IntentEngine) -> JSONValue {
    var object = JSONObject()
    object["request"] = .string(ranking.request)
    object["intent"] = ranking.best.map { .string($0.intentID) } ?? .null
    object["confidence"] = .number(RankCommand.rounded(ranking.candidates.first?.confidence ?? 0))
    if let reason = ranking.noMatchReason { object["noMatchReason"] = .string(reason) }
    object["candidates"] = .array(
      ranking.candidates.map { candidate in
        var c = JSONObject()
        c["intent"] = .string(candidate.intentID)
        c["confidence"] = .number(RankCommand.rounded(candidate.confidence))
        if explain {
          c["score"] = .number(RankCommand.rounded(candidate.score))
          c["keyword"] = [
            "bm25": .number(RankCommand.rounded(candidate.keywordScore)), "normalized": .number(RankCommand.rounded(candidate.keywordNormalized)),
            "weighted": .number(RankCommand.rounded(candidate.keywordNormalized * engine.ranker.configuration.keywordWeight)),
          ]
          if let vector = candidate.vectorScore {
            c["embedding"] = [
              "cosine": .number(RankCommand.rounded(vector)),
              "weighted": .number(RankCommand.rounded(max(vector, 0) * engine.ranker.configuration.embeddingWeight)),
            ]
          }
          c["template"] = [
            "quality": .number(RankCommand.rounded(candidate.templateScore)),
            "weighted": .number(RankCommand.rounded(candidate.templateScore * engine.ranker.configuration.templateWeight)),
          ]
          c["coverage"] = .number(RankCommand.rounded(candidate.coverage))
          if let template = candidate.wholeReading { c["wholeReading"] = .string(template) }
          c["matchedTerms"] = .array(
            candidate.matchedTerms.map { term in
              term.queryTerm == term.indexTerm ? .string(term.queryTerm) : .string("\(term.queryTerm)→\(term.indexTerm)")
            })
        }
        return .object(c)
      })
    return .object(object)
  }
}

/// Text form of a ranking.
enum RankingText {
  static func render(_ ranking: Ranking, explain: Bool, engine: IntentEngine) -> String {
    var text = ""
    if ranking.isNoMatch {
      text += "no match" + (ranking.noMatchReason.map { " (\($0))" } ?? "") + "\n"
    }
    for (i, candidate) in ranking.candidates.enumerated() {
      let confidence = String(Int((candidate.confidence * 100).rounded()))
      text += "\(i + 1). \(candidate.intentID.padded(to: 32)) \(confidence)%\n"
      if explain {
        let weights = engine.ranker.configuration
        var line = "     keyword \(format(candidate.keywordScore)) (×\(format(weights.keywordWeight)) normalised \(format(candidate.keywordNormalized)))"
        if let vector = candidate.vectorScore { line += ", embedding cosine \(format(vector)) (×\(format(weights.embeddingWeight)))" }
        line += ", template \(format(candidate.templateScore)) (×\(format(weights.templateWeight)))"
        line += ", fused \(format(candidate.score))\n"
        text += line
        if let template = candidate.wholeReading {
          text += "     first: the free-text template \"\(template)\" reads the whole request\n"
        }
        if !candidate.matchedTerms.isEmpty {
          text += "     matched: " + candidate.matchedTerms.map { $0.queryTerm == $0.indexTerm ? $0.queryTerm : "\($0.queryTerm)→\($0.indexTerm)" }.joined(separator: ", ") + "\n"
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
