import Testing

let slovakFixtures: [Fixture] = [
  // numbers and number words
  Fixture("sk", "⟦dvadsaťpäť⟧ jabĺk", "number 25"),
  Fixture("sk", "teplota ⟦dvadsať celá päť⟧", "number 20.5"),
  Fixture("sk", "⟦tridsaťdva⟧", "number 32"),
  Fixture("sk", "⟦štyridsať⟧", "number 40"),
  Fixture("sk", "⟦dvesto⟧ eur", "number 200"),
  Fixture("sk", "pre ⟦piatich⟧ ľudí", "number 5"),
  Fixture("sk", "pre ⟦dvoch⟧", "number 2"),
  Fixture("sk", "⟦pätnásť⟧", "number 15"),
  Fixture("sk", "⟦1,5⟧ litra", "number 1.5"),
  Fixture("sk", "⟦1 000⟧ krokov", "number 1000"),
  Fixture("sk", "zníž o ⟦-4⟧", "number -4"),
  Fixture("sk", "⟦tretí⟧ časovač", "ordinal 3"),
  Fixture("sk", "na ⟦prvom⟧ poschodí", "ordinal 1"),
  Fixture("sk", "⟦druhého⟧ dňa", "ordinal 2"),
  // percentages and temperatures
  Fixture("sk", "jas na ⟦50 percent⟧", "percentage 50"),
  Fixture("sk", "jas na ⟦50%⟧", "percentage 50"),
  Fixture("sk", "⟦päťdesiat percent⟧", "percentage 50"),
  Fixture("sk", "teplotu na ⟦21 stupňov⟧", "temperature 21"),
  Fixture("sk", "teplotu na ⟦21°⟧", "temperature 21"),
  Fixture("sk", "teplotu na ⟦21,5 stupňa⟧", "temperature 21.5"),
  Fixture("sk", "vonku je ⟦mínus 3 stupne⟧", "temperature -3"),
  // durations
  Fixture("sk", "zruš ⟦5 minút⟧ časovač", "duration PT5M"),
  Fixture("sk", "⟦pol hodiny⟧", "duration PT30M"),
  Fixture("sk", "uber ⟦2 hodiny 5 minút⟧", "duration PT2H5M"),
  Fixture("sk", "⟦1 hodina a 20 minút⟧", "duration PT1H20M"),
  Fixture("sk", "⟦30 sekúnd⟧", "duration PT30S"),
  Fixture("sk", "⟦desať minút⟧", "duration PT10M"),
  Fixture("sk", "⟦5 minút 30 sekúnd⟧", "duration PT5M30S"),
  Fixture("sk", "⟦2 hodiny a pol⟧", "duration PT2H30M"),
  Fixture("sk", "⟦2 a pol hodiny⟧", "duration PT2H30M"),
  // dates and times
  Fixture("sk", "čo mám ⟦dnes⟧", "date 2026-11-29"),
  Fixture("sk", "pripomeň ⟦zajtra⟧", "date 2026-11-30"),
  Fixture("sk", "⟦pozajtra o 8⟧", "dateTime 2026-12-01T08:00:00+01:00"),
  Fixture("sk", "zobuď ma ⟦zajtra ráno⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("sk", "v ⟦pondelok⟧", "date 2026-11-30"),
  Fixture("sk", "⟦budúci piatok⟧", "date 2026-12-04"),
  Fixture("sk", "o ⟦17:30⟧", "time 17:30:00"),
  Fixture("sk", "⟦o 10 minút⟧", "dateTime 2026-11-29T10:10:00+01:00"),
  Fixture("sk", "⟦za 2 hodiny⟧", "dateTime 2026-11-29T12:00:00+01:00"),
  Fixture("sk", "do ⟦2026-12-01⟧", "date 2026-12-01"),
  Fixture("sk", "⟦zajtra o 17:00⟧", "dateTime 2026-11-30T17:00:00+01:00"),
  Fixture("sk", "⟦včera⟧", "date 2026-11-28"),
  Fixture("sk", "⟦1.12.2026⟧", "date 2026-12-01"),
  Fixture("sk", "⟦dnes večer⟧", "dateTime 2026-11-29T19:00:00+01:00"),
  Fixture("sk", "⟦zajtra o ôsmej⟧", "dateTime 2026-11-30T08:00:00+01:00"),
  Fixture("sk", "o ⟦tretej⟧", "time 03:00:00"),
  Fixture("sk", "nastav budík na ⟦siedmu ráno⟧", "time 07:00:00"),
  Fixture("sk", "budík na ⟦6:45⟧", "time 06:45:00"),
  Fixture("sk", "⟦1. decembra⟧", "date 2026-12-01"),
  Fixture("sk", "⟦5. januára⟧", "date 2027-01-05"),
  // booleans, URLs, emails, quotes
  Fixture("sk", "⟦áno⟧", "boolean true"),
  Fixture("sk", "⟦nie⟧, ďakujem", "boolean false"),
  Fixture("sk", "svetlo ⟦zapnuté⟧", "boolean true"),
  Fixture("sk", "⟦pravda⟧", "boolean true"),
  Fixture("sk", "otvor ⟦https://sme.sk⟧", "url https://sme.sk"),
  Fixture("sk", "napíš ⟦jan.novak@example.sk⟧", "email jan.novak@example.sk"),
  Fixture("sk", "pridaj „⟦kúpiť mlieko⟧“", "quotedText kúpiť mlieko"),
]

@Suite struct SlovakFixtureTests {
  @Test(arguments: slovakFixtures)
  func fixture(_ f: Fixture) {
    let (actual, expected) = check(f)
    #expect(actual == expected)
  }
}
