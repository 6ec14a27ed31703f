import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `intentbridge tune` fitted for one catalog language from labelled requests, kept
/// beside the catalog (`<catalog>.<language>.tuning.json`, `Schemas/tuning.schema.json`) and
/// used by every engine loaded for that catalog and language after it:
///
///     {"format": "intentbridge-tuning", "version": 1, "catalogHash": "…", "language": "en",
///      "model": "…" | null, "fusion": {"keywordWeight": 0.5, "centroidWeight": 0.7},
///      "calibration": {"hybrid": ConfidenceModel.jsonValue, …}, "fit": {…}}
///
/// `model` is the embedding model the fit ranked with (nil: keyword signals only); `fit`
/// records what it was fitted and measured on (`intentbridge tune` writes it; the engine does
/// not read it). A file for another version of the catalog or another model is not used.
public struct TuningFile: Sendable {
  /// The file's `format` value.
  public static let format = "intentbridge-tuning"
  /// The file's `version` value; a file of another version is refused.
  public static let version: Int64 = 1
  /// The top-level keys of the file (`Schemas/tuning.schema.json`); any other is refused.
  static let keys = ["format", "version", "catalogHash", "language", "model", "fusion", "calibration", "fit"]

  /// The content hash of the catalog it was fitted for (`Catalog.contentHash`); a file for another
  /// version is not used.
  public var catalogHash: String
  /// The catalog language it was fitted for.
  public var language: String
  /// The embedding model the fit ranked with, as the index file names it; nil: keyword signals
  /// only.
  public var model: String?
  /// The fitted `RankingConfiguration.keywordWeight` (0…10).
  public var keywordWeight: Double
  /// The fitted `RankingConfiguration.centroidWeight` (0…1).
  public var centroidWeight: Double
  /// Confidence models by the signals they calibrate.
  public var models: [RankingMode: ConfidenceModel]
  /// Free-form record of the fit (rows, held-out figures before and after).
  public var fit: JSONObject

  /// Where the tuning of the catalog at `catalogPath` in `language` lives (beside it).
  public static func path(forCatalog catalogPath: String, language: String) -> String {
    CatalogCompanionPath.path(forCatalog: catalogPath, language: language, suffix: ".tuning.json")
  }

  /// The file's JSON object, in the format above (calibration keys in `RankingMode` order).
  public var json: JSONValue {
    var calibration = JSONObject()
    for mode in RankingMode.allCases { if let model = models[mode] { calibration[mode.rawValue] = model.jsonValue } }
    let object: JSONObject = [
      "format": .string(Self.format), "version": .integer(Self.version), "catalogHash": .string(catalogHash), "language": .string(language),
      "model": model.map(JSONValue.string) ?? .null,
      "fusion": ["keywordWeight": .number(keywordWeight), "centroidWeight": .number(centroidWeight)],
      "calibration": .object(calibration), "fit": .object(fit),
    ]
    return .object(object)
  }

  /// A tuning of `language` for the catalog with `catalogHash`; `fit` is empty unless given.
  public init(
    catalogHash: String, language: String, model: String?, keywordWeight: Double, centroidWeight: Double,
    models: [RankingMode: ConfidenceModel], fit: JSONObject = JSONObject()
  ) {
    self.catalogHash = catalogHash
    self.language = language
    self.model = model
    self.keywordWeight = keywordWeight
    self.centroidWeight = centroidWeight
    self.models = models
    self.fit = fit
  }

  /// Why a tuning file cannot be used, with the JSON path of what is wrong.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// Where: a JSON path (`$.fusion.keywordWeight`), `line L, column C` for text that is not JSON,
    /// or empty when the file could not be read.
    public var path: String
    /// What is wrong, and what was expected.
    public var message: String
    public var description: String { path.isEmpty ? message : "\(message) at \(path)" }
  }

  /// Reads a file `json` wrote. - Throws: `Problem` naming the first field that is not as
  /// expected.
  public init(json: JSONValue) throws(Problem) {
    guard let object = json.objectValue else { throw Problem(path: "$", message: "expected an object") }
    if let key = object.keys.first(where: { !Self.keys.contains($0) }) {
      throw Problem(path: "$.\(key)", message: "unknown key; expected only \(Self.keys.joined(separator: ", "))")
    }
    if let key = json["fusion"]?.objectValue?.keys.first(where: { $0 != "keywordWeight" && $0 != "centroidWeight" }) {
      throw Problem(path: "$.fusion.\(key)", message: "unknown key; expected only keywordWeight, centroidWeight")
    }
    guard json["format"]?.stringValue == Self.format else {
      throw Problem(path: "$.format", message: "expected \"\(Self.format)\"")
    }
    guard json["version"]?.integerValue == Self.version else {
      throw Problem(path: "$.version", message: "expected version \(Self.version)")
    }
    guard let hash = json["catalogHash"]?.stringValue else { throw Problem(path: "$.catalogHash", message: "expected a string") }
    guard let language = json["language"]?.stringValue, !language.isEmpty else {
      throw Problem(path: "$.language", message: "expected a language tag")
    }
    let model: String?
    switch json["model"] {
    case .string(let name)?: model = name
    case .null?: model = nil
    default: throw Problem(path: "$.model", message: "expected a model name or null")
    }
    func weight(_ name: String) throws(Problem) -> Double {
      guard let value = json["fusion"]?[name]?.doubleValue, value.isFinite, (0...10).contains(value) else {
        throw Problem(path: "$.fusion.\(name)", message: "expected a number from 0 to 10")
      }
      return value
    }
    let keywordWeight = try weight("keywordWeight")
    let centroidWeight = try weight("centroidWeight")
    guard centroidWeight <= 1 else { throw Problem(path: "$.fusion.centroidWeight", message: "expected a number from 0 to 1") }
    guard let calibration = json["calibration"]?.objectValue else { throw Problem(path: "$.calibration", message: "expected an object") }
    var models: [RankingMode: ConfidenceModel] = [:]
    for (name, value) in calibration {
      guard let mode = RankingMode(rawValue: name) else {
        throw Problem(path: "$.calibration.\(name)", message: "expected one of keyword, embedding, hybrid")
      }
      guard let model = ConfidenceModel(json: value) else {
        throw Problem(
          path: "$.calibration.\(name)",
          message:
            "expected a confidence model (origin, threshold 0…1, fittedOn ≥ 0, weights for \(ConfidenceFeatures.names.joined(separator: ", ")), no other keys)"
        )
      }
      models[mode] = model
    }
    guard let fit = json["fit"]?.objectValue else { throw Problem(path: "$.fit", message: "expected an object") }
    self.init(
      catalogHash: hash, language: language, model: model, keywordWeight: keywordWeight, centroidWeight: centroidWeight, models: models,
      fit: fit)
  }

  /// The largest tuning file read (one is a few kilobytes).
  public static let maximumBytes = 1 << 20

  /// Reads the file at `path` (`FileReader`'s policy); nil when there is none. A folder, FIFO,
  /// symbolic link to nothing or a file over `maximumBytes` is a `Problem` (the engine
  /// says so and goes on without it).
  public static func read(path: String) throws(Problem) -> TuningFile? {
    let data: [UInt8]
    do {
      data = try FileReader.read(path, what: "a tuning file", limit: maximumBytes)
    } catch {
      if error.kind == .missing || error.kind == .invalidPath { return nil }
      throw Problem(path: "", message: error.reason)
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: data)
    } catch {
      throw Problem(path: "line \(error.location.line), column \(error.location.column)", message: error.message)
    }
    return try TuningFile(json: value)
  }

  /// Writes `json`, pretty-printed with a final newline, to `path`, replacing the file atomically.
  /// - Throws: the file system's error.
  public func write(path: String) throws {
    try Data((json.prettyText + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// `configuration` with this file's weights and models.
  func applied(to configuration: RankingConfiguration) -> RankingConfiguration {
    var out = configuration
    out.keywordWeight = keywordWeight
    out.centroidWeight = centroidWeight
    for (mode, model) in models { out.confidenceModels[mode] = model }
    return out
  }
}
