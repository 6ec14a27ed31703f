import IntentBridgeFilling
import Testing

/// Requests where an extractor must find nothing (false positives seen on the HA dev sets).
struct NegativeFixture: Sendable, CustomStringConvertible {
  let language: String
  /// The kind whose extractor runs (as in ``run(_:_:)``).
  let kind: String
  let text: String

  init(_ language: String, _ kind: String, _ text: String) {
    self.language = language
    self.kind = kind
    self.text = text
  }

  var description: String { "\(language) \(kind): \(text)" }
}

let negativeFixtures: [NegativeFixture] = [
  NegativeFixture("en", "time", "increase the timer by 1 hour"),
  NegativeFixture("en", "time", "increase timer by 1 and a half hours"),
  NegativeFixture("en", "number", "this is fine"),
  NegativeFixture("en", "url", "go to example dot com"),
  NegativeFixture("en", "email", "write to user@localhost"),
  NegativeFixture("en", "quotedText", "it's the \"unclosed one"),
  NegativeFixture("en", "duration", "set the second timer"),
  NegativeFixture("de", "time", "verkürze den Timer um 5 Minuten"),
  NegativeFixture("de", "time", "verringere die Lautstärke um 20 Prozent"),
  NegativeFixture("de", "number", "Licht im Wohnzimmer"),
  NegativeFixture("fi", "time", "pidennä ajastinta 30 sekuntia"),
  NegativeFixture("fi", "number", "sammuta valot"),
  NegativeFixture("sk", "time", "prehraj skladbu Balada o štyroch koňoch"),
  NegativeFixture("sk", "time", "zruš časovač na 5 minút"),
  NegativeFixture("sk", "time", "nastav teplotu na 21 stupňov"),
  NegativeFixture("sk", "time", "svetlá na prvom poschodí"),
  NegativeFixture("sk", "time", "nastav jas na 20"),
  NegativeFixture("zh-CN", "boolean", "一楼开关有没有开着的"),
  NegativeFixture("zh-CN", "boolean", "张三的位置是什么"),
  NegativeFixture("zh-CN", "time", "给计时器缩短10分钟"),
  NegativeFixture("zh-CN", "date", "把亮度调到最高"),
  // 一 inside a word: "a little", "some", "a moment", "together".
  NegativeFixture("zh-CN", "number", "音量大一点"),
  NegativeFixture("zh-CN", "number", "把灯调亮一些"),
  NegativeFixture("zh-CN", "number", "等一下"),
  NegativeFixture("zh-CN", "number", "一起关掉"),
]

@Suite struct NegativeFixtureTests {
  @Test(arguments: negativeFixtures)
  func findsNothing(_ f: NegativeFixture) {
    let values = run(Fixture(f.language, "", "\(f.kind) x"), f.text)
    #expect(values.map(describe) == [])
  }
}
