import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeTemplates
@testable import IntentBridgeText

/// `IntentTemplates` written to its binary form and read back behaves exactly like the
/// compiled value: the same bytes again, the same internal tables, and bit-identical results
/// of every public matching call for requests with typos and values; truncated or altered
/// bytes throw, or give a value that matches requests without trapping.
@Suite struct IntentTemplatesBinaryTests {
  /// A catalog to round-trip, with its requests.
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var path: String?
    var json: String?
    var requests: [String]
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "smart-home.de", path: "Examples/smart-home/smart-home.de.json",
      requests: [
        "schalte die Deckenlampe ein", "mach die Kaffeemaschine an", "Fernseher an", "schatle die Deckenlampe ein",
        "die schalte Deckenlampe ein", "dimme das Licht im Wohnzimmer auf 40 Prozent", "stelle die Heizung auf 21,5 Grad",
        "mach das Licht in der Küche rot", "mach das Licht in der Kueche blau", "schließe die Haustür ab", "öffne das Garagentor",
        "stelle einen Timer für 10 Minuten", "spiele Jazz im Wohnzimmer", "lauter im Schlafzimmer", "Lautstärke auf 30",
        "aktiviere die Szene Kinoabend", "setze Milch auf die Einkaufsliste", "Alarmanlage scharf schalten", "wie ist das Wetter morgen",
        "äh bitte schalte bitte das Licht im Wohnzimmer aus danke", "",
      ]),
    Case(
      name: "smart-home.en", path: "Examples/smart-home/smart-home.en.json",
      requests: [
        "turn on the ceiling lamp", "switch on the coffee maker", "tv on", "trun on the ceilign lamp", "on turn the ceiling lamp",
        "dim the living room lights to 40 percent", "set the thermostat to 21.5 degrees", "make the kitchen light red",
        "make the kitchen ligt blu", "lock the front door", "open the garage door", "set a timer for ten minutes",
        "set a timer for 1 hour and 20 minutes", "play some jazz in the living room", "louder in the bedroom", "volume 30",
        "activate movie night", "add milk to the shopping list", "arm the alarm in away mode", "what's the weather tomorrow",
        "um please turn off the lights in the living room thanks",
      ]),
    Case(
      name: "smart-home.sk", path: "Examples/smart-home/smart-home.sk.json",
      requests: [
        "zapni svetlo v obývačke", "zapni svetlo v obývačka", "vypni televízor", "zapni kávovar", "nastav termostat na 22 stupňov",
        "zamkni vchodové dvere", "otvor garáž", "nastav časovač na 5 minút", "pusti jazz v spálni", "pridaj mlieko do nákupného zoznamu",
        "zapin svetlo v kuchyni", "stlm svetlo v obývačke na 30 percent",
      ]),
    Case(
      name: "smart-home.fi", path: "Examples/smart-home/smart-home.fi.json",
      requests: [
        "sytytä olohuoneen valot", "sammuta keittiön valo", "laita kahvinkeitin päälle", "aseta termostaatti 21 asteeseen",
        "lukitse etuovi", "aseta ajastin 10 minuutiksi", "soita jazzia olohuoneessa", "lisää maito ostoslistalle", "sytyta olohuoneen valot",
      ]),
    Case(
      name: "smart-home.zh-CN", path: "Examples/smart-home/smart-home.zh-CN.json",
      requests: [
        "打开客厅的灯", "关掉厨房灯", "把空调调到二十五度", "设置一个十分钟的计时器", "锁上前门", "播放爵士乐", "把牛奶加到购物清单",
        "那个 打开 灯 谢谢",
      ]),
    Case(
      name: "notes.en", path: "Examples/notes/notes.en.json",
      requests: [
        "add a note called dentist appointment", "jot down buy new running shoes", "create an urgent note renew passport",
        "add a hihg priority note call mom", "delete the note groceries", "search my notes for tax", "show the last 5 notes",
        "pin the note groceries", "move groceries to the work folder", "email the note groceries to bob@example.com",
        "export groceries as pdf", "remind me about groceries in 2 hours", "take a note in Notes", "new Notes app note",
        "share the note with alice", "show notes in the wrok folder", "what is the capital of france", "note",
      ]),
    Case(
      name: "notes.sk", path: "Examples/notes/notes.sk.json",
      requests: [
        "pridaj poznámku nákup", "vymaž poznámku nákup", "hľadaj v poznámkach daň", "zobraz posledných 5 poznámok", "pripni poznámku nákup",
      ]),
    Case(
      name: "inline.en", json: inlineCatalog,
      requests: [
        "turn the volume up", "turn the sound down in the kitchen", "louder", "quieter in the living room", "turn the volume 20",
        "turn the volume -30", "turn the volume 500", "set the light to 2700 kelvin", "set the light to warm white",
        "set the light to daylight", "set the light to 21", "make it crimson", "make it blu", "set the kitchen light to red",
        "set the living room light to blue", "note buy milk", "remember to call the plumber", "take a note in Player",
        "take a note in the player app", "the the the", "up the sound",
      ]),
  ]

  static let inlineCatalog = """
    {"formatVersion": 1, "app": {"name": "Player", "alternativeNames": ["player app"], "defaultLanguage": "en"},
     "phraseRules": {"vol": "(volume|sound)", "the": "[the]"},
     "skipWords": ["please"],
     "intents": [
      {"id": "SetVolume", "title": "Set volume", "parameters": [
         {"name": "step", "type": "json", "jsonSchema": {"anyOf": [{"type": "string", "enum": ["up", "down"]},
           {"type": "integer", "minimum": -100, "maximum": 100}]}},
         {"name": "area", "type": {"entity": "area"}, "optional": true}],
       "phrases": ["turn <the> <vol> ${step} [in <the> ${area}]", "${step} <the> <vol>"]},
      {"id": "SetTemperature", "title": "Set temperature", "parameters": [
         {"name": "kelvin", "type": "integer", "minimum": 1000, "maximum": 10000,
          "valueSynonyms": [{"value": 2700, "synonyms": ["warm[ ]white"]}, {"value": 6500, "synonyms": ["daylight"]}]},
         {"name": "color", "type": {"enum": "color"}}, {"name": "area", "type": {"entity": "area"}}],
       "phrases": ["set the light to ${kelvin} [kelvin]", "make it ${color}", "set the kitchen light to red", "set the ${area} light to ${color}"]},
      {"id": "Note", "title": "Note", "parameters": [{"name": "text", "type": "string"}], "phrases": ["note ${text}", "remember to ${text}"]}],
     "enums": [{"id": "color", "title": "Colour", "cases": [{"value": "red", "title": "Red", "synonyms": ["crimson"]}, {"value": "blue"}]}],
     "entities": [{"id": "area", "title": "Area", "instances": [{"id": "kitchen", "title": "Kitchen", "synonyms": ["cooking area"]},
       {"id": "living", "title": "Living Room"}]}],
     "appShortcuts": [{"intent": "Note", "phrases": ["take a note in ${applicationName}"]}]}
    """

  struct Compiled {
    var catalog: Catalog
    var language: String
    var analyzer: TextAnalyzer
    var templates: IntentTemplates
  }

  /// Compiles as `CompiledCatalog` does (the catalog's skip words, its default language).
  static func compile(_ c: Case) throws -> Compiled {
    let result =
      c.path.map { CatalogLoader.load(path: $0.hasPrefix("/") ? $0 : Repository.path($0)) } ?? CatalogLoader.load(bytes: Array((c.json ?? "").utf8))
    let catalog = try #require(result.validCatalog, "\(result.diagnostics.errors)")
    let language = catalog.defaultLanguage
    let rules = PhraseRules(catalog: catalog, language: language)
    let skipWords = catalog.skipWords.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
      .flatMap { $0.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64) }
    let analyzer = TextAnalyzer(language: language, skipWords: skipWords)
    return Compiled(
      catalog: catalog, language: language, analyzer: analyzer,
      templates: IntentTemplates(catalog: catalog, language: language, analyzer: analyzer, rules: rules))
  }

  static func decode(_ bytes: [UInt8], analyzer: TextAnalyzer) throws(BinaryReader.Failure) -> IntentTemplates {
    try BinaryRoundTrip.read(bytes) { reader throws(BinaryReader.Failure) in try IntentTemplates(from: &reader, analyzer: analyzer) }
  }

  static func bits(_ value: Float) -> String { String(value.bitPattern, radix: 16) }

  /// The internal state, as lines: vocabulary, lexicons, costs, ranges, tables, and per
  /// template its tree, summary, flat program, shared prefixes and bound.
  static func state(_ t: IntentTemplates, _ compiled: Compiled) -> [String] {
    var out: [String] = []
    let m = t.matcher
    out.append("vocabulary \(m.vocabulary.terms) \(m.vocabulary.isStop) \(m.vocabulary.terms.map { m.vocabulary.id(of: $0) ?? -1 })")
    out.append("stop table \((0..<m.stopWords.count).map { m.stopWords.base[$0] })")
    out.append("costs \(m.costs) ranges \(m.numberRanges)")
    out.append("first terms \(m.firstTermLexicons.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
    out.append("first-term typos \(m.firstTermTypos.terms) \(m.firstTermTypos.keys) \(m.firstTermTypos.ids)")
    out.append("fuzzy \(m.fuzzy.terms) \(m.fuzzy.keys) \(m.fuzzy.ids)")
    for (l, lexicon) in m.lexicons.enumerated() {
      out.append("lexicon \(l) \(lexicon.label) \(lexicon.ownNamesFirst) \(lexicon.values)")
      out.append("  by first \(lexicon.byFirstTerm.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
      out.append("  fuzzy \(lexicon.fuzzy.terms) \(lexicon.fuzzy.keys) \(lexicon.fuzzy.ids)")
    }
    out.append("isEmpty \(t.isEmpty) types \(t.typeLexicons.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
    out.append("parameter lexicons \(t.parameterLexicons.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } })")
    let directions = t.parameterDirections.map { parameters in
      parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.sorted { $0.key.rawValue < $1.key.rawValue })" }
    }
    out.append("directions \(directions)")
    out.append("compound parts \(t.compoundParts.sorted())")
    for (i, signature) in t.signatureBits.enumerated() {
      let described = signature.map { describe($0, vocabulary: m.vocabulary.count) } ?? "none"
      out.append("intent \(i) signature \(described) free text \(t.hasFreeText(intent: i))")
      for template in t.templates[i] {
        out.append("  template \(template.source) root \(template.root)")
        out.append(
          "    \(template.minimumTerms) \(template.minimumWords) \(template.words) \(template.lexicons) \(template.hasNumberSlot) "
            + "\(template.freeTextSlots) \(template.requiredWords) \(template.requiredSlots)")
        let f = template.flat
        out.append(
          "    flat \(f.nodes.map { "\($0.kind)/\($0.value)/\($0.childStart)/\($0.childCount)/\($0.range)" }) \(f.children) \(f.root) "
            + "\(f.steps) \(f.prefixKeys) \(f.prefixSlots) \(f.slotCount) \(f.prefixGroup)")
        out.append("    bound \(template.bound.map { describe($0, vocabulary: m.vocabulary.count) } ?? "none")")
      }
    }
    // The public lookups by type and parameter.
    for type in compiled.catalog.enums.map({ ValueType.enumeration($0.id) }) + compiled.catalog.entities.map({ ValueType.entity($0.id) }) {
      out.append("lexicon for \(type): \(t.lexicon(for: type).map(String.init) ?? "none")")
    }
    for (i, intent) in compiled.catalog.intents.enumerated() {
      for parameter in intent.parameters {
        out.append(
          "intent \(i) \(parameter.name): \(t.valueLexicon(intent: i, parameter: parameter.name).map(String.init) ?? "none") "
            + "\(t.directionValues(intent: i, parameter: parameter.name)?.sorted { $0.key.rawValue < $1.key.rawValue } ?? [])")
      }
    }
    return out
  }

  static func describe(_ bits: SignatureBits, vocabulary: Int) -> String {
    let s = bits.signature
    let members = (0..<Int32(vocabulary)).filter { bits.words.contains($0) }
    return "\(s.words) \(s.requiredWords) \(s.requiredSlots) \(s.minimumWords) \(s.lexicons) \(s.hasNumberSlot) \(s.freeTextSlots) bits \(members)"
  }

  /// Every public result of matching `requests`, as lines (floats as bit patterns).
  static func results(_ t: IntentTemplates, _ requests: [String], language: String, perTemplate: Bool = true) -> [String] {
    var out: [String] = []
    let intents = Array(t.templates.indices)
    for request in requests {
      out.append("request \(request)")
      let prepared = t.prepare(request)
      out.append("  n \(prepared.count) complete \(prepared.isComplete) input \(prepared.input.tokens.map(\.term))")
      let spans = prepared.spansByEnd.map { $0.map { $0.map { "\($0.start)-\($0.end):\($0.valueIndex):\(bits($0.cost)):\($0.asWritten)" } } }
      out.append("  spans \(spans)")
      let analyzed = t.analyze(request, language: language)
      out.append("  analyzed \(analyzed.tokens.map(\.term)) \(analyzed.prepared.count) foreign \(analyzed.foreignLanguage ?? "-")")
      out.append("  scores \(t.scores(prepared, candidates: intents).map(bits))")
      out.append("  scores by text \(t.scores(request, candidates: [], extra: 3).map(bits))")
      out.append("  matched \(t.matchedIntents(prepared, candidates: [0], extra: 2).map { "\($0.index):\(bits($0.optimistic))" })")
      var arena = TemplateArena()
      for i in intents {
        let best = t.bestQuality(intent: i, prepared, arena: &arena).map(bits) ?? "nil"
        let above = t.bestQuality(intent: i, prepared, above: 0.6, templatesPerIntent: 3, arena: &arena).map(bits) ?? "nil"
        var line = "  intent \(i) best \(best) above \(above)"
        if let (alignment, input) = t.align(prepared, intent: i) {
          line += " align \(bits(alignment.quality)) \(alignment.template) \(bits(alignment.freeTextCost)) \(bits(alignment.scale)) "
          line += "\(alignment.captures.map { "\($0.name)=\($0.kind)@\($0.tokens)/\($0.span)" }) \(input.count)"
        }
        if let known = t.align(prepared, intent: i, knownQuality: 0.9) {
          line += " known \(bits(known.alignment.quality)) \(known.alignment.template)"
        }
        out.append(line)
        if perTemplate {
          let ties = t.matcher.bestTemplates(t.templates[i], prepared)
          out.append("    ties \(ties.indices) \(bits(ties.quality))")
          for template in t.templates[i] {
            out.append("    \(bits(t.matcher.lowerBound(template, prepared))) \(bits(t.matcher.quality(template, prepared)))")
          }
        }
      }
      out.append("  delexicalized \(t.delexicalize(request)) | \(t.delexicalize(prepared))")
      for l in t.matcher.lexicons.indices {
        let byText = t.valueSpans(request, lexicon: l).map { "\($0.id)@\($0.span):\(bits($0.cost))" }
        let byPrepared = t.valueSpans(prepared, lexicon: l).map { "\($0.id)@\($0.span):\(bits($0.cost))" }
        out.append("  lexicon \(l) \(byText) \(byPrepared) \(t.matcher.lexicons[l].spans(in: prepared.input).count)")
      }
    }
    return out
  }

  static func expectSame(_ a: [String], _ b: [String], _ what: String) {
    #expect(a.count == b.count, "\(what): \(a.count) lines, \(b.count) after decoding")
    if let k = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
      Issue.record("\(what) differs at line \(k):\n  compiled: \(a[k])\n  decoded:  \(b[k])")
    }
  }

  @Test(arguments: cases)
  func decodedTemplatesMatchExactlyLikeCompiledOnes(_ c: Case) throws {
    let compiled = try Self.compile(c)
    let bytes = BinaryRoundTrip.bytes { compiled.templates.encode(to: &$0) }
    let decoded = try Self.decode(bytes, analyzer: compiled.analyzer)
    // (Compared first: an expectation on the arrays themselves would print every byte.)
    let reencoded = BinaryRoundTrip.bytes { decoded.encode(to: &$0) } == bytes
    let deterministic = BinaryRoundTrip.bytes { compiled.templates.encode(to: &$0) } == bytes
    #expect(reencoded, "re-encoding the decoded templates gives other bytes")
    #expect(deterministic, "encoding is not deterministic")
    #expect(!compiled.templates.isEmpty && compiled.templates.templates.count == compiled.catalog.intents.count)
    if c.json != nil {
      // The inline catalog has what the examples lack: direction strings and number ranges.
      #expect(decoded.directionValues(intent: 0, parameter: "step") == [.increase: "\"up\"", .decrease: "\"down\""])
      #expect(decoded.matcher.numberRanges == [1000...10000])
    }
    Self.expectSame(Self.state(compiled.templates, compiled), Self.state(decoded, compiled), "\(c.name) state")
    Self.expectSame(
      Self.results(compiled.templates, c.requests, language: compiled.language), Self.results(decoded, c.requests, language: compiled.language),
      "\(c.name) results")
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))))
  func homeAssistantGermanRoundTrips() throws {
    let c = Case(
      name: "ha.de", path: DevData.path("ha/catalog/templates/de.json"),
      requests: [
        "schalte das Licht im Wohnzimmer ein", "mach die Küchenlampe aus", "stelle die Helligkeit im Büro auf 50 Prozent",
        "Rollladen im Schlafzimmer auf 30 Prozent", "öffne die Garage", "wie warm ist es im Wohnzimmer", "Lautstärke lauter",
        "mach leiser", "stell den Timer auf 5 Minuten", "schalte das Lciht in der Kueche aus", "setze Milch auf die Einkaufsliste",
        "wie spät ist es", "Licht auf warmweiß", "Licht im Flur auf maximal", "schließe alle Fenster im Erdgeschoss",
      ])
    let compiled = try Self.compile(c)
    let bytes = BinaryRoundTrip.bytes { compiled.templates.encode(to: &$0) }
    let decoded = try Self.decode(bytes, analyzer: compiled.analyzer)
    let reencoded = BinaryRoundTrip.bytes { decoded.encode(to: &$0) } == bytes
    #expect(reencoded, "re-encoding the decoded templates gives other bytes")
    Self.expectSame(Self.state(compiled.templates, compiled), Self.state(decoded, compiled), "ha.de state")
    Self.expectSame(
      Self.results(compiled.templates, c.requests, language: compiled.language, perTemplate: false),
      Self.results(decoded, c.requests, language: compiled.language, perTemplate: false), "ha.de results")
  }

  /// Every truncation throws (every 7th length, or about 300 evenly spread for larger
  /// catalogs, and each of the last 64).
  @Test(arguments: [cases[1], cases[5], cases[7]])
  func truncatedBytesThrow(_ c: Case) throws {
    let compiled = try Self.compile(c)
    let bytes = BinaryRoundTrip.bytes { compiled.templates.encode(to: &$0) }
    let step = max(7, bytes.count / 300 | 1)
    let lengths = Set(stride(from: 0, to: bytes.count, by: step)).union(max(0, bytes.count - 64)..<bytes.count)
    for length in lengths.sorted() {
      #expect(throws: BinaryReader.Failure.self, "truncated to \(length) of \(bytes.count) bytes") {
        var reader = BinaryReader(store: ByteStore(copying: bytes), from: 0, end: length)
        _ = try IntentTemplates(from: &reader, analyzer: compiled.analyzer)
      }
    }
  }

  /// A changed byte either throws or gives templates that match the requests without
  /// trapping (a trap would end the test process).
  @Test(arguments: [cases[1], cases[5], cases[7]])
  func alteredBytesThrowOrMatchSafely(_ c: Case) throws {
    let compiled = try Self.compile(c)
    let bytes = BinaryRoundTrip.bytes { compiled.templates.encode(to: &$0) }
    let requests = Array(c.requests.prefix(6))
    var generator = SeededGenerator(seed: 7)
    var refused = 0
    var read = 0
    let step = max(1, bytes.count / 150)
    for position in stride(from: 0, to: bytes.count, by: step) {
      for change: UInt8 in [0xFF, UInt8.random(in: 1...255, using: &generator)] {
        var altered = bytes
        altered[position] ^= change
        do {
          let templates = try Self.decode(altered, analyzer: compiled.analyzer)
          read += 1
          _ = Self.results(templates, requests, language: compiled.language, perTemplate: false)
        } catch {
          refused += 1
        }
      }
    }
    #expect(refused > 0 && read + refused > 0)
  }
}
