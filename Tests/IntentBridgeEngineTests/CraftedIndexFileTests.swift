import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// An index file whose checksum is right but whose contents were crafted is not used: the
/// engine validates it after reading (`VectorFile.validate`, tested in IntentBridgeIndexTests).
@Suite struct CraftedIndexFileTests {
  /// The engine refuses a crafted file (with `--no-rebuild`) or rebuilds it, saying why.
  @Test func theEngineRefusesOrRebuildsACraftedFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("notes.json").path
    try FileManager.default.copyItem(atPath: Repository.path("Examples/notes/notes.en.json"), toPath: catalog)
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options())
    let path = IndexFile.path(forCatalog: catalog, language: "en")
    let contents = try IndexFile.read(path: path)
    var file = contents.vectors
    file.entries[3].intent = 999
    try IndexFile.write(file, engine: contents.engine, path: path)
    var strict = IntentEngine.Options()
    strict.rebuildIndex = false
    do {
      _ = try IntentEngine.load(catalogPath: catalog, options: strict)
      Issue.record("a crafted index file was used")
    } catch {
      #expect("\(error)".contains("is corrupt: entry 3 stands for intent 999"), "\(error)")
    }
    var notices: [String] = []
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options()) { notices.append($0) }
    #expect(notices.contains { $0.contains("is corrupt: entry 3 stands for intent 999") && $0.contains("rebuilt it") }, "\(notices)")
    #expect(throws: Never.self) { try IndexFile.read(path: path).vectors.validate(intentCount: 10) }
  }

  /// A scratch folder with a copy of the notes catalog (`notes.json`) and, when `variant`, a
  /// second catalog with as many intents (`other.json`, one title changed).
  static func scratch() throws -> (directory: URL, catalog: String, other: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let catalog = directory.appendingPathComponent("notes.json").path
    try FileManager.default.copyItem(atPath: Repository.path("Examples/notes/notes.en.json"), toPath: catalog)
    let text = try String(contentsOfFile: catalog, encoding: .utf8)
    let other = directory.appendingPathComponent("other.json").path
    try text.replacingOccurrences(of: "\"Add Note\"", with: "\"Create Memo\"").write(toFile: other, atomically: true, encoding: .utf8)
    return (directory, catalog, other)
  }

  static func strict() -> IntentEngine.Options {
    var options = IntentEngine.Options()
    options.rebuildIndex = false
    return options
  }

  /// A compiled-catalog section from another catalog with the same intent count, spliced
  /// into a file whose HEAD fits (a valid checksum), is refused, not used (before: 3 of 30
  /// answers stayed right, also with `--no-rebuild`).
  @Test func aCompiledCatalogOfAnotherCatalogIsRefused() throws {
    let (directory, catalog, other) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options())
    _ = try IntentEngine.load(catalogPath: other, options: IntentEngine.Options())
    let path = IndexFile.path(forCatalog: catalog, language: "en")
    var file = try IndexFile.read(path: path).vectors
    let foreign = try IndexFile.read(path: IndexFile.path(forCatalog: other, language: "en")).vectors
    #expect(foreign.catalogHash != file.catalogHash)
    file.compiledCatalog = foreign.compiledCatalog.map { ByteRange(copying: $0.array) }
    try IndexFile.write(file, engine: VectorFileBuilder.engineFormat, path: path)
    do {
      _ = try IntentEngine.load(catalogPath: catalog, options: Self.strict())
      Issue.record("a compiled catalog of another catalog was used")
    } catch {
      #expect("\(error)".contains("compiled from another catalog or language"), "\(error)")
    }
    var notices: [String] = []
    let engine = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options()) { notices.append($0) }
    #expect(notices.contains { $0.contains("compiled from another catalog") && $0.contains("rebuilt it") }, "\(notices)")
    #expect(engine.rank("add a note called milk").best?.intentID == "AddNoteIntent")
  }

  /// A stored calibration out of range (a threshold of 5, a cross-lingual shift of 1e300) or
  /// with unknown keys flags the file instead of being dropped in silence.
  @Test(arguments: [
    ("threshold 5", #"{"hybrid": {"origin": "catalog", "threshold": 5, "fittedOn": 3, "weights": {}}}"#),
    ("shift", #"{"crossLingualShifts": {"de": 1e300}}"#),
    ("unknown key", #"{"hybird": {}}"#),
  ])
  func anOutOfRangeCalibrationFlagsTheFile(_ name: String, _ calibration: String) throws {
    let (directory, catalog, _) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options())
    let path = IndexFile.path(forCatalog: catalog, language: "en")
    var file = try IndexFile.read(path: path).vectors
    file.calibration = try JSONParser.parse(calibration)
    try IndexFile.write(file, engine: VectorFileBuilder.engineFormat, path: path)
    do {
      _ = try IntentEngine.load(catalogPath: catalog, options: Self.strict())
      Issue.record("\(name): an out-of-range calibration was used or dropped silently")
    } catch {
      #expect("\(error)".contains("its CALI section"), "\(name): \(error)")
    }
  }

  /// A tuning file is used only for its own language, and one that breaks its schema (an
  /// unknown key, a negative `fittedOn`) is refused with a notice naming the field.
  @Test func aTuningFileOfAnotherLanguageOrShapeIsNotUsed() throws {
    let (directory, catalog, _) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let engine = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options())
    let tuning = engine.tuned(with: [("add a note called milk", ["AddNoteIntent"]), ("play some jazz", nil)]).tuning
    let path = TuningFile.path(forCatalog: catalog, language: "en")
    func notices(after json: JSONValue) throws -> [String] {
      try Data((json.prettyText + "\n").utf8).write(to: URL(fileURLWithPath: path))
      var notices: [String] = []
      _ = try IntentEngine.load(catalogPath: catalog, options: IntentEngine.Options()) { notices.append($0) }
      return notices
    }
    #expect(try notices(after: tuning.json).isEmpty)
    var german = tuning
    german.language = "de"
    #expect(try notices(after: german.json).contains { $0.contains("was tuned for the language de, not en; not used") })
    var extra = try #require(tuning.json.objectValue)
    extra["surprise"] = true
    #expect(try notices(after: .object(extra)).contains { $0.contains("$.surprise") && $0.contains("unknown key") })
    var negative = try #require(tuning.json.objectValue)
    let weights = #"{"bias": 0, "evidence": 1, "cosine": 0, "cosineLead": 0, "scoreLead": 0, "coverage": 0, "keyword": 0, "template": 0}"#
    let model = #"{"origin": "tuned", "threshold": 0.5, "fittedOn": FITTED, "weights": WEIGHTS}"#.replacingOccurrences(of: "WEIGHTS", with: weights)
    negative["calibration"] = try JSONParser.parse(
      #"{"hybrid": MODEL}"#.replacingOccurrences(of: "MODEL", with: model.replacingOccurrences(of: "FITTED", with: "12")))
    #expect(try notices(after: .object(negative)).isEmpty, "a well-formed model is taken")
    negative["calibration"] = try JSONParser.parse(
      #"{"hybrid": MODEL}"#.replacingOccurrences(of: "MODEL", with: model.replacingOccurrences(of: "FITTED", with: "-5")))
    #expect(try notices(after: .object(negative)).contains { $0.contains("$.calibration.hybrid") && $0.contains("fittedOn") })
  }
}
