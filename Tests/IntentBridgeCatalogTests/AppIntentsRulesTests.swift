import IntentBridgeJSON
import Testing

@testable import IntentBridgeCatalog

@Suite struct AppIntentsRulesTests {
  /// A catalog imported from Swift with one problem of each kind.
  static func catalog(kind: String) -> String {
    """
    {"formatVersion": 1, "app": {"name": "Larder"},
     "intents": [
       {"id": "Add", "title": "Add", "description": "Adds an item.", "searchKeywords": ["add"], "parameterSummary": "Add ${item} ${count} ${unit}",
        "parameters": [
          {"name": "item", "title": "Item", "description": "What to add.", "type": "string"},
          {"name": "count", "description": "How many.", "type": "integer", "default": 1},
          {"name": "unit", "title": " ", "description": "The unit.", "type": {"enum": "Unit"}, "optional": true},
          {"name": "note", "title": "Note", "description": "A note.", "type": "string", "requestValueDialog": "Any note?"}
        ]},
       {"id": "Hidden", "title": "Hidden", "isDiscoverable": false, "parameters": [{"name": "x", "type": "string"}]}
     ],
     "enums": [{"id": "Unit", "cases": [{"value": "g", "title": "Grams"}]}],
     "entities": [{"id": "Recipe", "title": "Recipe"}, {"id": "Shelf"}],
     "appShortcuts": [
       {"intent": "Add", "phrases": ["Add in ${applicationName}"], "shortTitle": "Add", "systemImageName": "plus"},
       {"intent": "Add", "phrases": ["Put in ${applicationName}"]}
     ],
     "source": {"kind": "\(kind)", "locations": {"$.intents[0]": "Larder/Add.swift:3:8", "$.intents[0].parameters[0]": "Larder/Add.swift:7:7", "$.enums[0]": "Larder/Unit.swift:2:6"}}}
    """
  }

  static func lint(_ json: String) throws -> [Diagnostic] {
    let result = CatalogLoader.load(bytes: Array(json.utf8), file: "larder.json", lint: true)
    #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors)")
    return result.diagnostics.filter {
      ["missing-request-value-dialog", "missing-parameter-title", "missing-type-title", "incomplete-app-shortcut"].contains($0.rule)
    }
  }

  @Test func reportsWhatAppIntentsShowsAndAsks() throws {
    let found = try Self.lint(Self.catalog(kind: "swift")).map { "\($0.rule) @ \($0.path?.description ?? "-")" }
    #expect(
      found == [
        "missing-request-value-dialog @ $.intents[0].parameters[0]",
        "missing-parameter-title @ $.intents[0].parameters[1]",
        "missing-parameter-title @ $.intents[0].parameters[2]",
        "missing-type-title @ $.enums[0]",
        "missing-type-title @ $.entities[1]",
        "incomplete-app-shortcut @ $.appShortcuts[1]",
      ])
  }

  @Test func diagnosticsSayWhereInTheSourcesTheValueCameFrom() throws {
    let diagnostics = try Self.lint(Self.catalog(kind: "swift"))
    let dialog = try #require(diagnostics.first { $0.rule == "missing-request-value-dialog" })
    #expect(dialog.origin == "Larder/Add.swift:7:7")
    #expect(dialog.description.contains("\n  from Larder/Add.swift:7:7"))
    #expect(dialog.jsonValue["origin"] == "Larder/Add.swift:7:7")
    // The closest recorded ancestor of the path: the intent for its second parameter.
    #expect(diagnostics.first { $0.path == JSONPath.root / "intents" / 0 / "parameters" / 1 }?.origin == "Larder/Add.swift:3:8")
    #expect(diagnostics.first { $0.rule == "incomplete-app-shortcut" }?.origin == nil)
  }

  @Test(arguments: ["manual", "tools", "hassil"])
  func onlyCatalogsFromAppIntentsCode(_ kind: String) throws {
    #expect(try Self.lint(Self.catalog(kind: kind)).isEmpty)
  }
}
