import Testing

let finnishFixtures: [Fixture] = [
  // numbers and number words
  Fixture("fi", "⟦kaksikymmentäviisi⟧ omenaa", "number 25"),
  Fixture("fi", "lämpötila ⟦kaksikymmentä pilkku viisi⟧", "number 20.5"),
  Fixture("fi", "⟦viisitoista⟧ henkeä", "number 15"),
  Fixture("fi", "⟦satakaksikymmentä⟧", "number 120"),
  Fixture("fi", "⟦kolmesataa⟧ euroa", "number 300"),
  Fixture("fi", "⟦viiden⟧ hengen pöytä", "number 5"),
  Fixture("fi", "⟦kahdenkymmenen⟧ hengen", "number 20"),
  Fixture("fi", "⟦1,5⟧ litraa", "number 1.5"),
  Fixture("fi", "⟦1 000⟧ askelta", "number 1000"),
  Fixture("fi", "laske ⟦-2⟧", "number -2"),
  Fixture("fi", "⟦kolmas⟧ ajastin", "ordinal 3"),
  Fixture("fi", "⟦3.⟧ kerros", "ordinal 3"),
  Fixture("fi", "⟦toisessa⟧ kerroksessa", "ordinal 2"),
  // percentages and temperatures
  Fixture("fi", "kirkkaus ⟦50 prosenttia⟧", "percentage 50"),
  Fixture("fi", "kirkkaus ⟦50%⟧", "percentage 50"),
  Fixture("fi", "⟦viisikymmentä prosenttia⟧", "percentage 50"),
  Fixture("fi", "lämpötila ⟦21 astetta⟧", "temperature 21"),
  Fixture("fi", "lämpötila ⟦21,5 astetta⟧", "temperature 21.5"),
  Fixture("fi", "ulkona on ⟦miinus 5 astetta⟧", "temperature -5"),
  Fixture("fi", "aseta ⟦22°⟧", "temperature 22"),
  // durations
  Fixture("fi", "ajastin ⟦10 minuuttia⟧", "duration PT10M"),
  Fixture("fi", "⟦puoli tuntia⟧", "duration PT30M"),
  Fixture("fi", "⟦puolitoista tuntia⟧", "duration PT1H30M"),
  Fixture("fi", "⟦1 tunti ja 20 minuuttia⟧", "duration PT1H20M"),
  Fixture("fi", "⟦5 minuuttia 30 sekuntia⟧", "duration PT5M30S"),
  Fixture("fi", "⟦viiden minuutin⟧ ajastin", "duration PT5M"),
  Fixture("fi", "⟦kaksi tuntia⟧", "duration PT2H"),
  Fixture("fi", "⟦30 sekunnin⟧ ajastin", "duration PT30S"),
  Fixture("fi", "poista ⟦1 tunti⟧ ⟦2 tunnin⟧ ajastimesta", "duration PT1H", "duration PT2H"),
  // dates and times
  Fixture("fi", "mitä ⟦tänään⟧", "date 2026-11-29"),
  Fixture("fi", "muistuta ⟦huomenna⟧", "date 2026-11-30"),
  Fixture("fi", "⟦ylihuomenna kello 8⟧", "dateTime 2026-12-01T08:00:00+01:00"),
  Fixture("fi", "⟦huomenna aamulla⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("fi", "⟦ensi maanantaina⟧", "date 2026-11-30"),
  Fixture("fi", "⟦perjantaina⟧", "date 2026-12-04"),
  Fixture("fi", "⟦kello 17.30⟧", "time 17:30:00"),
  Fixture("fi", "⟦10 minuutin päästä⟧", "dateTime 2026-11-29T10:10:00+01:00"),
  Fixture("fi", "⟦klo 8⟧", "time 08:00:00"),
  Fixture("fi", "⟦kello puoli kahdeksan⟧", "time 07:30:00"),
  Fixture("fi", "⟦2026-12-01⟧", "date 2026-12-01"),
  Fixture("fi", "⟦huomenna kello 17⟧", "dateTime 2026-11-30T17:00:00+01:00"),
  Fixture("fi", "⟦eilen⟧", "date 2026-11-28"),
  Fixture("fi", "⟦1.12.2026⟧", "date 2026-12-01"),
  Fixture("fi", "⟦tänään illalla⟧", "dateTime 2026-11-29T19:00:00+01:00"),
  Fixture("fi", "⟦1. joulukuuta⟧", "date 2026-12-01"),
  Fixture("fi", "⟦5. tammikuuta 2027⟧", "date 2027-01-05"),
  // booleans, URLs, emails, quotes
  Fixture("fi", "⟦kyllä⟧", "boolean true"),
  Fixture("fi", "⟦ei⟧ kiitos", "boolean false"),
  Fixture("fi", "valot ⟦päällä⟧", "boolean true"),
  Fixture("fi", "⟦tosi⟧", "boolean true"),
  Fixture("fi", "avaa ⟦https://yle.fi/uutiset⟧", "url https://yle.fi/uutiset"),
  Fixture("fi", "lähetä ⟦matti@example.fi⟧", "email matti@example.fi"),
  Fixture("fi", "lisää ”⟦osta maitoa⟧”", "quotedText osta maitoa"),
  Fixture("fi", "sano »⟦hei⟧»", "quotedText hei"),
]

@Suite struct FinnishFixtureTests {
  @Test(arguments: finnishFixtures)
  func fixture(_ f: Fixture) {
    let (actual, expected) = check(f)
    #expect(actual == expected)
  }
}
