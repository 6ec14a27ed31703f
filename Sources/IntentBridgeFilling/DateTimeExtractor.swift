import IntentBridgeText

/// Finds dates, times and date-times, resolved against the injected clock of an
/// ``ExtractionContext``.
///
///     let ctx = ExtractionContext(
///       language: "en", now: CivilDate(year: 2026, month: 11, day: 29), time: TimeOfDay(hour: 10),
///       utcOffsetSeconds: 3600)
///     let x = DateTimeExtractor(context: ctx)
///     x.extract("remind me tomorrow at 5 pm")[0].value.iso8601   // "2026-11-30T17:00:00+01:00"
///     x.extract("next Monday")[0].value.iso8601                  // "2026-11-30"
///     x.extract("in 10 minutes")[0].value.iso8601                // "2026-11-29T10:10:00+01:00"
///     x.extract("at 5 pm")[0].value.iso8601                      // "17:00:00"
///
/// Rules (documented choices):
/// - a weekday, with or without `next`/`nächsten`/`ensi`/`budúci`, is the first such day
///   **after** today; `下周X` is that weekday in the next Monday-based week;
/// - a time alone is a ``ExtractedValue/Kind/time`` (no date is guessed); with a day word
///   or weekday it is a date-time with the context's UTC offset;
/// - a part of day without a time stands for a default hour (morning 8, forenoon 10, noon 12,
///   afternoon 15, evening 19, night 22) with confidence 0.7; with a time of 1–11 o'clock
///   afternoon/evening/night add 12 hours;
/// - a bare hour needs a marker (`at`, `um`, `o`, `kello`, `Uhr`, `pm`, `点`) or `H:MM`;
/// - spans leave out leading prepositions (`at`, `on`, `um`, `am`, `o`, `v`), but keep the
///   words of a relative time (`in 10 minutes`, `10 minuutin päästä`, `10分钟后`);
/// - Slovak `o 10 minút` is "in 10 minutes" but also "by 10 minutes" (`uber časovač o 5
///   minút`): confidence 0.6, against 1 for `za 10 minút`.
///
/// - Complexity: O(n × p) for n tokens and p vocabulary entries of the language (small).
package struct DateTimeExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.date, .time, .dateTime]

  package let context: ExtractionContext
  let vocabulary: DateTimeVocabulary
  let numbers: NumberExtractor
  let durations: DurationExtractor
  let isChinese: Bool

  package init(context: ExtractionContext) {
    self.context = context
    self.vocabulary = DateTimeVocabulary.forLanguage(context.language)
    self.numbers = NumberExtractor(language: context.language)
    self.durations = DurationExtractor(language: context.language)
    self.isChinese = LanguageTag.primary(context.language) == "zh"
  }

  /// All dates, times and date-times of `text`, in order.
  package func extract(_ text: String) -> [ExtractedValue] { extract(lexed: SurfaceLexer.tokens(text)) }

  /// The same on an already tokenised request (``Extractors`` tokenises once for all).
  func extract(lexed: SurfaceTokens) -> [ExtractedValue] {
    let (tokens, scalars) = (lexed.tokens, lexed.scalars)
    var out: [ExtractedValue] = []
    var i = 0
    while i < tokens.count {
      if let (value, first, end) = expression(tokens, i) {
        let span = tokens[first].start..<tokens[end - 1].end
        out.append(
          ExtractedValue(
            kind: value.kind, value: value.value, span: span, confidence: value.confidence,
            text: SurfaceLexer.text(scalars, span)))
        i = end
      } else {
        i += 1
      }
    }
    return out
  }

  struct Resolved {
    var kind: ExtractedValue.Kind
    var value: ExtractedValue.Value
    var confidence: Double
  }

  private func matches(_ t: [SurfaceToken], _ j: Int, _ seq: [String]) -> Bool {
    guard j + seq.count <= t.count else { return false }
    for k in 0..<seq.count where t[j + k].text != seq[k] { return false }
    return true
  }

  /// A whole expression at token `i`: (value, first token of the span, end token).
  func expression(_ t: [SurfaceToken], _ i: Int) -> (Resolved, Int, Int)? {
    if let r = relative(t, i) { return r }
    var date: CivilDate?
    var time: TimeOfDay?
    var part: PartOfDay?
    var confidence = 1.0
    var first: Int?
    var end = i
    var j = i
    var pieces = 0
    while j < t.count {
      var k = j
      var preposition = false
      if vocabulary.timePrepositions.contains(t[k].text) || vocabulary.datePrepositions.contains(t[k].text) {
        preposition = vocabulary.timePrepositions.contains(t[k].text)
        k += 1
      } else if t[k].text == "," && pieces > 0 {
        k += 1
      }
      guard k < t.count else { break }
      if date == nil, let (d, e, p) = datePiece(t, k) {
        date = d
        if let p, part == nil { part = p }
        first = first ?? k
        end = e
      } else if time == nil, let (tm, e, c, p) = timePiece(t, k, preposition: preposition || part != nil) {
        time = tm
        if let p { part = p }
        confidence = min(confidence, c)
        first = first ?? k
        end = e
      } else if part == nil, let (p, e) = partPiece(t, k) {
        part = p
        first = first ?? k
        end = e
      } else {
        break
      }
      pieces += 1
      j = end
    }
    guard let first, pieces > 0 else { return nil }
    if var tm = time, let part {
      if part.isAfternoon, tm.hour >= 1, tm.hour < 12 { tm.hour += 12 }
      time = tm
    } else if time == nil, let part {
      time = TimeOfDay(hour: part.defaultHour)
      confidence = min(confidence, 0.7)
    }
    let offset = context.utcOffsetSeconds
    switch (date, time) {
    case (let d?, let tm?): return (Resolved(kind: .dateTime, value: .dateTime(d, tm, utcOffsetSeconds: offset), confidence: confidence), first, end)
    case (let d?, nil): return (Resolved(kind: .date, value: .date(d), confidence: confidence), first, end)
    case (nil, let tm?): return (Resolved(kind: .time, value: .time(tm), confidence: confidence), first, end)
    default: return nil
    }
  }

  /// `in 10 minutes`, `za 10 minút`, `10 minuutin päästä`, `10分钟后`.
  private func relative(_ t: [SurfaceToken], _ i: Int) -> (Resolved, Int, Int)? {
    var j = i
    let prefixed = vocabulary.relativePrefixes.contains(t[i].text)
    if prefixed { j += 1 }
    guard j < t.count, let d = durations.duration(t, j) else { return nil }
    var end = d.end
    if !prefixed {
      guard let suffix = vocabulary.relativeSuffixes.first(where: { matches(t, end, $0) }) else { return nil }
      end += suffix.count
    }
    // A duration whose seconds overflow, or that ends past the year 9999, is no date.
    guard let seconds = ExtractionContext.seconds(of: d.value), let (date, time) = context.adding(seconds: seconds) else { return nil }
    return (
      Resolved(
        kind: .dateTime, value: .dateTime(date, time, utcOffsetSeconds: context.utcOffsetSeconds),
        confidence: prefixed && vocabulary.ambiguousRelativePrefixes.contains(t[i].text)
          ? min(d.confidence, 0.6) : d.confidence), i, end
    )
  }

  /// A day word, weekday or numeric date at `j`: (date, end, part of day carried by the word).
  private func datePiece(_ t: [SurfaceToken], _ j: Int) -> (CivilDate, Int, PartOfDay?)? {
    for (seq, offset, part) in vocabulary.days where matches(t, j, seq) {
      return (context.today.adding(days: offset), j + seq.count, part)
    }
    // Weekdays.
    var k = j
    var nextWeek = false
    if vocabulary.nextWords.contains(t[k].text) { k += 1 }
    for seq in vocabulary.nextWeekSequences.reversed() where matches(t, k, seq) {
      // `下周一`: the sequence must be followed by a weekday
      if weekdayAt(t, k + seq.count) != nil {
        k += seq.count
        nextWeek = true
        break
      }
    }
    if k < t.count, let (weekday, e) = weekdayAt(t, k) {
      let today = context.weekday
      let date: CivilDate
      if nextWeek {
        date = context.today.adding(days: 7 - (today - 1) + (weekday - 1))
      } else {
        var delta = (weekday - today + 7) % 7
        if delta == 0 { delta = 7 }
        date = context.today.adding(days: delta)
      }
      return (date, e, nil)
    }
    return isoDate(t, j) ?? monthDate(t, j)
  }

  private func monthAt(_ t: [SurfaceToken], _ k: Int) -> Int? {
    guard k < t.count, t[k].kind == .word else { return nil }
    if let m = vocabulary.months[t[k].text] { return m }
    for (p, m) in vocabulary.monthPrefixes where t[k].text.hasPrefix(p) { return m }
    return nil
  }

  /// A day of month (digits, 1–31) at `k`, with `1st`/`1.`; returns the day and the next token.
  private func dayAt(_ t: [SurfaceToken], _ k: Int) -> (Int, Int)? {
    guard k < t.count, t[k].kind == .digits, t[k].text.count <= 2, let d = Int(t[k].text), d >= 1, d <= 31 else {
      return nil
    }
    var e = k + 1
    if e < t.count, !t[e].spaceBefore, t[e].text == "." || ["st", "nd", "rd", "th"].contains(t[e].text) { e += 1 }
    return (d, e)
  }

  /// `December 1st`, `1 December 2026`, `1. Dezember`, `1. joulukuuta`, `1. decembra`, `12月1日`.
  /// Without a year: the next such date on or after today.
  private func monthDate(_ t: [SurfaceToken], _ j: Int) -> (CivilDate, Int, PartOfDay?)? {
    var month: Int?
    var day: Int?
    var e = j
    if isChinese {
      // Out of 1–12 and 1–31 no date is valid; checked before `Int` (`99999999999999999999月`).
      guard let m = numbers.number(t, j), m.end + 1 < t.count, t[m.end].text == "月", m.value >= 1, m.value < 13,
        let d = numbers.number(t, m.end + 1), d.end < t.count, t[d.end].text == "日" || t[d.end].text == "号",
        d.value >= 1, d.value < 32
      else { return nil }
      month = Int(m.value)
      day = Int(d.value)
      e = d.end + 1
    } else if let m = monthAt(t, j), let (d, next) = dayAt(t, j + 1) {
      month = m
      day = d
      e = next
    } else if let (d, next) = dayAt(t, j) {
      var k = next
      if k < t.count, t[k].text == "of" { k += 1 }
      guard let m = monthAt(t, k) else { return nil }
      month = m
      day = d
      e = k + 1
    }
    guard let month, let day else { return nil }
    var year = context.today.year
    var explicitYear = false
    var k = e
    if k < t.count, t[k].text == "," { k += 1 }
    if k < t.count, t[k].kind == .digits, t[k].text.count == 4, let y = Int(t[k].text) {
      year = y
      explicitYear = true
      e = k + 1
    }
    var date = CivilDate(year: year, month: month, day: day)
    if !explicitYear, date.isValid, date < context.today { date.year += 1 }
    return date.isValid ? (date, e, nil) : nil
  }

  private func weekdayAt(_ t: [SurfaceToken], _ k: Int) -> (Int, Int)? {
    guard k < t.count else { return nil }
    for (seq, w) in vocabulary.weekdaySequences where matches(t, k, seq) { return (w, k + seq.count) }
    if t[k].kind == .word {
      for (p, w) in vocabulary.weekdayPrefixes where t[k].text.hasPrefix(p) { return (w, k + 1) }
    }
    return nil
  }

  /// `2026-12-01`; `1.12.2026` (de, fi, sk).
  private func isoDate(_ t: [SurfaceToken], _ j: Int) -> (CivilDate, Int, PartOfDay?)? {
    guard j + 4 < t.count, t[j].kind == .digits else { return nil }
    func adjacentDigits(_ k: Int) -> Int? {
      k < t.count && t[k].kind == .digits && !t[k].spaceBefore ? Int(t[k].text) : nil
    }
    // Out of 1–12 and 1–31 no date is valid; checked before the calendar arithmetic, which
    // `2026-01-9223372036854775807` would overflow.
    func valid(_ y: Int, _ m: Int, _ d: Int) -> CivilDate? {
      guard (1...12).contains(m), (1...31).contains(d) else { return nil }
      let date = CivilDate(year: y, month: m, day: d)
      return date.isValid ? date : nil
    }
    func mark(_ k: Int, _ m: String) -> Bool { k < t.count && t[k].text == m && !t[k].spaceBefore }
    if t[j].text.count == 4, mark(j + 1, "-"), let m = adjacentDigits(j + 2), mark(j + 3, "-"),
      let d = adjacentDigits(j + 4), let y = Int(t[j].text)
    {
      return valid(y, m, d).map { ($0, j + 5, nil) }
    }
    if !isChinese, LanguageTag.primary(context.language) != "en", t[j].text.count <= 2, mark(j + 1, "."),
      let m = adjacentDigits(j + 2), mark(j + 3, "."), let y = adjacentDigits(j + 4), t[j + 4].text.count == 4,
      let d = Int(t[j].text)
    {
      return valid(y, m, d).map { ($0, j + 5, nil) }
    }
    return nil
  }

  /// A part of day at `j`.
  private func partPiece(_ t: [SurfaceToken], _ j: Int) -> (PartOfDay, Int)? {
    for (seq, p) in vocabulary.partsOfDay where matches(t, j, seq) { return (p, j + seq.count) }
    return nil
  }

  /// A clock time at `j`: (time, end, confidence, part of day it carried).
  private func timePiece(_ t: [SurfaceToken], _ j: Int, preposition: Bool) -> (TimeOfDay, Int, Double, PartOfDay?)? {
    let n = t.count
    var k = j
    var marked = preposition
    var part: PartOfDay?
    if vocabulary.noon.contains(t[k].text) { return (TimeOfDay(hour: 12), k + 1, 1, nil) }
    if vocabulary.midnight.contains(t[k].text) { return (TimeOfDay(hour: 0), k + 1, 1, nil) }
    if vocabulary.timeWords.contains(t[k].text) {
      marked = true
      k += 1
    }
    if isChinese, let (p, e) = partPiece(t, k) {
      part = p
      k = e
      marked = true
    }
    // `halb acht`, `puoli kahdeksan`: half an hour before the named hour.
    var halfBefore = false
    guard k < n else { return nil }
    if vocabulary.halfBeforeHour.contains(t[k].text), k + 1 < n, t[k + 1].kind == .digits || t[k + 1].kind == .word {
      halfBefore = true
      marked = true
      k += 1
    }
    guard k < n else { return nil }
    // Digits are read here (not by the number extractor) so `8.30` stays a time.
    let hourMatch: NumberExtractor.Match
    if t[k].kind == .digits {
      guard t[k].text.count <= 2, let h = Int(t[k].text) else { return nil }
      hourMatch = NumberExtractor.Match(value: Double(h), first: k, end: k + 1, ordinal: false, confidence: 1)
    } else if let m = numbers.number(t, k), m.ordinal == vocabulary.ordinalWordHours {
      hourMatch = m
    } else {
      return nil
    }
    guard hourMatch.value >= 0, hourMatch.value <= 24, hourMatch.value == hourMatch.value.rounded() else { return nil }
    let strict = k > 0 && vocabulary.strictTimePrepositions.contains(t[k - 1].text)
    if strict, t[k].kind == .word, !t[k].text.hasSuffix("u") { return nil }
    if strict, t[k].kind == .digits, !(k + 2 < n && t[k + 1].text == ":") { return nil }
    // Not a time: `um 5 Minuten`, `by 1 hour`, `um 20 Prozent`, `na 21 stupňov`.
    if durations.component(t, k) != nil { return nil }
    if let (q, _) = numbers.quantity(t, k), q.kind == .percentage || q.kind == .temperature { return nil }
    var hour = Int(hourMatch.value)
    if halfBefore {
      guard hour >= 1, hour <= 12 else { return nil }
      let next = hourMatch.end
      if next < n, t[next].text == ":" || vocabulary.hourSuffixes.contains(t[next].text) { return nil }
      return (TimeOfDay(hour: hour - 1, minute: 30), next, 0.9, part)
    }
    var minute = 0
    var confidence = 1.0
    k = hourMatch.end
    var hasMinutes = false
    // H:MM (also H.MM after a time word or preposition)
    if t[hourMatch.first].kind == .digits, k + 1 < n, t[k].text == ":" || (marked && t[k].text == "."),
      !t[k].spaceBefore, t[k + 1].kind == .digits, !t[k + 1].spaceBefore, t[k + 1].text.count == 2,
      let m = Int(t[k + 1].text), m < 60
    {
      minute = m
      hasMinutes = true
      k += 2
    }
    // Chinese: 点 / 点钟 / 点半 / 点M分
    if isChinese {
      if k < n, t[k].text == "点" || t[k].text == "時" || (t[k].text == ":" && hasMinutes) {
        if t[k].text == "点" {
          k += 1
          marked = true
          if k < n, t[k].text == "钟" { k += 1 }
          if k < n, t[k].text == "半" {
            minute = 30
            k += 1
          } else if k < n, t[k].text == "整" {
            k += 1
          } else if let m = numbers.number(t, k), m.value < 60, m.end < n, t[m.end].text == "分" {
            minute = Int(m.value)
            k = m.end + 1
          }
        }
      }
      if !marked && !hasMinutes { return nil }
      return hour < 24 ? (TimeOfDay(hour: hour, minute: minute), k, confidence, part) : nil
    }
    // am / pm
    var meridiem: Bool?  // true = pm
    if k < n, t[k].kind == .word {
      if vocabulary.pmWords.contains(t[k].text) { meridiem = true }
      if vocabulary.amWords.contains(t[k].text) { meridiem = false }
      if let pm = meridiem {
        // `p.m.` / `pm`; `a` alone only when followed by `.m`
        if t[k].text.count == 1 {
          guard k + 2 < n, t[k + 1].text == ".", t[k + 2].text == "m" else {
            meridiem = nil
            return finish(hour, minute, k, marked, hasMinutes, confidence, part)
          }
          k += 3
          if k < n, t[k].text == ".", !t[k].spaceBefore { k += 1 }
        } else {
          k += 1
        }
        guard hour >= 1, hour <= 12 else { return nil }
        hour = pm ? (hour == 12 ? 12 : hour + 12) : (hour == 12 ? 0 : hour)
        return (TimeOfDay(hour: hour, minute: minute), k, 1, part)
      }
      if vocabulary.hourSuffixes.contains(t[k].text) {
        k += 1
        marked = true
        // `8 Uhr 30`
        if !hasMinutes, k < n, t[k].kind == .digits, let m = Int(t[k].text), m < 60, t[k].text.count == 2 {
          minute = m
          k += 1
        }
        return (TimeOfDay(hour: hour, minute: minute), k, hour > 12 || hasMinutes ? 1 : 0.9, part)
      }
    }
    if !hasMinutes, hour <= 12 { confidence = 0.8 }
    return finish(hour, minute, k, marked, hasMinutes, confidence, part)
  }

  private func finish(
    _ hour: Int, _ minute: Int, _ k: Int, _ marked: Bool, _ hasMinutes: Bool, _ confidence: Double,
    _ part: PartOfDay?
  ) -> (TimeOfDay, Int, Double, PartOfDay?)? {
    guard marked || hasMinutes, hour < 24 else { return nil }
    return (TimeOfDay(hour: hour, minute: minute), k, confidence, part)
  }
}
