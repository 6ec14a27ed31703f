import IntentBridgeCatalog
import IntentBridgeFilling
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request resolved to a call: the intent (or no match), the filled arguments with their
/// sources, what is missing (with the question to ask), ambiguous values, alternatives.
public struct Resolution: Sendable {
  /// The request text, as given.
  public var request: String
  /// The ranking the intent was chosen from (alternatives, ambiguous intents, the reason for no
  /// match).
  public var ranking: Ranking
  /// The chosen intent (nil for no match).
  public var intentID: String?
  /// The chosen intent's confidence (0…1); for no match the first candidate's (0 without one); 1
  /// for a forced intent the ranking lacks.
  public var confidence: Double
  /// The filled call, parameter name → value, defaults included, in parameter order; empty for no
  /// match.
  public var arguments: JSONObject
  /// Each filled argument with its span, confidence and source, in parameter order.
  public var filled: [FilledArgument]
  /// Required parameters left without a value (and not ambiguous), with the question to ask.
  public var missing: [MissingParameter]
  /// Parameters that several values could fill, with the candidates and the question to ask.
  public var ambiguous: [AmbiguousParameter]

  /// `{"intent", "confidence", "arguments", "missing", "ambiguous", "alternatives",
  /// "ambiguousIntents"?, "noMatchReason"?}` (`ambiguous`: parameter values; `ambiguousIntents`:
  /// `Ranking.ambiguous`): the one shape of a resolution (CLI `resolve`, its `--requests` rows,
  /// MCP `resolve_request`). `alternatives` are the ranking's other candidates.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["intent"] = intentID.map(JSONValue.string) ?? .null
    object["confidence"] = .rounded(confidence)
    object["arguments"] = .object(arguments)
    object["missing"] = .array(missing.map { ["name": .string($0.name), "question": .string($0.question)] })
    object["ambiguous"] = .array(
      ambiguous.map { ["name": .string($0.name), "candidates": .array($0.candidates), "question": .string($0.question)] })
    object["alternatives"] = ranking.alternativesJSON(to: intentID)
    if !ranking.ambiguous.isEmpty { object["ambiguousIntents"] = ranking.ambiguousJSON }
    if intentID == nil { object["noMatchReason"] = .string(ranking.noMatchReason ?? "no intent fits the request") }
    return .object(object)
  }
}

extension IntentEngine {
  /// The clock and time zone relative dates are read against.
  public struct Clock: Sendable {
    /// The instant relative dates and times ("tomorrow", "in 10 minutes") are read from.
    public var now: Date
    /// The local time's offset from UTC in seconds (east positive); read as at most ±18 hours.
    public var utcOffsetSeconds: Int

    /// A clock; by default the current instant in the process's time zone.
    public init(now: Date = Date(), utcOffsetSeconds: Int = TimeZone.current.secondsFromGMT()) {
      self.now = now
      self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The first and last second of the years 1–9999, the range local time is read in.
    static let instants = -62_135_596_800.0...253_402_300_799.0
    /// UTC offsets run from -18:00 to +18:00 (ISO 8601 and `TimeZone` allow no more).
    static let offsets = -18 * 3600...18 * 3600

    /// The local calendar date and time of `now` at the offset (proleptic Gregorian, no
    /// time-zone database needed). An offset beyond ±18 hours is read as ±18 hours, a local
    /// time outside the years 1–9999 as the nearest second inside them (one that is not a
    /// number as 1970-01-01), so that no date arithmetic overflows.
    package func extractionContext(language: String) -> ExtractionContext {
      let offset = min(max(utcOffsetSeconds, Self.offsets.lowerBound), Self.offsets.upperBound)
      let seconds = now.timeIntervalSince1970 + Double(offset)
      let local = seconds.isNaN ? 0 : Int(min(max(seconds, Self.instants.lowerBound), Self.instants.upperBound).rounded(.down))
      let days = Int((Double(local) / 86_400).rounded(.down))
      let secondsOfDay = local - days * 86_400
      let date = CivilDate(daysSinceEpoch: days)
      let time = TimeOfDay(hour: secondsOfDay / 3600, minute: secondsOfDay % 3600 / 60, second: secondsOfDay % 60)
      return ExtractionContext(language: language, now: date, time: time, utcOffsetSeconds: offset)
    }
  }

  /// Which intent `resolve` fills.
  public enum IntentChoice: Sendable, Hashable {
    /// The engine's answer: the best-ranked intent, or "no match" below the threshold.
    case answer
    /// The first-ranked intent, also when its confidence is below the no-match threshold
    /// (filling measured apart from calibration).
    case firstRanked
    /// This intent, whatever the ranking says ("no match" is skipped); an id the catalog does
    /// not have falls back to `.answer`.
    case forced(String)

    var isForced: Bool {
      if case .forced = self { return true }
      return false
    }
  }

  /// Ranks `request` and fills the chosen intent's parameters (or those of `intent`, when
  /// given, which skips "no match"); `context` holds values the caller already knows (e.g.
  /// the device's area), used for parameters the request leaves empty. The request is
  /// analysed once for both steps. `top` candidates are kept in the ranking (alternatives,
  /// evaluation).
  public func resolve(
    _ request: String, clock: Clock = Clock(), intent forcedIntent: String? = nil, top: Int = 5, context: JSONObject = JSONObject()
  ) -> Resolution {
    resolve(request, clock: clock, choosing: forcedIntent.map(IntentChoice.forced) ?? .answer, top: top, context: context)
  }

  /// `resolve(_:clock:intent:top:context:)` with the intent to fill chosen by `choice`.
  public func resolve(
    _ request: String, clock: Clock = Clock(), choosing choice: IntentChoice, top: Int = 5, context: JSONObject = JSONObject()
  ) -> Resolution {
    resolve(request, clock: clock, choosing: choice, top: top, context: context, reading: nil)
  }

  /// `resolve(_:clock:choosing:top:context:)` with the language detector's reading of
  /// `request` already made (`CatalogEngines`).
  package func resolve(
    _ request: String, clock: Clock = Clock(), choosing choice: IntentChoice, top: Int = 5, context: JSONObject = JSONObject(),
    reading: LanguageDetector.Reading?
  ) -> Resolution {
    let analyzed = analyze(request, reading: reading)
    // The first candidate is what `.answer` and `.firstRanked` fill: the ranking aligns it
    // once for both steps.
    let ranking = ranker.rank(analyzed, top: top, aligningFirst: !(choice.isForced))
    let chosen: (id: String, index: Int, confidence: Double)?
    if case .forced(let forcedIntent) = choice, let index = catalog.intents.firstIndex(where: { $0.id == forcedIntent }) {
      chosen = (forcedIntent, index, ranking.candidates.first { $0.intentID == forcedIntent }?.confidence ?? 1)
    } else if let first = choice == .firstRanked ? ranking.candidates.first : ranking.best {
      chosen = (first.intentID, first.intentIndex, first.confidence)
    } else {
      chosen = nil
    }
    guard let chosen else {
      return Resolution(
        request: request, ranking: ranking, intentID: nil, confidence: ranking.candidates.first?.confidence ?? 0, arguments: JSONObject(),
        filled: [], missing: [], ambiguous: [])
    }
    let quality = ranking.candidates.first { $0.intentIndex == chosen.index }.map { Float($0.templateScore) }
    let result = filler.fill(
      analyzed, intentIndex: chosen.index, templateQuality: quality, alignment: ranking.alignment, clock: clock.extractionContext(language: language),
      context: context)
    return Resolution(
      request: request, ranking: ranking, intentID: chosen.id, confidence: chosen.confidence, arguments: result.arguments,
      filled: result.filled, missing: result.missing, ambiguous: result.ambiguous)
  }
}
