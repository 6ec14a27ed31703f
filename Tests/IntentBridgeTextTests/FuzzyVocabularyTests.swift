import IntentBridgeText
import Testing

@Suite("Fuzzy vocabulary")
struct FuzzyVocabularyTests {
  static let terms = [
    "timer", "timers", "kitchen", "thermostat", "lampe", "olohuone", "keittio", "obyvacka", "ventilator", "licht",
    "fan", "tv", "garage", "bedroom", "wohnzimmer", "päälle",
  ]
  let vocabulary = FuzzyVocabulary(terms)

  @Test(arguments: [
    ("timr", ["timer"]), ("tmier", ["timer"]), ("timesr", ["timer", "timers"]), ("kitchn", ["kitchen"]),
    ("kitcehn", ["kitchen"]), ("thremostat", ["thermostat"]), ("thermosatt", ["thermostat"]),
    ("olohuene", ["olohuone"]), ("obyvacak", ["obyvacka"]), ("ventilatr", ["ventilator"]),
    ("lampr", ["lampe"]), ("lichtt", ["licht"]), ("wohnzimer", ["wohnzimmer"]), ("päälel", ["päälle"]),
    ("timer", ["timer", "timers"]),  // exact first, then distance 1
  ])
  func oneTypoAway(query: String, expected: [String]) {
    #expect(vocabulary.matches(query, maxDistance: 2) == expected)
  }

  @Test(arguments: [
    ("tim", 2),  // under 4 scalars: no fuzzy matching
    ("fab", 2), ("kitten", 2),  // distance 2 needs 8 scalars
    ("bedrom", 0),  // distance 0 asked
    ("carafe", 1), ("zzzzzzzz", 2),
  ])
  func noMatch(query: String, maxDistance: Int) {
    #expect(vocabulary.matches(query, maxDistance: maxDistance).isEmpty)
  }

  @Test func shortTermsMatchOnlyExactly() {
    #expect(vocabulary.matches("tv", maxDistance: 2) == ["tv"])
    #expect(vocabulary.matches("fan", maxDistance: 1) == ["fan"])
    #expect(vocabulary.matches("fun", maxDistance: 1).isEmpty)
  }

  @Test func distancesAreReported() {
    #expect(
      vocabulary.match("thremosatt", maxDistance: 2) == [FuzzyVocabulary.Match(term: "thermostat", distance: 2)])
  }

  /// The deletion index finds exactly what a scan of the whole vocabulary finds.
  @Test func agreesWithAFullScan() {
    var state: UInt64 = 42
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33) % n
    }
    let alphabet = Array("abcdeä")
    let words = (0..<400).map { _ in String((0..<(3 + next(8))).map { _ in alphabet[next(alphabet.count)] }) }
    let index = FuzzyVocabulary(words)
    for _ in 0..<300 {
      var query = Array(words[next(words.count)])
      switch next(4) {  // one or two random edits
      case 0: query.remove(at: next(query.count))
      case 1: query.insert(alphabet[next(alphabet.count)], at: next(query.count + 1))
      case 2: query[next(query.count)] = alphabet[next(alphabet.count)]
      default:
        let i = next(max(1, query.count - 1))
        if i + 1 < query.count { query.swapAt(i, i + 1) }
      }
      if next(2) == 0 { query[next(query.count)] = alphabet[next(alphabet.count)] }
      let q = String(query)
      for maxDistance in 1...2 {
        let qLength = q.unicodeScalars.count
        let scan = Set(index.terms).filter { term in
          let limit = min(
            maxDistance, FuzzyVocabulary.allowedDistance(forLength: qLength),
            FuzzyVocabulary.allowedDistance(forLength: term.unicodeScalars.count))
          return term == q || (limit > 0 && editDistance(q, term, limit: limit) <= limit)
        }
        #expect(Set(index.matches(q, maxDistance: maxDistance)) == scan, "query \(q) distance \(maxDistance)")
      }
    }
  }
}
