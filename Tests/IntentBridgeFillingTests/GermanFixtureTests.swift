import Testing

let germanFixtures: [Fixture] = [
  // numbers and number words
  Fixture("de", "⟦fünfundzwanzig⟧ Äpfel", "number 25"),
  Fixture("de", "Heizung auf ⟦zwanzig Komma fünf Grad⟧", "temperature 20.5"),
  Fixture("de", "⟦zweiundvierzig⟧", "number 42"),
  Fixture("de", "⟦einhundertfünf⟧ Punkte", "number 105"),
  Fixture("de", "⟦dreißig⟧ Sekunden", "number 30"),
  Fixture("de", "⟦dreihundertzwölf⟧", "number 312"),
  Fixture("de", "⟦1,5⟧ Liter", "number 1.5"),
  Fixture("de", "⟦1.000⟧ Schritte", "number 1000"),
  Fixture("de", "⟦2.500,75⟧ Euro", "number 2500.75"),
  Fixture("de", "senke um ⟦-5⟧", "number -5"),
  Fixture("de", "der ⟦dritte⟧ Timer", "ordinal 3"),
  Fixture("de", "im ⟦3.⟧ Stock", "ordinal 3"),
  Fixture("de", "die ⟦zwanzigste⟧ Etage", "ordinal 20"),
  Fixture("de", "die ⟦erste⟧ Lampe", "ordinal 1"),
  // percentages and temperatures
  Fixture("de", "Helligkeit auf ⟦50%⟧", "percentage 50"),
  Fixture("de", "Helligkeit auf ⟦fünfzig Prozent⟧", "percentage 50"),
  Fixture("de", "Lautstärke ⟦50 Prozent⟧", "percentage 50"),
  Fixture("de", "Heizung auf ⟦21 Grad⟧", "temperature 21"),
  Fixture("de", "Heizung auf ⟦21,5 Grad⟧", "temperature 21.5"),
  Fixture("de", "draußen sind ⟦minus 3 Grad⟧", "temperature -3"),
  Fixture("de", "stell auf ⟦22°⟧", "temperature 22"),
  // durations
  Fixture("de", "Timer für ⟦10 Minuten⟧", "duration PT10M"),
  Fixture("de", "⟦anderthalb Stunden⟧", "duration PT1H30M"),
  Fixture("de", "⟦eine halbe Stunde⟧", "duration PT30M"),
  Fixture("de", "⟦1 Stunde und 20 Minuten⟧", "duration PT1H20M"),
  Fixture("de", "⟦5 Minuten 30 Sekunden⟧", "duration PT5M30S"),
  Fixture("de", "⟦zwei Stunden⟧", "duration PT2H"),
  Fixture("de", "⟦eineinhalb Minuten⟧", "duration PT1M30S"),
  // dates and times
  Fixture("de", "was steht ⟦heute⟧ an", "date 2026-11-29"),
  Fixture("de", "erinnere mich ⟦morgen⟧", "date 2026-11-30"),
  Fixture("de", "⟦übermorgen um 8⟧", "dateTime 2026-12-01T08:00:00+01:00"),
  Fixture("de", "weck mich ⟦morgen früh⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("de", "am ⟦nächsten Montag⟧", "date 2026-11-30"),
  Fixture("de", "am ⟦Freitag⟧", "date 2026-12-04"),
  Fixture("de", "um ⟦17:30⟧", "time 17:30:00"),
  Fixture("de", "⟦in 10 Minuten⟧", "dateTime 2026-11-29T10:10:00+01:00"),
  Fixture("de", "⟦morgen um 17 Uhr⟧", "dateTime 2026-11-30T17:00:00+01:00"),
  Fixture("de", "⟦heute Abend⟧", "dateTime 2026-11-29T19:00:00+01:00"),
  Fixture("de", "am ⟦1.12.2026⟧", "date 2026-12-01"),
  Fixture("de", "bis ⟦2026-12-01⟧", "date 2026-12-01"),
  Fixture("de", "um ⟦8 Uhr⟧", "time 08:00:00"),
  Fixture("de", "um ⟦halb acht⟧", "time 07:30:00"),
  Fixture("de", "⟦morgen um halb acht⟧", "dateTime 2026-11-30T07:30:00+01:00"),
  Fixture("de", "⟦gestern⟧", "date 2026-11-28"),
  Fixture("de", "am ⟦1. Dezember⟧", "date 2026-12-01"),
  Fixture("de", "am ⟦3. Januar um 9 Uhr⟧", "dateTime 2027-01-03T09:00:00+01:00"),
  // booleans, URLs, emails, quotes
  Fixture("de", "⟦ja⟧, bitte", "boolean true"),
  Fixture("de", "⟦nein⟧ danke", "boolean false"),
  Fixture("de", "das ist ⟦falsch⟧", "boolean false"),
  Fixture("de", "Licht ⟦aus⟧", "boolean false"),
  Fixture("de", "öffne ⟦https://example.de/start⟧", "url https://example.de/start"),
  Fixture("de", "schreib an ⟦max.muster@example.de⟧", "email max.muster@example.de"),
  Fixture("de", "füge „⟦Milch kaufen⟧“ hinzu", "quotedText Milch kaufen"),
  Fixture("de", "sag »⟦Hallo Welt⟧«", "quotedText Hallo Welt"),
]

@Suite struct GermanFixtureTests {
  @Test(arguments: germanFixtures)
  func fixture(_ f: Fixture) {
    let (actual, expected) = check(f)
    #expect(actual == expected)
  }
}
