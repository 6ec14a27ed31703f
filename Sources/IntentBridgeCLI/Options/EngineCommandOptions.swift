import IntentBridgeEngine

/// The options of a command that loads the catalog's engines: the language and engine groups.
protocol EngineCommandOptions {
  var language: LanguageSettings { get }
  var engine: EngineSettings { get }
}

extension EngineCommandOptions {
  /// The engine's options: the engine group's, in the `--lang` language.
  var engineOptions: IntentEngine.Options { engine.engineOptions(language: language.tag) }
}
