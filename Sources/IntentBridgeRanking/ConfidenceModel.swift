import IntentBridgeJSON
import IntentBridgeSystem

/// The last step of ranking: from a candidate's evidence to the probability that it is the
/// intent meant, *for the catalog at hand*.
///
/// A candidate's features (`ConfidenceFeatures`) are its evidence (the logistic of its own
/// signals, `RankingConfiguration.Calibration`), its embedding score, how far its embedding
/// score and its fused score lead the best other candidate's, the share of the request's
/// content words its texts cover, its keyword score and its template match. The probability
/// is `σ(weights · features)`:
///
///     let model = ConfidenceModel.identity          // σ(logit(evidence)) = evidence
///     model.probability(features)                   // 0.83
///
/// Two parts: how likely the request is in the catalog's domain at all (`inScope`, from the
/// first candidate's features), and how likely each candidate is the right intent of an
/// in-domain request (`weights`). A candidate's confidence is their product; the answer is
/// the likeliest candidate, and it is "no match" when no intent is likelier than none by
/// `outsideCost` (`confidence < outsideCost × (1 − inScope)`) or its confidence is below
/// `threshold`.
///
/// `identity` keeps the evidence as it is (the shipped calibration, fitted on the project's
/// development sets; every request in domain, no match below 0.5); `ConfidenceFitter` fits
/// both parts for one catalog from requests made of the catalog itself (`PseudoRequests`)
/// when its index is built, and `intentbridge tune` from a user's labelled requests.
public struct ConfidenceModel: Sendable, Hashable {
  /// Where the weights come from, for `--explain` and reports.
  public enum Origin: String, Sendable, Hashable {
    /// The evidence as the shipped coefficients compute it.
    case shipped
    /// Fitted on requests made of the catalog itself when its index was built.
    case catalog
    /// Fitted on labelled requests (`intentbridge tune`).
    case tuned
  }

  /// One weight per `ConfidenceFeatures.names` entry: P(right | in domain).
  package var weights: [Double]
  /// The same for P(the request is in the catalog's domain); nil: always in domain.
  package var inScopeWeights: [Double]?
  /// "No match" when the best probability is below it.
  package var threshold: Double
  /// How many refusals one answer to a request outside the domain weighs: "no match" when the
  /// answer's confidence is below `outsideCost × (1 − inScope)`. 1 is the plain "likelier
  /// than none"; a catalog's own fit reads `inScope` at the share of outside requests a
  /// router sees and decides at the larger share it was fitted with
  /// (`ConfidenceCalibration.outsideCost`), so it refuses as that fit would.
  package var outsideCost: Double
  package var origin: Origin
  /// How many requests the weights were fitted on (0 for `shipped`).
  package var fittedOn: Int

  package init(
    weights: [Double], inScopeWeights: [Double]? = nil, threshold: Double = 0.5, outsideCost: Double = 1, origin: Origin, fittedOn: Int = 0
  ) {
    self.weights = weights
    self.inScopeWeights = inScopeWeights
    self.threshold = threshold
    self.outsideCost = outsideCost
    self.origin = origin
    self.fittedOn = fittedOn
  }

  /// The evidence unchanged: `σ(logit(evidence))`.
  package static let identity = ConfidenceModel(
    weights: ConfidenceFeatures.names.map { $0 == "evidence" ? 1 : 0 }, origin: .shipped)

  /// P(right | in domain) = `σ(weights · features)`.
  package func probability(_ features: [Double]) -> Double { Self.logistic(weights, features) }

  /// P(in domain) from the first candidate's features (1 without `inScopeWeights`).
  package func inScope(_ features: [Double]) -> Double { inScopeWeights.map { Self.logistic($0, features) } ?? 1 }

  /// `inScope` read at the share of outside requests the model was fitted with: its odds
  /// divided by `outsideCost` (`inScope` itself when the cost is 1).
  package func fittedInScope(_ inScope: Double) -> Double {
    outsideCost == 1 ? inScope : inScope / (inScope + outsideCost * (1 - inScope))
  }

  /// `inScopeWeights` as fitted, at that share: the bias lowered by the log of `outsideCost`
  /// (`ConfidenceCalibration.fit` raised it), so that they compute `fittedInScope`.
  package var fittedInScopeWeights: [Double]? {
    inScopeWeights.map { weights in
      var fitted = weights
      fitted[0] -= log(outsideCost)
      return fitted
    }
  }

  static func logistic(_ weights: [Double], _ features: [Double]) -> Double {
    var z = 0.0
    for (w, f) in zip(weights, features) { z += w * f }
    return 1 / (1 + exp(-max(-30, min(30, z))))
  }

  /// `{"origin", "threshold", "outsideCost"?, "fittedOn", "weights": {name: weight},
  /// "inScopeWeights"?: {…}}` (`outsideCost` written when it is not 1).
  package var jsonValue: JSONValue {
    func object(_ weights: [Double]) -> JSONValue {
      var object = JSONObject()
      for (name, weight) in zip(ConfidenceFeatures.names, weights) { object[name] = .number((weight * 1e6).rounded() / 1e6) }
      return .object(object)
    }
    var json: JSONObject = [
      "origin": .string(origin.rawValue), "threshold": .number(threshold), "fittedOn": .integer(Int64(fittedOn)), "weights": object(weights),
    ]
    if let inScopeWeights { json["inScopeWeights"] = object(inScopeWeights) }
    if outsideCost != 1 { json["outsideCost"] = .number((outsideCost * 1e6).rounded() / 1e6) }
    return .object(json)
  }

  /// The keys `jsonValue` writes; any other key makes `init(json:)` refuse the value.
  static let jsonKeys: Set<String> = ["origin", "threshold", "outsideCost", "fittedOn", "weights", "inScopeWeights"]

  /// Reads `jsonValue`; nil when it is not that shape (unknown keys or feature names, missing
  /// fields, a threshold outside 0…1, a weight that is not finite, an `outsideCost` that is not
  /// a finite number of at least 1, `fittedOn` that is not a count).
  package init?(json: JSONValue) {
    guard let keys = json.objectValue?.keys, keys.allSatisfy(Self.jsonKeys.contains) else { return nil }
    func weights(_ value: JSONValue?) -> [Double]? {
      guard let object = value?.objectValue, object.count == ConfidenceFeatures.names.count else { return nil }
      var out: [Double] = []
      for name in ConfidenceFeatures.names {
        guard let weight = object[name]?.doubleValue, weight.isFinite else { return nil }
        out.append(weight)
      }
      return out
    }
    guard let origin = json["origin"]?.stringValue.flatMap(Origin.init(rawValue:)), let threshold = json["threshold"]?.doubleValue,
      threshold.isFinite, (0...1).contains(threshold), let correct = weights(json["weights"])
    else { return nil }
    let inScope = weights(json["inScopeWeights"])
    if json["inScopeWeights"] != nil, inScope == nil { return nil }
    guard let fittedOn = json["fittedOn"]?.integerValue, fittedOn >= 0 else { return nil }
    var outsideCost = 1.0
    if let value = json["outsideCost"] {
      guard let cost = value.doubleValue, cost.isFinite, cost >= 1 else { return nil }
      outsideCost = cost
    }
    self.init(
      weights: correct, inScopeWeights: inScope, threshold: threshold, outsideCost: outsideCost, origin: origin, fittedOn: Int(fittedOn))
  }
}

/// The features of one candidate that `ConfidenceModel` weighs.
package enum ConfidenceFeatures {
  /// In the order of `ConfidenceModel.weights`.
  package static let names = ["bias", "evidence", "cosine", "cosineLead", "scoreLead", "coverage", "keyword", "template"]

  /// The leads are over the best other candidate among the first `window` of the ranking.
  package static let window = 5

  /// The coverage a cross-lingual request's candidates are weighed with where the embeddings
  /// weigh coverage (`RankingConfiguration.embeddingWeighsCoverage`). Its words cannot be found
  /// in the catalog's language, so its coverage says little either way. Measured 0.15–0.35 on
  /// the catalogs the transformer leads on: lower refuses more off-domain requests in other
  /// languages and answers fewer cross-lingual ones (docs/RANKING.md, "Confidence per catalog").
  package static let crossLingualCoverage = 0.25

  /// The features of `candidates[k]` among the ranking's candidates: the leads are over the
  /// best *other* candidate of the first `window` (negative for all but the one that leads).
  /// A `crossLingual` request's coverage is `crossLingualCoverage`.
  /// - Complexity: O(window).
  package static func of(_ k: Int, in candidates: [RankedIntent], crossLingual: Bool = false) -> [Double] {
    let candidate = candidates[k]
    var otherCosine = -1.0
    var otherScore = -Double.infinity
    for (j, other) in candidates.prefix(window).enumerated() where j != k {
      otherCosine = max(otherCosine, other.vectorScore ?? 0)
      otherScore = max(otherScore, other.score)
    }
    let cosine = candidate.vectorScore ?? 0
    let evidence = min(1 - 1e-6, max(1e-6, candidate.evidence))
    return [
      1, log(evidence / (1 - evidence)), cosine, candidates.count > 1 ? cosine - otherCosine : 0,
      candidates.count > 1 ? candidate.score - otherScore : 0, crossLingual ? crossLingualCoverage : candidate.coverage,
      log(1 + candidate.keywordScore), candidate.templateScore,
    ]
  }
}
