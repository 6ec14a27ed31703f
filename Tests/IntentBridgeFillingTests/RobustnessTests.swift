import IntentBridgeFilling
import Testing

/// Property-style checks over every prefix and suffix of every fixture request: no
/// extractor traps on a cut-off request, spans stay inside the text and `text` is the
/// span's text, confidences are in (0, 1], and one extractor's values never overlap.
@Suite struct RobustnessTests {
  static let languages = ["en", "de", "fi", "sk", "zh-CN"]

  @Test(arguments: languages)
  func prefixesAndSuffixes(_ language: String) {
    let fixtures = (englishFixtures + germanFixtures + finnishFixtures + slovakFixtures + chineseFixtures)
      .filter { $0.language == language }
    #expect(fixtures.count >= 40)
    let x = Extractors(context: pinnedContext(language))
    var problems: [String] = []
    for f in fixtures {
      let scalars = Array(MarkedText(f.marked).text.unicodeScalars)
      for cut in 0...scalars.count {
        for piece in [scalars[..<cut], scalars[cut...]] {
          var text = ""
          text.unicodeScalars.append(contentsOf: piece)
          let values = x.extract(text)
          let all = Array(text.unicodeScalars)
          for v in values {
            guard v.span.lowerBound >= 0, v.span.upperBound <= all.count, !v.span.isEmpty else {
              problems.append("\(text): span \(v.span)")
              continue
            }
            var s = ""
            s.unicodeScalars.append(contentsOf: all[v.span])
            if s != v.text || !(v.confidence > 0 && v.confidence <= 1) { problems.append("\(text): \(v)") }
          }
          for kind in ExtractedValue.Kind.allCases {
            let same = values.filter { $0.kind == kind }.map(\.span)
            for (a, b) in zip(same, same.dropFirst()) where a.overlaps(b) { problems.append("\(text): overlap \(a) \(b)") }
          }
        }
      }
    }
    #expect(problems == [])
  }

  /// `Extractors.extract(_:kinds:)` runs only the extractors whose declared `kinds` meet the
  /// kinds asked for: each extractor must find no other kind, and asking for one kind must
  /// give exactly the values of that kind that extracting everything gives.
  @Test(arguments: languages)
  func extractorsFindOnlyTheirDeclaredKinds(_ language: String) {
    let fixtures = (englishFixtures + germanFixtures + finnishFixtures + slovakFixtures + chineseFixtures)
      .filter { $0.language == language }
    let x = Extractors(context: pinnedContext(language))
    var problems: [String] = []
    var found = Set<ExtractedValue.Kind>()
    for f in fixtures {
      let text = MarkedText(f.marked).text
      let runs: [(String, Set<ExtractedValue.Kind>, [ExtractedValue])] = [
        ("numbers", NumberExtractor.kinds, x.numbers.extract(text)), ("durations", DurationExtractor.kinds, x.durations.extract(text)),
        ("dates", DateTimeExtractor.kinds, x.dates.extract(text)), ("booleans", BooleanExtractor.kinds, x.booleans.extract(text)),
        ("urls", URLExtractor.kinds, x.urls.extract(text)), ("emails", EmailExtractor.kinds, x.emails.extract(text)),
        ("quotes", QuotedTextExtractor.kinds, x.quotes.extract(text)),
      ]
      for (name, kinds, values) in runs {
        for v in values where !kinds.contains(v.kind) { problems.append("\(text): \(name) found \(v.kind)") }
      }
      let all = x.extract(text)
      found.formUnion(all.map(\.kind))
      for kind in ExtractedValue.Kind.allCases where x.extract(text, kinds: [kind]) != all.filter({ $0.kind == kind }) {
        problems.append("\(text): kind \(kind) alone differs")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(10))")
    // The fixtures reach several extractors, so the comparison is not over empty lists.
    #expect(found.count >= 4, "\(found)")
  }
}
