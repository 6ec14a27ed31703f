import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeRanking

/// The compiled catalog in binary form (index file section `COMP`): read back it ranks as
/// compiled, bit for bit; bytes it did not write are refused and never trap ranking.
@Suite struct CompiledCatalogBinaryTests {
  static let catalogs = [
    ("Examples/notes/notes.en.json", "Examples/notes/requests.en.jsonl"),
    ("Examples/smart-home/smart-home.en.json", "Examples/smart-home/requests.en.perturbed.jsonl"),
    ("Examples/smart-home/smart-home.de.json", "Examples/smart-home/requests.de.perturbed.jsonl"),
  ]

  static func load(_ relative: String, _ requests: String) throws -> (CompiledCatalog, [String]) {
    let catalog = try #require(CatalogLoader.load(path: Repository.path(relative)).validCatalog)
    let queries = try String(contentsOfFile: Repository.path(requests), encoding: .utf8).split(separator: "\n")
      .compactMap { try? JSONParser.parse(String($0))["query"]?.stringValue }
    return (CompiledCatalog(catalog: catalog), queries)
  }

  /// What ranking `requests` gives, every score and explanation included.
  static func rankings(_ compiled: CompiledCatalog, _ requests: [String]) -> [String] {
    let ranker = Ranker(compiled: compiled)
    return requests.map { request in
      let ranking = ranker.rank(request, top: 10)
      return "\(ranking.candidates.map { "\($0)" })|\(ranking.best?.intentID ?? "none")"
    }
  }

  @Test(arguments: catalogs)
  func readBackRanksAsCompiled(catalog: String, requests: String) throws {
    let (compiled, queries) = try Self.load(catalog, requests)
    let bytes = compiled.encoded()
    let back = try #require(try CompiledCatalog.stored(bytes, catalog: compiled.catalog, language: compiled.language))
    #expect(back.isReadFromIndexFile)
    #expect(back.encoded() == bytes)
    #expect(back.isGrammar == compiled.isGrammar)
    #expect(back.negativeSamples == compiled.negativeSamples)
    #expect(Self.rankings(back, queries) == Self.rankings(compiled, queries))
    for query in queries {
      let terms = compiled.keywordIndex.resolve(query)
      #expect(back.keywordIndex.resolve(query) == terms)
      #expect(back.keywordIndex.scores(terms) == compiled.keywordIndex.scores(terms))
      #expect(back.affinity.affinities(query, templates: back.templates) == compiled.affinity.affinities(query, templates: compiled.templates))
    }
    #expect(
      back.keywordIndex.documentTermWeights(fields: Set(IntentDocument.Field.allCases))
        == compiled.keywordIndex.documentTermWeights(fields: Set(IntentDocument.Field.allCases)))
  }

  /// Bytes built with other keyword settings are not used (nil), not refused.
  @Test func otherKeywordSettingsAreNotUsed() throws {
    let (compiled, _) = try Self.load("Examples/notes/notes.en.json", "Examples/notes/requests.en.jsonl")
    var settings = KeywordIndex.Configuration()
    settings.b = 0.3
    #expect(try CompiledCatalog.stored(compiled.encoded(), catalog: compiled.catalog, language: "en", keyword: settings) == nil)
  }

  /// Every truncation throws; so does a byte appended.
  @Test func truncatedOrLongerBytesAreRefused() throws {
    let (compiled, _) = try Self.load("Examples/smart-home/smart-home.en.json", "Examples/smart-home/requests.en.jsonl")
    let bytes = compiled.encoded()
    let lengths = Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400))) + Array(max(0, bytes.count - 64)..<bytes.count)
    for length in lengths {
      #expect(throws: BinaryReader.Failure.self, "length \(length)") {
        _ = try CompiledCatalog.stored(Array(bytes[..<length]), catalog: compiled.catalog, language: "en")
      }
    }
    #expect(throws: BinaryReader.Failure.self) { _ = try CompiledCatalog.stored(bytes + [0], catalog: compiled.catalog, language: "en") }
  }

  /// A byte changed anywhere (as a crafted file with a right checksum could have it) is
  /// refused, or read into a catalog that ranks every request without trapping.
  @Test func changedBytesAreRefusedOrRankWithoutTrapping() throws {
    let (compiled, queries) = try Self.load("Examples/smart-home/smart-home.en.json", "Examples/smart-home/requests.en.perturbed.jsonl")
    let bytes = compiled.encoded()
    var refused = 0
    var read = 0
    for offset in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 600)) {
      for change: UInt8 in [0xff, 0x01] {
        var changed = bytes
        changed[offset] ^= change
        guard let back = try? CompiledCatalog.stored(changed, catalog: compiled.catalog, language: "en") else {
          refused += 1
          continue
        }
        read += 1
        _ = Self.rankings(back, Array(queries.prefix(8)))
      }
    }
    // Most changes are caught; the rest (a frequency, a weight, a letter) rank.
    #expect(refused > 0 && read + refused > 1000)
  }
}
