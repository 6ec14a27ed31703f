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
public struct ExtractionContext: Sendable, Hashable {
  /// BCP 47 tag; the primary subtag selects the tables (`en`, `de`, `fi`, `sk`, `zh`).
  public var language: String
  public var today: CivilDate
  public var time: TimeOfDay
  public var utcOffsetSeconds: Int

  public init(language: String, now: CivilDate, time: TimeOfDay, utcOffsetSeconds: Int = 0) {
    self.language = language
    self.today = now
    self.time = time
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// ISO weekday of `today`: 1 = Monday … 7 = Sunday.
  public var weekday: Int { today.weekday }

  /// `now` plus `seconds`, as a local date and time (same offset).
  func adding(seconds: Int) -> (CivilDate, TimeOfDay) {
    let total = time.secondsOfDay + seconds
    let dayShift = total >= 0 ? total / 86400 : (total - 86399) / 86400
    let rest = total - dayShift * 86400
    return (today.adding(days: dayShift), TimeOfDay(hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60))
  }
}
