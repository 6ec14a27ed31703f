import Foundation
import IntentBridgeCatalog
import IntentBridgeFilling
import IntentBridgeJSON
import IntentBridgeRanking

/// A request resolved to a call: the intent (or no match), the filled arguments with their
/// sources, what is missing (with the question to ask), ambiguous values, alternatives.
public struct Resolution: Sendable {
  public var request: String
  public var ranking: Ranking
  /// The chosen intent (nil for no match).
  public var intentID: String?
  public var confidence: Double
  public var arguments: JSONObject
  public var filled: [FilledArgument]
  public var missing: [MissingParameter]
  public var ambiguous: [AmbiguousParameter]

  /// `{"intent", "confidence", "arguments", "missing", "ambiguous", "alternatives"}`.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["intent"] = intentID.map(JSONValue.string) ?? .null
    object["confidence"] = .number((confidence * 10000).rounded() / 10000)
    object["arguments"] = .object(arguments)
    object["missing"] = .array(missing.map { ["name": .string($0.name), "question": .string($0.question)] })
    object["ambiguous"] = .array(
      ambiguous.map { ["name": .string($0.name), "candidates": .array($0.candidates), "question": .string($0.question)] })
    object["alternatives"] = .array(
      ranking.candidates.filter { $0.intentID != intentID }.prefix(4).map {
        ["intent": .string($0.intentID), "confidence": .number(($0.confidence * 10000).rounded() / 10000)]
      })
    return .object(object)
  }
}

extension IntentEngine {
  /// The clock and time zone relative dates are read against.
  public struct Clock: Sendable {
    public var now: Date
    public var utcOffsetSeconds: Int

    public init(now: Date = Date(), utcOffsetSeconds: Int = TimeZone.current.secondsFromGMT()) {
      self.now = now
      self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The local calendar date and time of `now` at the offset (proleptic Gregorian, no
    /// time-zone database needed).
    public func extractionContext(language: String) -> ExtractionContext {
      let local = Int(now.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
      let days = Int((Double(local) / 86_400).rounded(.down))
      let secondsOfDay = local - days * 86_400
      let date = CivilDate(daysSinceEpoch: days)
      let time = TimeOfDay(hour: secondsOfDay / 3600, minute: secondsOfDay % 3600 / 60, second: secondsOfDay % 60)
      return ExtractionContext(language: language, now: date, time: time, utcOffsetSeconds: utcOffsetSeconds)
    }
  }

  /// Ranks `request` and fills the chosen intent's parameters (or those of `intent`, when
  /// given, which skips "no match"); `context` holds values the caller already knows (e.g.
  /// the device's area), used for parameters the request leaves empty.
  /// `top` candidates are kept in the ranking (alternatives, evaluation).
  public func resolve(
    _ request: String, clock: Clock = Clock(), intent forcedIntent: String? = nil, top: Int = 5, context: JSONObject = JSONObject()
  ) -> Resolution {
    let ranking = rank(request, top: top)
    let chosen: (id: String, index: Int, confidence: Double)?
    if let forcedIntent, let index = catalog.intents.firstIndex(where: { $0.id == forcedIntent }) {
      chosen = (forcedIntent, index, ranking.candidates.first { $0.intentID == forcedIntent }?.confidence ?? 1)
    } else if let best = ranking.best {
      chosen = (best.intentID, best.intentIndex, best.confidence)
    } else {
      chosen = nil
    }
    guard let chosen else {
      return Resolution(
        request: request, ranking: ranking, intentID: nil, confidence: ranking.candidates.first?.confidence ?? 0, arguments: JSONObject(),
        filled: [], missing: [], ambiguous: [])
    }
    let filler = ParameterFiller(
      catalog: catalog, templates: ranker.templates, language: language, context: clock.extractionContext(language: language))
    let quality = ranking.candidates.first { $0.intentIndex == chosen.index }.map { Float($0.templateScore) }
    let result = filler.fill(request, intentIndex: chosen.index, prepared: ranking.prepared, templateQuality: quality, context: context)
    return Resolution(
      request: request, ranking: ranking, intentID: chosen.id, confidence: chosen.confidence, arguments: result.arguments,
      filled: result.filled, missing: result.missing, ambiguous: result.ambiguous)
  }
}
