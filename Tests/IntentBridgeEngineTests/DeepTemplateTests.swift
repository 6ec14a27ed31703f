import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Phrase templates nest at most `PhraseTemplate.maximumNesting` deep; within that limit,
/// and through chains of phrase rules, loading, linting, ranking and filling never exhaust
/// a thread's stack. (A template nested ~5,700 deep crashed `rank` and `serve`.)
@Suite struct DeepTemplateTests {
  static func nested(_ inner: String, depth: Int) -> String {
    var text = inner
    for level in 0..<depth { text = level % 2 == 0 ? "(" + text + "|note)" : "[" + text + "]" }
    return text
  }

  /// An intent with a phrase nested to the limit and one reaching it through `rules` chained
  /// rules of `ruleDepth` groups each: `outer + rules × (1 + ruleDepth)` levels in all.
  static func catalog(outer: Int, rules: Int, ruleDepth: Int) -> String {
    let chain = (0..<rules).map { i in
      #""r\#(i)": "\#(nested(i == rules - 1 ? "note" : "<r\(i + 1)>", depth: ruleDepth))""#
    }
    return """
      {"formatVersion": 1, "app": {"name": "Notes", "defaultLanguage": "en"},
       "phraseRules": {\(chain.joined(separator: ", "))},
       "intents": [
         {"id": "AddNote", "title": "Add Note", "parameters": [{"name": "title", "type": "string"}],
          "phrases": ["add a \(nested("<r0>", depth: outer)) called ${title}", "add \(nested("a note", depth: PhraseTemplate.maximumNesting))"]},
         {"id": "DeleteNote", "title": "Delete Note", "phrases": ["delete the note"]}]}
      """
  }

  @Test func deeperThanTheLimitIsASyntaxErrorNotACrash() throws {
    let deep = String(repeating: "(", count: 6000) + "note" + String(repeating: ")", count: 6000)
    #expect(throws: TemplateSyntaxError.self) { try PhraseTemplate.parse(deep) }
    #expect(throws: TemplateSyntaxError.self) {
      try PhraseTemplate.parse(String(repeating: "[", count: 4000) + "a" + String(repeating: "]", count: 4000))
    }
    do {
      _ = try PhraseTemplate.parse(Self.nested("note", depth: PhraseTemplate.maximumNesting + 1))
      Issue.record("one level beyond the limit parsed")
    } catch {
      #expect(error.description.contains("deeper than \(PhraseTemplate.maximumNesting) levels"), "\(error)")
    }
    #expect(throws: Never.self) { try PhraseTemplate.parse(Self.nested("note", depth: PhraseTemplate.maximumNesting)) }
  }

  @Test func rulesCountTowardsTheNesting() {
    let result = CatalogLoader.load(bytes: Array(Self.catalog(outer: 12, rules: 3, ruleDepth: 6).utf8), file: "deep.json")
    let errors = result.diagnostics.errors
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.rule == "template-syntax")
    #expect(errors.first?.message.contains("nests 33 levels deep") == true, "\(errors)")
    #expect(errors.first?.message.contains("<r0> → <r1> → <r2>") == true, "\(errors)")
    #expect(errors.first?.path?.description == "$.intents[0].phrases[0]")
    // Fifteen rules of 32 levels each, chained: before, loading ran 500 levels of recursion.
    let chain = CatalogLoader.load(bytes: Array(Self.catalog(outer: 1, rules: 15, ruleDepth: 32).utf8), file: "deep.json")
    #expect(chain.validCatalog == nil)
  }

  /// Everything a catalog goes through, on a thread with a 1 MiB stack, an eighth of the
  /// 8 MiB that threads get by default on Linux (a debug build's recursive walks take about
  /// 8 KiB per nesting level).
  @Test func theDeepestAllowedTemplatesLoadLintRankAndFillOnASmallStack() async throws {
    let outcome = await withinHangGuard(stackSize: 1 << 20) { () -> (intent: String?, errors: Int) in
      let result = CatalogLoader.load(bytes: Array(Self.catalog(outer: 11, rules: 3, ruleDepth: 6).utf8), file: "deep.json", lint: true)
      var intent: String?
      if let catalog = result.validCatalog {
        let engine = IntentEngine(catalog: catalog)
        intent = engine.resolve("add a note called milk").intentID
      }
      return (intent, result.diagnostics.errors.count)
    }
    let (intent, errors) = try #require(outcome)
    #expect(errors == 0)
    #expect(intent == "AddNote")
  }
}
