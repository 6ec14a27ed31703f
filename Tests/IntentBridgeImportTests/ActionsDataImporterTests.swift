import Foundation
import IntentBridgeImport
import IntentBridgeJSON
import Testing

@Test func dump() throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/weather.actionsdata")
  let data = try Data(contentsOf: url)
  let doc = try JSONParser.parse(bytes: Array(data))
  let result = ActionsDataImporter.importCatalog(doc, fileName: "weather.actionsdata")
  try result.catalog.prettyText.write(toFile: "/tmp/weather-catalog.json", atomically: true, encoding: .utf8)
  try result.warnings.map(\.description).joined(separator: "\n").write(toFile: "/tmp/weather-warnings.txt", atomically: true, encoding: .utf8)
}
