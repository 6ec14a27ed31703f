import Foundation
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Table of broken catalogs: each must produce an error that names the place (line:column
/// or JSON path), the problem (message fragment and rule id) and a fix (hint). None crashes.
@Suite struct BrokenCatalogTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var json: String
    var rule: String
    var fragment: String
    /// Expected JSON path of the diagnostic, when it has one.
    var path: String?
    /// Expected line of the diagnostic (line:column is always present for file input).
    var line: Int?
    var description: String { name }
  }

  /// A valid intent to embed; `{P}` is replaced by extra parameter JSON.
  static func catalog(intents: String = #"[{"id": "AddNote", "title": "Add Note", "parameters": []}]"#, extra: String = "") -> String {
    """
    {
      "formatVersion": 1,
      "app": {"name": "Notes", "defaultLanguage": "en"},
      "intents": \(intents)\(extra.isEmpty ? "" : ",\n  " + extra)
    }
    """
  }

  static func intent(_ parameters: String, extra: String = "") -> String {
    #"[{"id": "AddNote", "title": "Add Note", "parameters": [\#(parameters)]\#(extra.isEmpty ? "" : ", " + extra)}]"#
  }

  static let cases: [Case] = [
    // Syntax (line:column from the parser).
    Case(
      name: "truncated document", json: "{\"formatVersion\": 1, \"intents\": [", rule: "json-syntax", fragment: "unexpected end of input", line: 1),
    Case(name: "trailing comma", json: "{\n\"formatVersion\": 1,\n\"intents\": [],\n}", rule: "json-syntax", fragment: "trailing comma", line: 4),
    Case(name: "single quotes", json: "{'formatVersion': 1}", rule: "json-syntax", fragment: "member name in double quotes", line: 1),
    Case(name: "comment", json: "// notes\n{}", rule: "json-syntax", fragment: "comments are not allowed", line: 1),
    Case(
      name: "duplicate key", json: "{\"formatVersion\": 1,\n \"formatVersion\": 1, \"intents\": []}", rule: "json-syntax",
      fragment: "duplicate member name", line: 2),
    Case(name: "empty file", json: "", rule: "json-syntax", fragment: "empty", line: 1),
    Case(name: "bad literal", json: "{\"formatVersion\": 1, \"intents\": [], \"x-flag\": True}", rule: "json-syntax", fragment: "lowercase", line: 1),
    Case(
      name: "unescaped newline", json: "{\"formatVersion\": 1, \"intents\": [{\"id\": \"a\nb\"}]}", rule: "json-syntax",
      fragment: "newline inside a string", line: 1),
    Case(
      name: "deeply nested input",
      json: "{\"formatVersion\": 1, \"intents\": [], \"x-deep\": " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}",
      rule: "json-syntax", fragment: "nesting is deeper", line: 1),
    Case(
      name: "phrase template nested too deep",
      json: catalog(
        intents: #"[{"id": "AddNote", "title": "Add Note", "phrases": ["add a note", ""# + String(repeating: "(", count: 6000) + "note"
          + String(repeating: ")", count: 6000) + #""]}]"#),
      rule: "template-syntax", fragment: "groups nest deeper than 32 levels", path: "$.intents[0].phrases[1]"),
    // Structure and types.
    Case(name: "top level is an array", json: "[]", rule: "wrong-type", fragment: "must be an object", path: "$"),
    Case(name: "missing formatVersion", json: #"{"intents": []}"#, rule: "missing-field", fragment: "\"formatVersion\"", path: "$"),
    Case(
      name: "unsupported formatVersion", json: #"{"formatVersion": 2, "intents": []}"#, rule: "unsupported-version", fragment: "format version 1",
      path: "$.formatVersion"),
    Case(name: "missing intents", json: #"{"formatVersion": 1}"#, rule: "missing-field", fragment: "\"intents\"", path: "$"),
    Case(
      name: "intents not an array", json: #"{"formatVersion": 1, "intents": {}}"#, rule: "wrong-type", fragment: "must be an array of intents",
      path: "$.intents"),
    Case(
      name: "intent not an object", json: catalog(intents: #"["AddNote"]"#), rule: "wrong-type", fragment: "must be an object (intent)",
      path: "$.intents[0]"),
    Case(
      name: "missing intent id", json: catalog(intents: #"[{"title": "Add"}]"#), rule: "missing-field", fragment: "\"id\"", path: "$.intents[0]",
      line: 4),
    Case(
      name: "empty intent id", json: catalog(intents: #"[{"id": " ", "title": "Add"}]"#), rule: "empty-value", fragment: "must not be empty",
      path: "$.intents[0].id"),
    Case(name: "missing title", json: catalog(intents: #"[{"id": "AddNote"}]"#), rule: "missing-field", fragment: "\"title\"", path: "$.intents[0]"),
    Case(
      name: "title wrong type", json: catalog(intents: #"[{"id": "AddNote", "title": 5}]"#), rule: "wrong-type", fragment: "found integer 5",
      path: "$.intents[0].title"),
    Case(
      name: "misspelt intent field", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "descripton": "x"}]"#), rule: "unknown-field",
      fragment: "\"descripton\"", path: "$.intents[0].descripton"),
    Case(name: "unknown top-level field", json: catalog(extra: #""intentz": []"#), rule: "unknown-field", fragment: "\"intentz\"", path: "$.intentz"),
    Case(
      name: "bad language tag", json: catalog(intents: #"[{"id": "AddNote", "title": {"en_US": "Add"}}]"#), rule: "invalid-language-tag",
      fragment: "en_US", path: "$.intents[0].title.en_US"),
    Case(
      name: "phrases wrong type", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "phrases": "add a note"}]"#), rule: "wrong-type",
      fragment: "array of strings", path: "$.intents[0].phrases"),
    Case(
      name: "isDiscoverable as string", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "isDiscoverable": "yes"}]"#), rule: "wrong-type",
      fragment: "true or false", path: "$.intents[0].isDiscoverable"),
    Case(
      name: "bad authentication policy", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "authenticationPolicy": "always"}]"#),
      rule: "invalid-value", fragment: "allowed values", path: "$.intents[0].authenticationPolicy"),
    Case(
      name: "bad supported mode", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "supportedModes": ["backgrnd"]}]"#),
      rule: "invalid-value", fragment: "\"backgrnd\"", path: "$.intents[0].supportedModes[0]"),
    Case(
      name: "invalid tool name", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "toolName": "add.note"}]"#), rule: "invalid-tool-name",
      fragment: "does not match", path: "$.intents[0].toolName"),
    Case(
      name: "handler command as shell string", json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "handler": {"command": "echo hi"}}]"#),
      rule: "wrong-type", fragment: "array of strings", path: "$.intents[0].handler.command"),
    Case(
      name: "handler timeout negative",
      json: catalog(intents: #"[{"id": "AddNote", "title": "Add", "handler": {"command": ["/bin/true"], "timeoutSeconds": -1}}]"#),
      rule: "out-of-range", fragment: "timeoutSeconds", path: "$.intents[0].handler.timeoutSeconds"),
    // Parameters.
    Case(
      name: "parameter missing type", json: catalog(intents: intent(#"{"name": "title"}"#)), rule: "missing-field", fragment: "\"type\"",
      path: "$.intents[0].parameters[0]"),
    Case(
      name: "unknown parameter type", json: catalog(intents: intent(#"{"name": "title", "type": "strng"}"#)), rule: "invalid-value",
      fragment: "unknown type \"strng\"", path: "$.intents[0].parameters[0].type"),
    Case(
      name: "bad type reference shape", json: catalog(intents: intent(#"{"name": "p", "type": {"enumeration": "X"}}"#)), rule: "invalid-value",
      fragment: "type reference", path: "$.intents[0].parameters[0].type"),
    Case(
      name: "dangling enum reference", json: catalog(intents: intent(#"{"name": "p", "type": {"enum": "Priority"}}"#)),
      rule: "unknown-type-reference", fragment: "{\"enum\": \"Priority\"}", path: "$.intents[0].parameters[0].type"),
    Case(
      name: "dangling entity reference", json: catalog(intents: intent(#"{"name": "n", "type": {"entity": "Note"}}"#)),
      rule: "unknown-type-reference", fragment: "{\"entity\": \"Note\"}", path: "$.intents[0].parameters[0].type"),
    Case(
      name: "invalid parameter name", json: catalog(intents: intent(#"{"name": "due date", "type": "date"}"#)), rule: "invalid-parameter-name",
      fragment: "\"due date\"", path: "$.intents[0].parameters[0].name"),
    Case(
      name: "duplicate parameter", json: catalog(intents: intent(#"{"name": "a", "type": "string"}, {"name": "a", "type": "integer"}"#)),
      rule: "duplicate-parameter-name", fragment: "duplicate parameter name \"a\"", path: "$.intents[0].parameters[1].name"),
    Case(
      name: "default of wrong type", json: catalog(intents: intent(#"{"name": "limit", "type": "integer", "default": "ten"}"#)),
      rule: "invalid-default", fragment: "expected integer", path: "$.intents[0].parameters[0].default"),
    Case(
      name: "default out of range",
      json: catalog(intents: intent(#"{"name": "limit", "type": "integer", "minimum": 1, "maximum": 50, "default": 100}"#)), rule: "invalid-default",
      fragment: "100", path: "$.intents[0].parameters[0].default"),
    Case(
      name: "default not an enum case",
      json: catalog(
        intents: intent(#"{"name": "p", "type": {"enum": "Priority"}, "default": "urgentt"}"#),
        extra: #""enums": [{"id": "Priority", "cases": [{"value": "low"}, {"value": "high"}]}]"#),
      rule: "invalid-default", fragment: "\"urgentt\"", path: "$.intents[0].parameters[0].default"),
    Case(
      name: "minimum above maximum", json: catalog(intents: intent(#"{"name": "n", "type": "number", "minimum": 5, "maximum": 1}"#)),
      rule: "out-of-range", fragment: "greater than maximum", path: "$.intents[0].parameters[0].minimum"),
    Case(
      name: "bad dateKind", json: catalog(intents: intent(#"{"name": "d", "type": "date", "dateKind": "datetime"}"#)), rule: "invalid-value",
      fragment: "dateTime", path: "$.intents[0].parameters[0].dateKind"),
    Case(
      name: "value synonym of wrong type",
      json: catalog(intents: intent(#"{"name": "n", "type": "integer", "valueSynonyms": [{"value": "max", "synonyms": ["max"]}]}"#)),
      rule: "invalid-default", fragment: "value synonym", path: "$.intents[0].parameters[0].valueSynonyms[0].value"),
    // Duplicates and references.
    Case(
      name: "duplicate intent id", json: catalog(intents: #"[{"id": "A", "title": "A"}, {"id": "A", "title": "B"}]"#), rule: "duplicate-intent-id",
      fragment: "duplicate intent id \"A\"", path: "$.intents[1].id"),
    Case(
      name: "tool name collision", json: catalog(intents: #"[{"id": "AddNote", "title": "A"}, {"id": "add_note", "title": "B"}]"#),
      rule: "tool-name-collision", fragment: "\"add_note\"", path: "$.intents[1].id"),
    Case(
      name: "duplicate enum id", json: catalog(extra: #""enums": [{"id": "E", "cases": [{"value": "a"}]}, {"id": "E", "cases": [{"value": "b"}]}]"#),
      rule: "duplicate-enum-id", fragment: "\"E\"", path: "$.enums[1].id"),
    Case(
      name: "duplicate enum case", json: catalog(extra: #""enums": [{"id": "E", "cases": [{"value": "a"}, {"value": "a"}]}]"#),
      rule: "duplicate-enum-case", fragment: "\"a\"", path: "$.enums[0].cases[1].value"),
    Case(
      name: "duplicate entity instance", json: catalog(extra: #""entities": [{"id": "Note", "instances": [{"id": "n1"}, {"id": "n1"}]}]"#),
      rule: "duplicate-instance-id", fragment: "\"n1\"", path: "$.entities[0].instances[1].id"),
    Case(
      name: "deprecation replacement unknown", json: catalog(intents: #"[{"id": "A", "title": "A", "deprecation": {"replacedBy": "B"}}]"#),
      rule: "unknown-replacement", fragment: "\"B\"", path: "$.intents[0].deprecation.replacedBy"),
    // Templates.
    Case(
      name: "unbalanced parenthesis", json: catalog(intents: intent("", extra: #""phrases": ["(add|create a note"]"#)), rule: "template-syntax",
      fragment: "unclosed '('", path: "$.intents[0].phrases[0]"),
    Case(
      name: "stray closing bracket", json: catalog(intents: intent("", extra: #""phrases": ["add a note]"]"#)), rule: "template-syntax",
      fragment: "unexpected ']'", path: "$.intents[0].phrases[0]"),
    Case(
      name: "unknown slot", json: catalog(intents: intent(#"{"name": "title", "type": "string"}"#, extra: #""phrases": ["add ${titel}"]"#)),
      rule: "phrase-slot-not-parameter", fragment: "${titel}", path: "$.intents[0].phrases[0]"),
    Case(
      name: "unclosed slot", json: catalog(intents: intent("", extra: #""phrases": ["add ${title"]"#)), rule: "template-syntax",
      fragment: "unclosed slot", path: "$.intents[0].phrases[0]"),
    Case(
      name: "bare dollar", json: catalog(intents: intent("", extra: #""phrases": ["pay $5"]"#)), rule: "template-syntax",
      fragment: "'$' must start a slot", path: "$.intents[0].phrases[0]"),
    Case(
      name: "unknown rule", json: catalog(intents: intent("", extra: #""phrases": ["<add> a note"]"#)), rule: "unknown-phrase-rule",
      fragment: "<add>", path: "$.intents[0].phrases[0]"),
    Case(
      name: "recursive rules", json: catalog(extra: #""phraseRules": {"a": "x <b>", "b": "y <a>"}"#), rule: "recursive-phrase-rule",
      fragment: "<a> → <b> → <a>", path: "$.phraseRules.a"),
    Case(
      name: "slot in enum synonym", json: catalog(extra: #""enums": [{"id": "E", "cases": [{"value": "a", "synonyms": ["${x}"]}]}]"#),
      rule: "phrase-slot-not-parameter", fragment: "may not contain the slot", path: "$.enums[0].cases[0].synonyms[0]"),
    // App Shortcuts.
    Case(
      name: "shortcut without app name", json: catalog(extra: #""appShortcuts": [{"intent": "AddNote", "phrases": ["add a note"]}]"#),
      rule: "shortcut-application-name", fragment: "has 0 ${applicationName}", path: "$.appShortcuts[0].phrases[0]"),
    Case(
      name: "shortcut with string slot",
      json: catalog(
        intents: intent(#"{"name": "title", "type": "string"}"#),
        extra: #""appShortcuts": [{"intent": "AddNote", "phrases": ["${applicationName} add ${title}"]}]"#),
      rule: "shortcut-slot-type", fragment: "only enum or entity", path: "$.appShortcuts[0].phrases[0]"),
    Case(
      name: "shortcut unknown intent", json: catalog(extra: #""appShortcuts": [{"intent": "AddNotes", "phrases": ["${applicationName} note"]}]"#),
      rule: "shortcut-unknown-intent", fragment: "\"AddNotes\"", path: "$.appShortcuts[0].intent"),
    Case(
      name: "too many shortcuts",
      json: catalog(
        extra: "\"appShortcuts\": [" + (0..<11).map { _ in #"{"intent": "AddNote", "phrases": ["${applicationName} note"]}"# }.joined(separator: ",")
          + "]"),
      rule: "too-many-shortcuts", fragment: "11 App Shortcuts", path: "$.appShortcuts[10]"),
  ]

  @Test(arguments: cases)
  func reportsPlaceProblemAndFix(_ testCase: Case) {
    let result = CatalogLoader.load(bytes: Array(testCase.json.utf8), file: "broken.json")
    let matching = result.diagnostics.filter { $0.rule == testCase.rule }
    guard let diagnostic = matching.first else {
      Issue.record("expected rule \(testCase.rule); got \(result.diagnostics.map(\.description))")
      return
    }
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.contains(testCase.fragment), "message: \(diagnostic.message)")
    #expect(diagnostic.file == "broken.json")
    #expect(diagnostic.location != nil, "every file diagnostic gets a line:column")
    #expect(!(diagnostic.hint ?? "").isEmpty, "a fix is suggested")
    if let path = testCase.path { #expect(diagnostic.path?.description == path) }
    if let line = testCase.line { #expect(diagnostic.location?.line == line) }
    #expect(result.validCatalog == nil)
  }

  @Test func thereAreAtLeastFortyCases() {
    #expect(Self.cases.count >= 40)
  }

  @Test func hugeCatalogIsRejectedBySize() {
    let big = [UInt8](repeating: 0x20, count: CatalogLoader.maximumFileSize + 1)
    let result = CatalogLoader.load(bytes: big, file: "big.json")
    // The loader reads files through the size check; bytes in memory are parsed: all spaces = empty document.
    #expect(result.diagnostics.first?.rule == "json-syntax")
  }

  /// A file over the limit is refused by its size before it is read: a sparse file of
  /// 1 TiB is answered at once (before, it was read whole first).
  @Test func aFileOverTheLimitIsRefusedUnread() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ib-huge-\(UUID().uuidString).json").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard truncate(path, 1 << 40) == 0 else { return }  // a file system without sparse files: nothing to show
    let result = await withinHangGuard { CatalogLoader.load(path: path) }
    let diagnostic = try #require(result, "the 1 TiB file was read").diagnostics.first
    #expect(diagnostic?.rule == "unreadable-file")
    #expect(
      diagnostic?.message.contains("is 1099511627776 bytes; a catalog may be at most 67108864 bytes") == true, "\(String(describing: diagnostic))")
  }

  @Test func missingFileIsReported() {
    let result = CatalogLoader.load(path: "/nonexistent/catalog.json")
    #expect(result.diagnostics.first?.rule == "unreadable-file")
    #expect(result.diagnostics.first?.message.contains("no such file") == true)
  }

  @Test func randomMutationsNeverCrash() {
    let base = Array(
      Self.catalog(
        intents: Self.intent(#"{"name": "title", "type": "string", "default": "x"}"#, extra: #""phrases": ["add (a|the) note [called] ${title}"]"#)
      ).utf8)
    var state: UInt64 = 7
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for _ in 0..<2000 {
      var bytes = base
      for _ in 0..<(1 + next() % 4) {
        let i = next() % bytes.count
        switch next() % 3 {
        case 0: bytes[i] = UInt8(truncatingIfNeeded: next())
        case 1: bytes.remove(at: i)
        default: bytes.insert(Array("{}[]\",:\\$<>()|".utf8)[next() % 14], at: i)
        }
      }
      let result = CatalogLoader.load(bytes: bytes, file: "mutated.json")
      for diagnostic in result.diagnostics where diagnostic.severity == .error {
        #expect(!diagnostic.message.isEmpty)
      }
    }
  }
}

@Suite struct LanguageMapPathTests {
  @Test func templateErrorsInALanguageMapNameTheLanguage() {
    let json = #"{"formatVersion": 1, "intents": [{"id": "A", "title": "A", "phrases": {"en": ["ok"], "fi": ["(rikki"]}}]}"#
    let result = CatalogLoader.load(bytes: Array(json.utf8), file: "map.json")
    #expect(result.diagnostics.first { $0.rule == "template-syntax" }?.path?.description == "$.intents[0].phrases.fi[0]")
  }
}
