import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeCatalog

/// Loads `json` as a catalog (which must load without errors unless `allowErrors`) and lints it.
private func lint(_ json: String, allowErrors: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Diagnostic] {
  let result = CatalogLoader.load(bytes: Array(json.utf8), file: "test.json")
  if !allowErrors {
    #expect(result.diagnostics.errors.isEmpty, "catalog has errors: \(result.diagnostics.errors)", sourceLocation: sourceLocation)
  }
  let catalog = try #require(result.catalog, sourceLocation: sourceLocation)
  return CatalogLinter(catalog: catalog, file: "test.json").lint()
}

/// `rule @ path` for each diagnostic, in order.
private func found(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.rule) @ \($0.path?.description ?? "-")" }
}

/// A catalog with the given intents (JSON array elements) and extra top-level members.
private func catalog(_ intents: [String], app: String = #"{"name": "Notes", "defaultLanguage": "en", "languages": ["en"]}"#, extra: String = "")
  -> String
{
  """
  {"formatVersion": 1, "app": \(app), "intents": [\(intents.joined(separator: ",\n"))]\(extra.isEmpty ? "" : ", " + extra)}
  """
}

/// An intent with nothing to warn about; `fields` replaces or adds members (JSON text).
private func intent(id: String = "AddNote", _ fields: [String: String] = [:]) -> String {
  var members: [(String, String)] = [
    ("id", "\"\(id)\""),
    ("title", #""Add Note""#),
    ("description", #""Creates a note with the given title.""#),
    ("searchKeywords", #"["note", "new", "write"]"#),
    ("parameterSummary", #""Add note ${title}""#),
    ("parameters", #"[{"name": "title", "title": "Title", "description": "The title of the note.", "type": "string"}]"#),
  ]
  for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
    if let i = members.firstIndex(where: { $0.0 == key }) {
      members[i].1 = value
    } else {
      members.append((key, value))
    }
  }
  return "{" + members.filter { $0.1 != "REMOVE" }.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
}

@Suite struct CatalogLinterTests {
  // MARK: Clean catalog

  @Test func cleanCatalogHasNoWarnings() throws {
    let json = catalog(
      [
        intent([
          "title": #"{"en": "Add Note", "de": "Notiz hinzufügen"}"#,
          "description": #"{"en": "Creates a note with the given title.", "de": "Erstellt eine Notiz."}"#,
        ]),
        intent(
          id: "DeleteNote",
          [
            "title": #"{"en": "Delete Note", "de": "Notiz löschen"}"#,
            "description": #"{"en": "Deletes the note with the given title.", "de": "Löscht die Notiz mit dem angegebenen Titel."}"#,
            "parameterSummary": #"{"en": "Delete ${title}", "de": "${title} löschen"}"#,
            "effects": #"{"destructive": true}"#, "requiresConfirmation": "true",
          ]),
        intent(
          id: "ListNotes",
          [
            "title": #"{"en": "List Notes", "de": "Notizen auflisten"}"#,
            "description": #"{"en": "Show every note in a folder!", "de": "Zeigt alle Notizen eines Ordners."}"#,
            "parameterSummary": #"{"en": "List notes in ${folder}", "de": "Notizen in ${folder} auflisten"}"#,
            "parameters":
              #"[{"name": "folder", "title": "Folder", "description": "The folder to list.", "type": {"enum": "Folder"}}, {"name": "limit", "description": "How many notes to show at most.", "type": "integer", "default": 20}]"#,
          ]),
        // Hidden intents need neither description, keywords nor summary.
        #"{"id": "Internal", "title": {"en": "Internal", "de": "Intern"}, "isDiscoverable": false, "parameters": [{"name": "x", "description": "Anything.", "type": "string"}]}"#,
      ],
      app: #"{"name": "Notes", "defaultLanguage": "en", "languages": ["en", "de"]}"#,
      extra: #"""
        "enums": [{"id": "Folder", "title": "Folder", "cases": [
          {"value": "work", "title": {"en": "Work", "de": "Arbeit"}, "synonyms": ["office", "job"]},
          {"value": "home", "title": {"en": "Home", "de": "Zuhause"}, "synonyms": {"en": ["house"], "de": ["Haus", "office"]}}]}],
        "entities": [{"id": "Person", "title": "Person", "instances": [
          {"id": "ann", "title": "Ann", "synonyms": ["annie"]}, {"id": "bob", "title": "Bob", "synonyms": ["bobby", "rob"]}]}]
        """#)
    let diagnostics = try lint(json)
    try #require(found(diagnostics) == [])
  }

  @Test func diagnosticsCarryFileSeverityAndHint() throws {
    let diagnostics = try lint(catalog([intent(["description": "REMOVE"])]))
    let d = try #require(diagnostics.first)
    #expect(d.file == "test.json")
    #expect(d.severity == .warning)
    #expect(d.message.contains("\"AddNote\""))
    #expect(d.hint?.contains("Adds …") == true)
  }

  // MARK: One test per rule

  @Test func missingDescription() throws {
    let diagnostics = try lint(
      catalog([
        intent(["description": "REMOVE"]),
        intent(id: "Blank", ["title": #""Blank Note""#, "description": #""   ""#]),
        intent(id: "Hidden", ["title": #""Hidden Note""#, "description": "REMOVE", "isDiscoverable": "false"]),
      ]))
    try #require(found(diagnostics) == ["missing-description @ $.intents[0]", "missing-description @ $.intents[1]"])
  }

  @Test func missingParameterDescription() throws {
    let parameters = #"""
      [{"name": "title", "title": "Title", "type": "string"},
       {"name": "body", "description": "The text.", "type": "string", "optional": true},
       {"name": "folder", "description": {"en": " "}, "type": "string", "optional": true}]
      """#
    let diagnostics = try lint(catalog([intent(["parameters": parameters])]))
    try #require(
      found(diagnostics) == [
        "missing-parameter-description @ $.intents[0].parameters[0]", "missing-parameter-description @ $.intents[0].parameters[2]",
      ])
    #expect(diagnostics[0].message.contains("\"title\"") && diagnostics[0].message.contains("\"AddNote\""))
  }

  @Test func descriptionNotSentence() throws {
    let description = #"""
      {"en": "A tool that creates notes.", "de": "erstellt eine Notiz", "fi": "Luo muistiinpanon.", "zh-CN": "创建一条笔记", "ja": "メモを作成します。"}
      """#
    let diagnostics = try lint(
      catalog(
        [
          intent(["description": description, "title": #"{"en": "Add Note", "de": "Notiz", "fi": "Lisää", "zh-CN": "添加", "ja": "メモ"}"#]),
          intent(id: "Other", ["title": #""Open Note""#, "description": #""opens a note""#]),
        ],
        app: #"{"defaultLanguage": "en", "languages": ["en", "de", "fi", "zh-CN", "ja"]}"#)
    )
    .filter { $0.rule == "description-not-sentence" }
    try #require(
      found(diagnostics) == [
        "description-not-sentence @ $.intents[0].description.en",
        "description-not-sentence @ $.intents[0].description.de",
        "description-not-sentence @ $.intents[1].description",
      ])
    #expect(diagnostics[0].message.contains("does not start with a verb (\"A\")"))
    #expect(diagnostics[1].message.contains("capital letter") && diagnostics[1].message.contains("end with"))
  }

  @Test(arguments: [
    // (text, language, flagged)
    ("Creates a note.", "en", false),
    ("Add a note to the current folder.", "en", false),
    ("Summarize the selected text.", "en", false),
    ("Returns the weather!", "en", false),
    ("Re-opens the last note?", "en", false),
    ("Opens the app (in the foreground).", "en", false),
    ("Says \"Hello.\"", "en", false),
    ("Creates a note", "en", true),
    ("creates a note.", "en", true),
    ("A tool that creates notes.", "en", true),
    ("The note creator.", "en", true),
    ("This intent creates a note.", "en-US", true),
    ("Useful for creating notes.", "en", true),
    ("Erstellt eine Notiz.", "de", false),
    ("Die Notiz wird erstellt.", "de", false),
    ("erstellt eine Notiz.", "de", true),
    ("Erstellt eine Notiz", "de", true),
    ("创建一条笔记", "zh-CN", false),
    ("创建一条笔记。", "zh-CN", false),
    ("メモを作成", "ja", false),
  ])
  func sentenceHeuristic(text: String, language: String, flagged: Bool) {
    #expect(CatalogLinter.sentenceProblems(text, language: language).isEmpty == !flagged)
  }

  @Test func missingSearchKeywords() throws {
    let diagnostics = try lint(
      catalog([
        intent(["searchKeywords": "REMOVE"]),
        intent(id: "Empty", ["title": #""Write Memo""#, "searchKeywords": "[]"]),
        intent(id: "Hidden", ["title": #""Hidden Note""#, "searchKeywords": "REMOVE", "isDiscoverable": "false"]),
      ]))
    try #require(found(diagnostics) == ["missing-search-keywords @ $.intents[0]", "missing-search-keywords @ $.intents[1]"])
    #expect(diagnostics[0].hint?.contains(#""add", "note""#) == true)
  }

  @Test func intentWithoutPhrasesWhenMostHaveSome() throws {
    let phrases = #"["add [a] note ${title}"]"#
    let diagnostics = try lint(
      catalog([
        intent(["phrases": phrases]),
        intent(id: "EditNote", ["title": #""Edit Note""#, "phrases": #"["edit [the] note ${title}"]"#]),
        intent(id: "DeleteNote", ["title": #""Delete Note""#]),
        intent(id: "Hidden", ["title": #""Hidden Note""#, "isDiscoverable": "false"]),
      ]))
    try #require(found(diagnostics) == ["intent-without-phrases @ $.intents[2]"])
    #expect(diagnostics[0].severity == .warning)
    #expect(diagnostics[0].hint?.contains("\"Delete Note\"") == true)
    // When most intents have no phrases (a catalog that relies on titles), none is flagged.
    let few = try lint(
      catalog([
        intent(["phrases": phrases]), intent(id: "EditNote", ["title": #""Edit Note""#]),
        intent(id: "DeleteNote", ["title": #""Delete Note""#]),
      ]))
    #expect(!found(few).contains { $0.hasPrefix("intent-without-phrases") })
    // App Shortcut phrases count.
    let shortcut = try lint(
      catalog(
        [
          intent(["phrases": phrases]), intent(id: "EditNote", ["title": #""Edit Note""#, "phrases": phrases]),
          intent(id: "DeleteNote", ["title": #""Delete Note""#]),
        ],
        extra:
          #""appShortcuts": [{"intent": "DeleteNote", "phrases": ["Delete a note in ${applicationName}"], "shortTitle": "Delete", "systemImageName": "trash"}]"#
      ))
    #expect(!found(shortcut).contains { $0.hasPrefix("intent-without-phrases") })
  }

  @Test func parameterSummaryIncomplete() throws {
    let parameters = #"""
      [{"name": "title", "description": "The title.", "type": "string"},
       {"name": "folder", "description": "The folder.", "type": "string"},
       {"name": "body", "description": "The text.", "type": "string", "optional": true},
       {"name": "count", "description": "How many.", "type": "integer", "default": 1}]
      """#
    let diagnostics = try lint(
      catalog([
        intent(["parameterSummary": "REMOVE"]),
        intent(
          id: "Summary",
          [
            "title": #""Save Note""#, "parameters": parameters,
            "parameterSummary": #"{"en": "Save ${title} in ${folder}", "de": "${title} speichern", "fi": "Tallenna"}"#,
          ]),
        intent(id: "NoParameters", ["title": #""Open App""#, "parameterSummary": "REMOVE", "parameters": "[]"]),
        intent(id: "Hidden", ["title": #""Hidden Note""#, "parameterSummary": "REMOVE", "isDiscoverable": "false"]),
      ]))
    try #require(
      found(diagnostics) == [
        "parameter-summary-incomplete @ $.intents[0]",
        "parameter-summary-incomplete @ $.intents[1].parameterSummary.de",
        "parameter-summary-incomplete @ $.intents[1].parameterSummary.fi",
      ])
    #expect(diagnostics[0].hint?.contains("Add Note ${title}") == true)
    #expect(diagnostics[1].message.contains("${folder}") && !diagnostics[1].message.contains("${body}"))
    #expect(diagnostics[2].message.contains("${title}, ${folder}"))
  }

  @Test func parameterSummarySyntaxErrorsAreLeftToTheValidator() throws {
    let diagnostics = try lint(catalog([intent(["parameterSummary": #""Add ${title""#])]), allowErrors: true)
    try #require(found(diagnostics) == [])
  }

  @Test func destructiveWithoutConfirmation() throws {
    let diagnostics = try lint(
      catalog([
        intent(["effects": #"{"destructive": true}"#]),
        intent(id: "Confirmed", ["title": #""Remove Note""#, "effects": #"{"destructive": true}"#, "requiresConfirmation": "true"]),
        intent(id: "Safe", ["title": #""Read Note""#, "effects": #"{"destructive": false, "readOnly": true}"#]),
      ]))
    try #require(found(diagnostics) == ["destructive-without-confirmation @ $.intents[0].effects.destructive"])
  }

  @Test func enumCaseWithoutTitle() throws {
    let diagnostics = try lint(
      catalog(
        [intent()],
        extra: #""enums": [{"id": "Priority", "cases": [{"value": "low", "title": "Low"}, {"value": "veryHigh"}, {"value": "mid", "title": ""}]}]"#))
    try #require(found(diagnostics) == ["enum-case-without-title @ $.enums[0].cases[1]", "enum-case-without-title @ $.enums[0].cases[2]"])
    #expect(diagnostics[0].hint?.contains("\"Very high\"") == true)
  }

  @Test func duplicateSynonym() throws {
    let enums = #"""
      "enums": [{"id": "Color", "cases": [
        {"value": "red", "title": "Red", "synonyms": ["crimson", "rose"]},
        {"value": "scarlet", "title": "Scarlet", "synonyms": [" Crimson ", "ruby"]},
        {"value": "ruby", "title": "RUBY"},
        {"value": "red2", "title": "red"},
        {"value": "pink", "title": "Pink", "synonyms": {"de": ["Rose"]}},
        {"value": "maroon", "title": "Maroon", "synonyms": ["scarlet"]}]}],
      "entities": [{"id": "Light", "instances": [
        {"id": "a", "title": "Ceiling", "synonyms": ["kitchen light"]},
        {"id": "b", "title": "Lamp", "synonyms": ["Kitchen Light"]}]}]
      """#
    let diagnostics = try lint(catalog([intent()], extra: enums))
    try #require(
      found(diagnostics) == [
        "duplicate-synonym @ $.enums[0].cases[1].synonyms[0]",
        "duplicate-synonym @ $.enums[0].cases[2].title",
        "duplicate-synonym @ $.enums[0].cases[5].synonyms[0]",
        "duplicate-synonym @ $.entities[0].instances[1].synonyms[0]",
      ])
    #expect(diagnostics[0].message.contains("\"scarlet\"") && diagnostics[0].message.contains("\"red\""))
    #expect(diagnostics[1].message.contains("synonym of case \"scarlet\""))
    #expect(diagnostics[2].message.contains("the title of case \"scarlet\""))
  }

  @Test func nearDuplicateIntents() throws {
    let description = #""Creates a reminder with a title, a due date, a priority and an optional list.""#
    let diagnostics = try lint(
      catalog([
        intent(),
        intent(id: "AddNote2", ["title": #""add note ""#, "description": #""Appends a line of text to the current note.""#]),
        intent(id: "Reminder", ["title": #""Create Reminder""#, "description": description]),
        intent(id: "Unrelated", ["title": #""Play Music""#, "description": #""Plays the selected playlist in shuffle mode.""#]),
        intent(id: "Reminder2", ["title": #""Create Reminder Item""#, "description": description]),
        intent(id: "Hidden", ["title": #""Add Note""#, "isDiscoverable": "false"]),
        // Jaccard exactly 4/5 = 0.8: reported.
        intent(id: "SwitchA", ["title": #""Switch Light""#, "description": #""Switches the light off.""#]),
        intent(id: "SwitchB", ["title": #""Light Switch""#, "description": #""Switches the light.""#]),
        // Jaccard 6/8 = 0.75: not reported.
        intent(id: "DoorA", ["title": #""Close Door""#, "description": #""Closes the front garage door slowly.""#]),
        intent(id: "DoorB", ["title": #""Door Close""#, "description": #""Closes the front garage door quickly.""#]),
      ])
    ).filter { $0.rule == "near-duplicate-intents" }
    try #require(
      found(diagnostics) == [
        "near-duplicate-intents @ $.intents[1].title", "near-duplicate-intents @ $.intents[4].title", "near-duplicate-intents @ $.intents[7].title",
      ])
    #expect(diagnostics.last?.message.contains("80% similar") == true && diagnostics.last?.message.contains("\"SwitchA\"") == true)
    #expect(diagnostics[0].message.contains("same title") && diagnostics[0].message.contains("\"AddNote\""))
    #expect(diagnostics[1].message.contains("similar") && diagnostics[1].message.contains("\"Reminder\""))
  }

  @Test func nearDuplicatesAreReportedOncePerPair() throws {
    let diagnostics = try lint(
      catalog([
        intent(),
        intent(id: "Two", ["description": #""Adds a note.""#]),
        intent(id: "Three", ["description": #""Makes a note.""#]),
      ])
    ).filter { $0.rule == "near-duplicate-intents" }
    try #require(
      found(diagnostics) == [
        "near-duplicate-intents @ $.intents[1].title",
        "near-duplicate-intents @ $.intents[2].title",
        "near-duplicate-intents @ $.intents[2].title",
      ])
    #expect(diagnostics[1].message.contains("\"AddNote\"") && diagnostics[2].message.contains("\"Two\""))
  }

  @Test func nearDuplicateReportsAreCappedPerIntent() throws {
    let diagnostics = try lint(catalog((0..<7).map { intent(id: "I\($0)") })).filter { $0.rule == "near-duplicate-intents" }
    #expect(diagnostics.count == 1 + 2 + 3 + 4 + 5 + CatalogLinter.reportCap)
    let last = diagnostics.filter { $0.path == JSONPath.root / "intents" / 6 / "title" }
    #expect(last.map { $0.message.contains("intent \"I6\" has the same title") } == Array(repeating: true, count: CatalogLinter.reportCap))
    #expect(last.map { String($0.message.split(separator: "\"")[5]) } == ["I0", "I1", "I2", "I3", "I4"])
  }

  @Test func descriptionTooLong() throws {
    let long = "Creates " + String(repeating: "x", count: 2040) + "."
    let limit = "Creates " + String(repeating: "x", count: 2039) + "."
    #expect(long.count == 2049 && limit.count == 2048)
    let diagnostics = try lint(
      catalog([
        intent(["description": #"{"en": "Creates a note.", "de": "\#(long)"}"#]),
        intent(id: "AtLimit", ["title": #""Write Memo""#, "description": "\"\(limit)\""]),
      ])
    )
    .filter { $0.rule != "missing-translation" }
    try #require(found(diagnostics) == ["description-too-long @ $.intents[0].description.de"])
    #expect(diagnostics[0].message.contains("2049"))
  }

  @Test func unresolvedLocalizationKey() throws {
    let parameters = #"""
      [{"name": "title", "title": "Title", "description": "PARAM_TITLE_DESCRIPTION", "type": "string", "requestValueDialog": "ASK_TITLE"}]
      """#
    let diagnostics = try lint(
      catalog(
        [
          intent([
            "title": #""ADD_NOTE_TITLE""#, "description": #""ADD_NOTE_DESCRIPTION""#, "parameters": parameters,
            "returns": #"{"type": "string", "dialog": "NOTE"}"#,
          ])
        ],
        extra: #""enums": [{"id": "Color", "cases": [{"value": "red", "title": {"en": "Red", "de": "COLOR_RED"}}]}]"#))
    try #require(
      found(diagnostics) == [
        "unresolved-localization-key @ $.intents[0].title",
        "unresolved-localization-key @ $.intents[0].description",
        "unresolved-localization-key @ $.intents[0].parameters[0].description",
        "unresolved-localization-key @ $.intents[0].parameters[0].requestValueDialog",
        "unresolved-localization-key @ $.enums[0].cases[0].title.de",
      ])
    #expect(diagnostics[0].message.contains("ADD_NOTE_TITLE"))
  }

  @Test(arguments: [
    ("ADD_NOTE", true), ("A_1", true), ("INTENT_TITLE_2", true), ("X1_Y2_Z3", true),
    ("NOTE", false), ("_NOTE", false), ("NOTE_", false), ("NOTE__TITLE", false), ("Add_NOTE", false),
    ("1_NOTE", false), ("ADD NOTE", false), ("ADD-NOTE", false), ("", false),
  ])
  func localizationKeyPattern(text: String, isKey: Bool) {
    #expect(CatalogLinter.isLocalizationKey(text) == isKey)
  }

  @Test func missingTranslation() throws {
    let diagnostics = try lint(
      catalog(
        [
          intent(),  // plain title and description
          intent(
            id: "Partial",
            [
              "title": #"{"en": "Open Note", "de": "Notiz öffnen", "fi": "Avaa"}"#,
              "description": #"{"en": "Opens a note.", "de": "Öffnet eine Notiz."}"#,
            ]),
          intent(id: "Regional", ["title": #"{"en": "Show Note", "de": "Notiz zeigen", "fi-FI": "Näytä"}"#, "description": "REMOVE"]),
        ],
        app: #"{"defaultLanguage": "en", "languages": ["en", "de", "fi"]}"#)
    )
    .filter { $0.rule == "missing-translation" }
    try #require(
      found(diagnostics) == [
        "missing-translation @ $.intents[0].title",
        "missing-translation @ $.intents[0].description",
        "missing-translation @ $.intents[1].description",
      ])
    #expect(diagnostics[0].message.contains("de, fi"))
    #expect(diagnostics[2].message.contains("for fi ("))
  }

  @Test func plainStringsAreTranslatedWhenOnlyOneLanguageIsDeclared() throws {
    let single = try lint(catalog([intent()], app: #"{"defaultLanguage": "en", "languages": ["de"]}"#))
    #expect(found(single) == [])
    let map = try lint(catalog([intent(["title": #"{"en": "Add Note"}"#])], app: #"{"defaultLanguage": "en", "languages": ["de"]}"#))
    #expect(found(map) == ["missing-translation @ $.intents[0].title"])
  }

  // MARK: Order

  @Test func orderIsCatalogOrderThenRuleOrder() throws {
    let diagnostics = try lint(
      catalog(
        [
          intent([
            "description": "REMOVE", "searchKeywords": "REMOVE", "parameterSummary": "REMOVE", "effects": #"{"destructive": true}"#,
            "parameters": #"[{"name": "title", "type": "string"}]"#,
          ]),
          intent(id: "Second", ["title": #""Write Memo""#, "description": #""a memo""#]),
        ],
        extra: #""enums": [{"id": "E", "cases": [{"value": "a"}]}]"#))
    try #require(
      found(diagnostics) == [
        "missing-description @ $.intents[0]",
        "missing-search-keywords @ $.intents[0]",
        "parameter-summary-incomplete @ $.intents[0]",
        "destructive-without-confirmation @ $.intents[0].effects.destructive",
        "missing-parameter-description @ $.intents[0].parameters[0]",
        "description-not-sentence @ $.intents[1].description",
        "enum-case-without-title @ $.enums[0].cases[0]",
      ])
    let again = try lint(
      catalog(
        [
          intent([
            "description": "REMOVE", "searchKeywords": "REMOVE", "parameterSummary": "REMOVE", "effects": #"{"destructive": true}"#,
            "parameters": #"[{"name": "title", "type": "string"}]"#,
          ]), intent(id: "Second", ["title": #""Write Memo""#, "description": #""a memo""#]),
        ], extra: #""enums": [{"id": "E", "cases": [{"value": "a"}]}]"#))
    #expect(again.map(\.description) == diagnostics.map(\.description))
  }

  // MARK: Scale

  /// 3,000 intents sharing common words, with one planted near-duplicate pair.
  @Test func nearDuplicateSearchScalesTo3000Intents() throws {
    func word(_ n: Int, _ salt: Int) -> String {
      var n = n * 7 + salt
      var s = ""
      for _ in 0..<4 {
        s.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(n % 26))))
        n /= 26
      }
      return s + "x\(salt)"
    }
    var intents: [String] = []
    for i in 0..<3000 {
      let title = "Open \(word(i, 1)) Item"
      let description = "Opens the \(word(i, 2)) item in the \(word(i, 3)) view of the app, with \(word(i, 4)) options."
      intents.append(#"{"id": "Intent\#(i)", "title": "\#(title)", "description": "\#(description)", "searchKeywords": ["open"]}"#)
    }
    // Intent 2999 becomes a near-copy of intent 1234 (same description, one extra title word).
    intents[2999] =
      #"{"id": "Intent2999", "title": "Open \#(word(1234, 1)) Item Now", "description": "Opens the \#(word(1234, 2)) item in the \#(word(1234, 3)) view of the app, with \#(word(1234, 4)) options.", "searchKeywords": ["open"]}"#
    let result = CatalogLoader.load(bytes: Array(catalog(intents).utf8), file: "big.json")
    let big = try #require(result.validCatalog)
    let linter = CatalogLinter(catalog: big, file: "big.json")
    let diagnostics = linter.lint()
    let duplicates = diagnostics.filter { $0.rule == "near-duplicate-intents" }
    #expect(found(duplicates) == ["near-duplicate-intents @ $.intents[2999].title"])
    #expect(duplicates.first?.message.contains("\"Intent1234\"") == true)
    // Work counted, not timed: all pairs would be 4.5 million comparisons.
    var comparisons = 0
    _ = linter.findNearDuplicates(comparisons: &comparisons)
    #expect(comparisons <= 3000 * CatalogLinter.candidateCap)
    #expect(comparisons < 30_000, "\(comparisons) candidate pairs compared")
  }

  /// 3,000 copies of one intent in a catalog written on one line: before, every value's
  /// line:column was counted from the start of the line, and lint took 46 s for 1,000 copies.
  @Test func lintOfAOneLineCatalogOfNearIdenticalIntents() async throws {
    var intents: [String] = []
    for i in 0..<3000 {
      intents.append(
        #"{"id": "Copy\#(i)Intent", "title": "Add Note", "description": "Adds a note with a title and a priority.", "searchKeywords": ["note"]}"#)
    }
    let text = #"{"formatVersion": 1, "app": {"name": "Notes", "defaultLanguage": "en"}, "intents": [\#(intents.joined(separator: ", "))]}"#
    #expect(!text.contains("\n"))
    let result = await withinHangGuard { CatalogLoader.load(bytes: Array(text.utf8), file: "one-line.json", lint: true) }
    let diagnostics = try #require(result, "lint of a one-line catalog did not end within the guard").diagnostics
    let duplicates = diagnostics.filter { $0.rule == "near-duplicate-intents" }
    #expect(duplicates.count == 2999 * CatalogLinter.reportCap - 10, "the first five copies report fewer earlier ones")
    #expect(duplicates.allSatisfy { $0.location?.line == 1 && ($0.location?.column ?? 0) > 1 })
    let lastTitle = text.utf8.count - 2 - intents[2999].utf8.count + #"{"id": "Copy2999Intent", "title": "#.utf8.count
    #expect(duplicates.last?.location?.column == lastTitle + 1)
  }
}
