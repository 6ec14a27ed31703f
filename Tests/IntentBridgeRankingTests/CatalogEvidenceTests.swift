import IntentBridgeCatalog
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeRanking

/// The kind of evidence a catalog offers decides whether the transformer encoder ranks alone:
/// literal phrases or titles only → the encoder leads; descriptions without phrases (tool
/// lists) or a template grammar → all signals.
@Suite struct CatalogEvidenceTests {
  static func compiled(_ intents: String, entities: String = "") throws -> CompiledCatalog {
    let json =
      #"{"formatVersion": 1, "app": {"name": "T", "defaultLanguage": "en"}, "intents": ["# + intents + "]"
      + (entities.isEmpty ? "" : #", "entities": ["# + entities + "]") + "}"
    let loaded = CatalogLoader.load(bytes: Array(json.utf8))
    return CompiledCatalog(catalog: try #require(loaded.validCatalog, "\(loaded.diagnostics)"))
  }

  @Test func kindsFollowWhatMostIntentsHave() throws {
    let phrases = try Self.compiled(
      """
      {"id": "A", "title": "Weather", "phrases": ["what is the weather like", "will it rain tomorrow"]},
      {"id": "B", "title": "Timer", "description": "Starts a timer.", "phrases": ["set a timer for ten minutes"]},
      {"id": "C", "title": "Lights", "description": "Turns lights on."}
      """)
    #expect(CatalogEvidence(phrases).kind == .phrases)
    #expect(CatalogEvidence(phrases).encoderLeads)

    let descriptions = try Self.compiled(
      """
      {"id": "A", "title": "get_weather", "description": "Current weather for a city."},
      {"id": "B", "title": "start_timer", "description": "Starts a countdown timer.", "phrases": ["set a timer"]},
      {"id": "C", "title": "lights_on", "description": "Turns on the lights of a room."}
      """)
    #expect(CatalogEvidence(descriptions).kind == .descriptions)
    #expect(!CatalogEvidence(descriptions).encoderLeads)
    #expect(CatalogEvidence(descriptions).transformerKeywordScale == 0.2, "the transformer weighs a tool list's keywords less")
    #expect(CatalogEvidence(phrases).transformerKeywordScale == 1)

    let titles = try Self.compiled(
      """
      {"id": "A", "title": "Bill due"}, {"id": "B", "title": "Transfer money"}, {"id": "C", "title": "Balance", "description": "Shows it."}
      """)
    #expect(CatalogEvidence(titles).kind == .titles)
    #expect(CatalogEvidence(titles).encoderLeads)
    #expect(CatalogEvidence(titles).transformerKeywordScale == 1)
    // The transformer is chosen (`--encoder auto`) for all three, read before compiling too.
    for catalog in [phrases, descriptions, titles] {
      #expect(CatalogEvidence(catalog).transformerRanksBetter)
      #expect(CatalogEvidence(catalog.catalog, language: "en") == CatalogEvidence(catalog))
    }
  }

  /// `--encoder auto` keeps the static model for a catalog whose texts would take minutes to
  /// embed with the transformer.
  @Test func aLongCatalogKeepsTheStaticModel() throws {
    let long = String(repeating: "Updates the stock record of one catalogue item. ", count: 11_000)  // 539,000 characters
    let short = try Self.compiled(#"{"id": "A", "title": "a", "description": "Stock."}, {"id": "B", "title": "b", "description": "Stock."}"#)
    func auto(_ compiled: CompiledCatalog) -> Bool { CatalogEvidence.autoChoosesTransformer(compiled.catalog, language: compiled.language) }
    func exceeds(_ compiled: CompiledCatalog) -> Bool { CatalogEvidence.exceedsTransformerBudget(compiled.catalog, language: compiled.language) }
    #expect(auto(short) && !exceeds(short))
    let within = try Self.compiled(#"{"id": "A", "title": "a", "description": "\#(long)"}, {"id": "B", "title": "b", "description": "Stock."}"#)
    #expect(auto(within) && !exceeds(within))
    let beyond = try Self.compiled(#"{"id": "A", "title": "a", "description": "\#(long)"}, {"id": "B", "title": "b", "description": "\#(long)"}"#)
    #expect(CatalogEvidence(beyond).kind == .descriptions && CatalogEvidence(beyond).transformerRanksBetter)
    #expect(exceeds(beyond) && !auto(beyond))
  }

  @Test func entityInstancesKeepEverySignal() throws {
    let intents = """
      {"id": "A", "title": "Start a device", "phrases": ["start the vacuum", "turn on the lawn mower"]},
      {"id": "B", "title": "Stop a device", "phrases": ["stop the vacuum", "switch off the kettle"]}
      """
    let withNames = try Self.compiled(
      intents, entities: #"{"id": "Device", "title": "Device", "instances": [{"id": "rover", "title": "Rover"}]}"#)
    #expect(CatalogEvidence(withNames).kind == .phrases)
    #expect(CatalogEvidence(withNames).hasEntityInstances)
    #expect(!CatalogEvidence(withNames).encoderLeads)
    let describedWithNames = try Self.compiled(
      #"{"id": "A", "title": "start", "description": "Starts a device."}, {"id": "B", "title": "stop", "description": "Stops a device."}"#,
      entities: #"{"id": "Device", "title": "Device", "instances": [{"id": "rover", "title": "Rover"}]}"#)
    #expect(CatalogEvidence(describedWithNames).kind == .descriptions)
    #expect(CatalogEvidence(describedWithNames).transformerKeywordScale == 1, "names are matched by keywords")
    #expect(!CatalogEvidence(withNames).transformerRanksBetter && !CatalogEvidence(describedWithNames).transformerRanksBetter)
    #expect(CatalogEvidence(try Self.compiled(intents)).encoderLeads)
  }

  @Test func aTemplateGrammarKeepsEverySignal() throws {
    let notes = CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog
    let compiled = CompiledCatalog(catalog: try #require(notes))
    #expect(compiled.isGrammar)
    #expect(CatalogEvidence(compiled).kind == .grammar)
    #expect(!CatalogEvidence(compiled).encoderLeads)
    #expect(CatalogEvidence(compiled).transformerKeywordScale == 1)
    #expect(!CatalogEvidence(compiled).transformerRanksBetter, "a grammar keeps the static model")
    #expect(CatalogEvidence(try #require(notes), language: "en") == CatalogEvidence(compiled))
  }
}
