import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeTools
import Testing

@Suite struct ToolDefinitionTests {
  static let catalogJSON = #"""
    {
      "formatVersion": 1,
      "app": {"name": "Notes", "defaultLanguage": "en", "languages": ["en", "fi"]},
      "intents": [
        {
          "id": "AddNoteIntent", "title": {"en": "Add Note", "fi": "Lisää muistiinpano"},
          "description": "Creates a note.", "searchKeywords": ["note", "jot"],
          "parameterSummary": "Add ${title} with ${priority} priority",
          "effects": {"readOnly": false, "destructive": false, "idempotent": false, "openWorld": false},
          "parameters": [
            {"name": "title", "title": "Title", "description": "The note's title.", "type": "string"},
            {"name": "priority", "title": "Priority", "type": {"enum": "Priority"}, "default": "normal"},
            {"name": "due", "type": "date", "dateKind": "date", "optional": true, "description": "Due date."},
            {"name": "limit", "type": "integer", "minimum": 1, "maximum": 50, "default": 10, "description": "How many.",
             "valueSynonyms": [{"value": 3, "synonyms": ["a few"]}]},
            {"name": "tags", "type": "string", "array": true, "maxItems": 5, "optional": true, "description": "Tags."},
            {"name": "link", "type": "url", "optional": true, "description": "A link."},
            {"name": "note", "type": {"entity": "Note"}, "optional": true, "description": "Related note."},
            {"name": "extra", "type": "json", "optional": true, "jsonSchema": {"type": "object", "properties": {"k": {"type": "string"}}}}
          ]
        },
        {"id": "HiddenIntent", "title": "Hidden", "isDiscoverable": false},
        {"id": "DeleteNote", "title": "Delete Note", "description": "Deletes a note.", "effects": {"destructive": true}, "requiresConfirmation": true}
      ],
      "enums": [{"id": "Priority", "cases": [
        {"value": "low", "title": "Low"}, {"value": "normal", "title": "Normal"}, {"value": "high", "title": "High", "synonyms": ["important"]}]}],
      "entities": [{"id": "Note", "title": "Note", "instances": [{"id": "n1", "title": "Groceries"}]}]
    }
    """#

  static func catalog() throws -> Catalog {
    let result = CatalogLoader.load(bytes: Array(catalogJSON.utf8), file: "inline.json")
    guard let catalog = result.validCatalog else { throw TestFailure("\(result.diagnostics.map(\.description))") }
    return catalog
  }

  @Test func oneToolPerDiscoverableIntentInOrder() throws {
    let tools = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()
    #expect(tools.map(\.name) == ["add_note_intent", "delete_note"])
  }

  @Test func inputSchemaFollowsTheParameters() throws {
    let tool = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()[0]
    let properties = tool.inputSchema["properties"]?.objectValue
    #expect(properties?.keys == ["title", "priority", "due", "limit", "tags", "link", "note", "extra"])
    #expect(tool.inputSchema["required"] == ["title"], "required = not optional and no default")
    #expect(tool.inputSchema["additionalProperties"] == false)
    #expect(properties?["priority"]?["enum"] == ["low", "normal", "high"])
    #expect(properties?["priority"]?["default"] == "normal")
    #expect(properties?["due"]?["format"] == "date")
    #expect(properties?["limit"]?["minimum"] == 1)
    #expect(properties?["limit"]?["maximum"] == 50)
    #expect(properties?["tags"]?["type"] == "array")
    #expect(properties?["tags"]?["maxItems"] == 5)
    #expect(properties?["link"]?["format"] == "uri")
    #expect(properties?["extra"]?["properties"]?["k"]?["type"] == "string", "jsonSchema passes through")
  }

  @Test func descriptionsAreEnriched() throws {
    let tool = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()[0]
    #expect(tool.description == "Creates a note.\nUsage: Add <title> with <priority> priority\nKeywords: note, jot.")
    let priority = tool.inputSchema["properties"]?["priority"]?["description"]?.stringValue ?? ""
    #expect(priority.contains(#""high" (High; also "important")"#))
    let limit = tool.inputSchema["properties"]?["limit"]?["description"]?.stringValue ?? ""
    #expect(limit.contains(#""a few" = 3"#))
    let note = tool.inputSchema["properties"]?["note"]?["description"]?.stringValue ?? ""
    #expect(note.contains(#""n1" (Groceries)"#))
  }

  @Test func descriptionsStayWithinTheLimit() throws {
    var catalog = try Self.catalog()
    catalog.intents[0].description = LocalizedText(String(repeating: "Very long text. ", count: 400), language: "en")
    let tool = ToolDefinitionBuilder(catalog: catalog).tools()[0]
    #expect(tool.description.count <= 2048)
    #expect(tool.description.hasSuffix("…"))
  }

  @Test func localisesTitles() throws {
    let tool = ToolDefinitionBuilder(catalog: try Self.catalog(), language: "fi").tools()[0]
    #expect(tool.title == "Lisää muistiinpano")
  }

  @Test func annotationsComeFromEffects() throws {
    let tools = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()
    #expect(tools[0].annotations == .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false))
    #expect(tools[1].annotations.destructiveHint)
    #expect(tools[1].annotations.openWorldHint, "pessimistic default when unstated")
  }

  @Test func openAIStrictMakesOptionalsNullable() throws {
    let tools = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()
    let rendered = ToolDialect.openai.render(tools, strict: true)
    let parameters = rendered[0]?["function"]?["parameters"]
    #expect(rendered[0]?["function"]?["strict"] == true)
    #expect(parameters?["required"]?.arrayValue?.count == 8, "every property is required in strict mode")
    #expect(parameters?["properties"]?["due"]?["type"] == ["string", "null"])
    #expect(parameters?["properties"]?["priority"]?["enum"] == ["low", "normal", "high", nil])
    #expect(parameters?["properties"]?["priority"]?["default"] == nil)
    #expect((parameters?["properties"]?["priority"]?["description"]?.stringValue ?? "").contains("Default: \"normal\"."))
    #expect(parameters?["properties"]?["extra"]?["additionalProperties"] == false)
  }

  @Test func geminiUsesTheRestrictedSubset() throws {
    let tools = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()
    let text = ToolDialect.gemini.render(tools).compactText
    #expect(!text.contains("additionalProperties"))
    #expect(!text.contains("\"format\":\"uri\""))
    #expect(!text.contains("\"default\""))
    let parameters = ToolDialect.gemini.render(tools)["functionDeclarations"]?[0]?["parameters"]
    #expect(parameters?["propertyOrdering"]?.arrayValue?.first == "title")
  }

  @Test func generationSchemaIsOrderedAndClosed() throws {
    let tools = ToolDefinitionBuilder(catalog: try Self.catalog()).tools()
    let parameters = ToolDialect.generationSchema.render(tools)[0]?["parameters"]
    #expect(parameters?["x-order"]?.arrayValue?.count == 8)
    #expect(parameters?["additionalProperties"] == false)
  }

  @Test func toolNamesAreValidForEveryShippedCatalog() throws {
    for path in Repository.files(in: "Examples", suffix: ".json") where !path.contains("/requests") {
      guard let catalog = CatalogLoader.load(path: path).validCatalog else { continue }
      for tool in ToolDefinitionBuilder(catalog: catalog).tools() {
        #expect(ToolName.isValid(tool.name), "\(path): \(tool.name)")
        #expect(tool.description.count <= 2048, "\(path): \(tool.name)")
      }
    }
  }
}
