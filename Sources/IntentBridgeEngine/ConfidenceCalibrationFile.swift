import IntentBridgeJSON
import IntentBridgeRanking

/// How what the engine fits for a catalog when it builds its index is kept in the vector
/// file's header: `{"<signals>": ConfidenceModel.jsonValue, …, "crossLingualShifts": {"de":
/// -0.12, …}}`, signals in `RankingMode` order.
struct ConfidenceCalibrationFile: Sendable {
  var models: [RankingMode: ConfidenceModel] = [:]
  var crossLingualShifts: [String: Double] = [:]

  var json: JSONValue {
    var object = JSONObject()
    for mode in RankingMode.allCases { if let model = models[mode] { object[mode.rawValue] = model.jsonValue } }
    var shifts = JSONObject()
    for (language, shift) in crossLingualShifts.sorted(by: { $0.key < $1.key }) { shifts[language] = .number(shift) }
    if !shifts.isEmpty { object["crossLingualShifts"] = .object(shifts) }
    return .object(object)
  }

  /// What `json` wrote; what does not read is left out (the shipped calibration then applies).
  init(json: JSONValue?) {
    for mode in RankingMode.allCases {
      if let value = json?[mode.rawValue], let model = ConfidenceModel(json: value) { models[mode] = model }
    }
    for (language, value) in json?["crossLingualShifts"]?.objectValue ?? JSONObject() {
      if let shift = value.doubleValue, shift.isFinite, abs(shift) < 2 { crossLingualShifts[language] = shift }
    }
  }

  init(models: [RankingMode: ConfidenceModel], crossLingualShifts: [String: Double]) {
    self.models = models
    self.crossLingualShifts = crossLingualShifts
  }

  /// The configuration with these models and shifts where it has none of its own.
  func applied(to configuration: RankingConfiguration) -> RankingConfiguration {
    var out = configuration
    for (mode, model) in models where out.confidenceModels[mode] == nil { out.confidenceModels[mode] = model }
    if out.crossLingualShifts.isEmpty { out.crossLingualShifts = crossLingualShifts }
    return out
  }
}
