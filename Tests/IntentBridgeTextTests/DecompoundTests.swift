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
