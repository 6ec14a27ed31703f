import Foundation
import IntentBridgeEngine
import IntentBridgeTestSupport
import Testing

/// Without a chosen language, each request goes to the engine of the catalog language it is
/// written in; with one, every request goes to that language's (the Larder catalog: en, de,
/// zh-CN; keyword signals, nothing written).
@Suite struct CatalogEnginesTests {
  static func engines(language: String? = nil) throws -> CatalogEngines {
    var options = IntentEngine.Options()
    options.embedding = .none
    options.language = language
    return try CatalogEngines(catalogPath: Repository.path("Tests/IntentBridgeImportTests/Fixtures/Swift/Larder.expected.json"), options: options)
  }

  @Test func requestsGoToTheLanguageTheyAreWrittenIn() throws {
    let engines = try Self.engines()
    #expect(engines.defaultLanguage == "en")
    let german = try engines.engine(for: "plane eine Mahlzeit für morgen Abend")
    #expect(german.engine.language == "de" && german.detected)
    let chinese = try engines.engine(for: "帮我安排明天的晚餐")
    #expect(chinese.engine.language == "zh-CN" && chinese.detected)
    let english = try engines.engine(for: "plan a meal for tomorrow evening")
    #expect(english.engine.language == "en" && !english.detected)
    // A language the catalog lacks stays with the default (ranked cross-lingually there).
    #expect(try engines.engine(for: "pianifica un pasto per domani sera").engine.language == "en")
    // A row's language, when the catalog declares it, wins over detection.
    #expect(try engines.engine(for: "plan a meal", rowLanguage: "zh-Hans-CN").engine.language == "zh-CN")
  }

  @Test func aChosenLanguageTakesEveryRequest() throws {
    let engines = try Self.engines(language: "de")
    #expect(try engines.engine(for: "帮我安排明天的晚餐").engine.language == "de")
    #expect(try engines.engine(for: "plan a meal", rowLanguage: "zh-CN").engine.language == "de")
    #expect(engines.language(of: "帮我安排明天的晚餐").detected == false)
  }

  /// The five one-language smart-home catalogs merged into one (`Scripts/merge_languages.py`):
  /// short Finnish and Slovak requests have few function words, and the catalog's own
  /// vocabulary has to tell their language.
  static func smartHome(language: String? = nil) throws -> CatalogEngines {
    var options = IntentEngine.Options()
    options.embedding = .none
    options.writeIndex = false
    options.language = language
    return try CatalogEngines(catalogPath: Repository.path("Examples/smart-home/smart-home.json"), options: options)
  }

  @Test func shortRequestsOfAMergedCatalogGoToTheirLanguage() throws {
    let engines = try Self.smartHome()
    #expect(try engines.engine(for: "sytytä olohuoneen valot").engine.language == "fi")
    #expect(try engines.engine(for: "zapni svetlo v obývačke").engine.language == "sk")
    #expect(try engines.engine(for: "mach das Licht in der Küche an").engine.language == "de")
    #expect(try engines.engine(for: "turn on the kitchen light").engine.language == "en")
    #expect(try engines.engine(for: "打开厨房的灯").engine.language == "zh-CN")
    // A language the catalog lacks, with no word any of its languages knows: the default.
    #expect(try engines.engine(for: "pianifica un pasto per domani sera").engine.language == "en")
  }

  /// Every language of the merged catalog answers its requests without `--lang` within 3
  /// points of its figure with the language given (the requests of `Examples/smart-home`).
  @Test(arguments: ["en", "de", "fi", "sk", "zh-CN"])
  func detectionKeepsEachLanguagesFigure(language: String) throws {
    let detected = try Self.smartHome()
    let given = try Self.smartHome(language: language)
    let rows = try String(contentsOfFile: Repository.path("Examples/smart-home/requests.\(language).jsonl"), encoding: .utf8)
      .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    var right = (detected: 0, given: 0)
    for row in rows {
      let query = row["query"] as? String ?? ""
      let expected = row["intent"] as? String
      let answer = { (engines: CatalogEngines) throws -> String? in
        let ranking = try engines.engine(for: query).engine.rank(query, top: 1)
        return ranking.isNoMatch ? nil : ranking.candidates.first?.intentID
      }
      if try answer(detected) == expected { right.detected += 1 }
      if try answer(given) == expected { right.given += 1 }
    }
    #expect(rows.count >= 70)
    #expect(Double(right.given - right.detected) <= 0.03 * Double(rows.count), "\(language): \(right)")
  }

  /// The door's `rank` and `resolve` answer in the language `engine(for:)` chooses, with the
  /// ranking that engine gives (the one made while choosing an unsure language included), and
  /// say which language answered and whether it was detected.
  @Test func theDoorAnswersInTheRequestsLanguage() throws {
    let engines = try Self.smartHome()
    let german = try engines.resolve("schalte das Licht in der Küche aus")
    #expect(german.language == "de" && german.detected && german.value.intentID == "TurnOffDevice")
    #expect(german.value.arguments["device"] == .string("light.kitchen"))
    for request in [
      "sytytä olohuoneen valot", "zapni svetlo v obývačke", "turn on the kitchen light", "打开厨房的灯", "pianifica un pasto per domani sera",
      "timer", "stop", "Küche", "valot",
    ] {
      let routed = try engines.rank(request, top: 3)
      let (engine, detected) = try engines.engine(for: request)
      #expect(routed.language == engine.language && routed.detected == detected, "\(request)")
      let direct = engine.rank(request, top: 3)
      #expect(routed.value.candidates == direct.candidates && routed.value.outcome == direct.outcome, "\(request)")
    }
    // A row's language, when declared, answers; a chosen language takes every request.
    #expect(try engines.rank("turn on the kitchen light", rowLanguage: "sk").language == "sk")
    let pinned = try Self.smartHome(language: "fi")
    #expect(try pinned.rank("turn on the kitchen light").language == "fi")
    #expect(try pinned.resolve("schalte das Licht in der Küche aus").detected == false)
  }
}
