import IntentBridgeText

/// All typed extractors for one language and clock, for callers that want every value
/// of a request at once (parameter filling picks by the parameter's type).
///
///     let x = Extractors(context: ExtractionContext(
///       language: "en", now: CivilDate(year: 2026, month: 11, day: 29), time: TimeOfDay(hour: 10),
///       utcOffsetSeconds: 3600))
///     x.extract("remind me tomorrow at 5pm to call mom")
///     // [dateTime 2026-11-30T17:00:00+01:00 span 10..<25, number 5 span 22..<23 …]
///
/// Values of different extractors may overlap (the `5` of `5pm` is also a number); each
/// extractor's own values never overlap. Results are sorted by span start, then by kind.
///
/// - Complexity: O(n) per extractor in the scalars of the request.
package struct Extractors: Sendable {
  package let numbers: NumberExtractor
  package let durations: DurationExtractor
  package let dates: DateTimeExtractor
  package let booleans: BooleanExtractor
  package let urls = URLExtractor()
  package let emails = EmailExtractor()
  package let quotes = QuotedTextExtractor()

  package init(context: ExtractionContext) {
    numbers = NumberExtractor(language: context.language)
    durations = DurationExtractor(language: context.language)
    dates = DateTimeExtractor(context: context)
    booleans = BooleanExtractor(language: context.language)
  }

  package func extract(_ text: String) -> [ExtractedValue] {
    extract(text, kinds: Set(ExtractedValue.Kind.allCases))
  }

  /// The values of the given kinds, as `extract` orders them; only the extractors that can
  /// produce one of the kinds run (`kinds` of each), so a caller that needs a duration does
  /// not pay for dates.
  package func extract(_ text: String, kinds: Set<ExtractedValue.Kind>) -> [ExtractedValue] {
    extract(SurfaceLexer.tokens(text), kinds: kinds)
  }

  /// `extract(_:kinds:)` of a text already split into surface tokens (`AnalyzedRequest.surface`).
  package func extract(_ lexed: SurfaceTokens, kinds: Set<ExtractedValue.Kind>) -> [ExtractedValue] {
    guard !kinds.isEmpty else { return [] }
    func wanted(_ produced: Set<ExtractedValue.Kind>) -> Bool { !kinds.isDisjoint(with: produced) }
    var all: [ExtractedValue] = []
    if wanted(NumberExtractor.kinds) { all += numbers.extract(lexed: lexed) }
    if wanted(DurationExtractor.kinds) { all += durations.extract(lexed: lexed) }
    if wanted(DateTimeExtractor.kinds) { all += dates.extract(lexed: lexed) }
    if wanted(BooleanExtractor.kinds) { all += booleans.extract(lexed: lexed) }
    if wanted(URLExtractor.kinds) { all += urls.extract(scalars: lexed.scalars) }
    if wanted(EmailExtractor.kinds) { all += emails.extract(scalars: lexed.scalars) }
    if wanted(QuotedTextExtractor.kinds) { all += quotes.extract(scalars: lexed.scalars) }
    return all.filter { kinds.contains($0.kind) }.sorted {
      ($0.span.lowerBound, Self.rank($0.kind), $0.span.upperBound) < ($1.span.lowerBound, Self.rank($1.kind), $1.span.upperBound)
    }
  }

  private static func rank(_ kind: ExtractedValue.Kind) -> Int {
    ExtractedValue.Kind.allCases.firstIndex(of: kind) ?? 0
  }
}
