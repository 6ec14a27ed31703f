import Foundation
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// The fixture apps: the Larder example app and the Workbench construct collection.
enum SwiftFixture {
  static let apps = ["Examples/swift/Larder", "Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench"]

  static func input(_ relative: String) throws -> SwiftImportInput {
    try SwiftImportInput.collect(paths: [Repository.path(relative)], relativeTo: Repository.root)
  }

  static func importApp(_ relative: String, languages: [String] = []) throws -> ImportResult {
    SwiftSourceImporter.importCatalog(try input(relative), languages: languages)
  }

  /// `Examples/swift/Larder` → `Tests/IntentBridgeImportTests/Fixtures/Swift/Larder.expected`.
  static func golden(_ relative: String) -> String {
    "Tests/IntentBridgeImportTests/Fixtures/Swift/" + (relative.split(separator: "/").last.map(String.init) ?? relative) + ".expected"
  }

  static func warningsText(_ result: ImportResult) -> String {
    result.warnings.map { "\($0)\n" }.joined()
  }

  static func intent(_ catalog: JSONValue, _ id: String) -> JSONValue? {
    catalog["intents"]?.arrayValue?.first { $0["id"] == .string(id) }
  }

  static func parameter(_ catalog: JSONValue, _ intentID: String, _ name: String) -> JSONValue? {
    intent(catalog, intentID)?["parameters"]?.arrayValue?.first { $0["name"] == .string(name) }
  }
}

@Suite struct SwiftSourceImporterTests {
  /// Each fixture app's catalog and warnings, compared exactly with the recorded files
  /// (re-record with INTENTBRIDGE_RECORD_GOLDEN=1).
  @Test(arguments: SwiftFixture.apps)
  func fixtureCatalogIsExactlyTheExpectedOne(_ app: String) throws {
    let result = try SwiftFixture.importApp(app)
    let golden = SwiftFixture.golden(app)
    if let difference = Repository.compareGolden(JSONWriter.pretty(result.catalog), file: golden + ".json") {
      Issue.record("\(difference)")
    }
    if let difference = Repository.compareGolden(SwiftFixture.warningsText(result), file: golden + ".warnings.txt") {
      Issue.record("\(difference)")
    }
  }

  @Test func fixturesCoverTheAcceptanceCounts() throws {
    var intents = 0
    var files = 0
    var languages: Set<String> = []
    for app in SwiftFixture.apps {
      let input = try SwiftFixture.input(app)
      files += input.sources.count
      let catalog = SwiftSourceImporter.importCatalog(input).catalog
      intents += catalog["intents"]?.arrayValue?.count ?? 0
      for language in catalog["app"]?["languages"]?.arrayValue ?? [] { if let tag = language.stringValue { languages.insert(tag) } }
    }
    #expect(intents >= 30)
    #expect(files >= 8)
    #expect(languages.isSuperset(of: ["en", "de", "zh-CN"]))
  }

  @Test func importIsDeterministic() throws {
    for app in SwiftFixture.apps {
      let first = JSONWriter.pretty(try SwiftFixture.importApp(app).catalog)
      let second = JSONWriter.pretty(try SwiftFixture.importApp(app).catalog)
      #expect(first == second)
    }
  }

  @Test func textsResolveThroughStringCatalogsInEveryLanguage() throws {
    let catalog = try SwiftFixture.importApp("Examples/swift/Larder").catalog
    let add = try #require(SwiftFixture.intent(catalog, "AddPantryItemIntent"))
    #expect(add["title"] == ["en": "Add Pantry Item", "de": "Vorrat hinzufügen", "zh-CN": "添加库存"])
    #expect(add["searchKeywords"]?["de"] == ["auffüllen", "Lebensmittel", "Essen lagern"])
    #expect(add["parameterSummary"]?["en"] == "Add ${quantity} ${name} to the ${location}")
    #expect(add["returns"]?["dialog"]?["de"] == "${quantity} ${name} hinzugefügt.")
    let shortcut = try #require(catalog["appShortcuts"]?.arrayValue?.first { $0["intent"] == "CheckStockIntent" })
    #expect(shortcut["parameter"] == "location")
    #expect(shortcut["phrases"]?["zh-CN"]?[0] == "${applicationName}里我的${location}有什么")
  }

  @Test func languagesCanBeRestricted() throws {
    let catalog = try SwiftFixture.importApp("Examples/swift/Larder", languages: ["zh-Hans"]).catalog
    #expect(catalog["app"]?["languages"] == ["en", "zh-CN"])
    let title = SwiftFixture.intent(catalog, "PlanMealIntent")?["title"]
    #expect(title == ["en": "Plan Meal", "zh-CN": "安排餐食"])
  }

  @Test func parameterTypesMapToCatalogTypes() throws {
    let catalog = try SwiftFixture.importApp("Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench").catalog
    let expected: [(String, JSONValue, Bool, Bool)] = [
      ("label", "string", false, false), ("notes", "string", false, true), ("pieces", "integer", false, false),
      ("serial", "integer", false, true), ("ratio", "number", false, false), ("price", "number", false, true),
      ("done", "boolean", false, false), ("time", "date", false, true), ("day", "date", false, true), ("link", "url", false, true),
      ("length", "measurement", false, false), ("dryingTime", "duration", false, false), ("pause", "duration", false, true),
      ("drawing", "file", false, true), ("helper", "person", false, true), ("site", "placemark", false, true),
      ("cost", "currency", false, true), ("tags", "string", true, false), ("sizes", "integer", true, true),
      ("batch", "integer", false, true), ("materials", "string", true, false), ("finish", ["enum": "SurfaceFinish"], false, false),
      ("moreTools", ["entity": "ToolEntity"], true, true),
    ]
    for (name, type, isArray, isOptional) in expected {
      let parameter = try #require(SwiftFixture.parameter(catalog, "LogMeasurementIntent", name), "\(name)")
      #expect(parameter["type"] == type, "\(name)")
      #expect((parameter["array"] == true) == isArray, "\(name)")
      #expect((parameter["optional"] == true) == isOptional, "\(name)")
    }
    #expect(SwiftFixture.parameter(catalog, "LogMeasurementIntent", "time")?["dateKind"] == "time")
    #expect(SwiftFixture.parameter(catalog, "LogMeasurementIntent", "length")?["unit"] == ["dimension": "length", "default": "centimeters"])
    #expect(SwiftFixture.parameter(catalog, "LogMeasurementIntent", "dryingTime")?["default"] == 7200)
    #expect(SwiftFixture.parameter(catalog, "LogMeasurementIntent", "speed")?["minimum"] == 0)
    #expect(SwiftFixture.parameter(catalog, "LogMeasurementIntent", "finishes")?["default"] == ["raw", "wax"])
    #expect(SwiftFixture.parameter(catalog, "SharpenToolIntent", "grit")?["minimum"] == 120)
  }

  @Test func nothingInCommentsOrStringsIsTakenForCode() throws {
    let catalog = try SwiftFixture.importApp("Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench").catalog
    let ids = Set((catalog["intents"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
    for decoy in ["CommentIntent", "NestedCommentIntent", "StillCommentIntent", "DocIntent", "StringIntent", "RawIntent", "MultiLineIntent"] {
      #expect(!ids.contains(decoy), "\(decoy) is inside a comment or a string")
    }
    #expect(ids.isSuperset(of: ["SayHelloIntent", "CountItemsIntent", "ResetDemoDataIntent", "AfterUnfinishedIntent"]))
  }

  @Test func everyImportedObjectHasASourceLocation() throws {
    for app in SwiftFixture.apps {
      let catalog = try SwiftFixture.importApp(app).catalog
      let locations = try #require(catalog["source"]?["locations"]?.objectValue)
      func check(_ path: String) {
        guard case .string(let location)? = locations[path] else {
          Issue.record("\(app): no source location for \(path)")
          return
        }
        #expect(
          location.contains(".swift:") || location.contains(".xcstrings:") || location.contains(".plist:") || location.contains(".strings:"),
          "\(path) → \(location)")
      }
      for (i, intent) in (catalog["intents"]?.arrayValue ?? []).enumerated() {
        check("$.intents[\(i)]")
        check("$.intents[\(i)].title")
        for j in (intent["parameters"]?.arrayValue ?? []).indices { check("$.intents[\(i)].parameters[\(j)]") }
      }
      for (i, enumType) in (catalog["enums"]?.arrayValue ?? []).enumerated() {
        check("$.enums[\(i)]")
        for j in (enumType["cases"]?.arrayValue ?? []).indices { check("$.enums[\(i)].cases[\(j)]") }
      }
      for i in (catalog["entities"]?.arrayValue ?? []).indices { check("$.entities[\(i)]") }
      for (i, shortcut) in (catalog["appShortcuts"]?.arrayValue ?? []).enumerated() {
        check("$.appShortcuts[\(i)]")
        switch shortcut["phrases"] {
        case .array(let phrases)?:
          for j in phrases.indices { check("$.appShortcuts[\(i)].phrases[\(j)]") }
        case .object(let languages)?:
          for (language, list) in languages {
            for j in (list.arrayValue ?? []).indices { check("$.appShortcuts[\(i)].phrases.\(language)[\(j)]") }
          }
        default: break
        }
      }
    }
  }

  @Test func unreadableValuesAreWarnedWithTheirLocationAndKeptRaw() throws {
    let result = try SwiftFixture.importApp("Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench")
    let raw = try #require(result.catalog["source"]?["raw"])
    #expect(raw["intents"]?["ComputedTitleIntent"]?["title"] == #"Branding.title(for: "Computed")"#)
    #expect(raw["intents"]?["ComputedTitleIntent"]?["parameters"]?["count"]?["default"] == "Branding.productName.count")
    let warning = try #require(result.warnings.first { $0.message.contains("title of 'ComputedTitleIntent'") })
    #expect(
      warning.location == FileLocation(file: "Tests/IntentBridgeImportTests/Fixtures/Swift/Workbench/Sources/Unreadable.swift", line: 11, column: 47))
    #expect(result.warnings.allSatisfy { $0.location != nil }, "Swift warnings carry a file location")
  }
}
