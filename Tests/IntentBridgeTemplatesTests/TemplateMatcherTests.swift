import Foundation
import IntentBridgeCatalog
import IntentBridgeTemplates
import IntentBridgeText
import Testing

@Suite struct TemplateMatcherTests {
  static func quality(_ template: String, _ request: String, language: String = "en") throws -> Float {
    let json = """
      {"formatVersion": 1, "app": {"defaultLanguage": "\(language)"}, "intents": [{"id": "A", "title": "A",
        "parameters": [{"name": "area", "type": {"entity": "area"}}, {"name": "minutes", "type": "integer"}, {"name": "item", "type": "string"}],
        "phrases": [\(jsonQuote(template))]}],
       "entities": [{"id": "area", "instances": [{"id": "living", "title": "Living Room"}, {"id": "kitchen", "title": "Kitchen"}]}]}
      """
    let catalog = try #require(CatalogLoader.load(bytes: Array(json.utf8)).validCatalog)
    let templates = IntentTemplates(
      catalog: catalog, language: language, analyzer: TextAnalyzer(language: language), rules: PhraseRules(catalog: catalog, language: language))
    return templates.scores(request, candidates: [0])[0]
  }

  static func jsonQuote(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

  @Test(arguments: [
    ("turn on the light[s] in [the] ${area}", "turn on the lights in the living room"),
    ("(set|start) a ${minutes} minute timer", "start a 5 minute timer"),
    ("add ${item} to [my] shopping list", "add milk to my shopping list"),
    ("<missing> hello", "hello"),
  ])
  func exactExpansionsScoreOne(_ template: String, _ request: String) throws {
    if template.hasPrefix("<missing>") { return }  // rules are checked at load time
    #expect(try Self.quality(template, request) == 1)
  }

  @Test func typosDroppedAndSwappedWordsDegradeGracefully() throws {
    let exact = try Self.quality("turn on the light in the ${area}", "turn on the light in the kitchen")
    let typo = try Self.quality("turn on the light in the ${area}", "turn on the ligth in the kitchen")
    let dropped = try Self.quality("turn on the light in the ${area}", "turn the light in the kitchen")
    let unrelated = try Self.quality("turn on the light in the ${area}", "what is the weather tomorrow")
    #expect(exact == 1)
    #expect(typo < exact && typo > 0.8)
    #expect(dropped < exact && dropped > 0.7)
    #expect(unrelated < 0.5)
  }

  @Test func wordInternalGroupsFormWholeWords() throws {
    #expect(try Self.quality("(odo|u)b(rať|er) časovač", "uber časovač", language: "sk") == 1)
    #expect(try Self.quality("(odo|u)b(rať|er) časovač", "odobrať časovač", language: "sk") == 1)
  }
}
