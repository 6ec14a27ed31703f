import IntentBridgeFilling
import Testing

/// The examples of the doc comments, and the documented confidence rules.
@Suite struct DocumentedBehaviourTests {
  struct Example: Sendable, CustomStringConvertible {
    let description: String
    let run: @Sendable () -> [ExtractedValue]
    let expected: String
  }

  static let context = pinnedContext("en")

  static let examples: [Example] = [
    Example(description: "value", run: { NumberExtractor(language: "en").extract("set it to 21.5 degrees") }, expected: "10..<22 temperature 21.5"),
    Example(
      description: "number de", run: { NumberExtractor(language: "de").extract("Stell die Heizung auf 21,5 Grad") },
      expected: "22..<31 temperature 21.5"),
    Example(
      description: "duration", run: { DurationExtractor(language: "en").extract("set a timer for 1 hour and 20 minutes") },
      expected: "16..<37 duration PT1H20M"),
    Example(description: "url", run: { URLExtractor().extract("open https://example.org/a?b=1.") }, expected: "5..<30 url https://example.org/a?b=1"),
    Example(description: "email", run: { EmailExtractor().extract("mail anna.k@example.fi, please") }, expected: "5..<22 email anna.k@example.fi"),
    Example(
      description: "quote", run: { QuotedTextExtractor().extract("add „Milch kaufen“ to my list") }, expected: "5..<17 quotedText Milch kaufen"),
    Example(description: "boolean", run: { BooleanExtractor(language: "de").extract("Ja, bitte") }, expected: "0..<2 boolean true"),
    Example(description: "next monday", run: { DateTimeExtractor(context: context).extract("next Monday") }, expected: "0..<11 date 2026-11-30"),
  ]

  @Test(arguments: examples)
  func docExample(_ e: Example) {
    #expect(e.run().map { "\($0.span.lowerBound)..<\($0.span.upperBound) \(describe($0))" } == [e.expected])
  }

  @Test func otherSeparatorLowersConfidence() {
    let de = NumberExtractor(language: "de")
    #expect(de.extract("21,5").map(\.confidence) == [1])
    #expect(de.extract("21.5").map(\.confidence) == [0.8])
    #expect(de.extract("21.5").map(describe) == ["number 21.5"])
  }

  @Test func hourWithoutMeridiemIsLessCertain() {
    let x = DateTimeExtractor(context: Self.context)
    let bare = x.extract("at 5").first?.confidence ?? 0
    let pm = x.extract("at 5 pm").first?.confidence ?? 0
    #expect(bare > 0 && bare < pm)
  }

  @Test func loneArticleLikeNumberWordsAreLessCertain() {
    #expect(NumberExtractor(language: "de").extract("eine").map(\.confidence) == [0.6])
    #expect(NumberExtractor(language: "de").extract("zweiundzwanzig").map(\.confidence) == [0.9])
  }

  @Test func slovakOIsAnAmbiguousRelativePrefix() {
    let x = DateTimeExtractor(context: pinnedContext("sk"))
    #expect(x.extract("o 10 minút").map(\.confidence) == [0.6])
    #expect(x.extract("za 10 minút").map(\.confidence) == [1])
  }

  @Test func allExtractorsShareOneTokenisation() {
    let x = Extractors(context: pinnedContext("sk"))
    let kinds = x.extract("o 10 minút zapni svetlo na 50%").map(\.kind)
    #expect(kinds == [.dateTime, .number, .duration, .percentage])
  }
}
