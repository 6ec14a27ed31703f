import IntentBridgeText
import Testing

/// Which language a request is in, from its script, its function words and its letters.
@Suite struct LanguageDetectorTests {
  @Test(arguments: [
    ("set an alarm for seven tomorrow morning", "en"), ("wie spät ist es in Berlin", "de"), ("schalte bitte das Licht aus", "de"),
    ("mikä on sää huomenna", "fi"), ("aké je počasie v Bratislave", "sk"), ("jaké je počasí v Praze", "cs"),
    ("quel temps fait-il à Paris demain", "fr"), ("qué tiempo hace en Madrid", "es"), ("che tempo fa domani a Roma", "it"),
    ("qual é a previsão do tempo para amanhã", "pt"), ("wat is het weer morgen in Amsterdam", "nl"), ("hvad er vejret i morgen", "da"),
    ("vad är det för väder i morgon", "sv"), ("jaka jest pogoda w Warszawie", "pl"), ("yarın hava nasıl olacak", "tr"),
    ("bagaimana cuaca besok di Jakarta", "id"), ("明天天气怎么样", "zh"), ("明日の天気はどうですか", "ja"), ("내일 날씨 어때", "ko"),
    ("какая завтра погода", "cyrillic"),
  ])
  func requestsAreReadInTheirLanguage(request: String, language: String) throws {
    let guess = try #require(LanguageDetector().detect(request))
    #expect(guess.language == language, "\(request): \(guess)")
    #expect(guess.isConfident, "\(request): \(guess)")
  }

  @Test func shortOrAmbiguousRequestsAreNotConfident() {
    for request in ["ok", "Rover", "12:30", "timer"] {
      #expect(LanguageDetector().detect(request)?.isConfident != true, "\(request)")
    }
    #expect(LanguageDetector().detect("1234 !!") == nil)
  }

  /// A catalog's own words count for its language: without them, "cancel all kitchen timers"
  /// has no English function word and could read as anything.
  @Test func aCatalogsWordsAreEvidenceOfItsLanguage() throws {
    let plain = LanguageDetector().detect("um remove 1 hour 30 seconds from timer kitchen")
    let withCatalog = try #require(LanguageDetector().detect("um remove 1 hour 30 seconds from timer kitchen", bonus: ["en": 3]))
    #expect(withCatalog.language == "en" && withCatalog.isConfident, "\(String(describing: plain)) → \(withCatalog)")
  }

  @Test func closeRelativesAreOneFamily() {
    #expect(LanguageDetector.sameFamily("sk", "cs"))
    #expect(LanguageDetector.sameFamily("da", "nb-NO"))
    #expect(LanguageDetector.sameFamily("zh-CN", "zh"))
    #expect(!LanguageDetector.sameFamily("de", "nl"))
  }
}
