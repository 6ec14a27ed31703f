import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeText
import Testing

@Suite struct KeywordIndexTests {
  static func index(_ texts: [[String]]) -> KeywordIndex {
    let catalog = Catalog(
      app: AppInfo(), intents: texts.enumerated().map { Intent(id: "I\($0.offset)", title: LocalizedText($0.element[0], language: "en")) })
    let documents = catalog.intents.enumerated().map {
      IntentDocument(intent: $0.element, index: $0.offset, catalog: catalog, language: "en", rules: PhraseRules(catalog: catalog, language: "en"))
    }
    return KeywordIndex(documents: documents, analyzer: TextAnalyzer(language: "en"))
  }

  @Test func idfStaysPositiveOnATinyCatalog() {
    let index = Self.index([["turn on the light"], ["turn off the light"]])
    let scores = index.scores(index.resolve("turn light"))
    #expect(scores.allSatisfy { $0 > 0 })
  }

  @Test func typosMatchThroughTheFuzzyVocabulary() {
    let index = Self.index([["start timer"], ["pause music"]])
    let terms = index.resolve("strat timr")
    #expect(terms.contains { $0.indexTerm == "timer" && $0.weight < 1 })
    let scores = index.scores(terms)
    #expect(scores[0] > scores[1])
  }
}
