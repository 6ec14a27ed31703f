import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Every catalog shipped in Examples/ loads without errors.
@Suite struct ExampleCatalogTests {
  static let catalogs: [String] =
    Repository.files(in: "Examples/notes", suffix: ".json") + Repository.files(in: "Examples/smart-home", suffix: ".json")

  @Test func findsTheShippedCatalogs() {
    #expect(Self.catalogs.count >= 8, "3 notes catalogs + 5 smart-home catalogs")
  }

  @Test(arguments: catalogs)
  func loadsWithoutErrors(_ path: String) {
    let result = CatalogLoader.load(path: path)
    #expect(result.diagnostics.errors.isEmpty, "\(result.diagnostics.errors.map(\.description).joined(separator: "\n"))")
    #expect((result.catalog?.intents.count ?? 0) > 0)
  }

  /// The one-language smart-home catalogs (`smart-home.<lang>.json`), in file order.
  static let smartHomeLanguages = ["de", "en", "fi", "sk", "zh-CN"]
  static func smartHome(_ language: String) -> Catalog? {
    CatalogLoader.load(path: Repository.path("Examples/smart-home/smart-home.\(language).json")).validCatalog
  }

  @Test func smartHomeCatalogsAreParallel() throws {
    let catalogs = Self.smartHomeLanguages.compactMap(Self.smartHome)
    #expect(catalogs.count == 5)
    let shapes = catalogs.map { catalog in
      catalog.intents.map { intent in intent.id + ":" + intent.parameters.map(\.name).joined(separator: ",") }.joined(separator: ";")
        + "|" + catalog.entities.map { $0.id + ":" + $0.instances.map(\.id).joined(separator: ",") }.joined(separator: ";")
    }
    #expect(Set(shapes).count == 1, "same intents, parameters and instances in every language")
    #expect(Set(catalogs.map(\.defaultLanguage)) == ["en", "de", "fi", "sk", "zh-CN"])
  }

  /// `smart-home.json` is the five merged (`Scripts/merge_languages.py`): the same intents,
  /// parameters and instances, every language declared, and each language's texts those of
  /// its own catalog.
  @Test func mergedSmartHomeCatalogHoldsEachLanguage() throws {
    let merged = try #require(CatalogLoader.load(path: Repository.path("Examples/smart-home/smart-home.json")).validCatalog)
    #expect(merged.languages == ["en", "de", "fi", "sk", "zh-CN"])
    for language in Self.smartHomeLanguages {
      let single = try #require(Self.smartHome(language))
      #expect(merged.intents.map(\.id) == single.intents.map(\.id))
      for (a, b) in zip(merged.intents, single.intents) {
        #expect(a.title.resolved(for: language) == b.title.resolved(for: language), "\(language) \(a.id)")
        #expect(a.phrases.resolved(for: language) == b.phrases.resolved(for: language), "\(language) \(a.id)")
        #expect(a.parameters.map(\.name) == b.parameters.map(\.name))
      }
      #expect(merged.entities.map { $0.instances.map(\.id) } == single.entities.map { $0.instances.map(\.id) })
    }
  }

  @Test func notesCatalogsAreParallel() throws {
    let paths = Repository.files(in: "Examples/notes", suffix: ".json")
    let catalogs = paths.compactMap { CatalogLoader.load(path: $0).validCatalog }
    #expect(catalogs.count == 3)
    let shapes = catalogs.map { catalog in
      catalog.intents.map { intent in intent.id + ":" + intent.parameters.map(\.name).joined(separator: ",") }
    }
    #expect(Set(shapes.map { $0.joined(separator: ";") }).count == 1, "same intents and parameters in every language")
    #expect(Set(catalogs.map(\.defaultLanguage)) == ["en", "fi", "sk"])
  }

  @Test func notesCatalogsLintWithoutErrors() {
    for path in Repository.files(in: "Examples/notes", suffix: ".json") {
      guard let catalog = CatalogLoader.load(path: path).validCatalog else {
        Issue.record("\(path) did not load")
        continue
      }
      let warnings = CatalogLinter(catalog: catalog, file: path).lint()
      #expect(warnings.allSatisfy { $0.severity == .warning })
    }
  }
}

@Suite struct PhraseTemplateTests {
  @Test func parsesTheGrammar() throws {
    let t = try PhraseTemplate.parse("(add|create) [a] note[s] <called> ${title} in ${applicationName} \\(x\\)")
    #expect(t.slots == ["title"])
    #expect(t.rules == ["called"])
    #expect(t.applicationNameCount == 1)
  }

  @Test func topLevelAlternatives() throws {
    let t = try PhraseTemplate.parse("on|off")
    guard case .alternatives(let options) = t.root else {
      Issue.record("expected alternatives")
      return
    }
    #expect(options.count == 2)
  }

  @Test(arguments: [
    ("(a|b", "unclosed '('"), ("a]", "unexpected ']'"), ("[]", "empty optional"), ("()", "empty group"), ("${}", "empty slot"),
    ("$x", "'$' must start"), ("<>", "empty rule"), ("<a b>", "rule name contains"), ("a {b}", "braces"), ("x\\", "lone '\\'"),
    ("   ", "empty"), ("${a b}", "slot name contains"),
  ])
  func rejects(_ source: String, _ fragment: String) {
    do {
      _ = try PhraseTemplate.parse(source)
      Issue.record("expected a syntax error for \(source)")
    } catch {
      #expect(error.message.contains(fragment), "\(error)")
    }
  }

  /// The keyword vocabulary holds whole words: a group written inside a word is joined to
  /// the rest of that word in every reading, never indexed as a fragment of its own.
  @Test func vocabularyJoinsGroupsInsideWords() throws {
    let close = try PhraseTemplate.parse("<close> [die] Tür[(e|en)] ${area}s")
    let rules = ["close": try PhraseTemplate.parse("schlie(ß|ss)[e]")]
    let words = close.vocabulary(rules: { rules[$0] })
    #expect(words == ["schließ", "schliess", "schließe", "schliesse", "die", "Tür", "Türe", "Türen", "s"])
    #expect(!words.contains("ss") && !words.contains("e") && !words.contains("en"))
    // Words without groups, alternatives of whole words and rules that are whole words are
    // as written, in order of first appearance.
    let plain = try PhraseTemplate.parse("(turn|switch) on [the] <lights> in ${area}")
    #expect(
      plain.vocabulary(rules: { $0 == "lights" ? try? PhraseTemplate.parse("(light|lights|lamp)") : nil })
        == ["turn", "switch", "on", "the", "light", "lights", "lamp", "in"])
  }

  /// A word with more forms than the limit is cut where it grows past it, so its vocabulary
  /// stays bounded.
  @Test func vocabularyBoundsTheFormsOfOneWord() throws {
    let group = "(a|b|c|d|e|f|g|h|i)"
    let t = try PhraseTemplate.parse("x" + String(repeating: group, count: 3) + " y")
    let words = t.vocabulary(rules: { _ in nil })
    #expect(words.contains("y"))
    #expect(words.count <= 9 * 9 + 9 + 1)
    #expect(words.contains("xaa") && !words.contains("xaaa"))
  }
}

@Suite struct LocalizedTextTests {
  @Test func fallsBackToDefaultLanguage() {
    let text = LocalizedText(["en": "Add Note", "fi": "Lisää muistiinpano", "zh-CN": "添加笔记"], defaultLanguage: "en")
    #expect(text.resolved(for: "fi") == "Lisää muistiinpano")
    #expect(text.resolved(for: "sk") == "Add Note")
    #expect(text.resolved(for: "zh") == "添加笔记")
    #expect(text.resolved(for: "FI") == "Lisää muistiinpano")
    #expect(text.resolved() == "Add Note")
  }

  @Test func derivesToolNames() {
    #expect(ToolName.derive(fromIdentifier: "AddNoteIntent") == "add_note_intent")
    #expect(ToolName.derive(fromIdentifier: "HassTurnOn") == "hass_turn_on")
    #expect(ToolName.derive(fromIdentifier: "mail.sendDraft") == "mail_send_draft")
    #expect(ToolName.derive(fromIdentifier: "URLOpener") == "url_opener")
    #expect(ToolName.derive(fromIdentifier: "HassGetState.state") == "hass_get_state_state")
    #expect(ToolName.derive(fromIdentifier: "日本") == "tool")
    #expect(ToolName.derive(fromIdentifier: String(repeating: "a", count: 100)).count == 64)
    #expect(ToolName.isValid("add_note-2"))
    #expect(!ToolName.isValid("add.note"))
  }
}
