import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTemplates
import IntentBridgeTestSupport
import IntentBridgeText
import Testing

@testable import IntentBridgeRanking

@Suite struct RankerTests {
  static func catalog(_ relative: String) throws -> Catalog {
    try #require(CatalogLoader.load(path: Repository.path(relative)).validCatalog)
  }

  /// The engine of a Home Assistant templates catalog (development data) with the default
  /// model, leaving its index file as it is.
  static func homeAssistantEngine(_ language: String) throws -> IntentEngine {
    var options = IntentEngine.Options()
    options.writeIndex = false
    return try IntentEngine.load(catalogPath: DevData.homeAssistantCatalog("templates", language), options: options)
  }

  @Test func keywordsAndTemplatesRankTheNotesIntents() throws {
    let ranker = IntentEngine(catalog: try Self.catalog("Examples/notes/notes.en.json"))
    #expect(ranker.rank("delete the groceries note").best?.intentID == "DeleteNoteIntent")
    #expect(ranker.rank("share my groceries note with anna@example.com").best?.intentID == "ShareNoteIntent")
    #expect(ranker.rank("export my notes as pdf").best?.intentID == "ExportNotesIntent")
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func templateMatchRanksTheTimerVerbs() throws {
    let ranker = IntentEngine(catalog: try #require(CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "sk")).validCatalog))
    let ranking = ranker.rank("uber časovač o 5 minút")
    #expect(ranking.candidates.first?.intentID == "HassDecreaseTimer")
    #expect(ranking.candidates.first?.templateScore == 1)
  }

  /// Template qualities computed only as far as the first five places need them give the
  /// ranking that scoring every matched intent in full gives: same candidates, same order,
  /// same confidences and template scores.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))), arguments: ["sk"]) func templateFloorsKeepTheTopPlaces(
    language: String
  ) throws {
    var options = IntentEngine.Options()
    options.writeIndex = false
    let path = DevData.homeAssistantCatalog("templates", language)
    let pruned = try IntentEngine.load(catalogPath: path, options: options)
    options.ranking.templateFloors = false
    let full = try IntentEngine.load(catalogPath: path, options: options)
    let rows = try String(contentsOfFile: DevData.homeAssistantRequests(language, perturbed: true), encoding: .utf8)
      .split(separator: "\n").compactMap { try? JSONParser.parse(String($0))["query"]?.stringValue }
    var compared = 0
    for (i, request) in rows.enumerated() where i % 13 == 0 {
      let a = pruned.rank(request).candidates
      let b = full.rank(request).candidates
      #expect(a.map(\.intentID) == b.map(\.intentID), "\(request)")
      #expect(a.map(\.confidence) == b.map(\.confidence), "\(request)")
      #expect(a.map(\.templateScore) == b.map(\.templateScore), "\(request)")
      compared += 1
    }
    #expect(compared > 100)
  }

  /// Ranking from 8-bit estimates of the vectors, made exact where the first places could
  /// be (`EstimatedVectorScores`), gives the ranking of the full float scan: same candidates,
  /// order, scores, cosines and confidences. The repository's examples are too small to use
  /// estimates on their own, so they are forced (`int8ScanRows` 0): a template grammar in two
  /// languages (centroids off) and a few-shot catalog (best row blended with the centroid).
  @Test(arguments: [
    ("Examples/smart-home/smart-home.en.json", "Examples/smart-home/requests.en.perturbed.jsonl"),
    ("Examples/smart-home/smart-home.de.json", "Examples/smart-home/requests.de.jsonl"),
    ("Examples/notes/notes.en.json", "Examples/notes/requests.en.jsonl"),
  ]) func int8EstimatesKeepTheRanking(catalog: String, requests: String) throws {
    var options = IntentEngine.Options()
    options.writeIndex = false
    options.ranking.int8ScanRows = .max
    let path = Repository.path(catalog)
    let full = try IntentEngine.load(catalogPath: path, options: options)
    options.ranking.int8ScanRows = 0
    let estimated = try IntentEngine.load(catalogPath: path, options: options)
    #expect(estimated.ranker.vectorIndex?.hasEstimates == true)
    #expect(full.ranker.vectorIndex?.hasEstimates == false)
    let off = try String(contentsOfFile: Repository.path("Examples/off-domain/requests.jsonl"), encoding: .utf8)
    let rows = try String(contentsOfFile: Repository.path(requests), encoding: .utf8) + off
    var compared = 0
    for line in rows.split(separator: "\n") {
      guard let request = try? JSONParser.parse(String(line))["query"]?.stringValue else { continue }
      let a = estimated.rank(request, top: 10)
      let b = full.rank(request, top: 10)
      #expect(a.candidates.map(\.intentID) == b.candidates.map(\.intentID), "\(request)")
      #expect(a.candidates.map(\.score) == b.candidates.map(\.score), "\(request)")
      #expect(a.candidates.map(\.vectorScore) == b.candidates.map(\.vectorScore), "\(request)")
      #expect(a.candidates.map(\.confidence) == b.candidates.map(\.confidence), "\(request)")
      #expect(a.isNoMatch == b.isNoMatch, "\(request)")
      compared += 1
    }
    #expect(compared > 100)
  }

  /// Two intents that fit a request about equally are named together (`ambiguous`); one that
  /// leads stands alone; "no match" names none.
  @Test func nearDuplicatesAreNamedAsAmbiguous() throws {
    func intent(_ id: String, _ title: String, _ description: String) -> Intent {
      var intent = Intent(id: id, title: LocalizedText(title, language: "en"))
      intent.description = LocalizedText(description, language: "en")
      return intent
    }
    let catalog = Catalog(
      app: AppInfo(),
      intents: [
        intent("get_weather", "Get weather", "The weather forecast for a place."),
        intent("get_weather_by_city", "Get weather", "The weather forecast for a place."),
        intent("convert_svg_to_png", "Convert SVG to PNG", "Converts an SVG image to a PNG image."),
      ])
    let engine = IntentEngine(catalog: catalog)
    let tied = engine.rank("weather forecast for Paris")
    #expect(!tied.isNoMatch)
    #expect(tied.ambiguous == ["get_weather", "get_weather_by_city"])
    #expect(tied.summaryJSON["ambiguousIntents"] == .array(["get_weather", "get_weather_by_city"]))
    #expect(engine.resolve("weather forecast for Paris").jsonValue["ambiguousIntents"] == .array(["get_weather", "get_weather_by_city"]))
    let clear = engine.rank("convert this svg image to png")
    #expect(clear.best?.intentID == "convert_svg_to_png" && clear.ambiguous.isEmpty)
    #expect(clear.summaryJSON["ambiguousIntents"] == nil)
  }

  @Test func rankingIsDeterministic() throws {
    let catalog = try Self.catalog("Examples/smart-home/smart-home.de.json")
    let first = IntentEngine(catalog: catalog)
    let second = IntentEngine(catalog: catalog)
    for request in ["schalte das Licht in der Küche aus", "wie spät ist es", "stelle einen Timer auf 5 Minuten", "xyz"] {
      let a = first.rank(request, top: 10).candidates
      let b = second.rank(request, top: 10).candidates
      #expect(a.map(\.intentID) == b.map(\.intentID))
      #expect(a.map(\.confidence) == b.map(\.confidence))
    }
  }

  @Test func tiesBreakByCatalogOrder() throws {
    let json = #"{"formatVersion": 1, "intents": [{"id": "B", "title": "same"}, {"id": "A", "title": "same"}, {"id": "C", "title": "same"}]}"#
    let catalog = try #require(CatalogLoader.load(bytes: Array(json.utf8)).validCatalog)
    let ranking = IntentEngine(catalog: catalog).rank("same")
    #expect(ranking.candidates.map(\.intentID) == ["B", "A", "C"])
  }

  /// With the default model, as users run it (vectors kept in memory, nothing written).
  @Test func offDomainRequestsGetNoMatchOnTheNotesCatalog() throws {
    var options = IntentEngine.Options()
    options.writeIndex = false
    let engine = try IntentEngine.load(catalogPath: Repository.path("Examples/notes/notes.en.json"), options: options)
    let ranker = engine.ranker
    for request in ["who won the world cup in 2018", "what is the square root of 144", "translate good morning into japanese"] {
      #expect(ranker.rank(request).isNoMatch, "\(request)")
    }
    #expect(!ranker.rank("add a note called milk").isNoMatch)
  }

  /// With the default model: free-text requests read whole by a template ("pusti ${query}")
  /// are matches though their free text matches nothing; without that reading they were not.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func requestsReadWholeByAFreeTextTemplateAreMatches() throws {
    let engine = try Self.homeAssistantEngine("sk")
    var plain = engine.ranker
    plain.configuration.freeTextCandidates = 0
    for (request, intent) in [
      ("pusti Balada o štyroch koňoch", "HassMediaSearchAndPlay"), ("okej pusti Balada o štyroch koňoch", "HassMediaSearchAndPlay"),
    ] {
      #expect(engine.ranker.rank(request).best?.intentID == intent, "\(request)")
      #expect(plain.rank(request).isNoMatch, "\(request)")
    }
    // The template's own words ("pridaj … do zoznamu", whole words since the vocabulary stopped
    // indexing fragments) make this one a match without the reading too.
    #expect(engine.ranker.rank("hej pridaj toaletný papier do zoznamu").best?.intentID == "HassShoppingListAddItem")
    #expect(plain.rank("hej pridaj toaletný papier do zoznamu").best?.intentID == "HassShoppingListAddItem")
    // Off-domain requests stay no match; so does a request whose template word is misspelt
    // beyond what typo matching reads ("psti" for "pusti": its stem is too short).
    for request in ["napíš mi báseň o mori", "koľko kalórií má banán", "prelož dobré ráno do angličtiny", "psti Balada o štyroch koňoch"] {
      #expect(engine.ranker.rank(request).isNoMatch, "\(request)")
    }
  }

  /// Letters that only occur inside template words ("schlie(ß|ss)[e]", "[he]runter",
  /// "Tür[(e|en)]") are not words of the intent, and a lone letter ("e" of "E-Mail") is no
  /// evidence of a topic: a request of them alone is no match, while the whole words those
  /// templates write still rank their intent.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func fragmentsOfTemplateWordsAreNotMatches() throws {
    let engine = try Self.homeAssistantEngine("de")
    for request in ["ss", "ÄÖÜ ß", "he", "n", "e", "a", "ä"] {
      #expect(engine.ranker.rank(request).isNoMatch, "\(request)")
    }
    #expect(engine.ranker.rank("schließe das Garagentor").best?.intentID == "HassTurnOff")
    #expect(engine.ranker.rank("fahre die Rollläden herunter").best?.intentID == "HassTurnOff")
  }

  /// A request of stop and function words alone names no topic: no match, unless a template
  /// reads it ("what time is it" has the content word "time"; "hello" is a greeting template).
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func functionWordsAloneAreNoMatch() throws {
    let engine = try Self.homeAssistantEngine("en")
    for request in ["the the the", "it", "what", "you", "and then"] {
      #expect(engine.ranker.rank(request).isNoMatch, "\(request)")
    }
    #expect(engine.ranker.rank("what time is it").best?.intentID == "HassGetCurrentTime")
    #expect(engine.ranker.rank("hello").best?.intentID == "HassRespond")
  }

  /// Numbers written as words fill template number slots as digits do, so the unit after
  /// them picks the slot ("five minutes" is no 5 hours) and the intent stays the timer's.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func numberWordsFillTemplateNumberSlots() throws {
    for (language, request, intent, arguments) in [
      ("en", "set a timer for five minutes", "HassStartTimer", ["minutes": "5"]),
      ("en", "five minute timer", "HassStartTimer", ["minutes": "5"]),
      ("de", "stelle einen Timer für fünf Minuten", "HassStartTimer", ["minutes": "5"]),
      ("zh-CN", "设置一个三分钟的计时器", "HassStartTimer", ["minutes": "3"]),
      ("zh-CN", "设置一个小时的计时器", "HassStartTimer", ["hours": "1"]),
      // Numbers written in several words take the slot whole.
      ("en", "set a timer for twenty five minutes", "HassStartTimer", ["minutes": "25"]),
      ("zh-CN", "设置二十五分钟的计时器", "HassStartTimer", ["minutes": "25"]),
      ("zh-CN", "设置十分钟的计时器", "HassStartTimer", ["minutes": "10"]),
      ("sk", "nastav časovač na dvadsať päť minút", "HassStartTimer", ["minutes": "25"]),
      // A denominator (百分之) and a decimal reading stay with the extractors.
      ("zh-CN", "把风扇风速设置为百分之五十", "HassFanSetSpeed", ["percentage": "50"]),
      ("en", "set temperature to twenty point five degrees", "HassClimateSetTemperature", ["temperature": "20.5"]),
    ] {
      let engine = try Self.homeAssistantEngine(language)
      let resolution = engine.resolve(request)
      #expect(resolution.intentID == intent, "\(request)")
      var got: [String: String] = [:]
      for (name, value) in resolution.arguments where arguments[name] != nil || ["hours", "minutes", "seconds"].contains(name) {
        got[name] = value.compactText
      }
      #expect(got == arguments, "\(request)")
      // The scoring DP and the capturing alignment agree on number-word readings too.
      let templates = engine.ranker.templates
      let prepared = templates.prepare(request)
      for intentTemplates in templates.templates {
        for template in intentTemplates {
          let scored = templates.matcher.quality(template, prepared)
          let aligned = templates.matcher.align(template, prepared)?.quality ?? 0
          #expect(abs(scored - aligned) < 1e-4, "\(request) / \(template.source)")
        }
      }
    }
  }

  /// A request read whole by a free-text template beats a confident candidate whose template
  /// needs more than two words' worth of edits.
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func aWholeFreeTextReadingBeatsAPartialMatch() throws {
    let engine = try Self.homeAssistantEngine("en")
    let resolution = engine.resolve("in 5 minutes turn off the lights")
    #expect(resolution.intentID == "HassStartTimer")
    #expect(resolution.arguments["minutes"]?.compactText == "5")
    #expect(resolution.arguments["conversation_command"]?.stringValue == "turn off the lights")
    var never = engine.ranker
    never.configuration.freeTextOverride = .infinity
    #expect(never.rank("in 5 minutes turn off the lights").best?.intentID == "HassTurnOff")
    // An exact match stays first.
    #expect(engine.resolve("turn off the lights").intentID == "HassTurnOff")
  }

  @Test func freeTextCostIsSeparatedInAlignments() throws {
    let json =
      #"{"formatVersion": 1, "intents": [{"id": "Play", "title": "Play", "phrases": ["play ${query}"], "parameters": [{"name": "query", "type": "string"}]}]}"#
    let catalog = try #require(CatalogLoader.load(bytes: Array(json.utf8)).validCatalog)
    let templates = CompiledCatalog(catalog: catalog).templates
    let exact = try #require(templates.align("play the ballad of four horses", intent: 0)?.alignment)
    #expect(exact.freeTextCost > 0)
    #expect(exact.costBesidesFreeText < 1e-4)
    #expect(exact.quality < 1)
    let typo = try #require(templates.align("plya the ballad of four horses", intent: 0)?.alignment)
    #expect(typo.costBesidesFreeText > 0)
  }

  @Test func confidenceIsAProbability() throws {
    let ranker = IntentEngine(catalog: try Self.catalog("Examples/notes/notes.fi.json"))
    for candidate in ranker.rank("lisää muistiinpano maito", top: 10).candidates {
      #expect(candidate.confidence >= 0 && candidate.confidence <= 1)
    }
  }
}

@Suite struct EntityAffinityTests {
  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha")))) func whatTheNamedDeviceIsDecidesBetweenLookAlikeIntents() throws {
    let catalog = try #require(CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let ranker = IntentEngine(catalog: catalog)
    func affinity(_ request: String, _ intent: String) throws -> Int8 {
      let index = try #require(catalog.intents.firstIndex { $0.id == intent })
      return ranker.compiled.affinity.affinities(request, templates: ranker.compiled.templates)[index]
    }
    // "Rover" is a device with "domain": "vacuum"; "Starts a vacuum" / "Starts a lawn mower".
    #expect(try affinity("starte Rover", "HassVacuumStart") == 1)
    #expect(try affinity("starte Rover", "HassLawnMowerStartMowing") == -1)
    #expect(try affinity("starte Rover", "HassTurnOn") == 0, "generic intents have no descriptor")
    #expect(try affinity("wie spät ist es", "HassVacuumStart") == 0, "no device named")
    #expect(ranker.compiled.affinity.descriptorNames.contains("vacuum") && !ranker.compiled.affinity.descriptorNames.contains("Wohnzimmer"))
    // With the signal the vacuum wins the tie of two exact template matches; without it, catalog order decides.
    #expect(ranker.rank("schicke Rover zurück in die Basis").best?.intentID == "HassVacuumReturnToBase")
    var configuration = RankingConfiguration()
    configuration.affinityWeight = 0
    let plain = IntentEngine(catalog: catalog, configuration: configuration)
    #expect(plain.rank("schicke Rover zurück in die Basis").best?.intentID == "HassLawnMowerDock")
  }

  @Test func catalogsWithoutInstancePropertiesHaveNoDescriptors() throws {
    let catalog = try #require(CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let ranker = IntentEngine(catalog: catalog)
    #expect(ranker.compiled.affinity.affinities("delete the groceries note", templates: ranker.compiled.templates).allSatisfy { $0 == 0 })
  }
}
