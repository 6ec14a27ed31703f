import IntentBridgeText
import Testing

@Suite("Tokenisation")
struct TokenizerTests {
  private func describe(_ tokens: [AnalyzedToken]) -> [String] {
    tokens.map { "\($0.term)@\($0.position)[\($0.range.lowerBound)-\($0.range.upperBound)]" }
  }

  @Test func rangesAndPositionsCountScalars() {
    let tokens = TextAnalyzer(language: "de").tokens("Größe: 21,5°C")
    #expect(describe(tokens) == ["gross@0[0-5]", "21.5@1[7-11]", "°@2[11-12]", "c@3[12-13]"])
    #expect(tokens.map(\.folded) == ["grosse", "21.5", "°", "c"])
    #expect(tokens.map(\.kind) == [.word, .number, .symbol, .word])
  }

  /// Numbers written out in words are marked on their first token with their length and
  /// value: one word standing alone, or a run of number words that reads as one whole
  /// number. Words beside digits or a decimal word, fractions, German article forms and a
  /// number before Chinese 分之 (a denominator) are left to the extractors.
  @Test(arguments: [
    ("en", "set a timer for five minutes", ["five 1 5"]),
    ("en", "twenty five minutes", ["twenty 2 25"]),
    ("en", "twenty point five degrees", []),
    ("en", "and then", []),
    ("de", "stelle einen Timer für fünf Minuten", ["funf 1 5"]),
    ("de", "fünfundzwanzig Prozent", ["funfundzwanzig 1 25"]),
    ("de", "schalte den Fernseher ein", []),
    ("de", "anderthalb Stunden", []),
    ("sk", "nastav časovač na dvadsať päť minút", ["dvadsat 2 25"]),
    ("zh-CN", "设置一个三分钟的计时器", ["一 1 1", "三 1 3"]),
    ("zh-CN", "设置二十五分钟的计时器", ["二 3 25"]),
    ("zh-CN", "十分钟", ["十 1 10"]),
    ("zh-CN", "百分之五十", ["五 2 50"]),
  ])
  func writtenNumbers(language: String, text: String, numbers: [String]) {
    let tokens = TextAnalyzer(language: language).tokens(text)
    let found = tokens.filter { $0.writtenNumberLength > 0 }.map { "\($0.folded) \($0.writtenNumberLength) \(Int($0.writtenNumberValue))" }
    #expect(found == numbers)
  }

  @Test func decomposedAccentsKeepTheirSpan() {
    let tokens = TextAnalyzer(language: "en").tokens("cafe\u{301} bar")
    #expect(tokens.map(\.folded) == ["cafe", "bar"])
    #expect(tokens.map(\.range) == [0..<5, 6..<9])
  }

  @Test(arguments: [
    ("21,5", ["21.5"]), ("21.5", ["21.5"]), ("50%", ["50", "%"]), ("21°C", ["21", "°", "c"]),
    ("1.000.000", ["1.000.000"]), ("5min", ["5", "min"]), ("obl2", ["obl2"]), ("mp3", ["mp3"]),
    ("9:30", ["9", "30"]), ("-5,", ["5"]), ("12 €", ["12", "€"]), ("２１", ["21"]), ("end.", ["end"]),
    ("3.", ["3"]),
  ])
  func numbers(text: String, expected: [String]) {
    #expect(TextAnalyzer(language: "en").tokens(text).map(\.term) == expected)
  }

  @Test func cjkRunsGiveCharactersAndBigrams() {
    let tokens = TextAnalyzer(language: "zh-CN").tokens("打开客厅灯")
    #expect(tokens.map(\.term) == ["打", "打开", "开", "开客", "客", "客厅", "厅", "厅灯", "灯"])
    #expect(tokens.map(\.position) == [0, 0, 1, 1, 2, 2, 3, 3, 4])
    #expect(tokens[1].range == 0..<2)
    #expect(tokens[1].kind == .cjkBigram)
    #expect(tokens[0].kind == .cjkCharacter)
  }

  @Test func mixedCJKAndLatin() {
    let analyzer = TextAnalyzer(language: "zh-CN")
    #expect(analyzer.terms("把TV音量调到50%") == ["把", "tv", "音", "音量", "量", "量调", "调", "调到", "到", "50", "%"])
    // Spaces and punctuation end a run: no bigram across them.
    #expect(analyzer.terms("客厅，灯") == ["客", "客厅", "厅", "灯"])
    // Japanese kana and Korean Hangul are handled the same way.
    #expect(TextAnalyzer(language: "ja").terms("ライト") == ["ラ", "ライ", "イ", "イト", "ト"])
    #expect(TextAnalyzer(language: "ko").terms("불 켜") == ["불", "켜"])
  }

  @Test func chineseParticlesAreStopWords() {
    let tokens = TextAnalyzer(language: "zh-CN").tokens("客厅的灯")
    #expect(tokens.filter(\.isStopWord).map(\.term) == ["的"])
    #expect(tokens.contains { $0.term == "厅的" && !$0.isStopWord })
  }

  @Test(arguments: [
    ("en", "Turn on the lights", ["turn", "on", "light"]),
    ("de", "Schalte das Licht ein", ["schalt", "licht", "ein"]),
    ("fi", "sammuta valot ja tuuletin", ["sammut", "valo", "tuulet"]),
    ("sk", "zapni svetlo v kuchyni", ["zapn", "svetl", "kuchyn"]),
    ("xx", "Gracias por la luz", ["gracias", "por", "la", "luz"]),
  ])
  func stopWordsLeaveTheTerms(language: String, text: String, expected: [String]) {
    #expect(TextAnalyzer(language: language).terms(text) == expected)
  }

  @Test func stopWordsKeepTheirPositions() {
    let tokens = TextAnalyzer(language: "en").tokens("turn off the fan")
    #expect(tokens.map(\.position) == [0, 1, 2, 3])
    #expect(tokens.map(\.isStopWord) == [false, false, true, false])
  }

  @Test(arguments: [
    ("de-AT", "de"), ("DE", "de"), ("zh-CN", "zh"), ("zh_TW", "zh"), ("fi-FI", "fi"), ("sk", "sk"),
    ("en-GB", "en"), ("pt-BR", "generic"), ("", "generic"),
  ])
  func profileFromLanguageTag(tag: String, profile: String) {
    #expect(TextAnalyzer(language: tag).profile.language == profile)
  }
}
