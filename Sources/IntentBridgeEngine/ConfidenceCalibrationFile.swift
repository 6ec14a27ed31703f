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

  /// Why `json` (an index file's `CALI` section) is not what `json` writes, or nil when it
  /// is: an unknown key, a confidence model that does not read (a threshold outside 0…1, a
  /// weight that is not finite), a cross-lingual shift that is not a finite number below 2 in
  /// magnitude. `nested` names the key that holds a keyword-only calibration of the same
  /// shape. A file with such a section is rebuilt instead of being used without it.
  static func problem(in json: JSONValue?, nested: String? = nil) -> String? {
    guard let json else { return nil }
    guard let object = json.objectValue else { return "is not a JSON object" }
    for (key, value) in object {
      if let mode = RankingMode(rawValue: key) {
        if ConfidenceModel(json: value) == nil { return "holds a \(mode.rawValue) confidence model that does not read" }
      } else if key == "crossLingualShifts" {
        guard let shifts = value.objectValue else { return "has crossLingualShifts that are not an object" }
        for (language, shift) in shifts {
          guard let number = shift.doubleValue, number.isFinite, abs(number) < 2 else {
            return "has the cross-lingual shift \(JSONWriter.compact(shift)) for \(language); expected a number between -2 and 2"
          }
        }
      } else if key == nested {
        if let problem = Self.problem(in: value) { return "\(key) " + problem }
      } else {
        return "has the unknown key \"\(key)\""
      }
    }
    return nil
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
