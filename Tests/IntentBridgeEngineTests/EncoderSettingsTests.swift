import IntentBridgeEmbedding
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEngine

/// What the engine reads from the encoder and the catalog's evidence when it loads
/// (`PreparedIndex.encoderLeads`, `PreparedIndex.keywordScale`): the transformer leads on
/// phrases and titles, and fuses a tool list's keywords at a fifth of their weight; the
/// static model does neither.
@Suite struct EncoderSettingsTests {
  /// The name of the model `embedding` names, once `.automatic` is decided.
  static func kind(_ embedding: IntentEngine.Options.Embedding) -> String {
    switch embedding {
    case .transformer(nil): "transformer"
    case .staticModel(nil): "static"
    default: "other"
    }
  }

  @Test func automaticChoosesTheEncoderByTheCatalogsEvidence() throws {
    let tools = try Self.compiled(
      #"{"id": "get_weather", "title": "get_weather", "description": "Current weather for a city."}, {"id": "b", "title": "stop", "description": "Stops."}"#
    )
    let notes = try #require(CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let expected = ModelLocator.modelFromEnvironment == nil ? "transformer" : "static"
    #expect(Self.kind(IntentEngine.resolved(.automatic, for: tools.catalog, language: "en")) == expected)
    #expect(Self.kind(IntentEngine.resolved(.automatic, for: notes, language: "en")) == "static", "a template grammar")
    // Any other choice stays as it is.
    #expect(Self.kind(IntentEngine.resolved(.staticModel(directory: nil), for: tools.catalog, language: "en")) == "static")
    #expect(Self.kind(IntentEngine.resolved(.transformer(directory: nil), for: notes, language: "en")) == "transformer")
  }

  static func compiled(_ intents: String) throws -> CompiledCatalog {
    let json = #"{"formatVersion": 1, "app": {"name": "T", "defaultLanguage": "en"}, "intents": ["# + intents + "]}"
    let loaded = CatalogLoader.load(bytes: Array(json.utf8))
    return CompiledCatalog(catalog: try #require(loaded.validCatalog, "\(loaded.diagnostics)"))
  }

  @Test func theTransformerWeighsAToolListsKeywordsLess() throws {
    let tools = try Self.compiled(
      """
      {"id": "get_weather", "title": "get_weather", "description": "Current weather for a city."},
      {"id": "start_timer", "title": "start_timer", "description": "Starts a countdown timer."}
      """)
    let phrases = try Self.compiled(
      #"{"id": "A", "title": "Weather", "phrases": ["what is the weather like"]}, {"id": "B", "title": "Timer", "phrases": ["set a timer"]}"#
    )
    // Loading the encoder reads its file in place; nothing is embedded.
    let transformer = try TransformerEncoder(directory: Repository.path("Models/e5small-q4-latcjk"), tokenizerCache: .disabled)
    let staticModel = try StaticEmbeddingModel(directory: Repository.path("Models/e5small-m2v-256-latcjk-int8"), tokenizerCache: .disabled)
    // Index time and load set both from them, whatever the configuration held.
    var held = RankingConfiguration()
    held.keywordScale = 0.5
    held.embeddingWeighsCoverage = true
    let onTools = PreparedIndex.withEvidence(held, transformer, tools)
    #expect(onTools.keywordScale == 0.2 && !onTools.embeddingWeighsCoverage)
    let onPhrases = PreparedIndex.withEvidence(held, transformer, phrases)
    #expect(onPhrases.keywordScale == 1 && onPhrases.embeddingWeighsCoverage)
    let withStatic = PreparedIndex.withEvidence(held, staticModel, phrases)
    #expect(withStatic.keywordScale == 1 && !withStatic.embeddingWeighsCoverage)
    let staticOnTools = PreparedIndex.withEvidence(held, staticModel, tools)
    #expect(staticOnTools.keywordScale == 1 && !staticOnTools.embeddingWeighsCoverage)
  }
}
