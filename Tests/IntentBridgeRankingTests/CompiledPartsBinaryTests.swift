import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeImport
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTemplates
import IntentBridgeTestSupport
import IntentBridgeText
import Testing

@testable import IntentBridgeRanking

/// The entity affinity and keyword index of compiled catalogs, written and read back, answer
/// every request bit for bit as the compiled ones; bytes they did not write are refused or
/// answer without trapping.
@Suite("Entity affinity and keyword index in binary form")
struct CompiledPartsBinaryTests {
  static func decodedAffinity(_ bytes: [UInt8], end: Int? = nil, for compiled: CompiledCatalog)
    throws -> EntityAffinity
  {
    try BinaryRoundTrip.read(bytes, end: end) { reader throws(BinaryReader.Failure) in
      try EntityAffinity(
        from: &reader, intentCount: compiled.catalog.intents.count, lexiconCount: compiled.templates.matcher.lexicons.count)
    }
  }

  static func decodedIndex(_ bytes: [UInt8], analyzer: TextAnalyzer) throws -> KeywordIndex {
    try BinaryRoundTrip.read(bytes) { reader throws(BinaryReader.Failure) in try KeywordIndex(from: &reader, analyzer: analyzer) }
  }

  static func requests(_ path: String, extra: [String] = []) throws -> [String] {
    try SampledRequests.queries(path, count: 16, extra: extra)
  }

  /// The affinity's answers and parts, as text.
  static func answers(_ affinity: EntityAffinity, _ requests: [String], templates: IntentTemplates)
    -> [String]
  {
    var out = [
      "\(affinity.descriptorNames) \(affinity.isEmpty) \(affinity.lexiconsInUse)",
      affinity.intentDescriptors.map { "\($0.sorted())" }.joined(),
      affinity.intentLexicons.map { "\($0.sorted())" }.joined(),
      affinity.instanceDescriptors.sorted { $0.key < $1.key }.map {
        "\($0.key): \($0.value.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.sorted())" })"
      }
      .joined(),
    ]
    for request in requests {
      out.append("\(request): \(affinity.affinities(request, templates: templates))")
      out.append(
        "prepared: \(affinity.affinities(templates.prepare(request), templates: templates))")
    }
    return out
  }

  /// The keyword index's scoring answers, doubles as bit patterns.
  static func answers(_ index: KeywordIndex, _ requests: [String]) -> [String] {
    var out = ["\(index.documentCount) \(index.configuration)"]
    out.append(
      index.documentTermWeights(fields: Set(IntentDocument.Field.allCases)).map {
        "\($0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.bitPattern)" })"
      }.joined())
    for request in requests {
      let terms = index.resolve(request)
      out.append(
        "\(request): \(terms.map { "\($0.queryTerm)>\($0.indexTerm)@\($0.weight.bitPattern)" })")
      out.append("\(index.scores(terms).map(\.bitPattern))")
      out.append(
        "\((0..<index.documentCount).map { index.matchedTerms(terms, document: $0).map(\.indexTerm) })"
      )
      out.append(
        "\(terms.map { "\(index.knows($0.indexTerm)) \(index.knows($0.queryTerm)) \(index.idf($0.queryTerm).bitPattern)" })"
      )
    }
    return out
  }

  static func check(_ compiled: CompiledCatalog, requests: [String]) throws {
    let affinityBytes = BinaryRoundTrip.bytes { compiled.affinity.encode(to: &$0) }
    let affinity = try Self.decodedAffinity(affinityBytes, for: compiled)
    #expect(
      Self.answers(affinity, requests, templates: compiled.templates)
        == Self.answers(compiled.affinity, requests, templates: compiled.templates))
    let affinityReencodes = BinaryRoundTrip.bytes { affinity.encode(to: &$0) } == affinityBytes
    #expect(affinityReencodes, "the read-back affinity writes other bytes")

    let indexBytes = BinaryRoundTrip.bytes { compiled.keywordIndex.encode(to: &$0) }
    let index = try Self.decodedIndex(indexBytes, analyzer: compiled.analyzer)
    let expected = Self.answers(compiled.keywordIndex, requests)
    let actual = Self.answers(index, requests)
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) where a != e {
      Issue.record("read-back index answers\n  \(a)\ninstead of\n  \(e)")
      break
    }
    let indexReencodes = BinaryRoundTrip.bytes { index.encode(to: &$0) } == indexBytes
    #expect(indexReencodes, "the read-back index writes other bytes")
  }

  /// A catalog whose devices say what they are ("domain"), so that intents have descriptors.
  static let devicesCatalog = """
    {"formatVersion": 1, "app": {"name": "Home", "defaultLanguage": "en", "languages": ["en"]},
     "intents": [
      {"id": "StartVacuum", "title": "Start vacuum", "description": "Starts a vacuum.", "phrases": ["start ${device}"],
       "parameters": [{"name": "device", "title": "Device", "type": {"entity": "Device"}}]},
      {"id": "StartMower", "title": "Start mowing", "description": "Starts a lawn mower.", "phrases": ["start ${device}", "mow with ${device}"],
       "parameters": [{"name": "device", "title": "Device", "type": {"entity": "Device"}}]},
      {"id": "TurnOn", "title": "Turn on", "description": "Turns on a device or a light.", "phrases": ["turn on ${device}"],
       "parameters": [{"name": "device", "title": "Device", "type": {"entity": "Device"}},
                      {"name": "area", "title": "Area", "type": {"entity": "Area"}}]},
      {"id": "Weather", "title": "Weather", "description": "Tells the weather."}
     ],
     "entities": [
      {"id": "Device", "title": "Device", "instances": [
        {"id": "rover", "title": "Rover", "properties": {"domain": "vacuum"}},
        {"id": "mowy", "title": "Mowy", "properties": {"domain": "lawn_mower", "area": "garden"}},
        {"id": "lamp", "title": "Desk lamp", "properties": {"domain": "light, switch"}},
        {"id": "kettle", "title": "Kettle", "properties": {"watts": 2000}}]},
      {"id": "Area", "title": "Area", "instances": [{"id": "garden", "title": "Garden"}, {"id": "kitchen", "title": "Kitchen"}]}
     ]}
    """

  static func devices() throws -> CompiledCatalog {
    let loaded = CatalogLoader.load(bytes: Array(Self.devicesCatalog.utf8))
    return CompiledCatalog(catalog: try #require(loaded.validCatalog, "\(loaded.diagnostics)"))
  }

  static let deviceRequests = [
    "start Rover", "start Mowy", "start the desk lamp", "turn on Rover",
    "turn on the kettle in the kitchen", "strat rovr", "mow with Mowy",
    "what's the weather", "start", "",
  ]

  @Test func descriptorsOfDevicesReadBack() throws {
    let compiled = try Self.devices()
    #expect(!compiled.affinity.isEmpty && compiled.affinity.descriptorNames.contains("vacuum"))
    #expect(
      compiled.affinity.affinities("start Rover", templates: compiled.templates)[0...1] == [1, -1])
    try Self.check(compiled, requests: Self.deviceRequests)
  }

  static func compiled(_ relative: String) throws -> CompiledCatalog {
    CompiledCatalog(
      catalog: try #require(CatalogLoader.load(path: Repository.path(relative)).validCatalog))
  }

  @Test func theSmartHomeCatalogsReadBack() throws {
    let cases: [(String, String, [String])] = [
      (
        "de", "Examples/smart-home/requests.de.perturbed.jsonl",
        [
          "Staubsauger Rover starten", "Wohnzimmerlicht aus", "Rasenmäher starten",
          "Thermostat auf 21,5 Grad",
        ]
      ),
      (
        "en", "Examples/smart-home/requests.en.perturbed.jsonl",
        [
          "start Rover", "start the lawn mower", "turn off the kitchen light",
          "lock the front door",
        ]
      ),
      ("zh-CN", "Examples/smart-home/requests.zh-CN.jsonl", ["打开客厅的灯"]),
    ]
    for (language, requests, extra) in cases {
      let compiled = try Self.compiled("Examples/smart-home/smart-home.\(language).json")
      try Self.check(compiled, requests: try Self.requests(Repository.path(requests), extra: extra))
    }
    let notes = try Self.compiled("Examples/notes/notes.en.json")
    try Self.check(
      notes,
      requests: try Self.requests(
        Repository.path("Examples/notes/requests.en.jsonl"), extra: ["delte the grocery nots"]))
  }

  @Test func anImportedToolListReadsBack() throws {
    let document = try JSONParser.parse(
      bytes: Array(try Repository.read(Repository.path("Examples/tools/tools.openai.json"))))
    let imported = ToolListImporter.importCatalog(document, fileName: "tools.openai.json")
    let catalog = try #require(CatalogLoader.load(document: imported.catalog).validCatalog)
    let requests = try Self.requests(
      Repository.path("Examples/tools/requests.jsonl"),
      extra: ["shedule a meting tomorow", "send an emial to bob@example.com", "wether in paris"])
    try Self.check(CompiledCatalog(catalog: catalog), requests: requests)
  }

  @Test(.enabled(if: DevData.has("ha"), Comment(rawValue: DevData.skipNote("ha"))))
  func theGermanHomeAssistantCatalogReadsBack() throws {
    let catalog = try #require(
      CatalogLoader.load(path: DevData.homeAssistantCatalog("templates", "de")).validCatalog)
    let compiled = CompiledCatalog(catalog: catalog)
    let requests = try Self.requests(
      DevData.homeAssistantRequests("de", perturbed: true),
      extra: [
        "Wohnzimmerlicht an", "Küchenrollladen schließen", "Heizung auf 21,5 Grad",
        "stopp den Staubsauger",
        "starte Rover", "schicke Rover zurück in die Basis",
      ])
    #expect(!compiled.affinity.isEmpty)
    try Self.check(compiled, requests: requests)
  }

  @Test func affinityTruncationsAndFlipsAreRefusedOrSafe() throws {
    let compiled = try Self.devices()
    let requests = Self.deviceRequests
    let bytes = BinaryRoundTrip.bytes { compiled.affinity.encode(to: &$0) }
    for length in 0..<bytes.count {
      #expect(throws: BinaryReader.Failure.self, "\(length) of \(bytes.count) bytes") {
        _ = try Self.decodedAffinity(bytes, end: length, for: compiled)
      }
    }
    var refused = 0
    for position in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var changed = bytes
        changed[position] ^= flip
        guard let back = try? Self.decodedAffinity(changed, for: compiled) else {
          refused += 1
          continue
        }
        for request in requests {
          #expect(
            back.affinities(request, templates: compiled.templates).count
              == compiled.catalog.intents.count)
        }
      }
    }
    #expect(refused > 0)
  }

  @Test func affinityOfAnotherCatalogShapeIsRefused() throws {
    let compiled = try Self.devices()
    let bytes = BinaryRoundTrip.bytes { compiled.affinity.encode(to: &$0) }
    var reader = BinaryReader(store: ByteStore(copying: bytes), from: 0, end: bytes.count)
    #expect(throws: BinaryReader.Failure.self) {
      _ = try EntityAffinity(
        from: &reader, intentCount: compiled.catalog.intents.count + 1,
        lexiconCount: compiled.templates.matcher.lexicons.count)
    }
    do {
      var reader = BinaryReader(store: ByteStore(copying: bytes), from: 0, end: bytes.count)
      #expect(throws: BinaryReader.Failure.self) {
        _ = try EntityAffinity(
          from: &reader, intentCount: compiled.catalog.intents.count,
          lexiconCount: try #require(compiled.affinity.lexiconsInUse.max()))
      }
    }
  }
}
