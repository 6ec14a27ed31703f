import IntentBridgeImport
import IntentBridgeJSON
import Testing

// MARK: Helpers

private func importTools(_ text: String, fileName: String = "tools.json") throws -> ImportResult {
  ToolListImporter.importCatalog(try JSONParser.parse(text), fileName: fileName)
}

private func tool(_ result: ImportResult, _ id: String) -> JSONValue? {
  result.catalog["intents"]?.arrayValue?.first { $0["id"] == .string(id) }
}

private func param(_ result: ImportResult, _ id: String, _ name: String) -> JSONValue? {
  tool(result, id)?["parameters"]?.arrayValue?.first { $0["name"] == .string(name) }
}

private func enumCases(_ result: ImportResult, _ id: String) -> JSONValue? {
  result.catalog["enums"]?.arrayValue?.first { $0["id"] == .string(id) }?["cases"]
}

private func rawValue(_ result: ImportResult, _ keys: String...) -> JSONValue? {
  var value = result.catalog["source"]?["raw"]
  for key in keys { value = value?[key] }
  return value
}

private func paths(_ result: ImportResult) -> [String] { result.warnings.map(\.path.description) }

/// A JSON literal for expectations (`null` if it does not parse, which fails the comparison).
private func json(_ text: String) -> JSONValue { (try? JSONParser.parse(text)) ?? .null }

// MARK: The four input forms

@Suite struct ToolListFormTests {
  @Test func mcpToolsList() throws {
    let result = try importTools(
      #"""
      {"tools": [{
        "name": "add_note",
        "title": "Add Note",
        "description": "Creates a note.\nUsage: Add <title>",
        "inputSchema": {
          "type": "object",
          "properties": {
            "title": {"type": "string", "title": "Title", "description": "The note's title."},
            "folder": {"type": "string", "title": "Folder", "description": "Folder", "enum": ["work", "home"]},
            "count": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3}
          },
          "required": ["title"],
          "additionalProperties": false
        },
        "outputSchema": {"type": "object", "properties": {"result": {"type": "string", "format": "uri-reference"}}, "required": ["result"]},
        "annotations": {"title": "Add Note", "readOnlyHint": false, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false}
      }]}
      """#, fileName: "notes.tools.json")
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    let catalog = result.catalog
    #expect(catalog.objectValue?.keys == ["formatVersion", "app", "intents", "enums", "source"])
    #expect(catalog["app"] == ["name": "notes.tools", "defaultLanguage": "en"])
    #expect(catalog["source"] == ["kind": "tools", "generator": "intentbridge import tools", "upstream": "notes.tools.json", "dialect": "mcp"])
    let intent = try #require(tool(result, "add_note"))
    #expect(intent.objectValue?.keys == ["id", "title", "description", "parameters", "effects", "returns"])
    #expect(intent["title"] == "Add Note")
    #expect(intent["description"] == "Creates a note.\nUsage: Add <title>")
    #expect(intent["effects"] == ["readOnly": false, "destructive": false, "idempotent": true, "openWorld": false])
    #expect(intent["returns"] == ["type": "file"])
    #expect(param(result, "add_note", "title") == ["name": "title", "title": "Title", "description": "The note's title.", "type": "string"])
    #expect(
      param(result, "add_note", "folder")
        == ["name": "folder", "title": "Folder", "description": "Folder", "type": ["enum": "add_note.folder"], "optional": true])
    #expect(enumCases(result, "add_note.folder") == [["value": "work"], ["value": "home"]])
    #expect(param(result, "add_note", "count") == ["name": "count", "type": "integer", "default": 3, "minimum": 1, "maximum": 10])
  }

  @Test func jsonRPCResponseIsUnwrapped() throws {
    let result = try importTools(
      #"{"jsonrpc": "2.0", "id": 7, "result": {"tools": [{"name": "ping", "inputSchema": {"type": "object", "properties": {}}}], "nextCursor": "page2"}}"#
    )
    #expect(tool(result, "ping")?["title"] == "Ping")
    #expect(tool(result, "ping")?["parameters"] == [])
    #expect(paths(result) == ["$.result.nextCursor"])
    #expect(rawValue(result, "document", "$.result.nextCursor") == "page2")
  }

  @Test func openAIChatCompletionsTools() throws {
    let result = try importTools(
      #"""
      [{"type": "function", "function": {
        "name": "setReminder",
        "description": "Sets a reminder.",
        "parameters": {
          "type": "object",
          "properties": {
            "when": {"type": "string", "description": "When.", "format": "date-time"},
            "day": {"type": "string", "format": "date"},
            "at": {"type": "string", "format": "time"},
            "link": {"type": "string", "format": "uri"},
            "to": {"type": "string", "format": "email"},
            "file": {"type": "string", "format": "uri-reference"},
            "ratio": {"type": "number", "minimum": 0.5},
            "loud": {"type": "boolean", "default": false},
            "tags": {"type": "array", "description": "Tags.", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            "levels": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}
          },
          "required": ["when", "day", "at", "link", "to", "file", "ratio", "tags", "levels"],
          "additionalProperties": false
        }
      }}]
      """#)
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    let intent = try #require(tool(result, "setReminder"))
    #expect(intent["toolName"] == "setReminder")
    #expect(intent["title"] == "Set reminder")
    #expect(result.catalog["source"]?["dialect"] == "openai")
    #expect(param(result, "setReminder", "when") == ["name": "when", "description": "When.", "type": "date", "dateKind": "dateTime"])
    #expect(param(result, "setReminder", "day")?["dateKind"] == "date")
    #expect(param(result, "setReminder", "at")?["dateKind"] == "time")
    #expect(param(result, "setReminder", "link")?["type"] == "url")
    #expect(param(result, "setReminder", "to")?["type"] == "email")
    #expect(param(result, "setReminder", "file")?["type"] == "file")
    #expect(param(result, "setReminder", "ratio") == ["name": "ratio", "type": "number", "minimum": 0.5])
    #expect(param(result, "setReminder", "loud") == ["name": "loud", "type": "boolean", "default": false])
    #expect(
      param(result, "setReminder", "tags")
        == ["name": "tags", "description": "Tags.", "type": "string", "array": true, "minItems": 1, "maxItems": 3])
    #expect(param(result, "setReminder", "levels") == ["name": "levels", "type": ["enum": "setReminder.levels"], "array": true])
    #expect(enumCases(result, "setReminder.levels") == [["value": "a"], ["value": "b"]])
  }

  @Test func openAIResponsesFlatForm() throws {
    let result = try importTools(
      #"[{"type": "function", "name": "get_weather", "description": "Gets the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}, "strict": false}]"#
    )
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    #expect(tool(result, "get_weather")?["toolName"] == nil)
    #expect(tool(result, "get_weather")?["title"] == "Get weather")
    #expect(param(result, "get_weather", "city") == ["name": "city", "type": "string"])
    #expect(result.catalog["source"]?["dialect"] == "openai-responses")
  }

  @Test func anthropicTools() throws {
    let result = try importTools(
      #"""
      [{"name": "book_table", "description": "Books a table.", "input_schema": {"type": "object", "properties": {
        "party": {"type": "integer", "description": "People.", "minimum": 1},
        "guest": {"type": "object", "description": "Who.", "properties": {"name": {"type": "string"}}, "required": ["name"]}
      }, "required": ["party", "guest"]}, "cache_control": {"type": "ephemeral"}}]
      """#)
    #expect(tool(result, "book_table")?["description"] == "Books a table.")
    #expect(param(result, "book_table", "party") == ["name": "party", "description": "People.", "type": "integer", "minimum": 1])
    let guest = try #require(param(result, "book_table", "guest"))
    #expect(guest["type"] == "json")
    #expect(guest["description"] == "Who.")
    #expect(guest["optional"] == nil)
    #expect(
      guest["jsonSchema"]
        == json(#"{"type": "object", "description": "Who.", "properties": {"name": {"type": "string"}}, "required": ["name"]}"#))
    #expect(paths(result) == ["$[0].cache_control"])
    #expect(rawValue(result, "tools", "book_table", "cache_control") == ["type": "ephemeral"])
    #expect(result.catalog["source"]?["dialect"] == "anthropic")
  }

  @Test func geminiFunctionDeclarations() throws {
    let declarations = #"""
      [{"name": "find_song", "description": "Finds a song.", "parameters": {"type": "OBJECT", "properties": {
        "genre": {"type": "STRING", "format": "enum", "enum": ["rock", "jazz"]},
        "year": {"type": "INTEGER", "nullable": true},
        "title": {"type": "STRING"}
      }, "required": ["title", "year"], "propertyOrdering": ["title", "genre", "year"]}}]
      """#
    for text in [#"{"functionDeclarations": \#(declarations)}"#, #"[{"functionDeclarations": \#(declarations)}]"#] {
      let result = try importTools(text)
      #expect(result.warnings.isEmpty, "\(result.warnings)")
      #expect(tool(result, "find_song")?["parameters"]?.arrayValue?.map { $0["name"] } == ["title", "genre", "year"])
      #expect(param(result, "find_song", "title") == ["name": "title", "type": "string"])
      #expect(param(result, "find_song", "genre") == ["name": "genre", "type": ["enum": "find_song.genre"], "optional": true])
      #expect(param(result, "find_song", "year") == ["name": "year", "type": "integer", "optional": true])
      #expect(result.catalog["source"]?["dialect"] == "gemini")
    }
  }

  @Test func legacyFunctionsAndGenerationSchema() throws {
    let result = try importTools(
      #"""
      [{"name": "greet", "description": "Says hello.", "parameters": {"type": "object", "title": "Greet", "description": "Says hello.",
        "properties": {"b": {"type": "string"}, "a": {"type": "string"}}, "required": ["a", "b"], "x-order": ["a", "b"], "additionalProperties": false}}]
      """#)
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    #expect(tool(result, "greet")?["title"] == "Greet")
    #expect(tool(result, "greet")?["parameters"]?.arrayValue?.map { $0["name"] } == ["a", "b"])
  }

  @Test func generatedSchemaTitlesDoNotNameMCPTools() throws {
    let result = try importTools(
      #"{"tools": [{"name": "search", "inputSchema": {"type": "object", "title": "searchArguments", "properties": {}}}]}"#)
    #expect(tool(result, "search")?["title"] == "Search")
    #expect(paths(result) == ["$.tools[0].inputSchema.title"])
    #expect(rawValue(result, "tools", "search", "inputSchema", "title") == "searchArguments")
  }

  @Test func titlesAreDerivedDeterministically() throws {
    let result = try importTools(
      #"[{"name": "add_note"}, {"name": "HassTurnOn"}, {"name": "get-weather"}, {"name": "URLOpener"}, {"name": "x"}]"#)
    let titles = result.catalog["intents"]?.arrayValue?.map { $0["title"] }
    #expect(titles == ["Add note", "Hass turn on", "Get weather", "Url opener", "X"])
    #expect(tool(result, "add_note")?["toolName"] == nil)
    #expect(tool(result, "HassTurnOn")?["toolName"] == "HassTurnOn")
    #expect(tool(result, "get-weather")?["toolName"] == nil)
  }

  @Test func importIsDeterministic() throws {
    let text = #"{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string", "enum": ["p", "q"]}}}}]}"#
    #expect(try importTools(text).catalog.prettyText == importTools(text).catalog.prettyText)
  }
}

// MARK: Nullable forms, enums, passthrough

@Suite struct ToolListSchemaTests {
  @Test func strictNullableFormsBecomeOptional() throws {
    let result = try importTools(
      #"""
      [{"type": "function", "function": {"name": "t", "description": "D.", "strict": true, "parameters": {"type": "object", "properties": {
        "body": {"type": ["string", "null"], "description": "Body."},
        "level": {"type": ["string", "null"], "enum": ["low", "high", null]},
        "count": {"type": ["integer", "null"], "minimum": 0},
        "name": {"type": "string"}
      }, "required": ["body", "level", "count", "name"], "additionalProperties": false}}}]
      """#)
    #expect(param(result, "t", "body") == ["name": "body", "description": "Body.", "type": "string", "optional": true])
    #expect(param(result, "t", "level") == ["name": "level", "type": ["enum": "t.level"], "optional": true])
    #expect(enumCases(result, "t.level") == [["value": "low"], ["value": "high"]])
    #expect(param(result, "t", "count") == ["name": "count", "type": "integer", "optional": true, "minimum": 0])
    #expect(param(result, "t", "name") == ["name": "name", "type": "string"])
    // `strict: true` is a rendering option: kept raw with one warning.
    #expect(paths(result) == ["$[0].function.strict"])
    #expect(rawValue(result, "tools", "t", "function", "strict") == true)
  }

  @Test func pydanticOptionalWithNullDefault() throws {
    let result = try importTools(
      #"""
      {"tools": [{"name": "search", "inputSchema": {"type": "object", "properties": {
        "folder": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Folder"},
        "filter": {"anyOf": [{"type": "object"}, {"type": "null"}], "title": "Filter"}
      }, "required": ["filter"]}}]}
      """#)
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    #expect(param(result, "search", "folder") == ["name": "folder", "title": "Folder", "type": "string", "optional": true])
    // Not mappable after removing the null: passthrough as given, required as given.
    let filter = try #require(param(result, "search", "filter"))
    #expect(filter["type"] == "json")
    #expect(filter["optional"] == nil)
    #expect(filter["jsonSchema"] == json(#"{"anyOf": [{"type": "object"}, {"type": "null"}], "title": "Filter"}"#))
  }

  @Test func enumsThatAreNotPlainStringSetsArePassedThrough() throws {
    let result = try importTools(
      #"""
      [{"name": "e", "input_schema": {"type": "object", "properties": {
        "mixed": {"type": "string", "enum": ["a", 1]},
        "dupes": {"type": "string", "enum": ["a", "a"]},
        "blank": {"type": "string", "enum": [" "]},
        "numbers": {"type": "integer", "enum": [1, 2]},
        "ok": {"type": "string", "enum": ["x"]}
      }}}]
      """#)
    for name in ["mixed", "dupes", "blank", "numbers"] {
      #expect(param(result, "e", name)?["type"] == "json", "\(name)")
    }
    #expect(param(result, "e", "ok")?["type"] == ["enum": "e.ok"])
    #expect(result.catalog["enums"]?.arrayValue?.count == 1)
  }

  @Test func schemasTheCatalogCannotExpressArePassedThroughExactly() throws {
    let cases = [
      #"{"type": "string", "pattern": "^[a-z]+$", "description": "Lower case."}"#,
      #"{"const": "fixed", "title": "Fixed"}"#,
      #"{"type": "number", "exclusiveMinimum": 0}"#,
      #"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#,
      #"{"type": "string", "format": "uuid"}"#,
      #"{"type": "string", "minLength": 2}"#,
      #"{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}"#,
      #"{"type": "array", "items": {"type": "string", "description": "An element."}}"#,
      #"{"type": "integer", "minimum": "zero"}"#,
      #"{"type": "boolean", "examples": [true]}"#,
      #"{"description": "Anything."}"#,
    ]
    for schema in cases {
      let result = try importTools(#"[{"name": "p", "parameters": {"type": "object", "properties": {"v": \#(schema)}, "required": ["v"]}}]"#)
      let parameter = try #require(param(result, "p", "v"), "\(schema)")
      #expect(parameter["type"] == "json", "\(schema)")
      #expect(parameter["jsonSchema"] == json(schema), "\(schema)")
      #expect(parameter["description"] == json(schema)["description"], "\(schema)")
      #expect(parameter["title"] == json(schema)["title"], "\(schema)")
      #expect(parameter["optional"] == nil, "\(schema)")
      #expect(result.warnings.isEmpty, "\(schema): \(result.warnings)")
    }
  }

  @Test func optionalPassthroughKeepsAValidDefault() throws {
    let result = try importTools(
      #"[{"name": "p", "parameters": {"type": "object", "properties": {"v": {"type": "string", "pattern": "^a", "default": "abc"}}}}]"#)
    #expect(param(result, "p", "v")?["default"] == "abc")
    #expect(param(result, "p", "v")?["optional"] == nil)
  }

  @Test func localReferencesAreInlined() throws {
    let result = try importTools(
      #"""
      {"tools": [{"name": "paint", "inputSchema": {"type": "object",
        "$defs": {"Color": {"type": "string", "enum": ["red", "green"], "title": "Color"},
                  "Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
        "properties": {
          "color": {"$ref": "#/$defs/Color", "description": "The color."},
          "tree": {"$ref": "#/$defs/Node"},
          "missing": {"$ref": "#/$defs/Nope"}
        }, "required": ["color"]}}]}
      """#)
    #expect(
      param(result, "paint", "color")
        == ["name": "color", "title": "Color", "description": "The color.", "type": ["enum": "paint.color"]])
    let tree = try #require(param(result, "paint", "tree"))
    #expect(tree["jsonSchema"] == json(##"{"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}"##))
    #expect(paths(result).contains(#"$.tools[0].inputSchema["$defs"]"#))
    #expect(paths(result).contains("$.tools[0].inputSchema.properties.tree"))
    #expect(paths(result).contains("$.tools[0].inputSchema.properties.missing"))
    #expect(rawValue(result, "tools", "paint", "inputSchema", "$defs")?["Color"] != nil)
  }

  @Test func defaultsTheCatalogCannotHoldAreKeptRaw() throws {
    let result = try importTools(
      #"""
      [{"name": "d", "parameters": {"type": "object", "properties": {
        "wrong": {"type": "integer", "default": "five"},
        "needed": {"type": "string", "default": "x"}
      }, "required": ["needed"]}}]
      """#)
    #expect(param(result, "d", "wrong") == ["name": "wrong", "type": "integer", "optional": true])
    #expect(param(result, "d", "needed") == ["name": "needed", "type": "string"])
    #expect(paths(result) == ["$[0].parameters.properties.wrong.default", "$[0].parameters.properties.needed.default"])
    #expect(rawValue(result, "tools", "d", "parameters", "properties", "wrong", "default") == "five")
  }

  @Test func outputSchemaThatIsNotAPlainResultIsKeptRaw() throws {
    let result = try importTools(
      #"""
      {"tools": [
        {"name": "a", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"temp": {"type": "number"}}}},
        {"name": "b", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"result": {"type": "array", "items": {"type": "string", "enum": ["x"]}}}, "required": ["result"]}}
      ]}
      """#)
    #expect(tool(result, "a")?["returns"] == nil)
    #expect(paths(result) == ["$.tools[0].outputSchema"])
    #expect(tool(result, "b")?["returns"] == ["type": ["enum": "b.result"], "array": true])
  }
}

// MARK: Malformed input

@Suite struct ToolListMalformedTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    /// A warning must point here.
    var path: String
    /// Intents that must still be imported.
    var intents: [String] = []
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "scalar document", text: #""tools""#, path: "$"),
    Case(name: "object without tools", text: #"{"servers": []}"#, path: "$"),
    Case(name: "tools not an array", text: #"{"tools": {"name": "a"}}"#, path: "$.tools"),
    Case(name: "entry not an object", text: #"{"tools": [3, {"name": "ok"}]}"#, path: "$.tools[0]", intents: ["ok"]),
    Case(name: "missing name", text: #"[{"description": "No name."}, {"name": "ok"}]"#, path: "$[0]", intents: ["ok"]),
    Case(name: "name not a string", text: #"[{"name": 42}]"#, path: "$[0]"),
    Case(name: "empty name", text: #"[{"name": "  "}]"#, path: "$[0]"),
    Case(name: "duplicate names", text: #"[{"name": "a"}, {"name": "a", "description": "Second."}]"#, path: "$[1]", intents: ["a"]),
    Case(name: "parameters not an object", text: #"[{"name": "a", "parameters": "none"}]"#, path: "$[0].parameters", intents: ["a"]),
    Case(
      name: "properties not an object", text: #"[{"name": "a", "parameters": {"type": "object", "properties": []}}]"#,
      path: "$[0].parameters.properties", intents: ["a"]),
    Case(
      name: "required not an array",
      text: #"[{"name": "a", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}, "required": "x"}}]"#,
      path: "$[0].parameters.required", intents: ["a"]),
    Case(
      name: "required names an unknown property",
      text: #"[{"name": "a", "parameters": {"type": "object", "properties": {}, "required": ["ghost"]}}]"#,
      path: "$[0].parameters.required", intents: ["a"]),
    Case(
      name: "property schema not an object",
      text: #"[{"name": "a", "parameters": {"type": "object", "properties": {"x": "string", "y": {"type": "string"}}}}]"#,
      path: "$[0].parameters.properties.x", intents: ["a"]),
    Case(name: "schema of another type", text: #"[{"name": "a", "input_schema": {"type": "string"}}]"#, path: "$[0].input_schema", intents: ["a"]),
    Case(name: "MCP tool without inputSchema", text: #"{"tools": [{"name": "a"}]}"#, path: "$.tools[0].inputSchema", intents: ["a"]),
    Case(
      name: "invalid tool name", text: #"[{"name": "mail.send"}, {"name": "mail_send"}]"#, path: "$[0].name", intents: ["mail.send", "mail_send"]),
    Case(
      name: "invalid parameter name", text: #"[{"name": "a", "parameters": {"type": "object", "properties": {"user name": {"type": "string"}}}}]"#,
      path: "$[0].parameters.properties[\"user name\"]", intents: ["a"]),
    Case(name: "description not a string", text: #"[{"name": "a", "description": ["x"]}]"#, path: "$[0].description", intents: ["a"]),
    Case(
      name: "annotation hint not a boolean", text: #"{"tools": [{"name": "a", "inputSchema": {}, "annotations": {"readOnlyHint": "yes"}}]}"#,
      path: "$.tools[0].annotations.readOnlyHint", intents: ["a"]),
    Case(
      name: "unknown tool member", text: #"{"tools": [{"name": "a", "inputSchema": {}, "icons": [{"src": "x.png"}]}]}"#, path: "$.tools[0].icons",
      intents: ["a"]),
    Case(name: "built-in tool", text: #"[{"type": "web_search_20250305", "name": "web_search"}, {"name": "ok"}]"#, path: "$[0]", intents: ["ok"]),
    Case(name: "function not an object", text: #"[{"type": "function", "function": "f"}]"#, path: "$[0]"),
    Case(name: "JSON-RPC error", text: #"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}"#, path: "$.error"),
    Case(name: "functionDeclarations not an array", text: #"{"functionDeclarations": {"name": "a"}}"#, path: "$.functionDeclarations"),
    Case(name: "empty list", text: #"[]"#, path: "$"),
    Case(
      name: "additionalProperties open", text: #"[{"name": "a", "parameters": {"type": "object", "properties": {}, "additionalProperties": true}}]"#,
      path: "$[0].parameters.additionalProperties", intents: ["a"]),
  ]

  @Test(arguments: cases)
  func warnsAndKeepsGoing(_ testCase: Case) throws {
    let result = try importTools(testCase.text)
    #expect(!result.warnings.isEmpty)
    #expect(paths(result).contains(testCase.path), "\(result.warnings)")
    for warning in result.warnings { #expect(!warning.message.isEmpty) }
    #expect(result.catalog["formatVersion"] == 1)
    #expect(result.catalog.objectValue?.keys == ["formatVersion", "app", "intents", "enums", "source"])
    let ids = result.catalog["intents"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(ids == testCase.intents)
  }

  @Test func skippedEntriesAreKeptRaw() throws {
    let result = try importTools(#"[{"name": "a"}, {"name": "a", "description": "Second."}, 7]"#)
    #expect(rawValue(result, "skipped", "$[1]") == ["name": "a", "description": "Second."])
    #expect(rawValue(result, "skipped", "$[2]") == 7)
  }

  @Test func invalidNamesAreSanitisedUniquely() throws {
    let result = try importTools(
      #"[{"name": "mail.send"}, {"name": "mail_send"}, {"name": "a", "parameters": {"type": "object", "properties": {"user name": {"type": "string"}, "user_name": {"type": "string"}}}}]"#
    )
    #expect(tool(result, "mail.send")?["toolName"] == "mail_send_2")
    #expect(tool(result, "mail_send")?["toolName"] == nil)
    #expect(tool(result, "a")?["parameters"]?.arrayValue?.map { $0["name"] } == ["user_name_2", "user_name"])
    #expect(rawValue(result, "tools", "a", "parameters", "renamedProperties", "user_name_2") == "user name")
  }

  @Test func deeplyNestedSchemasDoNotCrash() throws {
    var schema = #"{"type": "string"}"#
    for _ in 0..<100 { schema = #"{"type": "array", "items": \#(schema)}"# }
    let result = try importTools(#"[{"name": "deep", "parameters": {"type": "object", "properties": {"v": \#(schema)}}}]"#)
    #expect(param(result, "deep", "v")?["type"] == "json")
  }

  @Test func recursiveReferencesDoNotLoop() throws {
    let result = try importTools(
      ##"[{"name": "r", "parameters": {"type": "object", "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}, "properties": {"v": {"$ref": "#/$defs/A"}}}}]"##
    )
    #expect(param(result, "r", "v")?["type"] == "json")
    #expect(paths(result).contains("$[0].parameters.properties.v"))
  }
}
