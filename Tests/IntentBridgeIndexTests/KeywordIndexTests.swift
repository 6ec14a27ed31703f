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

  /// A word the stemmer leaves whole is compared with the catalog's words as written, not
  /// with their stems: "paris" is one letter from "pars" (the stem of "parse") but two from
  /// "parse", so it is no evidence for the sitemap tool; a misspelt "wether" still finds
  /// "weather", and a stemmed typo ("parsinf" → stem) still finds the stem it is near.
  @Test func typosAreComparedLikeWithLike() {
    let index = Self.index([["parse a sitemap"], ["weather forecast"]])
    #expect(!index.resolve("weather in paris").contains { $0.indexTerm.hasPrefix("pars") })
    #expect(index.resolve("the wether today").contains { $0.queryTerm == "wether" && $0.indexTerm == "weather" })
    // Typos keep the first letter: "eather" is one deletion from "weather", yet no match (a
    // Finnish "teen", make, is one letter from "eteen", forward).
    #expect(!index.resolve("eather").contains { $0.indexTerm == "weather" })
    let stemmed = TextAnalyzer(language: "en").tokens("parsed")[0]
    #expect(stemmed.term != stemmed.folded)
    #expect(index.resolve("pardsed").contains { $0.indexTerm == stemmed.term } || index.resolve("parsd").contains { $0.indexTerm == stemmed.term })
  }
}
