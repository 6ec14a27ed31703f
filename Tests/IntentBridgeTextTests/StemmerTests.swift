import IntentBridgeText
import Testing

/// Inflected forms that must meet their base form, and pairs that must stay apart.
@Suite("Stemming")
struct StemmerTests {
  private func term(_ language: String, _ word: String) -> String {
    let analyzer = TextAnalyzer(language: language)
    return analyzer.stem(analyzer.fold(word))
  }

  @Test(arguments: [
    ("lights", "light"), ("timers", "timer"), ("switches", "switch"), ("batteries", "battery"),
    ("boxes", "box"), ("classes", "class"), ("closed", "close"), ("closes", "close"), ("dimmed", "dim"),
    ("locked", "lock"), ("curtains", "curtain"), ("garages", "garage"), ("houses", "house"),
    ("minutes", "minute"), ("degrees", "degree"), ("blinds", "blind"), ("kitchen's", "kitchen"),
    ("groceries", "grocery"), ("buzzes", "buzz"), ("dishes", "dish"),
  ])
  func english(inflected: String, base: String) {
    #expect(term("en", inflected) == term("en", base))
  }

  @Test(arguments: [
    ("Lichter", "Licht"), ("Lichtern", "Licht"), ("Lampen", "Lampe"), ("Küchen", "Küche"),
    ("Fenstern", "Fenster"), ("Geräte", "Gerät"), ("Rollos", "Rollo"), ("Vorhänge", "Vorhang"),
    ("Türen", "Tür"), ("Gardinen", "Gardine"), ("Minuten", "Minute"), ("Sekunden", "Sekunde"),
    ("Stunden", "Stunde"), ("Temperaturen", "Temperatur"), ("Zimmers", "Zimmer"), ("Rolladens", "Rolladen"),
    ("Ventilatoren", "Ventilator"), ("Steckdosen", "Steckdose"), ("leiser", "leise"), ("alle", "alles"),
  ])
  func german(inflected: String, base: String) {
    #expect(term("de", inflected) == term("de", base))
  }

  @Test(arguments: [
    ("olohuoneessa", "olohuone"), ("olohuoneen", "olohuone"), ("keittiössä", "keittiö"), ("keittiön", "keittiö"),
    ("valot", "valo"), ("valoja", "valo"), ("valoa", "valo"), ("kattokruunun", "kattokruunu"),
    ("makuuhuoneeseen", "makuuhuone"), ("ostoslistalle", "ostoslista"), ("ostoslistalla", "ostoslista"),
    ("minuuttia", "minuutti"), ("minuutilla", "minuutti"), ("ajastimesta", "ajastimen"), ("ikkunat", "ikkuna"),
    ("verhot", "verho"), ("kerroksessa", "kerroksen"), ("eteisessä", "eteisen"), ("tuulettimet", "tuulettimia"),
    ("alueella", "alue"), ("ajastimessani", "ajastimen"), ("autotallin", "autotalli"),
  ])
  func finnish(inflected: String, base: String) {
    #expect(term("fi", inflected) == term("fi", base))
  }

  @Test(arguments: [
    ("obývačke", "obývačka"), ("kuchyni", "kuchyňa"), ("spálni", "spálňa"), ("lampy", "lampa"),
    ("nočnej", "nočná"), ("časovača", "časovač"), ("hodiny", "hodina"), ("minúty", "minúta"),
    ("svetlá", "svetlo"), ("závesov", "záves"), ("žalúzie", "žalúziu"), ("ventilátora", "ventilátor"),
    ("sekundového", "sekundový"), ("garážovú", "garážová"), ("dverí", "dvere"), ("okenice", "okenica"),
    ("receptoch", "recept"), ("poznámkach", "poznámka"), ("prioritou", "priorita"), ("knihách", "kniha"),
  ])
  func slovak(inflected: String, base: String) {
    #expect(term("sk", inflected) == term("sk", base))
  }

  /// Words that decide between intents or values must not be merged.
  @Test(arguments: [
    ("fi", "päälle", "päältä"), ("fi", "peruuta", "perusta"), ("en", "note", "not"), ("en", "opening", "open"),
    ("en", "closing", "closed"), ("de", "an", "aus"), ("sk", "zapni", "vypni"), ("de", "Tor", "Tür"),
  ])
  func keptApart(language: String, a: String, b: String) {
    #expect(term(language, a) != term(language, b))
  }

  @Test(arguments: [
    ("en", "status"), ("en", "this"), ("en", "bus"), ("en", "obl2"), ("fi", "pois"), ("fi", "auki"),
    ("de", "aus"), ("sk", "tv"), ("xx", "casas"),
  ])
  func leftAlone(language: String, word: String) {
    #expect(TextAnalyzer(language: language).stem(word) == word)
  }

  @Test(arguments: [
    ("fi", "olohuoneessa", "olohuon"), ("sk", "obyvacke", "obyvack"), ("de", "lichtern", "licht"),
    ("en", "batteries", "battery"), ("en", "dimmed", "dim"),
  ])
  func exactStems(language: String, word: String, stem: String) {
    #expect(TextAnalyzer(language: language).stem(word) == stem)
  }

  @Test func customProfileRules() {
    let profile = LanguageProfile(
      language: "xx", stemPasses: [.suffixes(SuffixRule.list("ak>a s", minimumStem: 2))])
    let analyzer = TextAnalyzer(profile: profile)
    #expect(analyzer.stem("kutyak") == "kutya")
    #expect(analyzer.stem("cats") == "cat")
    #expect(analyzer.stem("ss") == "ss")
  }
}
