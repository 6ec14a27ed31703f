import IntentBridgeText
import Testing

@Suite("Skip words")
struct SkipWordTests {
  @Test(arguments: [
    (
      "de", ["bitte", "kannst du", "kannst du mir", "im Moment"], "Kannst du mir bitte das Licht einschalten",
      ["licht", "einschalt"], ["kannst", "du", "mir", "bitte"]
    ),
    (
      "en", ["please", "could you", "i'd like to"], "Could you please turn on the fan", ["turn", "on", "fan"],
      ["could", "you", "please"]
    ),
    ("en", ["i'd like to"], "I’d like to add milk", ["add", "milk"], ["id", "like", "to"]),
    ("fi", ["voitko", "voisitko"], "voisitko sammuttaa valot", ["sammut", "valo"], ["voisitko"]),
    (
      "sk", ["prosím", "mohol by si"], "mohol by si prosim zapnut svetlo", ["zapnut", "svetl"],
      ["mohol", "by", "si", "prosim"]
    ),
    ("de", ["im Moment"], "wie warm ist es im moment", ["wie", "warm", "ist", "es"], ["im", "moment"]),
  ])
  func skipPhrasesAreMarked(
    language: String, skipWords: [String], text: String, terms: [String], skipped: [String]
  ) {
    let analyzer = TextAnalyzer(language: language, skipWords: skipWords)
    #expect(analyzer.terms(text) == terms)
    #expect(analyzer.tokens(text).filter(\.isSkipWord).map(\.folded) == skipped)
  }

  @Test func partialPhraseIsNotSkipped() {
    let analyzer = TextAnalyzer(language: "en", skipWords: ["could you"])
    #expect(analyzer.terms("could it rain") == ["could", "it", "rain"])
  }

  @Test func cjkSkipPhraseBreaksTheBigramChain() {
    let analyzer = TextAnalyzer(language: "zh-CN", skipWords: ["请问", "麻烦你"])
    let tokens = analyzer.tokens("请问打开灯")
    #expect(analyzer.terms("请问打开灯") == ["打", "打开", "开", "开灯", "灯"])
    #expect(tokens.filter(\.isSkipWord).map(\.term) == ["请", "请问", "问"])
    #expect(!tokens.contains { $0.term == "问打" })
    // Skipped tokens keep their positions and spans.
    #expect(tokens.first { $0.term == "打" }?.position == 2)
  }
}
