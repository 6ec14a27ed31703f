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
}
