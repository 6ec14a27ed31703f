import IntentBridgeBinary
import IntentBridgeTestSupport
import IntentBridgeText
import Testing

@Suite("Fuzzy vocabulary in binary form")
struct FuzzyVocabularyBinaryTests {
  let vocabulary = FuzzyVocabulary(["timer", "timers", "kitchen", "thermostat", "wohnzimmer", "küche"])

  func decoded(_ bytes: [UInt8]) throws -> FuzzyVocabulary {
    try BinaryRoundTrip.read(bytes) { reader throws(BinaryReader.Failure) in try FuzzyVocabulary(from: &reader) }
  }

  @Test func readBackAnswersAlike() throws {
    let back = try decoded(BinaryRoundTrip.bytes(of: vocabulary))
    #expect(back.terms == vocabulary.terms)
    for query in ["tmier", "thermosatt", "kitchn", "wohnzimer", "kuche", "x", "timers"] {
      #expect(back.match(query, maxDistance: 2) == vocabulary.match(query, maxDistance: 2))
    }
    #expect(BinaryRoundTrip.bytes(of: back) == BinaryRoundTrip.bytes(of: vocabulary))
  }

  @Test func unsortedTermsAreRefused() {
    var writer = BinaryWriter()
    ["b", "a"].encode(to: &writer)
    writer.array([UInt64]())
    writer.array([UInt32]())
    #expect(throws: BinaryReader.Failure.self) { _ = try decoded(writer.bytes) }
  }

  @Test func anIdBeyondTheTermsIsRefused() {
    var writer = BinaryWriter()
    ["kitchen"].encode(to: &writer)
    writer.array([UInt64(1)])
    writer.array([UInt32(1)])
    #expect(throws: BinaryReader.Failure.self) { _ = try decoded(writer.bytes) }
  }
}
