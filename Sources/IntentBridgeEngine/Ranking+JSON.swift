import IntentBridgeJSON
import IntentBridgeRanking

/// The JSON shapes of rankings, the one way every interface writes them (CLI `rank` and
/// `resolve`, their `--requests` rows, MCP's meta-tools). Confidences and scores carry 4
/// decimals (`JSONValue.rounded`).
extension Ranking {
  /// The candidates other than `intentID` (all of them when it is nil: no match), best first.
  public func alternatives(to intentID: String?) -> [RankedIntent] {
    candidates.filter { $0.intentID != intentID }
  }

  /// `[{"intent", "confidence"}]` of `alternatives(to:)`.
  public func alternativesJSON(to intentID: String?) -> JSONValue {
    .array(alternatives(to: intentID).map { ["intent": .string($0.intentID), "confidence": .rounded($0.confidence)] })
  }

  /// `{"intent", "confidence", "ambiguousIntents"?, "alternatives"}`: the answer (nil for no match),
  /// the best candidate's confidence, the intents it is tied with (`Ranking.ambiguous`, when
  /// any) and the other candidates (a `rank --requests` row).
  public var summaryJSON: JSONObject {
    var object = JSONObject()
    object["intent"] = best.map { .string($0.intentID) } ?? .null
    object["confidence"] = .rounded(candidates.first?.confidence ?? 0)
    if !ambiguous.isEmpty { object["ambiguousIntents"] = ambiguousJSON }
    object["alternatives"] = alternativesJSON(to: best?.intentID)
    return object
  }

  /// `["get_weather", "get_weather_by_city"]`: `ambiguous`, written as `"ambiguousIntents"` in every shape.
  package var ambiguousJSON: JSONValue { .array(ambiguous.map(JSONValue.string)) }

  /// `{"request", "intent", "confidence", "noMatchReason"?, "ambiguousIntents"?, "candidates": […]}`; with
  /// `explain`, each candidate also shows what every signal added to its score
  /// (`RankedIntent.contributions`) and the matched terms, and the ranking the tuning file of
  /// `configuration`.
  public func jsonValue(explain: Bool, configuration: RankingConfiguration) -> JSONValue {
    var object = JSONObject()
    object["request"] = .string(request)
    object["intent"] = best.map { .string($0.intentID) } ?? .null
    object["confidence"] = .rounded(candidates.first?.confidence ?? 0)
    if let noMatchReason { object["noMatchReason"] = .string(noMatchReason) }
    if !ambiguous.isEmpty { object["ambiguousIntents"] = ambiguousJSON }
    if explain {
      object["calibration"] = .string(confidenceOrigin.rawValue)
      if let tuningFile = configuration.tuningFile { object["tuning"] = .string(tuningFile) }
      object["inScope"] = .rounded(inScope)
      object["detectedLanguage"] = detectedLanguage.map(JSONValue.string) ?? .null
      object["crossLingual"] = .bool(crossLingual)
    }
    object["candidates"] = .array(
      candidates.map { candidate in
        var c = JSONObject()
        c["intent"] = .string(candidate.intentID)
        c["confidence"] = .rounded(candidate.confidence)
        if explain {
          c["evidence"] = .rounded(candidate.evidence)
          c["score"] = .rounded(candidate.score)
          let added = candidate.contributions
          c["keyword"] = [
            "bm25": .rounded(candidate.keywordScore), "normalized": .rounded(candidate.keywordNormalized), "weighted": .rounded(added.keyword),
          ]
          if let vector = candidate.vectorScore {
            c["embedding"] = ["cosine": .rounded(vector), "weighted": .rounded(added.embedding)]
          }
          c["template"] = ["quality": .rounded(candidate.templateScore), "weighted": .rounded(added.template)]
          c["coverage"] = .rounded(candidate.coverage)
          if let template = candidate.wholeReading { c["wholeReading"] = .string(template) }
          c["matchedTerms"] = .array(candidate.matchedTerms.map { .string($0.shown) })
        }
        return .object(c)
      })
    return .object(object)
  }
}

extension JSONValue {
  /// A number rounded to 4 decimals, the precision of every confidence and score the
  /// interfaces write.
  public static func rounded(_ value: Double) -> JSONValue { .number((value * 10000).rounded() / 10000) }
}
