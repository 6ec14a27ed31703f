import IntentBridgeFilling
import Testing

@Suite struct CalendarArithmeticTests {
  @Test(arguments: [
    (2026, 11, 29, 7), (1970, 1, 1, 4), (2000, 2, 29, 2), (2024, 12, 31, 2), (1999, 12, 31, 5),
  ])
  func weekday(_ y: Int, _ m: Int, _ d: Int, _ expected: Int) {
    #expect(CivilDate(year: y, month: m, day: d).weekday == expected)
  }

  @Test func roundTripsDaysAcrossLeapYears() {
    var date = CivilDate(year: 1999, month: 12, day: 31)
    for _ in 0..<800 {
      let next = date.adding(days: 1)
      #expect(next.daysSinceEpoch == date.daysSinceEpoch + 1)
      #expect(next.isValid)
      date = next
    }
    #expect(date == CivilDate(year: 2002, month: 3, day: 10))
    #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
  }

  @Test func relativeTimeCrossesMidnightAndOffsetIsWritten() {
    let ctx = ExtractionContext(
      language: "en", now: CivilDate(year: 2026, month: 12, day: 31), time: TimeOfDay(hour: 23, minute: 50),
      utcOffsetSeconds: -5 * 3600 - 1800)
    let v = DateTimeExtractor(context: ctx).extract("in 20 minutes")
    #expect(v.map { $0.value.iso8601 } == ["2027-01-01T00:10:00-05:30"])
  }

  @Test func durationComponentsAndTotal() {
    let v = DurationExtractor(language: "en").extract("1 hour and 20 minutes")
    guard case .duration(let d)? = v.first?.value else {
      Issue.record("no duration")
      return
    }
    #expect(d.hours == 1 && d.minutes == 20 && d.seconds == 0)
    #expect(d.totalSeconds == 4800)
  }

  @Test func allExtractorsSortedBySpan() {
    let x = Extractors(
      context: ExtractionContext(
        language: "en", now: CivilDate(year: 2026, month: 11, day: 29), time: TimeOfDay(hour: 10),
        utcOffsetSeconds: 3600))
    let kinds = x.extract("remind me tomorrow at 5pm to email bob@example.com").map(\.kind)
    #expect(kinds == [.dateTime, .number, .email])
  }
}
