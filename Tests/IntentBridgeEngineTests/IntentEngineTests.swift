import Foundation
import IntentBridgeEngine
import IntentBridgeTestSupport
import Testing

/// The library's front door: load a catalog with the default model, rank, resolve; one
/// analysis of a request serves both; languages must be declared.
@Suite struct IntentEngineTests {
  static let notes = Repository.path("Examples/notes/notes.en.json")

  static func engine() throws -> IntentEngine {
    var options = IntentEngine.Options()
    options.writeIndex = false
    return try IntentEngine.load(catalogPath: notes, options: options)
  }

  @Test func resolvesTheNotesExampleWithTheDefaultModel() throws {
    let engine = try Self.engine()
    #expect(engine.hasEmbeddings)
    let resolution = engine.resolve("add a high priority note to buy milk")
    #expect(resolution.intentID == "AddNoteIntent")
    #expect(resolution.arguments["priority"] == "high")
    #expect(resolution.confidence > 0.5)
    #expect(engine.rank("who won the world cup in 2018").isNoMatch)
  }

  /// `resolve` ranks the same analysed request `rank` does: the same candidates, in the same
  /// order, with the same confidences.
  @Test(arguments: ["add a high priority note to buy milk", "delete the groceries note", "pin my travel note", "hello"])
  func resolveRanksAsRankDoes(request: String) throws {
    let engine = try Self.engine()
    let ranked = engine.rank(request)
    let resolved = engine.resolve(request).ranking
    #expect(ranked.candidates.map(\.intentID) == resolved.candidates.map(\.intentID))
    #expect(ranked.candidates.map(\.confidence) == resolved.candidates.map(\.confidence))
    #expect(ranked.isNoMatch == resolved.isNoMatch)
  }

  @Test func aForcedIntentIsFilledEvenWithoutAMatch() throws {
    let engine = try Self.engine()
    let resolution = engine.resolve("milk please", intent: "AddNoteIntent")
    #expect(resolution.intentID == "AddNoteIntent")
    #expect(resolution.jsonValue["alternatives"]?.arrayValue?.contains { $0["intent"] == "AddNoteIntent" } == false)
  }

  @Test func theLanguageMustBeOneTheCatalogDeclares() throws {
    var options = IntentEngine.Options()
    options.embedding = .none
    options.language = "fi"
    #expect(throws: IntentEngine.LoadError.self) { try IntentEngine.load(catalogPath: Self.notes, options: options) }
    do {
      _ = try IntentEngine.load(catalogPath: Self.notes, options: options)
    } catch {
      #expect("\(error)".contains("no language 'fi'") && "\(error)".contains("declares en"))
    }
    options.language = "EN-gb"
    #expect(try IntentEngine.load(catalogPath: Self.notes, options: options).language == "en")
  }

  @Test func keywordSignalsShareTheIndexesAndDropTheVectors() throws {
    let engine = try Self.engine()
    let keyword = engine.with(mode: .keyword)
    let candidate = try #require(keyword.rank("add a note called milk").candidates.first)
    #expect(candidate.intentID == "AddNoteIntent")
    #expect(candidate.vectorScore == nil)
    #expect(engine.rank("add a note called milk").candidates.first?.vectorScore != nil)
  }

  /// The JSON shapes are written one way: alternatives are every other candidate, confidences
  /// carry four decimals, and "no match" says why.
  @Test func outputShapes() throws {
    let engine = try Self.engine()
    let ranking = engine.rank("add a note called milk", top: 5)
    let summary = ranking.summaryJSON
    #expect(summary["intent"] == "AddNoteIntent")
    #expect(summary["alternatives"]?.arrayValue?.count == ranking.candidates.count - 1)
    for alternative in summary["alternatives"]?.arrayValue ?? [] {
      let confidence = try #require(alternative["confidence"]?.doubleValue)
      #expect(confidence == (confidence * 10000).rounded() / 10000)
    }
    let noMatch = engine.resolve("who won the world cup in 2018").jsonValue
    #expect(noMatch["intent"] == .null)
    #expect(noMatch["noMatchReason"]?.stringValue?.isEmpty == false)
    #expect(noMatch["alternatives"]?.arrayValue?.count == 5)
  }
}
