import IntentBridgeText
import Testing

@Suite("Folding")
struct FoldingTests {
  /// Each language's diacritics, case folding and punctuation.
  @Test(arguments: [
    ("en", "Café naïve RÉSUMÉ façade", "cafe naive resume facade"),
    ("de", "Größe ÜBER Straße Bäume Öl", "grosse uber strasse baume ol"),
    ("fi", "Kytke valot PÄÄLLE, Åland öljy!", "kytke valot paalle aland oljy"),
    ("sk", "Ľúbostná ťava ôsmy dôležitý Čaj ŕ ĺ ň ř žalúzie", "lubostna tava osmy dolezity caj r l n r zaluzie"),
    ("da", "Øresund Æble Œuvre", "oresund aeble oeuvre"),
    ("pl", "Łódź źdźbło", "lodz zdzblo"),
    ("el", "ΣΊΣΥΦΟΣ", "σισυφοσ"),
    ("en", "ＦＵＬＬ ｗｉｄｔｈ １２３", "full width 123"),
    ("en", "  Hello,\tworld!!  \n", "hello world"),
    ("en", "e\u{301}te\u{301}", "ete"),  // decomposed accents
  ])
  func folds(language: String, text: String, expected: String) {
    #expect(TextAnalyzer(language: language).fold(text) == expected)
  }

  @Test(arguments: [
    ("en", "What's up? I’d say it's Bob's", "whats up id say its bobs"),
    ("fr", "l'heure qu'il est", "l heure qu il est"),
    ("en", "rock 'n' roll", "rock n roll"),
    ("de", "Stell's auf 21,5°C!", "stells auf 21.5 ° c"),
    ("en", "50% of 1,000.5 $", "50 % of 1.000.5 $"),
    ("zh-CN", "打开 客厅的灯，谢谢", "打开 客厅的灯 谢谢"),
  ])
  func apostrophesNumbersAndSpacing(language: String, text: String, expected: String) {
    #expect(TextAnalyzer(language: language).fold(text) == expected)
  }

  /// Folding both sides is what lets users type without diacritics.
  @Test(arguments: [
    ("fi", "kytke valot paalle", "kytke valot päälle"),
    ("de", "Kuche Tur offnen", "Küche Tür öffnen"),
    ("sk", "zapni svetlo v obyvacke", "zapni svetlo v obývačke"),
    ("de", "STRASSE", "Straße"),
  ])
  func withoutDiacriticsMatches(language: String, plain: String, accented: String) {
    let analyzer = TextAnalyzer(language: language)
    #expect(analyzer.terms(plain) == analyzer.terms(accented))
    #expect(analyzer.fold(plain) == analyzer.fold(accented))
  }

  @Test(arguments: [
    "Größe Straße", "ΣΊΣΥΦΟΣ ﬁ ½ ℃", "Ǆemal ǅ ǆ", "İstanbul", "打开客厅的灯", "l'heure 21,5%", "Ｈｅｌｌｏ",
  ])
  func foldingIsIdempotent(text: String) {
    let analyzer = TextAnalyzer(language: "en")
    let once = analyzer.fold(text)
    #expect(analyzer.fold(once) == once)
  }
}
