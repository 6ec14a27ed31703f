import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeFilling
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeTools
import Testing

/// Every resolution of the Home Assistant development requests validates against its
/// intent's tool schema (arguments may be incomplete: missing required values are reported
/// separately, so only "missing required argument" is allowed).
///
/// Serialized and keyword-only (schema validity does not depend on the embedding model), so
/// that this long check leaves a core to the other tests instead of starving them.
@Suite(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), .serialized) struct ResolutionSchemaTests {
  @Test(arguments: ["en", "de", "fi", "sk", "zh-CN"])
  func devSetResolutionsValidate(_ language: String) throws {
    var options = IntentEngine.Options()
    options.embedding = .none
    let engine = try IntentEngine.load(
      catalogPath: DevData.homeAssistantCatalog("templates", language), options: options)
    let validator = ArgumentValidator(catalog: engine.catalog)
    let data = try Repository.read(DevData.homeAssistantRequests(language))
    var checked = 0
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let query = try JSONParser.parse(bytes: Array(line))["query"]?.stringValue else { continue }
      let resolution = engine.resolve(query, clock: .init(now: Date(timeIntervalSince1970: 1_796_000_000), utcOffsetSeconds: 3600))
      guard let id = resolution.intentID, let intent = engine.catalog.intent(id: id) else { continue }
      let errors = validator.validate(.object(resolution.arguments), for: intent).filter { !$0.message.hasPrefix("missing required argument") }
      #expect(errors.isEmpty, "\(query): \(errors)")
      let missing = Set(resolution.missing.map(\.name))
      for parameter in intent.parameters where parameter.isRequired && resolution.arguments[parameter.name] == nil {
        #expect(missing.contains(parameter.name) || resolution.ambiguous.contains { $0.name == parameter.name }, "\(query): \(parameter.name) neither filled nor reported")
      }
      checked += 1
    }
    #expect(checked > 300)
  }
}
