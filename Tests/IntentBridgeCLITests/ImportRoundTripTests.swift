import Foundation
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeTools
import Testing

@Suite struct ImportRoundTripTests {
  static let catalogs =
    [
      "Examples/notes/notes.en.json", "Examples/notes/notes.fi.json", "Examples/notes/notes.sk.json",
    ] + Repository.files(in: "Examples/smart-home", suffix: ".json").map { String($0.dropFirst(Repository.root.count + 1)) }

  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-roundtrip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// catalog → tools --format openai → import tools → tools --format openai is byte-identical.
  @Test(arguments: catalogs)
  func openAIRoundTripIsByteIdentical(_ relative: String) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = CapturedRun(["tools", Repository.path(relative), "--format", "openai"])
    #expect(first.status == 0, "\(first.err)")
    let toolsFile = directory.appendingPathComponent("tools.json")
    try Data(first.out.utf8).write(to: toolsFile)
    let imported = directory.appendingPathComponent("imported.json")
    let importRun = CapturedRun(["import", "tools", toolsFile.path, "--out", imported.path, "--quiet"])
    #expect(importRun.status == 0, "\(importRun.err)")
    let second = CapturedRun(["tools", imported.path, "--format", "openai"])
    #expect(second.status == 0, "\(second.err)")
    #expect(first.out == second.out)
  }

  /// Our synthetic sample imports into a catalog that lints with no errors, and its tools
  /// keep the enums (with synonyms), defaults, optionality and descriptions.
  @Test func syntheticActionsDataImports() throws {
    try Self.checkActionsDataImport(Repository.path("Examples/actionsdata/extract.actionsdata"))
  }

  /// The same for the real Xcode sample (macOS Weather), when the development data is there.
  @Test(.enabled(if: DevData.has("actionsdata/weather.actionsdata"), Comment(rawValue: DevData.skipNote("actionsdata/weather.actionsdata"))))
  func weatherActionsDataImports() throws {
    try Self.checkActionsDataImport(DevData.path("actionsdata/weather.actionsdata"))
  }

  static func checkActionsDataImport(_ path: String) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalogFile = directory.appendingPathComponent("imported.json")
    let run = CapturedRun(["import", "actionsdata", path, "--out", catalogFile.path])
    #expect(run.status == 0, "\(run.err)")
    let lint = CapturedRun(["lint", catalogFile.path])
    #expect(lint.status == 0, "\(lint.err)")
    #expect(!lint.err.contains("error:"))
    let result = CatalogLoader.load(path: catalogFile.path)
    let catalog = try #require(result.validCatalog)
    #expect(catalog.intents.count == 6)
    #expect(catalog.enums.count == 4)
    #expect(catalog.enums.contains { $0.cases.contains { !$0.synonyms.isEmpty } }, "case synonyms survive")
    let tools = ToolDefinitionBuilder(catalog: catalog).tools()
    let document = ToolDialect.mcp.render(tools).compactText
    #expect(document.contains("\"enum\":["), "enums become JSON Schema enums")
    #expect(document.contains("\"default\":"), "defaults survive")
    #expect(document.contains("also \\\""), "enum synonyms reach the model-facing description")
    #expect(
      tools.contains {
        $0.inputSchema["required"] == nil
          || ($0.inputSchema["required"]?.arrayValue?.count ?? 0) < ($0.inputSchema["properties"]?.objectValue?.count ?? 0)
      }, "optional parameters stay optional")
    for intent in catalog.intents where intent.isDiscoverable {
      let tool = try #require(tools.first { $0.intentID == intent.id })
      if let description = intent.description?.resolved() { #expect(tool.description.hasPrefix(description)) }
    }
  }
}
