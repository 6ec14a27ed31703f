import Testing

let englishFixtures: [Fixture] = [
  // numbers and number words
  Fixture("en", "set the volume to ⟦50⟧", "number 50"),
  Fixture("en", "add ⟦twenty-five⟧ apples", "number 25"),
  Fixture("en", "set the temperature to ⟦twenty point five degrees⟧", "temperature 20.5"),
  Fixture("en", "zoom to ⟦one point two five⟧", "number 1.25"),
  Fixture("en", "add ⟦twenty five⟧ apples", "number 25"),
  Fixture("en", "⟦one hundred and five⟧ items", "number 105"),
  Fixture("en", "⟦two thousand twenty⟧ people", "number 2020"),
  Fixture("en", "walk ⟦2,500⟧ steps", "number 2500"),
  Fixture("en", "⟦1.5⟧ cups", "number 1.5"),
  Fixture("en", "lower it by ⟦-3⟧", "number -3"),
  Fixture("en", "⟦seventeen⟧ and ⟦three⟧", "number 17", "number 3"),
  Fixture("en", "the ⟦3rd⟧ floor", "ordinal 3"),
  Fixture("en", "the ⟦twenty-first⟧ item", "ordinal 21"),
  Fixture("en", "the ⟦third⟧ timer", "ordinal 3"),
  // percentages and temperatures
  Fixture("en", "brightness ⟦50%⟧", "percentage 50"),
  Fixture("en", "set it to ⟦50 percent⟧", "percentage 50"),
  Fixture("en", "set it to ⟦fifty percent⟧", "percentage 50"),
  Fixture("en", "heat to ⟦21 degrees⟧", "temperature 21"),
  Fixture("en", "make it ⟦21°⟧ please", "temperature 21"),
  Fixture("en", "make it ⟦21.5 °C⟧", "temperature 21.5"),
  Fixture("en", "it is ⟦minus 4 degrees⟧", "temperature -4"),
  // durations
  Fixture("en", "timer for ⟦10 minutes⟧", "duration PT10M"),
  Fixture("en", "timer for ⟦1 hour and 20 minutes⟧", "duration PT1H20M"),
  Fixture("en", "wait ⟦half an hour⟧", "duration PT30M"),
  Fixture("en", "⟦5 minutes 30 seconds⟧ timer", "duration PT5M30S"),
  Fixture("en", "for ⟦an hour and a half⟧", "duration PT1H30M"),
  Fixture("en", "⟦twenty minutes⟧ left", "duration PT20M"),
  Fixture("en", "⟦90 seconds⟧", "duration PT90S"),
  Fixture("en", "⟦1.5 hours⟧", "duration PT1H30M"),
  Fixture("en", "increase timer by ⟦1 and a half hours⟧", "duration PT1H30M"),
  // dates and times
  Fixture("en", "what is on ⟦today⟧", "date 2026-11-29"),
  Fixture("en", "remind me ⟦tomorrow⟧", "date 2026-11-30"),
  Fixture("en", "the ⟦day after tomorrow⟧", "date 2026-12-01"),
  Fixture("en", "meet ⟦next Monday⟧", "date 2026-11-30"),
  Fixture("en", "on ⟦Friday⟧", "date 2026-12-04"),
  Fixture("en", "remind me ⟦tomorrow at 5pm⟧ to call mom", "dateTime 2026-11-30T17:00:00+01:00"),
  Fixture("en", "wake me at ⟦5 pm⟧", "time 17:00:00"),
  Fixture("en", "remind me ⟦in 10 minutes⟧", "dateTime 2026-11-29T10:10:00+01:00"),
  Fixture("en", "⟦in 2 hours⟧", "dateTime 2026-11-29T12:00:00+01:00"),
  Fixture("en", "due ⟦2026-12-01⟧", "date 2026-12-01"),
  Fixture("en", "⟦tomorrow morning⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("en", "at ⟦7:30⟧", "time 07:30:00"),
  Fixture("en", "at ⟦5 o'clock⟧", "time 05:00:00"),
  Fixture("en", "⟦tonight at 8⟧", "dateTime 2026-11-29T20:00:00+01:00"),
  Fixture("en", "⟦yesterday⟧", "date 2026-11-28"),
  Fixture("en", "⟦next Friday at 9:15 am⟧", "dateTime 2026-12-04T09:15:00+01:00"),
  Fixture("en", "due ⟦December 1st⟧", "date 2026-12-01"),
  Fixture("en", "on ⟦1 January⟧", "date 2027-01-01"),
  Fixture("en", "⟦March 3, 2027⟧", "date 2027-03-03"),
  // booleans, URLs, emails, quotes
  Fixture("en", "⟦yes⟧ please", "boolean true"),
  Fixture("en", "⟦no⟧", "boolean false"),
  Fixture("en", "turn it ⟦off⟧", "boolean false"),
  Fixture("en", "⟦true⟧", "boolean true"),
  Fixture("en", "open ⟦https://example.org/path?q=1⟧.", "url https://example.org/path?q=1"),
  Fixture("en", "visit ⟦www.example.com⟧ now", "url www.example.com"),
  Fixture("en", "email ⟦anna.k@example.fi⟧, thanks", "email anna.k@example.fi"),
  Fixture("en", "add \"⟦buy milk⟧\" to my list", "quotedText buy milk"),
  Fixture("en", "name it “⟦Living room⟧”", "quotedText Living room"),
]

@Suite struct EnglishFixtureTests {
  @Test(arguments: englishFixtures)
  func fixture(_ f: Fixture) {
    let (actual, expected) = check(f)
    #expect(actual == expected)
  }
}
