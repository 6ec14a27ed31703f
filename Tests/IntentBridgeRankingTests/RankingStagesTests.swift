import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTemplates
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeRanking

/// What the ranker's stages hand on: each signal's contribution to the fused score, one
/// outcome, and the template alignment carried from ranking to filling.
@Suite struct RankingStagesTests {
  static let notesRequests = [
    "delete the groceries note", "share my groceries note with anna@example.com", "export my notes as pdf", "add a note called milk",
    "who won the world cup in 2018", "pin it", "xyz",
  ]

  /// The notes catalog with the default model (vectors in memory, nothing written).
  static func notesEngine() throws -> IntentEngine {
    var options = IntentEngine.Options()
    options.writeIndex = false
    return try IntentEngine.load(catalogPath: Repository.path("Examples/notes/notes.en.json"), options: options)
  }

  /// Every candidate's fused score is what its signals added, as `--explain` shows them.
  @Test func contributionsAddUpToTheScore() throws {
    for engine in [try Self.notesEngine(), IntentEngine(catalog: try RankerTests.catalog("Examples/smart-home/smart-home.de.json"))] {
      for request in Self.notesRequests + ["schalte das Licht in der Küche aus", "stelle einen Timer auf 5 Minuten"] {
        for candidate in engine.rank(request, top: 5).candidates {
          let added = candidate.contributions
          #expect(
            abs(added.keyword + added.embedding + added.template + added.affinity - candidate.score) < 1e-9, "\(request): \(candidate.intentID)")
          #expect(added.keywordWeight == engine.configuration.fusedKeywordWeight && added.templateWeight == engine.configuration.templateWeight)
        }
      }
    }
    // The template's part is the quality raised to the configured power, not the quality.
    let engine = IntentEngine(catalog: try RankerTests.catalog("Examples/smart-home/smart-home.de.json"))
    let first = try #require(engine.rank("schalte das Licht in der Küche aus").candidates.first)
    #expect(first.templateScore > 0)
    #expect(
      abs(first.contributions.template - engine.configuration.templateWeight * pow(first.templateScore, engine.configuration.templatePower)) < 1e-9)
  }

  /// The repository's tool list (descriptions, no phrase templates: the catalog fits its own
  /// confidence) with the default model, fitted in memory.
  static func toolsEngine() throws -> IntentEngine {
    let document = try JSONParser.parse(bytes: Array(try Repository.read(Repository.path("Examples/tools/tools.openai.json"))))
    let imported = ToolListImporter.importCatalog(document, fileName: "tools.openai.json")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-stages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tools.json").path
    try Data(imported.catalog.prettyText.utf8).write(to: URL(fileURLWithPath: path))
    var options = IntentEngine.Options()
    options.writeIndex = false
    return try IntentEngine.load(catalogPath: path, options: options)
  }

  static let toolRequests = [
    "schedule a dentist appointment tomorrow at 9", "send an email to bob@example.com about the report", "what's the weather in paris",
    "what is the capital of australia", "how tall is mount everest", "who painted the mona lisa", "i had pasta for lunch",
  ]

  /// A catalog's own fit reads "in scope" at the confidence's share of outside requests and
  /// refuses at the fit's: "no intent is likelier than none" exactly when the answer's
  /// confidence is below `outsideCost` × the chance of being outside.
  @Test func noMatchWeighsTheChanceOfBeingOutside() throws {
    let engine = try Self.toolsEngine()
    let model = engine.ranker.confidenceModel(engine.configuration.mode)
    #expect(model.origin == .catalog && abs(model.outsideCost - ConfidenceCalibration.outsideCost) < 1e-12)
    #expect(abs(ConfidenceCalibration.outsideCost - 4.75) < 1e-9)
    var refused = 0
    var answered = 0
    for request in Self.toolRequests {
      let ranking = engine.rank(request)
      let best = try #require(ranking.candidates.first)
      let outside = best.confidence < model.outsideCost * (1 - ranking.inScope)
      switch ranking.outcome {
      case .noMatch(let reason) where reason.hasPrefix("no intent is likelier than none"):
        refused += 1
        #expect(outside && reason.contains("weighed 4.75 times"), "\(request): \(reason)")
      case .noMatch:
        break
      case .match, .ambiguous:
        answered += 1
        #expect(!outside, "\(request) answered though its confidence is below the weighed chance of being outside")
      }
    }
    #expect(refused > 0 && answered > 0, "refused \(refused), answered \(answered)")
  }

  /// The keyword score is fused at `keywordWeight × keywordScale` (a fifth with the transformer
  /// on a tool list of descriptions): each candidate's keyword part, the weight `--explain`
  /// shows, and the fused score follow the scale.
  @Test func keywordsFuseAtTheCatalogsScale() throws {
    let loaded = try Self.toolsEngine()
    #expect(loaded.configuration.keywordScale == 1, "the static model fuses keywords at their weight")
    var ranker = loaded.ranker
    ranker.configuration.keywordScale = 0.2
    let request = loaded.analyze("schedule a dentist appointment tomorrow at 9")
    let full = loaded.ranker.rank(request, top: 5)
    let scaled = ranker.rank(request, top: 5)
    #expect(scaled.candidates.contains { $0.keywordNormalized > 0 }, "keywords matched")
    for candidate in scaled.candidates {
      let added = candidate.contributions
      #expect(added.keywordWeight == loaded.configuration.keywordWeight * 0.2)
      #expect(abs(added.keyword - added.keywordWeight * candidate.keywordNormalized) < 1e-12)
      #expect(abs(added.keyword + added.embedding + added.affinity - candidate.score) < 1e-9, "\(candidate.intentID)")
      if let before = full.candidates.first(where: { $0.intentID == candidate.intentID }) {
        #expect(abs(added.keyword - 0.2 * before.contributions.keyword) < 1e-9)
      }
    }
  }

  /// A request in the catalog's language is not cross-lingual when embeddings alone rank it
  /// (an encoder that leads): its coverage is measured and weighed, and the cross-lingual
  /// no-match floor does not apply; a request in another language is, and its coverage reads
  /// `crossLingualCoverage`. Where the embeddings rank only cross-lingual requests, they
  /// weigh no coverage.
  @Test func embeddingsAloneDoNotMakeARequestCrossLingual() throws {
    let loaded = try Self.toolsEngine()
    #expect(!loaded.configuration.embeddingWeighsCoverage, "the static model leads on no catalog")
    var ranker = loaded.ranker
    ranker.configuration.encoderLeads = true
    ranker.configuration.embeddingWeighsCoverage = true
    let request = loaded.analyze("schedule a dentist appointment tomorrow at 9")
    #expect(ranker.signals(for: request) == .embedding)
    let english = ranker.rank(request)
    #expect(!english.crossLingual)
    let event = try #require(english.candidates.first { $0.intentID == "create_event" })
    #expect(event.coverage > 0, "coverage is measured though embeddings alone rank")
    #expect(english.candidates.allSatisfy { $0.contributions.keyword == 0 }, "keywords still add nothing to the score")
    let german = loaded.analyze("wie wird das wetter morgen in berlin")
    #expect(german.foreignLanguage != nil && ranker.signals(for: german) == .embedding)
    let ranking = ranker.rank(german)
    #expect(ranking.crossLingual)
    #expect(ranking.candidates.allSatisfy { $0.coverage == 0 })
    #expect(ranker.confidenceFeatures(0, in: ranking.candidates, crossLingual: true)[5] == ConfidenceFeatures.crossLingualCoverage)
    // Without it, the embedding signals rank with no words looked up, as before.
    var plain = ranker
    plain.configuration.embeddingWeighsCoverage = false
    #expect(plain.rank(request).candidates.allSatisfy { $0.coverage == 0 })
    #expect(plain.confidenceFeatures(0, in: ranking.candidates, crossLingual: true)[5] == 0)
  }

  /// The outcome decides every derived field: an answer exactly when there is no "no match"
  /// reason, tied intents only for an ambiguous answer, the answer first among them.
  @Test func oneOutcomeDecidesTheAnswer() throws {
    let engine = try Self.notesEngine()
    var seen: Set<String> = []
    for request in Self.notesRequests {
      let ranking = engine.rank(request)
      switch ranking.outcome {
      case .match:
        seen.insert("match")
        #expect(ranking.best?.intentID == ranking.candidates.first?.intentID && ranking.noMatchReason == nil && ranking.ambiguous.isEmpty)
      case .ambiguous(let intents):
        seen.insert("ambiguous")
        #expect(intents.first == ranking.best?.intentID && intents.count > 1 && ranking.noMatchReason == nil)
      case .noMatch(let reason):
        seen.insert("no match")
        #expect(ranking.best == nil && ranking.isNoMatch && ranking.noMatchReason == reason && ranking.ambiguous.isEmpty)
      }
    }
    #expect(seen.isSuperset(of: ["match", "no match"]))
  }

  /// Candidates that fit alike on their own are tied only while each keeps at least half of
  /// the answer's confidence: one the lead features leave far below is no rival.
  @Test func aTieNeedsFitAndConfidenceAlike() throws {
    let engine = try Self.notesEngine()
    let ranked = engine.rank("add a note called milk").candidates
    var answer = ranked[0]
    var other = ranked[1]
    answer.confidence = 0.6
    other.confidence = 0.35
    func outcome(_ uncapped: [Double]) -> Ranking.Outcome {
      engine.ranker.decide([answer, other], uncapped: uncapped, inScope: 1, model: .identity, crossLingual: false, query: nil)
    }
    #expect(outcome([0.6, 0.55]) == .ambiguous([answer.intentID, other.intentID]))
    #expect(outcome([0.6, 0.4]) == .match, "fits less than 0.8 as well on its own")
    other.confidence = 0.25
    #expect(outcome([0.6, 0.55]) == .match, "keeps less than half the answer's confidence")
    answer.confidence = 0.95
    other.confidence = 0.05
    #expect(outcome([0.95, 0.94]) == .match, "above the ceiling")
  }

  /// `resolve` fills the answer with the alignment its ranking made; filling that aligns
  /// again gives the same arguments.
  @Test func theAnswersAlignmentIsCarriedToFilling() throws {
    let engine = IntentEngine(catalog: try RankerTests.catalog("Examples/smart-home/smart-home.de.json"))
    for request in ["schalte das Licht in der Küche aus", "stelle einen Timer auf 5 Minuten"] {
      let analyzed = engine.analyze(request)
      let ranking = engine.ranker.rank(analyzed, aligningFirst: true)
      let answer = try #require(ranking.best, "\(request)")
      let carried = try #require(ranking.alignment, "\(request)")
      #expect(carried.intentIndex == answer.intentIndex && carried.knownQuality == Float(answer.templateScore))
      let clock = IntentEngine.Clock().extractionContext(language: "de")
      let reused = engine.filler.fill(
        analyzed, intentIndex: answer.intentIndex, templateQuality: Float(answer.templateScore), alignment: carried, clock: clock)
      let aligned = engine.filler.fill(analyzed, intentIndex: answer.intentIndex, templateQuality: Float(answer.templateScore), clock: clock)
      #expect(reused.arguments == aligned.arguments, "\(request)")
      // An alignment made for another intent is not taken.
      let other = IntentAlignment(intentIndex: answer.intentIndex + 1, knownQuality: carried.knownQuality, alignment: carried.alignment)
      #expect(
        engine.filler.templates.alignment(analyzed.prepared, intent: answer.intentIndex, knownQuality: carried.knownQuality, reusing: other)
          .intentIndex == answer.intentIndex)
    }
    // Ranking alone carries none (it is made only when asked, or for a free-text reading).
    #expect(engine.rank("schalte das Licht in der Küche aus").alignment == nil)
  }
}
