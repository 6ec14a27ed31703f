/// The injected clock and language every extractor works against.
///
/// `now` is a local wall-clock date and time plus a fixed UTC offset in seconds. Nothing
/// here consults Foundation's `TimeZone`/`Calendar` (which can fail on Linux without
/// tzdata, STYLE.md pitfall 6): callers that know an IANA zone resolve its current offset
/// themselves. The calendar is the proleptic Gregorian one; weeks start on Monday.
///
///     let ctx = ExtractionContext(
///       language: "de", now: CivilDate(year: 2026, month: 11, day: 29),
///       time: TimeOfDay(hour: 10), utcOffsetSeconds: 3600)
///     ctx.weekday  // 7 (Sunday)
package struct ExtractionContext: Sendable, Hashable {
  /// BCP 47 tag; the primary subtag selects the tables (`en`, `de`, `fi`, `sk`, `zh`).
  package var language: String
  package var today: CivilDate
  package var time: TimeOfDay
  package var utcOffsetSeconds: Int

  package init(language: String, now: CivilDate, time: TimeOfDay, utcOffsetSeconds: Int = 0) {
    self.language = language
    self.today = now
    self.time = time
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// ISO weekday of `today`: 1 = Monday … 7 = Sunday.
  package var weekday: Int { today.weekday }

  /// The years a date read from a request may have: ISO 8601 writes four digits.
  static let years = 1...9999

  /// `now` plus `seconds`, as a local date and time (same offset); `nil` when the result
  /// leaves the years 1–9999 (`in 2562047788015215 hours`) or `today` lies outside them.
  ///
  ///     ctx.adding(seconds: 600)            // (2026-11-29, 10:10:00) at 10:00
  ///     ctx.adding(seconds: 9_000_000_000_000_000_000)  // nil
  func adding(seconds: Int) -> (CivilDate, TimeOfDay)? {
    // Every day of the years 1–9999 is less than 4 × 10^6 days from 1970: with the shift in
    // that range no step below can overflow.
    let limit = 4_000_000 * 86400
    guard Self.years.contains(today.year), (1...12).contains(today.month), (1...31).contains(today.day),
      (0..<24).contains(time.hour), (0..<60).contains(time.minute), (0..<61).contains(time.second),
      (-limit...limit).contains(seconds)
    else { return nil }
    let total = time.secondsOfDay + seconds
    let dayShift = total >= 0 ? total / 86400 : (total - 86399) / 86400
    let rest = total - dayShift * 86400
    let date = today.adding(days: dayShift)
    guard Self.years.contains(date.year) else { return nil }
    return (date, TimeOfDay(hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60))
  }

  /// The seconds of `duration` (`DurationValue.totalSeconds`), or `nil` when they do not fit
  /// an `Int` (`2562047788015216 hours`).
  static func seconds(of duration: DurationValue) -> Int? {
    let (hours, o1) = duration.hours.multipliedReportingOverflow(by: 3600)
    let (minutes, o2) = duration.minutes.multipliedReportingOverflow(by: 60)
    let (sum, o3) = hours.addingReportingOverflow(minutes)
    let (total, o4) = sum.addingReportingOverflow(duration.seconds)
    return o1 || o2 || o3 || o4 ? nil : total
  }
}
