import IntentBridgeEngine
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The engine option group: the embedding model or endpoint, the index file and ranking
/// settings, read into the engine's options (`IntentEngine.Options`).
struct EngineSettings: Sendable {
  static let set = CommandSpec.Option(
    name: "set", valueName: "name=value",
    help: "Override a ranking setting (repeatable): \(RankingSettings.names.joined(separator: ", ")).", repeatable: true)
  static let encoder = CommandSpec.Option(
    name: "encoder", valueName: "kind",
    help:
      "Embeddings from the model the catalog ranks best with (auto, the default: the transformer for catalogs of phrases, titles or descriptions without entity instances and of at most a million characters, else the static model), the static model (static: fastest) or the transformer encoder (transformer: multilingual, slower)."
  )
  static let model = CommandSpec.Option(
    name: "model", valueName: "dir",
    help:
      "The model folder: the static model's (default: Models/\(ModelLocator.defaultModelName); --encoder static is then the default) or with --encoder transformer the encoder's (default: Models/\(ModelLocator.defaultEncoderName))."
  )
  static let embeddingsURL = CommandSpec.Option(
    name: "embeddings-url", valueName: "url", help: "Use an OpenAI-compatible /v1/embeddings endpoint instead of the static model.")
  static let embeddingsModel = CommandSpec.Option(
    name: "embeddings-model", valueName: "name", help: "Model name sent to the endpoint (default: default).")
  static let embeddingsKeyVariable = CommandSpec.Option(
    name: "embeddings-key-env", valueName: "var", help: "Environment variable holding the endpoint's API key.")
  static let embeddingsTimeout = CommandSpec.Option(
    name: "embeddings-timeout", valueName: "seconds", help: "Endpoint timeout per request (default 30).")
  static let noEmbeddings = CommandSpec.Flag(
    name: "no-embeddings", help: "Keyword scoring and templates only (no model; the index file keeps only their confidence).")
  static let noRebuild = CommandSpec.Flag(name: "no-rebuild", help: "Fail instead of rebuilding a missing, stale or foreign index file.")
  static let noTuning = CommandSpec.Flag(
    name: "no-tuning", help: "Ignore the catalog's tuning file (<catalog>.<lang>.tuning.json, written by 'intentbridge tune').")
  static let group = OptionGroup(
    name: "engine", options: [set, encoder, model, embeddingsURL, embeddingsModel, embeddingsKeyVariable, embeddingsTimeout],
    flags: [noEmbeddings, noRebuild, noTuning])

  /// The engine's options these settings make, with the catalog's default language.
  private var options = IntentEngine.Options()

  /// Reads the group, and with it `signals` (the ranking group's `--signals`, nil when the
  /// command has none), which decides whether a model is needed: keyword signals need none,
  /// embedding signals are a usage error with `--no-embeddings`. Values are checked in the
  /// order `--set`, `--encoder`, `--signals`, `--embeddings-url`, `--embeddings-timeout`.
  init(_ arguments: ParsedArguments, signals: RankingMode?, command: String) throws(UsageError) {
    for assignment in arguments.values(Self.set) {
      let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, let value = Double(parts[1]) else {
        throw UsageError(message: "'--set \(assignment)' is not name=number", command: command)
      }
      guard let setting = RankingSettings.settings.first(where: { $0.name == parts[0] }) else {
        let suggestion = DidYouMean.closest(to: parts[0], in: RankingSettings.names)
        throw UsageError(
          message: "unknown setting '\(parts[0])' in '--set'; known: \(RankingSettings.names.joined(separator: ", "))"
            + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""), command: command)
      }
      guard setting.accepts(value) else {
        throw UsageError(
          message: "the value '\(parts[1])' is invalid for '--set \(setting.name)'; expected \(setting.expected)", command: command)
      }
      setting.apply(&options.ranking, value)
    }
    // A model folder without an encoder names the static model's, as it did before `auto`.
    let model = arguments.value(Self.model)
    switch arguments.value(Self.encoder) ?? (model == nil ? "auto" : "static") {
    case "auto":
      guard model == nil else {
        throw UsageError(message: "'--model' names one model; with it choose '--encoder static' or '--encoder transformer'", command: command)
      }
      options.embedding = .automatic
    case "static": options.embedding = .staticModel(directory: model)
    case "transformer": options.embedding = .transformer(directory: model)
    case let other:
      throw UsageError(message: "the value '\(other)' is invalid for '--encoder'; expected auto, static or transformer", command: command)
    }
    let noEmbeddings = arguments.has(Self.noEmbeddings)
    if noEmbeddings { options.embedding = .none }
    if let mode = signals {
      if mode == .embedding, noEmbeddings {
        throw UsageError(message: "'--signals embedding' needs embeddings; drop '--no-embeddings'", command: command)
      }
      options.ranking.mode = mode
      options.signalsFromEvidence = false
      if mode == .keyword { options.embedding = .none }
    }
    if let address = arguments.value(Self.embeddingsURL) {
      guard let url = URL(string: address), let scheme = url.scheme, scheme == "http" || scheme == "https" else {
        throw UsageError(
          message: "the value '\(address)' is invalid for '--embeddings-url'; expected an http(s) URL such as http://127.0.0.1:8080/v1/embeddings",
          command: command)
      }
      var timeout = 30.0
      if let text = arguments.value(Self.embeddingsTimeout) {
        guard let value = Double(text), value > 0, value <= 3600 else {
          throw UsageError(
            message: "the value '\(text)' is invalid for '--embeddings-timeout'; expected seconds, a number above 0 and at most 3600",
            command: command)
        }
        timeout = value
      }
      options.embedding = .endpoint(
        EndpointEmbedder.Configuration(
          url: url, model: arguments.value(Self.embeddingsModel) ?? "default", apiKeyVariable: arguments.value(Self.embeddingsKeyVariable),
          timeoutSeconds: timeout))
    }
    options.rebuildIndex = !arguments.has(Self.noRebuild)
    options.useTuning = !arguments.has(Self.noTuning)
  }

  /// The engine's options for the catalog language `language` (nil: the catalog's default).
  func engineOptions(language: String?) -> IntentEngine.Options {
    var options = options
    options.language = language
    return options
  }
}
