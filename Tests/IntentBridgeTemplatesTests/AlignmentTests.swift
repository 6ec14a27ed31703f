import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeFilling
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeTestSupport
import IntentBridgeText
import Testing

@testable import IntentBridgeTemplates

/// How a template alignment reads a request into slots: exchanged words, conversational
/// fillers, `json` parameters, and which of several equally good readings wins.
@Suite struct AlignmentTests {
  static let timers = #"""
    {"formatVersion": 1, "intents": [
      {"id": "CancelTimer", "title": "Cancel timer",
       "phrases": ["cancel [the] timer for ${minutes} minutes", "cancel [the] ${name} timer", "cancel [the] timer"],
       "parameters": [{"name": "minutes", "type": "integer", "optional": true}, {"name": "name", "type": "string", "optional": true}]},
      {"id": "Volume", "title": "Change volume",
       "phrases": ["turn [the] volume up by ${step} percent", "turn [the] volume ${step}", "volume ${step}"],
       "parameters": [{"name": "step", "type": "json", "jsonSchema": {"anyOf": [
         {"type": "string", "enum": ["up", "down"]}, {"type": "integer", "minimum": -100, "maximum": 100}]}}]}
    ]}
    """#

  static func engine(_ json: String) throws -> IntentEngine {
    let catalog = try #require(CatalogLoader.load(bytes: Array(json.utf8)).validCatalog)
    return IntentEngine(catalog: catalog)
  }

  static func arguments(_ engine: IntentEngine, _ request: String, intent: String) -> [String: String] {
    let resolution = engine.resolve(request, intent: intent)
    var out: [String: String] = [:]
    for (name, value) in resolution.arguments { out[name] = value.compactText }
    return out
  }

  @Test func exchangedNeighbourWordsAreReadInTemplateOrder() throws {
    let engine = try Self.engine(Self.timers)
    // As written, "for timer 5" would be the timer's name; read as "timer for 5 minutes".
    #expect(Self.arguments(engine, "cancel for timer 5 minutes", intent: "CancelTimer") == ["minutes": "5"])
    #expect(Self.arguments(engine, "cancel 5 timer for minutes", intent: "CancelTimer") == ["minutes": "5"])
    // A request that matches as written is read as written.
    #expect(Self.arguments(engine, "cancel the timer for 5 minutes", intent: "CancelTimer") == ["minutes": "5"])
  }

  @Test func anExchangeCostsQualityAndKeepsTheOriginalSpans() throws {
    let engine = try Self.engine(Self.timers)
    let templates = engine.ranker.templates
    let exact = try #require(templates.align("cancel the timer for 5 minutes", intent: 0))
    let swapped = try #require(templates.align("cancel for timer 5 minutes", intent: 0))
    #expect(exact.alignment.quality == 1)
    #expect(swapped.alignment.quality < 1 && swapped.alignment.quality > 0.8)
    let capture = try #require(swapped.alignment.captures.first { $0.name == "minutes" })
    let scalars = Array("cancel for timer 5 minutes".unicodeScalars)
    #expect(String(String.UnicodeScalarView(scalars[capture.span])) == "5")
  }

  /// Free text made only of stop words is no value: "cancel the timer" is read by
  /// "cancel [the] timer", not as a timer named "the" (which cost nothing before), and both
  /// DPs charge the same for it.
  @Test func stopWordsAloneAreNoFreeText() throws {
    let engine = try Self.engine(Self.timers)
    #expect(Self.arguments(engine, "cancel the timer", intent: "CancelTimer") == [:])
    #expect(Self.arguments(engine, "cancel the pizza timer", intent: "CancelTimer") == ["name": "\"pizza\""])
    let templates = engine.ranker.templates
    let prepared = templates.prepare("cancel the the timer")
    for template in templates.templates[0] {
      let scored = templates.matcher.quality(template, prepared)
      let aligned = templates.matcher.align(template, prepared)?.quality ?? 0
      #expect(abs(scored - aligned) < 1e-4, "\(template.source)")
    }
    let named = try #require(templates.templates[0].first { $0.source == "cancel [the] ${name} timer" })
    // "the" as the name: one stop word inserted (0.5) is what the reading costs.
    #expect(abs(templates.matcher.quality(named, prepared) - (1 - 0.5 / 5)) < 1e-4)
  }

  @Test func fillersStayOutOfFreeText() throws {
    let engine = try Self.engine(Self.timers)
    #expect(Self.arguments(engine, "cancel the pizza timer thanks", intent: "CancelTimer") == ["name": #""pizza""#])
    #expect(Self.arguments(engine, "um cancel the pizza timer right away", intent: "CancelTimer") == ["name": #""pizza""#])
    // Fillers alone name nothing.
    #expect(Self.arguments(engine, "cancel the timer thanks", intent: "CancelTimer") == [:])
  }

  @Test func analyzerMarksFillersAndProfilesCanDropThem() {
    let tokens = TextAnalyzer(language: "en").tokens("pause the timer right away thanks")
    #expect(tokens.filter(\.isFiller).map(\.folded) == ["right", "away", "thanks"])
    #expect(tokens.filter(\.isFiller).allSatisfy { !$0.isSkipWord })
    let zh = TextAnalyzer(language: "zh-CN").tokens("嗨打开灯好吗")
    #expect(zh.filter { $0.isFiller && $0.kind == .cjkCharacter }.map(\.folded) == ["嗨", "好", "吗"])
    var plain = LanguageProfile.english
    plain.fillers = []
    #expect(TextAnalyzer(profile: plain).tokens("thanks").allSatisfy { !$0.isFiller })
  }

  @Test func jsonParametersTakeNumbersAndListedStrings() throws {
    let engine = try Self.engine(Self.timers)
    #expect(Self.arguments(engine, "turn the volume up by 20 percent", intent: "Volume") == ["step": "20"])
    #expect(Self.arguments(engine, "volume up", intent: "Volume") == ["step": #""up""#])
    #expect(Self.arguments(engine, "turn the volume down", intent: "Volume") == ["step": #""down""#])
    // A number the schema does not admit is not filled (and the parameter is reported missing).
    let resolution = engine.resolve("volume 250", intent: "Volume")
    #expect(resolution.arguments["step"] == nil)
    #expect(resolution.missing.map(\.name) == ["step"])
  }

  @Test func directionWordsNameDirectionsAndSignAmounts() throws {
    let engine = try Self.engine(Self.timers)
    // The language's direction words name the schema's direction strings.
    #expect(Self.arguments(engine, "volume louder", intent: "Volume") == ["step": #""up""#])
    #expect(Self.arguments(engine, "turn the volume lower", intent: "Volume") == ["step": #""down""#])
    // An amount said with a decrease word is negative; with an increase word (or none) not.
    #expect(Self.arguments(engine, "turn the volume down by 20 percent", intent: "Volume") == ["step": "-20"])
    #expect(Self.arguments(engine, "turn the volume up by 20 percent", intent: "Volume") == ["step": "20"])
    #expect(Self.arguments(engine, "volume 30", intent: "Volume") == ["step": "30"])
    // Both directions named: the amount is left as said.
    #expect(Self.arguments(engine, "turn the volume up by 20 percent not down", intent: "Volume")["step"] == "20")
  }

  @Test func directionWordsNeedBothDirectionsAndNegativeAmounts() throws {
    // Without negative amounts in the schema, a decrease word does not sign the amount.
    let unsigned = try Self.engine(
      Self.timers.replacingOccurrences(of: #""minimum": -100"#, with: #""minimum": 0"#))
    #expect(Self.arguments(unsigned, "turn the volume down by 20 percent", intent: "Volume") == ["step": "20"])
    // Strings that are not one direction each get no direction words.
    let analyzer = TextAnalyzer(language: "en")
    #expect(IntentTemplates.directions(of: ["up", "down"], analyzer: analyzer) == [.increase: "up", .decrease: "down"])
    #expect(IntentTemplates.directions(of: ["up", "raise", "down"], analyzer: analyzer).isEmpty)
    #expect(IntentTemplates.directions(of: ["auto", "down"], analyzer: analyzer).isEmpty)
    // A catalog language's own words read its direction strings ("leiser" in German).
    #expect(
      IntentTemplates.directions(of: ["lauter", "leiser"], analyzer: TextAnalyzer(language: "de")) == [.increase: "lauter", .decrease: "leiser"])
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func germanAndChineseDirectionWordsFillHomeAssistantVolumeSteps()
    throws
  {
    for (language, request, expected) in [
      ("de", "Wohnzimmer leiser", #""down""#), ("de", "die Lautstärke im Wohnzimmer um 20 Prozent reduzieren", "-20"),
      ("de", "erhöhe die Lautstärke um 20 Prozent", "20"), ("zh-CN", "客厅音量调低20%", "-20"), ("zh-CN", "把客厅声音调大", #""up""#),
      ("en", "decrease living room volume", #""down""#), ("en", "turn down the TV volume 20%", "-20"),
    ] {
      let catalog = try #require(
        CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", language)).validCatalog)
      let engine = IntentEngine(catalog: catalog)
      #expect(Self.arguments(engine, request, intent: "HassSetVolumeRelative")["volume_step"] == expected, "\(request)")
    }
  }

  /// A Home Assistant templates catalog's compiled templates and every `n`th request of its
  /// perturbed development set.
  static func homeAssistant(_ language: String, everyNth n: Int) throws -> (IntentTemplates, [String]) {
    let catalog = try #require(
      CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", language)).validCatalog)
    let rows = try String(contentsOfFile: DevData.homeAssistantRequests(language, perturbed: true), encoding: .utf8)
      .split(separator: "\n").compactMap { try? JSONParser.parse(String($0))["query"]?.stringValue }
    return (CompiledCatalog(catalog: catalog).templates, rows.enumerated().filter { $0.offset % n == 0 }.map(\.element))
  }

  /// The branch and bound is exact only if no template's lower bound exceeds its cost; free-text
  /// templates' bounds count the free text's per-token cost.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), arguments: ["sk", "de"])
  func lowerBoundsNeverExceedAlignmentCosts(language: String) throws {
    let (templates, requests) = try Self.homeAssistant(language, everyNth: 97)
    var compared = 0
    var freeText = 0
    for request in requests {
      let prepared = templates.prepare(request)
      let scale = Float(prepared.n + 1)
      for intent in templates.templates.indices {
        for template in templates.templates[intent] where template.hasFreeText || compared % 7 == 0 {
          let bound = templates.matcher.lowerBound(template, prepared)
          guard let aligned = templates.matcher.align(template, prepared), aligned.quality > 0 else { continue }
          let cost = (1 - aligned.quality) * scale
          #expect(bound <= cost + 1e-3, "\(request) / \(template.source): bound \(bound) > cost \(cost)")
          compared += 1
          if template.hasFreeText { freeText += 1 }
        }
      }
    }
    #expect(compared > 200 && freeText > 50)
  }

  /// The scoring DP prunes (branch and bound, the A* estimate after each step, shared
  /// prefixes); the capturing alignment does not. Both must find the same cost.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), arguments: ["sk", "de"])
  func scoringDPEqualsTheCapturingAlignment(language: String) throws {
    let (templates, requests) = try Self.homeAssistant(language, everyNth: 61)
    var compared = 0
    var matched = 0
    for request in requests {
      let prepared = templates.prepare(request)
      for intent in templates.templates.indices {
        for (t, template) in templates.templates[intent].enumerated() where (t + compared) % 5 == 0 {
          let scored = templates.matcher.quality(template, prepared)
          let aligned = templates.matcher.align(template, prepared)?.quality ?? 0
          #expect(abs(scored - aligned) < 1e-4, "\(request) / \(template.source): scored \(scored), aligned \(aligned)")
          compared += 1
          if aligned >= 0.5 { matched += 1 }
        }
      }
    }
    // Enough comparisons, and enough of them close matches (where pruning matters least).
    #expect(compared > 1000 && matched > 20, "\(compared) compared, \(matched) matched")
  }

  /// `prepare` finds every lexicon's spans in one pass; they must be those each lexicon finds
  /// alone (typos included: "kitchn", "obývačkee").
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), arguments: ["en", "sk", "de", "zh-CN"])
  func onePassSpansEqualEachLexiconsOwn(language: String) throws {
    let (templates, requests) = try Self.homeAssistant(language, everyNth: 23)
    var compared = 0
    for request in requests + ["turn on the kitchn light", "zapni svetlo v obývačkee"] {
      let input = MatchInput(request, analyzer: templates.analyzer)
      let together = templates.matcher.spans(in: input, lexicons: nil)
      for (l, lexicon) in templates.matcher.lexicons.enumerated() {
        #expect(together[l] == lexicon.spans(in: input), "\(request): lexicon \(l)")
        compared += together[l].count
      }
      let some = templates.matcher.spans(in: input, lexicons: [0])
      #expect(some.indices.dropFirst().allSatisfy { some[$0].isEmpty } && some[0] == together[0])
    }
    #expect(compared > 100)
  }

  /// A number outside a parameter's minimum…maximum does not fill its slot: the same words
  /// go to the intent whose range holds the number.
  @Test func numberSlotsTakeNumbersInTheParametersRange() throws {
    let json = #"""
      {"formatVersion": 1, "intents": [
        {"id": "LightTemperature", "title": "Set colour temperature", "phrases": ["set the temperature to ${kelvin}"],
         "parameters": [{"name": "kelvin", "type": "integer", "minimum": 1000, "maximum": 10000}]},
        {"id": "Thermostat", "title": "Set thermostat", "phrases": ["set the temperature to ${degrees}"],
         "parameters": [{"name": "degrees", "type": "number", "minimum": 0, "maximum": 100}]}
      ]}
      """#
    let engine = try Self.engine(json)
    #expect(engine.resolve("set the temperature to 21").intentID == "Thermostat")
    #expect(Self.arguments(engine, "set the temperature to 21", intent: "Thermostat") == ["degrees": "21"])
    #expect(engine.resolve("set the temperature to 2700").intentID == "LightTemperature")
    #expect(Self.arguments(engine, "set the temperature to 2700", intent: "LightTemperature") == ["kelvin": "2700"])
    let templates = engine.ranker.templates
    #expect(templates.matcher.numberRanges.count == 2)
    #expect(try #require(templates.align("set the temperature to 21", intent: 0)).alignment.quality < 1)
    #expect(try #require(templates.align("set the temperature to 21", intent: 1)).alignment.quality == 1)
  }

  @Test func schemaFormsLookIntoBranches() {
    let forms = JSONSchemaForms(["anyOf": [["type": "string", "enum": ["up", "down"]], ["oneOf": [["type": "integer"]]]]])
    #expect(forms.admitsNumbers)
    #expect(forms.strings == ["up", "down"])
    #expect(JSONSchemaForms(["type": "object"]).isEmpty)
    #expect(JSONSchemaForms(["const": "auto"]).strings == ["auto"])
    #expect(JSONSchemaForms(nil).isEmpty)
    #expect(forms.admitsNegativeNumbers)
    #expect(!JSONSchemaForms(["type": "integer", "minimum": 0]).admitsNegativeNumbers)
    #expect(JSONSchemaForms(["type": "integer", "minimum": -100]).admitsNegativeNumbers)
    #expect(!JSONSchemaForms(["type": "number", "exclusiveMinimum": 0]).admitsNegativeNumbers)
    #expect(JSONSchemaForms(["enum": [-1, 1]]).admitsNegativeNumbers)
  }

  static let homes = #"""
    {"formatVersion": 1,
     "entities": [
       {"id": "floor", "title": "Floor", "instances": [{"id": "first", "title": "first"}, {"id": "first floor", "title": "first floor"}]},
       {"id": "device", "title": "Device", "instances": [
         {"id": "Vacuum[s]", "title": "Vacuum", "synonyms": ["Vacuum[s]"]}, {"id": "Vacuum", "title": "Vacuum"}]}],
     "intents": [
       {"id": "LightsOn", "title": "Lights on", "phrases": ["turn on [the] ${floor} [floor] lights"],
        "parameters": [{"name": "floor", "type": {"entity": "floor"}}]},
       {"id": "StartVacuum", "title": "Start vacuum", "phrases": ["start [the] ${name}"],
        "parameters": [{"name": "name", "type": {"entity": "device"}}]}]}
    """#

  @Test func aTemplateWordBeatsALongerValueAtEqualCost() throws {
    let engine = try Self.engine(Self.homes)
    // "first floor" is an instance, but the template's own "floor" reads the slot as "first".
    #expect(Self.arguments(engine, "turn on the first floor lights", intent: "LightsOn") == ["floor": #""first""#])
  }

  @Test func ofEquallyTitledInstancesTheOneWithThatIdWins() throws {
    let engine = try Self.engine(Self.homes)
    #expect(Self.arguments(engine, "start the Vacuum", intent: "StartVacuum") == ["name": #""Vacuum""#])
    #expect(Self.arguments(engine, "start the Vacuums", intent: "StartVacuum") == ["name": #""Vacuum[s]""#])
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func germanCompoundsAreSplitIntoValueAndTemplateWords() throws {
    let catalog = try #require(CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    // "${name}[([ ]|s[ ]|-)Liste]": the list's name and "Liste" written as one word.
    let request = "nehme Putzen von meiner Haushaltsliste runter"
    #expect(Self.arguments(engine, request, intent: "HassListCompleteItem") == ["item": #""Putzen""#, "name": #""Haushalt""#])
    let index = try #require(catalog.intents.firstIndex { $0.id == "HassListCompleteItem" })
    #expect(engine.ranker.templates.align(request, intent: index)?.alignment.quality == 1)
  }

  /// Templates of one intent that start alike reuse the DP vector after their shared
  /// prefix; the best quality and its ties must equal those found without reuse.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func sharedTemplatePrefixesScoreAsWithoutReuse() throws {
    let catalog = try #require(CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let templates = CompiledCatalog(catalog: catalog).templates
    let requests = [
      "schalte das Licht im Wohnzimmer aus", "mach die Küche heller", "stell einen Timer auf 5 Minuten", "wie ist das Wetter",
      "Licht aus Wohnzimmer das schalte", "öffne das Garagentor bitte",
    ]
    var compared = 0
    var reused = 0
    for request in requests {
      let prepared = templates.prepare(request)
      for intent in templates.templates.indices where templates.templates[intent].count > 1 {
        let shared = templates.templates[intent]
        reused += shared.filter { $0.flat.sharedSteps > 0 }.count
        let unshared = shared.map { template in
          var copy = template
          copy.markSharedPrefixes([:], slotCount: 0)
          return copy
        }
        let with = templates.matcher.bestTemplates(shared, prepared)
        let without = templates.matcher.bestTemplates(unshared, prepared)
        #expect(with.quality == without.quality, "\(request) / \(catalog.intents[intent].id)")
        #expect(with.indices == without.indices, "\(request) / \(catalog.intents[intent].id)")
        // Each template alone reaches at most the best quality, and the first tie reaches it.
        let alone = shared.map { templates.matcher.quality($0, prepared) }
        #expect(alone.allSatisfy { $0 <= with.quality })
        if let first = with.indices.first { #expect(alone[first] == with.quality) }
        compared += 1
      }
    }
    #expect(compared > 100)
    #expect(reused > 100)
  }

  /// Compound parts and exchanged words keep spans inside the request, also where folding
  /// changes a word's length ("ß" → "ss") or the words are not German at all.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func spansStayInsideTheRequestForOddInput() throws {
    let catalog = try #require(CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    let requests = [
      "nehme Putzen von meiner Maßstabsliste runter", "Straßenlaterne Haushaltsliste ß", "Haushaltslisteß von Putzen nehme",
      "ẞtraße ein schalte", "Gießkanne auf die Liste Haushalt setzen danke", "嗨 Haushaltsliste 好吗", "a\u{0308}",
    ]
    for request in requests {
      let count = request.unicodeScalars.count
      let resolution = engine.resolve(request)
      for argument in resolution.filled {
        guard let span = argument.span else { continue }
        #expect(span.lowerBound >= 0 && span.upperBound <= count, "\(request): \(argument.name) \(span)")
      }
    }
  }
}
