import IntentBridgeTestSupport
import IntentBridgeText
import Testing

@Suite("Compound splitting")
struct DecompoundTests {
  let german = TextAnalyzer(language: "de")

  @Test(arguments: [
    ("wohnzimmerlampe", ["wohnzimmer", "lampe"], ["wohnzimmer", "lampe"]),
    ("schlafzimmerlicht", ["schlafzimmer", "licht", "schlaf", "zimmer"], ["schlafzimmer", "licht"]),
    ("arbeitszimmerlicht", ["arbeit", "zimmer", "licht"], ["arbeit", "zimmer", "licht"]),
    ("kuchenlampe", ["kuche", "lampe"], ["kuche", "lampe"]),
    ("wohnzimmerlampen", ["wohnzimm", "lamp"], ["wohnzimm", "lamp"]),  // a term vocabulary (stems)
    ("garagentor", ["garage", "tor"], ["garage", "tor"]),
    ("lampe", ["lampe", "lam", "pe"], ["lampe"]),
    ("deckenventilator", ["decke", "ventilator"], ["decke", "ventilator"]),
  ])
  func splits(word: String, vocabulary: [String], parts: [String]) {
    #expect(german.decompound(word, vocabulary: Set(vocabulary)) == parts)
  }

  @Test(arguments: [
    ("wohnzimmerlampe", ["wohnzimmer"], []),  // last part unknown
    ("abcdef", ["ab", "cdef"], []),  // parts under 3 scalars
    ("szimmer", ["zimmer", "s"], []),  // a linking element only stands between parts
    ("zimmers", ["zimmer"], []),  // … not at the end
    ("zimmerslicht", ["zimmer", "licht"], ["zimmer", "licht"]),
    ("lichts", ["licht"], ["licht"]),  // a known word (through its stem) is one part
    ("", ["licht"], []),
  ])
  func edgeCases(word: String, vocabulary: [String], parts: [String]) {
    #expect(german.decompound(word, vocabulary: Set(vocabulary)) == parts)
  }

  @Test func linkingElementsComeFromTheProfile() {
    let english = TextAnalyzer(language: "en")
    #expect(english.decompound("tageslicht", vocabulary: ["tag", "licht"]).isEmpty)
    #expect(german.decompound("tageslicht", vocabulary: ["tag", "licht"]) == ["tag", "licht"])
    #expect(TextAnalyzer(language: "de").profile.decompounds)
    #expect(!TextAnalyzer(language: "sk").profile.decompounds)
  }

  @Test func partsKnowWhereTheyStand() {
    let parts = german.decompoundParts("haushaltsliste", vocabulary: ["haushalt", "liste"])
    #expect(parts.map(\.entry) == ["haushalt", "liste"])
    #expect(parts.map(\.scalars) == [0..<9, 9..<14])  // "haushalts" is known through its stem
    let umlaut = german.decompoundParts("kuchenlampe", vocabulary: ["kuche", "lampe"])
    #expect(umlaut.map(\.scalars) == [0..<5, 6..<11])  // the linking "n" stands between
  }
}

/// Before, every part length up to the word's was tried (hashing each): a 64k-letter word
/// took 2 s, 1 MB about 7 minutes. Parts are now at most `maximumPartLength` long.
@Suite struct DecompoundLengthTests {
  let german = TextAnalyzer(language: "de")

  @Test func aMegabyteWordIsSplitInLinearTime() async throws {
    let german = german
    let word = String(repeating: "x", count: 1 << 20)
    let parts = await withinHangGuard { german.decompoundParts(word, vocabulary: ["lampe", "licht"]) }
    #expect(try #require(parts, "a 1 MiB word was not split within the guard").isEmpty)
    // A known part at every letter: a split may end anywhere.
    let xs = String(repeating: "x", count: 1 << 16) + "y"
    let reachable = await withinHangGuard { german.decompoundParts(xs, vocabulary: ["xxx"]) }
    #expect(try #require(reachable, "64k letters of known parts were not split within the guard").isEmpty)
    // Repeated known parts: a split may end at every fifth letter (before, each of those
    // tried every longer part: billions of bytes hashed for these 5,005 letters).
    let glued = String(repeating: "lampe", count: 1000) + "licht"
    let split = await withinHangGuard { german.decompound(glued, vocabulary: ["lampe", "licht"]) }
    #expect(try #require(split, "5 kB of known parts were not split within the guard").count == 1001)
  }

  @Test func partsKeepTheirBoundButTheWordItselfMayBeLonger() {
    let long = String(repeating: "ab", count: 40)  // 80 letters, longer than any part
    #expect(german.decompound(long, vocabulary: [long]) == [long])
    #expect(german.decompound(long + "lampe", vocabulary: [long, "lampe"]) == [], "a part beyond \(TextAnalyzer.maximumPartLength) letters")
  }
}
