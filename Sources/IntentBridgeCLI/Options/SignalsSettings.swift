import IntentBridgeEngine

/// The ranking option group: `--signals`, which signals rank a request.
struct SignalsSettings: Sendable {
  static let signals = CommandSpec.Option(
    name: "signals", valueName: "signals",
    help:
      "Signals that rank: hybrid (default: keywords, templates and embeddings), keyword (BM25F + templates, no model) or embedding (vectors only).",
    allowed: RankingMode.allCases.map(\.rawValue))
  static let group = OptionGroup(name: "ranking", options: [signals])

  /// The signals `--signals` chooses (the parser checked the value); nil: chosen from the
  /// catalog's evidence.
  var mode: RankingMode?

  init(_ arguments: ParsedArguments) {
    mode = arguments.value(Self.signals).flatMap(RankingMode.init(rawValue:))
  }
}
