import IntentBridgeFilling

/// One marked-text fixture: the request with its expected spans marked, and per span the
/// expected `"kind value"` (see ``describe(_:)``), in order.
struct Fixture: Sendable, CustomStringConvertible {
  let language: String
  let marked: String
  let expected: [String]

  init(_ language: String, _ marked: String, _ expected: String...) {
    self.language = language
    self.marked = marked
    self.expected = expected
  }

  var description: String { "\(language): \(marked)" }
}

/// The pinned clock: Sunday 2026-11-29 10:00 at UTC+01:00.
func pinnedContext(_ language: String) -> ExtractionContext {
  ExtractionContext(
    language: language, now: CivilDate(year: 2026, month: 11, day: 29), time: TimeOfDay(hour: 10),
    utcOffsetSeconds: 3600)
}

/// `"number 25"`, `"duration PT1H20M"`, `"dateTime 2026-11-30T17:00:00+01:00"`, `"boolean true"`, `"url https://…"`.
func describe(_ v: ExtractedValue) -> String {
  let payload: String
  switch v.value {
  case .number(let d): payload = d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  case .boolean(let b): payload = String(b)
  case .text(let t): payload = t
  default: payload = v.value.iso8601 ?? "?"
  }
  return v.kind.rawValue + " " + payload
}

/// Runs the extractor responsible for the fixture's first expected kind.
func run(_ fixture: Fixture, _ text: String) -> [ExtractedValue] {
  let kind = fixture.expected.first.map { String($0.split(separator: " ")[0]) } ?? ""
  let context = pinnedContext(fixture.language)
  switch kind {
  case "number", "ordinal", "percentage", "temperature": return NumberExtractor(language: fixture.language).extract(text)
  case "duration": return DurationExtractor(language: fixture.language).extract(text)
  case "date", "time", "dateTime": return DateTimeExtractor(context: context).extract(text)
  case "boolean": return BooleanExtractor(language: fixture.language).extract(text)
  case "url": return URLExtractor().extract(text)
  case "email": return EmailExtractor().extract(text)
  case "quotedText": return QuotedTextExtractor().extract(text)
  default: return []
  }
}

/// Checks a fixture: the responsible extractor returns exactly the marked values — same
/// spans, kinds and values, nothing else — and each value's `text` is its span's text.
func check(_ fixture: Fixture) -> (actual: [String], expected: [String]) {
  let m = MarkedText(fixture.marked)
  let values = run(fixture, m.text)
  let scalars = Array(m.text.unicodeScalars)
  let actual = values.map { v -> String in
    var t = ""
    t.unicodeScalars.append(contentsOf: scalars[v.span])
    let textOK = t == v.text ? "" : " (text mismatch: \(v.text))"
    let conf = (0.0...1.0).contains(v.confidence) && v.confidence > 0 ? "" : " (bad confidence)"
    return "\(v.span.lowerBound)..<\(v.span.upperBound) \(describe(v))\(textOK)\(conf)"
  }
  precondition(m.ranges.count == fixture.expected.count, "markers vs expectations: \(fixture.marked)")
  let expected = zip(m.ranges, fixture.expected).map { "\($0.lowerBound)..<\($0.upperBound) \($1)" }
  return (actual, expected)
}
