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
}
