import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeJSON
import IntentBridgeRanking
import IntentBridgeTestSupport
import Testing

@Suite struct EvaluatorTests {
  static let clock = IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_795_950_000), utcOffsetSeconds: 3600)

  static func keywordEngine(_ relative: String) throws -> (Catalog, IntentEngine) {
    var options = IntentEngine.Options()
    options.embedding = .none
    let engine = try IntentEngine.load(catalogPath: Repository.path(relative), options: options)
    return (engine.catalog, engine)
  }

  /// The report's figures agree with answers computed row by row here, straight from the engine.
  @Test func figuresAgreeWithTheEngineRowByRow() throws {
    let (catalog, engine) = try Self.keywordEngine("Examples/notes/notes.en.json")
    let dataset = try EvalDataset.load(path: Repository.path("Examples/notes/requests.en.jsonl"))
    var settings = Evaluator.Settings()
    settings.clock = Self.clock
    settings.breakdowns = ["lang", "tag", "dataset"]
    let report = Evaluator(catalog: catalog, catalogPath: "notes.en.json", engines: ["en": engine], settings: settings)
      .evaluate([dataset], modes: [.keyword])
    let result = try #require(report.modes.first)
    var correct = 0
    var wrong = 0
    var tagCounts: [String: Int] = [:]
    for request in dataset.requests {
      let resolution = engine.with(mode: .keyword).resolve(request.query, clock: Self.clock, top: 10)
      if request.intent.accepts(resolution.intentID) { correct += 1 } else { wrong += 1 }
      for tag in request.tags { tagCounts[tag, default: 0] += 1 }
    }
    #expect(result.overall.requests == dataset.requests.count)
    #expect(result.overall.correct == correct)
    #expect(result.confusions.reduce(0) { $0 + $1.count } == wrong)
    let tags = try #require(result.breakdowns.first { $0.key == "tag" })
    #expect(Dictionary(uniqueKeysWithValues: tags.groups.map { ($0.value, $0.summary.requests) }) == tagCounts)
    #expect(tags.groups.map(\.value) == tags.groups.map(\.value).sorted())
    let files = try #require(result.breakdowns.first { $0.key == "dataset" })
    #expect(files.groups.map(\.value) == ["requests.en.jsonl"])
    // The notes set is small and clean: the keyword engine routes nearly all of it.
    #expect(try #require(result.overall.top1) >= 0.8)
  }

  /// `--fill-intent`: the answer (no match fills nothing), the first-ranked intent even below
  /// the no-match threshold, or the labelled intent; each agrees with the engine row by row.
  @Test(arguments: Evaluator.FillIntent.allCases)
  func argumentsAreFilledForTheChosenIntent(_ choice: Evaluator.FillIntent) throws {
    let (catalog, engine) = try Self.keywordEngine("Examples/smart-home/smart-home.en.json")
    let dataset = try EvalDataset.load(path: Repository.path("Examples/smart-home/requests.en.jsonl"))
    var settings = Evaluator.Settings()
    settings.clock = Self.clock
    settings.fillIntent = choice
    let report = Evaluator(catalog: catalog, catalogPath: "smart-home.en.json", engines: ["en": engine], settings: settings)
      .evaluate([dataset], modes: [.keyword])
    let overall = try #require(report.modes.first?.overall)
    var correct = 0
    var exact = 0
    for request in dataset.requests {
      let chosen: IntentEngine.IntentChoice =
        switch (choice, request.intent) {
        case (.first, _): .firstRanked
        case (.gold, .anyOf(let ids)): .forced(ids[0])
        default: .answer
        }
      let resolution = engine.with(mode: .keyword).resolve(request.query, clock: Self.clock, choosing: chosen, top: 10)
      let right = request.intent.accepts(resolution.intentID)
      if right { correct += 1 }
      let counts = ArgumentScoring.score(
        predicted: resolution.arguments, expected: request.arguments, ignore: request.ignore,
        defaults: Dictionary(
          (resolution.intentID.flatMap(catalog.intent(id:))?.parameters ?? []).compactMap { p in p.defaultValue.map { (p.name, $0) } }
        ) { a, _ in a })
      if right && counts.isExact { exact += 1 }
    }
    #expect(overall.correct == correct)
    #expect(overall.exactFrames == exact)
    // Forcing the labelled intent answers every intent row with it; the answer never beats
    // the first place, which never beats the label.
    switch choice {
    case .gold:
      #expect(overall.correct >= overall.intentRequests)
      #expect(report.notes.contains { $0.contains("--fill-intent gold") })
    case .first: #expect(report.notes.contains { $0.contains("--fill-intent first") })
    case .answer: #expect(!report.notes.contains { $0.contains("--fill-intent") })
    }
  }

  @Test func modesAreSideBySideAndReportsRender() throws {
    let (catalog, engine) = try Self.keywordEngine("Examples/notes/notes.en.json")
    let dataset = try EvalDataset.load(path: Repository.path("Examples/notes/requests.en.jsonl"))
    var report = Evaluator(catalog: catalog, catalogPath: "notes.en.json", engines: ["en": engine]).evaluate([dataset], modes: [.keyword, .hybrid])
    report.thresholds = [try MetricThreshold.parse("top1=0.5").check(report), try MetricThreshold.parse("keyword/top1=1.01%").check(report)]
    #expect(report.modes.map(\.mode) == [.keyword, .hybrid])
    let json = EvalReportJSON.value(report)
    #expect(json["modes"]?[1]?["mode"] == "hybrid")
    #expect(json["modes"]?[0]?["overall"]?["recall"]?["10"]?.doubleValue != nil)
    #expect(json["passed"] == .bool(report.passed))
    // Round trip through the writer and the strict parser.
    #expect(try JSONParser.parse(json.prettyText) == json)
    let html = EvalReportHTML.render(report)
    #expect(html.components(separatedBy: "<svg").count - 1 >= 2)
    #expect(html.contains("<polyline class=\"curve\""))
    #expect(html.contains("class=\"bar\""))
    #expect(!html.contains("<script") && !html.contains("src=\"http") && !html.contains("href=\"http"))
    let text = EvalReportText.render(report)
    #expect(text.contains("keyword") && text.contains("hybrid") && text.contains("thresholds"))
    let markdown = EvalReportMarkdown.render(report)
    #expect(markdown.contains("| mode | n | top-1 |"))
  }

  @Test func adviceFindsWordsNeverFirstAndMissingTranslations() throws {
    let (catalog, engine) = try Self.keywordEngine("Examples/notes/notes.en.json")
    let rows: [(request: LabelledRequest, outcome: RowOutcome, language: String)] = [
      (
        .init(query: "zorblax the groceries note", id: "1", intent: .anyOf(["DeleteNoteIntent"])),
        .init(predicted: "ExportNotesIntent", confidence: 0.6, ranked: []), "en"
      ),
      (
        .init(query: "please zorblax my old note", id: "2", intent: .anyOf(["DeleteNoteIntent"])), .init(predicted: nil, confidence: 0.2, ranked: []),
        "en"
      ),
      (
        .init(query: "export notes as pdf", id: "3", intent: .anyOf(["ExportNotesIntent"])),
        .init(predicted: "ExportNotesIntent", confidence: 0.9, ranked: []), "en"
      ),
    ]
    let advice = DiscoverabilityAdvisor().advise(
      catalog: catalog, engines: ["en": engine], rows: rows, mode: "keyword", requestLanguages: ["en", "de"])
    #expect(advice.suggestedWords.contains { $0.intent == "DeleteNoteIntent" && $0.word == "zorblax" && $0.requests == 2 })
    // Words the intent already has ("note") or function words ("the", "my") are not suggested.
    #expect(!advice.suggestedWords.contains { ["note", "the", "my", "groceries"].contains($0.word) })
    let never = try #require(advice.neverRankedFirst.first { $0.intent == "DeleteNoteIntent" })
    #expect(never.expectedRequests == 2 && never.wentTo.count == 2)
    #expect(!advice.neverRankedFirst.contains { $0.intent == "ExportNotesIntent" })
    #expect(advice.unlabelledIntents.contains("AddNoteIntent") && !advice.unlabelledIntents.contains("DeleteNoteIntent"))
    let german = advice.missingTranslations.filter { $0.language == "de" }
    #expect(german.first { $0.field == "title" }?.intents.count == catalog.intents.filter(\.isDiscoverable).count)
    #expect(!advice.missingTranslations.contains { $0.language == "en" })
  }

  @Test func collisionsNameTheIntentsWhoseMetadataOverlap() throws {
    let (catalog, engine) = try Self.keywordEngine("Examples/smart-home/smart-home.en.json")
    let advice = DiscoverabilityAdvisor().advise(catalog: catalog, engines: ["en": engine], rows: [], mode: "keyword", requestLanguages: [])
    let pair = try #require(advice.collisions.first { Set([$0.first, $0.second]) == ["StartTimer", "CancelTimer"] })
    #expect(pair.keywordSimilarity >= 0.5 && pair.embeddingSimilarity == nil)
    // Unrelated intents do not collide.
    #expect(!advice.collisions.contains { Set([$0.first, $0.second]) == ["GetTemperature", "StartVacuum"] })
  }

  @Test func rowLanguagesMapToCatalogLanguages() throws {
    let (catalog, _) = try Self.keywordEngine("Examples/notes/notes.en.json")
    #expect(Evaluator.catalogLanguage(for: "en", catalog: catalog) == "en")
    #expect(Evaluator.catalogLanguage(for: "EN-gb", catalog: catalog) == "en")
    #expect(Evaluator.catalogLanguage(for: nil, catalog: catalog) == catalog.defaultLanguage)
    #expect(Evaluator.catalogLanguage(for: "xx", catalog: catalog) == catalog.defaultLanguage)
  }
}

@Suite struct EvaluatorNotesTests {
  @Test func labelsNamingNoIntentAreReportedWithTheirPlace() throws {
    var options = IntentEngine.Options()
    options.embedding = .none
    let engine = try IntentEngine.load(catalogPath: Repository.path("Examples/notes/notes.en.json"), options: options)
    let text =
      "{\"query\": \"add milk\", \"intent\": \"AddNoteIntent\"}\n{\"query\": \"x\", \"intent\": \"AddNoteIntnet\"}\n{\"query\": \"y\", \"intent\": [\"AddNoteIntnet\", \"AddNoteIntent\"]}\n"
    let dataset = try EvalDataset.parse(bytes: Array(text.utf8), file: "set.jsonl").get()
    let report = Evaluator(catalog: engine.catalog, catalogPath: "notes.en.json", engines: ["en": engine]).evaluate([dataset], modes: [.keyword])
    #expect(report.notes == ["2 rows expect the intent 'AddNoteIntnet', which the catalog does not have (first at set.jsonl:2)"])
    #expect(EvalReportText.render(report).contains("note: 2 rows expect the intent 'AddNoteIntnet'"))
  }
}
