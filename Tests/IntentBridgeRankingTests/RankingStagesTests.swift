import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
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
          #expect(added.keywordWeight == engine.configuration.keywordWeight && added.templateWeight == engine.configuration.templateWeight)
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
