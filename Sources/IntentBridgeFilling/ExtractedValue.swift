/// A typed value found in a request, with where it came from and how sure the extractor is.
///
///     let v = NumberExtractor(language: "en").extract("set it to 21.5 degrees")[0]
///     // kind .temperature, value .number(21.5), span 10..<22, text "21.5 degrees"
package struct ExtractedValue: Sendable, Hashable {
  /// What an extracted value stands for.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    case number, ordinal, percentage, temperature, duration, date, time, dateTime, boolean, url, email, quotedText
  }

  /// The payload of an extracted value.
  package enum Value: Sendable, Hashable {
    case number(Double)
    case duration(DurationValue)
    case date(CivilDate)
    case time(TimeOfDay)
    /// A local date-time and its UTC offset in seconds.
    case dateTime(CivilDate, TimeOfDay, utcOffsetSeconds: Int)
    case boolean(Bool)
    case text(String)

    /// The ISO 8601 form for dates (`2026-11-30`), times (`17:00:00`), date-times
    /// (`2026-11-30T17:00:00+01:00`) and durations (`PT1H20M`); `nil` for other values.
    package var iso8601: String? {
      switch self {
      case .date(let d): return d.iso8601
      case .time(let t): return t.iso8601
      case .dateTime(let d, let t, let offset): return d.iso8601 + "T" + t.iso8601 + CivilDate.offsetString(offset)
      case .duration(let d): return d.iso8601
      default: return nil
      }
    }
  }

  package var kind: Kind
  package var value: Value
  /// Offsets in Unicode scalars of the original request.
  package var span: Range<Int>
  /// 0…1: 1 for unambiguous forms, less where a guess was made (locale separator used
  /// the other way, single-character CJK words, hour without am/pm …).
  package var confidence: Double
  /// The source text of `span`.
  package var text: String

  package init(kind: Kind, value: Value, span: Range<Int>, confidence: Double, text: String) {
    self.kind = kind
    self.value = value
    self.span = span
    self.confidence = confidence
    self.text = text
  }
}

/// A duration, kept both as total seconds and as the components the request named
/// (Home Assistant timers take separate `hours`, `minutes` and `seconds` parameters).
///
///     // "1 hour and 20 minutes" → hours 1, minutes 20, seconds 0, totalSeconds 4800
///     // "anderthalb Stunden"    → hours 1, minutes 30, totalSeconds 5400
package struct DurationValue: Sendable, Hashable {
  package var hours: Int
  package var minutes: Int
  package var seconds: Int

  package init(hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
    self.hours = hours
    self.minutes = minutes
    self.seconds = seconds
  }

  /// The longest duration a request is read as: 100 years of 365.25 days (3,155,760,000 s).
  /// A longer one (`2562047788015216 hours`) is not extracted as a duration, so every
  /// duration the extractors return, and every date reached by adding one to a clock,
  /// stays far inside `Int`'s range.
  package static let maximumSeconds = 3_155_760_000

  /// Builds components from a total, normalised (90 s → 1 min 30 s).
  package init(totalSeconds: Int) {
    self.init(hours: totalSeconds / 3600, minutes: totalSeconds % 3600 / 60, seconds: totalSeconds % 60)
  }

  /// The components' sum in seconds; saturates at `Int.min`/`Int.max` for components built
  /// by hand beyond ``maximumSeconds`` instead of trapping.
  package var totalSeconds: Int {
    let (h, hoursOverflow) = hours.multipliedReportingOverflow(by: 3600)
    let (m, minutesOverflow) = minutes.multipliedReportingOverflow(by: 60)
    let (hm, sumOverflow) = h.addingReportingOverflow(m)
    let (total, totalOverflow) = hm.addingReportingOverflow(seconds)
    guard !(hoursOverflow || minutesOverflow || sumOverflow || totalOverflow) else {
      return (hours > 0 || (hours == 0 && minutes > 0) || (hours == 0 && minutes == 0 && seconds > 0)) ? .max : .min
    }
    return total
  }

  /// `PT1H20M`, `PT30S`, `PT0S`.
  package var iso8601: String {
    if totalSeconds == 0 { return "PT0S" }
    var s = "PT"
    if hours != 0 { s += "\(hours)H" }
    if minutes != 0 { s += "\(minutes)M" }
    if seconds != 0 { s += "\(seconds)S" }
    return s
  }
}

/// A proleptic Gregorian calendar date, free of Foundation and time-zone databases.
package struct CivilDate: Sendable, Hashable, Comparable {
  package var year: Int
  package var month: Int
  package var day: Int

  package init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
  ///
  /// - Complexity: O(1).
  package var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }

  /// The date `days` days after 1970-01-01.
  package init(daysSinceEpoch days: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
  }

  /// ISO weekday: 1 = Monday … 7 = Sunday.
  package var weekday: Int {
    let w = (daysSinceEpoch % 7 + 7 + 3) % 7  // 1970-01-01 was a Thursday (3 from Monday)
    return w + 1
  }

  package func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

  package var isValid: Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    return CivilDate(daysSinceEpoch: daysSinceEpoch) == self
  }

  package var iso8601: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }

  package static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

  static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  /// `+01:00`, `-05:30`, `Z` for zero.
  static func offsetString(_ seconds: Int) -> String {
    if seconds == 0 { return "Z" }
    let sign = seconds < 0 ? "-" : "+"
    let a = abs(seconds)
    return sign + pad(a / 3600, 2) + ":" + pad(a % 3600 / 60, 2)
  }
}

/// A wall-clock time of day.
package struct TimeOfDay: Sendable, Hashable {
  package var hour: Int
  package var minute: Int
  package var second: Int

  package init(hour: Int, minute: Int = 0, second: Int = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  package var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

  package var iso8601: String {
    CivilDate.pad(hour, 2) + ":" + CivilDate.pad(minute, 2) + ":" + CivilDate.pad(second, 2)
  }
}
