import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeFilling
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeTools
import Testing

/// Every resolution of the development requests validates against its intent's tool schema:
/// the Home Assistant catalogs of every shape (templates, examples, none) in every language,
/// the Seal-Tools tool list and the repository's Examples/tools, both for the engine's answer
/// and with the labelled intent forced (so that filling is checked on every labelled intent,
/// also where ranking misses it). For an imported tool list the arguments are also checked
/// against the tool's own JSON Schema as the list gives it. Arguments may be incomplete:
/// missing required values are reported separately (`missing`, `ambiguous`), so only a
/// missing required property is allowed.
///
/// Serialized and keyword-only (schema validity does not depend on the embedding model), so
/// that this long check leaves a core to the other tests instead of starving them.
@Suite(.serialized) struct ResolutionSchemaTests {
  static let clock = IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_796_000_000), utcOffsetSeconds: 3600)
  static let homeAssistant: [(String, String)] = ["templates", "examples", "none"].flatMap { variant in
    ["en", "de", "fi", "sk", "zh-CN"].map { (variant, $0) }
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), arguments: homeAssistant)
  func homeAssistantResolutionsValidate(_ variant: String, _ language: String) throws {
    let engine = try Self.engine(DevData.homeAssistantCatalog(variant, language))
    let checked = try Self.check(engine, requests: DevData.homeAssistantRequests(language), toolSchemas: [:])
    #expect(checked > 300)
  }

  @Test(.enabled(if: DevData.has("seal-tools"), Comment(rawValue: DevData.skipNote("seal-tools"))))
  func sealToolsResolutionsValidate() throws {
    let (engine, schemas) = try Self.importedEngine(DevData.path("seal-tools/tools.openai.json"))
    let checked = try Self.check(engine, requests: DevData.path("seal-tools/dev.jsonl"), toolSchemas: schemas)
    #expect(checked >= 700)
  }

  @Test func exampleToolsResolutionsValidate() throws {
    let (engine, schemas) = try Self.importedEngine(Repository.path("Examples/tools/tools.openai.json"))
    let checked = try Self.check(engine, requests: Repository.path("Examples/tools/requests.jsonl"), toolSchemas: schemas)
    #expect(checked > 60)
  }

  // MARK: Helpers

  static func engine(_ catalogPath: String) throws -> IntentEngine {
    var options = IntentEngine.Options()
    options.embedding = .none
    return try IntentEngine.load(catalogPath: catalogPath, options: options)
  }

  /// The engine of an imported tool list (`import tools` in memory) and each tool's
  /// `parameters` schema as the list writes it.
  static func importedEngine(_ toolsPath: String) throws -> (IntentEngine, [String: JSONValue]) {
    let document = try JSONParser.parse(bytes: Array(try Repository.read(toolsPath)))
    let imported = ToolListImporter.importCatalog(document, fileName: "tools.openai.json")
    let loaded = CatalogLoader.load(document: imported.catalog)
    let catalog = try #require(loaded.validCatalog, "\(loaded.diagnostics)")
    var schemas: [String: JSONValue] = [:]
    for tool in document.arrayValue ?? [] {
      guard let function = tool["function"], let name = function["name"]?.stringValue else { continue }
      schemas[name] = function["parameters"] ?? ["type": "object"]
    }
    return (IntentEngine(catalog: catalog), schemas)
  }

  /// Resolves every row (the answer, and the labelled intent forced) and checks each filled
  /// call; returns how many rows were checked.
  static func check(_ engine: IntentEngine, requests: String, toolSchemas: [String: JSONValue]) throws -> Int {
    let validator = ArgumentValidator(catalog: engine.catalog)
    var checked = 0
    for line in try Repository.read(requests).split(separator: UInt8(ascii: "\n")) {
      let row = try JSONParser.parse(bytes: Array(line))
      guard let query = row["query"]?.stringValue else { continue }
      var resolutions = [engine.resolve(query, clock: clock)]
      let labelled = row["intent"]?.stringValue ?? row["intent"]?.arrayValue?.first?.stringValue
      if let labelled, labelled != resolutions[0].intentID {
        resolutions.append(engine.resolve(query, clock: clock, intent: labelled))
      }
      for resolution in resolutions {
        guard let id = resolution.intentID, let intent = engine.catalog.intent(id: id) else { continue }
        let errors = validator.validate(.object(resolution.arguments), for: intent).filter { !$0.message.hasPrefix("missing required argument") }
        #expect(errors.isEmpty, "\(query) [\(id)]: \(errors)")
        if let schema = toolSchemas[intent.toolName] ?? toolSchemas[id] {
          let violations = JSONSchemaValidator.validate(.object(resolution.arguments), against: schema).filter { $0.keyword != "required" }
          #expect(violations.isEmpty, "\(query) [\(id)]: \(violations)")
        }
        let missing = Set(resolution.missing.map(\.name))
        for parameter in intent.parameters where parameter.isRequired && resolution.arguments[parameter.name] == nil {
          #expect(
            missing.contains(parameter.name) || resolution.ambiguous.contains { $0.name == parameter.name },
            "\(query) [\(id)]: \(parameter.name) neither filled nor reported")
        }
        // Questions ask in words, not with the parameter's programming name.
        for asked in resolution.missing.map({ ($0.name, $0.question) }) + resolution.ambiguous.map({ ($0.name, $0.question) }) {
          let sentence = asked.1.prefix { $0 != "?" && $0 != "？" }
          #expect(!sentence.isEmpty && (asked.0.allSatisfy(\.isLowercase) || !sentence.contains(asked.0)), "\(query) [\(id)]: '\(asked.1)'")
        }
      }
      checked += 1
    }
    return checked
  }
}
