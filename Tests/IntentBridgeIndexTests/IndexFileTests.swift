import Foundation
import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeIndex
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Every way an index file can be unusable is detected and named: truncated, flipped
/// bytes, another format version, another engine, model, catalog or language, crafted rows.
@Suite struct IndexFileTests {
  /// Two rows with their (trivial) near-duplicate folding and a compiled catalog's bytes,
  /// so that every section a built file has is covered by the corruption tests.
  static let file: VectorFile = {
    var file = VectorFile(
      model: "model-a", dimensions: 4, catalogHash: "hash-1", language: "en",
      entries: [.init(intent: 0, kind: "title"), .init(intent: 1, kind: "phrase")],
      vectors: [1, 0, 0, 0, 0, 0.6, 0.8, 0])
    file.nearDuplicates = .init(threshold: VectorIndex.nearDuplicate, folds: [-1, -1])
    file.compiledCatalog = ByteRange(copying: Array("compiled catalog".utf8))
    return file
  }()

  static let engine = "index-1/test"

  static func encoded(_ file: VectorFile = file) -> [UInt8] { IndexFile.encode(file, engine: engine) }

  static func decode(_ bytes: [UInt8]) throws(IndexFile.Problem) -> IndexFile.Contents {
    let result = bytes.withUnsafeBytes { raw -> Result<IndexFile.Contents, IndexFile.Problem> in
      do throws(IndexFile.Problem) { return .success(try IndexFile.decode(raw)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  static func check(
    _ contents: IndexFile.Contents, engine: String = engine, model: String = "model-a", dimensions: Int = 4, catalogHash: String = "hash-1",
    language: String = "en"
  ) throws(IndexFile.Problem) {
    try IndexFile.check(contents, engine: engine, model: model, dimensions: dimensions, catalogHash: catalogHash, language: language)
  }

  @Test func roundTrips() throws {
    var file = Self.file
    file.calibration = ["keyword": ["bias": 0.5]]
    let decoded = try Self.decode(Self.encoded(file))
    #expect(decoded.vectors == file)
    #expect(decoded.engine == Self.engine)
    try Self.check(decoded)
  }

  @Test func theFileIsNamedAfterTheCatalogAndLanguageOnce() {
    #expect(IndexFile.path(forCatalog: "Examples/notes/notes.en.json", language: "en") == "Examples/notes/notes.en.index")
    #expect(IndexFile.path(forCatalog: "larder.json", language: "de") == "larder.de.index")
    #expect(IndexFile.path(forCatalog: "notes.en.json", language: "de") == "notes.en.de.index")
    #expect(IndexFile.path(forCatalog: "a.en/ha.json", language: "en") == "a.en/ha.en.index")
  }

  static func problem(_ body: () throws(IndexFile.Problem) -> Void) -> IndexFile.Problem? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test func indexLeavesOutRepeatedRowsWithoutChangingScoresOrCentroids() {
    // Intent 0: rows a, a, b; intent 1: row a (same vector as intent 0's, kept: other intent).
    let a: [Float] = [1, 0, 0, 0]
    let b: [Float] = [0, 1, 0, 0]
    let file = VectorFile(
      model: "m", dimensions: 4, catalogHash: "h", language: "en",
      entries: [
        .init(intent: 0, kind: "phrase"), .init(intent: 0, kind: "phrase"), .init(intent: 0, kind: "title"), .init(intent: 1, kind: "phrase"),
      ],
      vectors: a + a + b + a)
    let index = VectorIndex(file: file, intentCount: 2)
    #expect(index.rowCount == 3)
    let query: [Float] = [0.6, 0.8, 0, 0]
    #expect(index.scores(query) == [0.8, 0.6])
    // Centroid of a, a, b (the repeat still counts): (2, 1, 0, 0) normalised.
    let norm = (5 as Float).squareRoot()
    let centroid = index.centroids()[0]
    for (got, want) in zip(centroid, [2 / norm, 1 / norm, 0, 0]) { #expect(abs(got - want) < 1e-6) }
  }

  @Test func indexLeavesOutNearDuplicatesOfTheSameIntentOnly() {
    // Intent 0: a, then c (cosine 0.98 with a: left out), then d (cosine 0.96 with a: kept);
    // intent 1: c (near a, but another intent's: kept).
    let a: [Float] = [1, 0, 0, 0]
    let c: [Float] = [0.98, (1 - 0.98 * 0.98 as Float).squareRoot(), 0, 0]
    let d: [Float] = [0.96, 0, (1 - 0.96 * 0.96 as Float).squareRoot(), 0]
    let file = VectorFile(
      model: "m", dimensions: 4, catalogHash: "h", language: "en",
      entries: [
        .init(intent: 0, kind: "title"), .init(intent: 0, kind: "phrase"), .init(intent: 0, kind: "phrase"), .init(intent: 1, kind: "phrase"),
      ],
      vectors: a + c + d + c)
    let index = VectorIndex(file: file, intentCount: 2)
    #expect(index.rowCount == 3)
    // A query along c's second axis: intent 0's best is then a's 0 or d's 0, not c's.
    let query: [Float] = [0, 1, 0, 0]
    let scores = index.scores(query)
    #expect(scores[0] == 0)
    #expect(abs(scores[1] - c[1]) < 1e-6)
    // With the threshold above every cosine, all four rows stay.
    #expect(VectorIndex(file: file, intentCount: 2, nearDuplicate: 1.01).rowCount == 4)
  }

  /// Intent 0: a, then c (cosine 0.98 with a), then d (cosine 0.96 with a); intent 1: c.
  static let nearDuplicateRows: VectorFile = {
    let a: [Float] = [1, 0, 0, 0]
    let c: [Float] = [0.98, (1 - 0.98 * 0.98 as Float).squareRoot(), 0, 0]
    let d: [Float] = [0.96, 0, (1 - 0.96 * 0.96 as Float).squareRoot(), 0]
    return VectorFile(
      model: "m", dimensions: 4, catalogHash: "h", language: "en",
      entries: [
        .init(intent: 0, kind: "title"), .init(intent: 0, kind: "phrase"), .init(intent: 0, kind: "phrase"), .init(intent: 1, kind: "phrase"),
      ],
      vectors: a + c + d + c)
  }()

  @Test func theStoredNearDuplicateFoldingRoundTripsAndIsTheOneTheIndexFinds() throws {
    var file = Self.nearDuplicateRows
    let folds = VectorIndex.nearDuplicateFolds(of: file, threshold: 0.97)
    #expect(folds == [-1, 0, -1, -1])
    file.nearDuplicates = .init(threshold: 0.97, folds: folds)
    let decoded = try Self.decode(Self.encoded(file)).vectors
    #expect(decoded.nearDuplicates == file.nearDuplicates)
    try decoded.validate(intentCount: 2)
    let stored = VectorIndex(file: decoded, intentCount: 2, nearDuplicate: 0.97)
    let found = VectorIndex(file: Self.nearDuplicateRows, intentCount: 2, nearDuplicate: 0.97)
    #expect(stored.rowCount == found.rowCount)
    for query: [Float] in [[0, 1, 0, 0], [0.6, 0.8, 0, 0], [0, 0, 1, 0]] { #expect(stored.scores(query) == found.scores(query)) }
    #expect(stored.centroids() == found.centroids())
  }

  @Test func theIndexAppliesTheStoredFoldingAtItsThresholdOnly() {
    // A folding that also folds d into a (structurally valid, though d is not that near).
    var file = Self.nearDuplicateRows
    file.nearDuplicates = .init(threshold: 0.97, folds: [-1, 0, 0, -1])
    #expect(VectorIndex(file: file, intentCount: 2, nearDuplicate: 0.97).rowCount == 2)
    // Another threshold: the folding is found again, not read.
    #expect(VectorIndex(file: file, intentCount: 2, nearDuplicate: 0.99).rowCount == 4)
    #expect(VectorIndex(file: file, intentCount: 2, nearDuplicate: 0.95).rowCount == 2)
  }

  @Test func aCraftedFoldingIsRefusedByValidationAndNeverTrapsTheIndex() {
    for folds: [Int32] in [[-1, 2, -1, -1], [-1, -1, -1, 0], [-1, 0, 1, -1], [-1, -5, -1, -1], [-1, 0, -1], [0, -1, -1, -1]] {
      var file = Self.nearDuplicateRows
      file.nearDuplicates = .init(threshold: 0.97, folds: folds)
      let problem = Self.problem { () throws(IndexFile.Problem) in try file.validate(intentCount: 2) }
      guard case .corrupt(let reason)? = problem else {
        Issue.record("folding \(folds) was not refused: \(String(describing: problem))")
        continue
      }
      #expect(reason.contains("fold"))
      // Built anyway (a caller that skipped validation), the index keeps what it cannot fold.
      #expect(VectorIndex(file: file, intentCount: 2, nearDuplicate: 0.97).rowCount >= 3)
    }
    var file = Self.nearDuplicateRows
    file.nearDuplicates = .init(threshold: .nan, folds: [-1, 0, -1, -1])
    #expect(Self.problem { () throws(IndexFile.Problem) in try file.validate(intentCount: 2) } != nil)
  }

  @Test func aDuplicateSectionOfTheWrongSizeIsCorrupt() throws {
    // Same layout, one row fewer in DUPL: re-encode by hand from a file whose folding is short.
    var file = Self.file
    file.nearDuplicates = .init(threshold: 0.97, folds: [-1])
    let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(Self.encoded(file)) }
    guard case .corrupt(let reason)? = problem else {
      Issue.record("a short DUPL section was not refused: \(String(describing: problem))")
      return
    }
    #expect(reason.contains("DUPL"))
  }

  @Test func detectsAStaleCatalog() throws {
    let contents = try Self.decode(Self.encoded())
    let problem = Self.problem { () throws(IndexFile.Problem) in try Self.check(contents, catalogHash: "hash-2") }
    #expect(problem == .staleCatalog)
    #expect(problem?.description.contains("stale") == true)
  }

  @Test func detectsAnotherModelEngineOrLanguage() throws {
    let contents = try Self.decode(Self.encoded())
    #expect(
      Self.problem { () throws(IndexFile.Problem) in try Self.check(contents, model: "model-b") }
        == .otherModel(expected: "model-b", found: "model-a"))
    #expect(Self.problem { () throws(IndexFile.Problem) in try Self.check(contents, dimensions: 8) } == .otherDimensions(expected: 8, found: 4))
    #expect(Self.problem { () throws(IndexFile.Problem) in try Self.check(contents, language: "fi") } == .otherLanguage(expected: "fi", found: "en"))
    let engine = Self.problem { () throws(IndexFile.Problem) in try Self.check(contents, engine: "index-1/other") }
    #expect(engine == .otherEngine(expected: "index-1/other", found: Self.engine))
    #expect(engine?.description.contains("another engine version") == true)
  }

  @Test func detectsTruncationAtEveryLength() {
    let bytes = Self.encoded()
    for length in 0..<bytes.count {
      let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(Array(bytes[..<length])) }
      guard case .truncated? = problem else {
        Issue.record("cut to \(length) of \(bytes.count) bytes: expected truncated, got \(String(describing: problem))")
        return
      }
    }
  }

  @Test func detectsAFlippedByteAtEveryOffset() {
    let bytes = Self.encoded()
    for offset in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0x5A] {
        var corrupted = bytes
        corrupted[offset] ^= flip
        let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(corrupted) }
        #expect(problem != nil, "flipping bits \(flip) of byte \(offset) went unnoticed")
      }
    }
  }

  @Test func detectsAnotherFormatVersionAndMagic() {
    var bytes = Self.encoded()
    bytes[4] = 2
    #expect(Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(bytes) } == .unsupportedVersion(2))
    var notOurs = Self.encoded()
    notOurs[0] = UInt8(ascii: "X")
    #expect(Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(notOurs) } == .notAnIndexFile)
  }

  @Test func catalogHashIgnoresFormattingButNotContent() {
    let a = CatalogLoader.load(bytes: Array(#"{"formatVersion": 1, "intents": [{"id": "A", "title": "A"}]}"#.utf8)).catalog
    let b = CatalogLoader.load(bytes: Array("{\n  \"formatVersion\": 1,\n  \"intents\": [ {\"id\": \"A\", \"title\": \"A\"} ]\n}".utf8)).catalog
    let c = CatalogLoader.load(bytes: Array(#"{"formatVersion": 1, "intents": [{"id": "A", "title": "B"}]}"#.utf8)).catalog
    #expect(a?.contentHash == b?.contentHash)
    #expect(a?.contentHash != c?.contentHash)
    #expect(a?.contentHash.count == 64)
  }

  @Test func sha256MatchesKnownVectors() {
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  /// Lengths on both sides of the padding boundaries (one or two final blocks), against
  /// digests from Python's hashlib.
  @Test func sha256MatchesAtBlockBoundaries() {
    let expected: [Int: String] = [
      55: "8aa994584139d128848eeebc4e815639ba5ab6e6e39574195a63ac4f14f7c43b",
      56: "ad574708f75c044c9b85de64cb568ee7711ff4f36448c6242f053ba8f6cc2b63",
      63: "280ed3e8ff1df845b2e7dfe6ac6cee817bef20e783cc65abc41b818b4d2fe076",
      64: "c6ab9724ade5b6a7a1edfffb12f3aa9181351355af8fd08c919952ad211339dd",
      65: "788367c73c7ddf4c53f65e68cc0d943e6227ab55b0e78ba63ace822b1c6301c0",
      119: "3d610547d68216dedf7435a4fb6260353911f6b3fd3f18805ddb8be285d726fe",
      120: "1f80156a804cb7862ad113e8200e9d74499723e7c7854d5f48776d3148e09656",
      127: "192409cd280e14b743642ad1343fbd3e82d9305de72c078117745a679210cc3d",
      128: "cc548ca2dec1f6fe4f58b2e27aa9c7521607df1130d140b55a4dad0665302356",
      1000: "5097e7d587352f5097062ae679f37bda5802d9f875aba14c8cb4d1a188ada179",
    ]
    for (length, digest) in expected {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }
      #expect(SHA256.hex(message) == digest, "length \(length)")
    }
  }

  /// Files whose checksum is right but whose contents are wrong: each is refused by
  /// `validate`, naming the entry or row (before, they were used silently).
  struct Crafted: Sendable, CustomStringConvertible {
    var description: String
    var entries: [VectorFile.Entry]
    var vectors: [Float]
    var fragment: String
  }

  static let crafted: [Crafted] = [
    Crafted(
      description: "NaN", entries: file.entries, vectors: [1, 0, 0, 0, .nan, 0.6, 0.8, 0], fragment: "row 1 (intent 1, phrase) holds the value nan"),
    Crafted(
      description: "infinity", entries: file.entries, vectors: [.infinity, 0, 0, 0, 0, 0.6, 0.8, 0],
      fragment: "row 0 (intent 0, title) holds the value inf"),
    Crafted(description: "1e30", entries: file.entries, vectors: [1e30, 0, 0, 0, 0, 0.6, 0.8, 0], fragment: "row 0 (intent 0, title) has length"),
    Crafted(description: "zero row", entries: file.entries, vectors: [1, 0, 0, 0, 0, 0, 0, 0], fragment: "row 1 (intent 1, phrase) has length 0.0"),
    Crafted(
      description: "random row", entries: file.entries, vectors: [0.3, -0.9, 0.7, 0.2, 0, 0.6, 0.8, 0], fragment: "row 0 (intent 0, title) has length"
    ),
    Crafted(
      description: "intent 999", entries: [.init(intent: 0, kind: "title"), .init(intent: 999, kind: "phrase")], vectors: file.vectors,
      fragment: "entry 1 stands for intent 999, but the catalog has 2 intents"),
  ]

  /// A kind code the format does not define (what an unknown kind is written as) is refused
  /// when the file is read.
  @Test func anUnknownKindCodeIsRefusedOnReading() {
    var file = Self.file
    file.entries[1].kind = "secret"
    let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(Self.encoded(file)) }
    #expect(problem == .corrupt("entry 1 has the kind code 255; expected 0–2"))
    // Vectors made in memory are held to the same kinds.
    let inMemory = Self.problem { () throws(IndexFile.Problem) in try file.validate(intentCount: 2) }
    #expect(inMemory == .corrupt("entry 1 has the kind \"secret\"; expected one of keywords, phrase, title"))
  }

  @Test(arguments: crafted)
  func contentsAreValidatedNotOnlyTheChecksum(_ crafted: Crafted) throws {
    var file = Self.file
    file.entries = crafted.entries
    file.vectors = crafted.vectors
    let decoded = try Self.decode(Self.encoded(file))
    #expect(throws: Never.self) { try Self.check(decoded) }
    let problem = Self.problem { () throws(IndexFile.Problem) in try decoded.vectors.validate(intentCount: 2) }
    guard case .corrupt(let reason)? = problem else {
      Issue.record("\(crafted): expected corrupt, got \(String(describing: problem))")
      return
    }
    #expect(reason.contains(crafted.fragment), "\(reason)")
    #expect(problem?.description.hasPrefix("is corrupt: ") == true)
  }

  /// A file read from disk keeps its compiled catalog where it lies in the file's memory
  /// map (no copy), intact after the rest of the map has left the resident set and after the
  /// file is replaced (written by rename, as `write` does), for as long as the value lives.
  @Test func theCompiledCatalogIsReadInPlace() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("notes.en.index").path
    var file = Self.file
    let compiled = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    file.compiledCatalog = ByteRange(copying: compiled)
    try IndexFile.write(file, engine: Self.engine, path: path)
    let read = try IndexFile.read(path: path)
    let range = try #require(read.vectors.compiledCatalog)
    #expect(range.store.isMapped)
    #expect(range.range.lowerBound % 8 == 0)
    #expect(range.array == compiled)
    var other = Self.file
    other.compiledCatalog = ByteRange(copying: [1, 2, 3])
    try IndexFile.write(other, engine: Self.engine, path: path)
    #expect(range.array == compiled)
    #expect(try IndexFile.read(path: path).vectors.compiledCatalog?.array == [1, 2, 3])
    // Decoded from bytes in memory, the section is a copy.
    let decoded = try Self.decode(Self.encoded(file))
    #expect(decoded.vectors.compiledCatalog?.store.isMapped == false)
    #expect(decoded.vectors.compiledCatalog == file.compiledCatalog)
  }

  @Test func aValidFileValidates() {
    #expect(Self.problem { () throws(IndexFile.Problem) in try Self.file.validate(intentCount: 2) } == nil)
  }

  /// A directory or a FIFO where the index file should be (also through a symbolic link)
  /// is named as such, without opening it (before: "permission denied", or a wait).
  @Test func aDirectoryOrFIFOIsNamedAsSuch() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("folder").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for (target, fragment) in [(folder, "is a folder, not an index file"), (fifo, "is not a regular file")] {
      let link = directory.appendingPathComponent("link.index").path
      try? FileManager.default.removeItem(atPath: link)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      let problem = await withinHangGuard { Self.problem { () throws(IndexFile.Problem) in _ = try IndexFile.read(path: link) } }
      #expect(problem??.description.contains(fragment) == true, "\(String(describing: problem))")
    }
  }

  /// `bytes` with a new checksum: what a crafted file that passes the integrity check is.
  static func resealed(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    let sum = ContentHash.of(Array(out[16...]))
    withUnsafeBytes(of: sum.littleEndian) { out.replaceSubrange(8..<16, with: $0) }
    return out
  }

  /// A HEAD `count` of 2^60 with a valid checksum is refused as corrupt (before: `Int(count)
  /// * 8` overflowed and trapped every command, `index` included, so the file was never rebuilt).
  @Test func aHugeCountWithAValidChecksumIsRefusedNotAnOverflow() throws {
    // The engine name is padded so that the count's 18 more digits keep every offset.
    let padded = Self.engine + String(repeating: "x", count: 18)
    let bytes = IndexFile.encode(Self.file, engine: padded)
    for huge in ["1152921504606846976", "9223372036854775807", "4611686018427387904"] {
      let count = Array("\"count\":2".utf8)
      let engine = Array(padded.utf8)
      guard let countAt = Self.find(count, in: bytes), let engineAt = Self.find(engine, in: bytes), engineAt < countAt else {
        Issue.record("HEAD layout changed")
        return
      }
      // The count (after the engine in HEAD) first, so that the engine's offset holds.
      var text = bytes
      text.replaceSubrange(countAt..<(countAt + count.count), with: Array("\"count\":\(huge)".utf8))
      let shorter = Self.engine + String(repeating: "x", count: 18 - (huge.count - 1))
      text.replaceSubrange(engineAt..<(engineAt + engine.count), with: Array(shorter.utf8))
      #expect(text.count == bytes.count)
      let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(Self.resealed(text)) }
      guard case .corrupt(let reason)? = problem else {
        Issue.record("count \(huge): expected corrupt, got \(String(describing: problem))")
        continue
      }
      #expect(reason.contains("ENTR") && reason.contains(huge), "\(reason)")
    }
  }

  /// Reserved bytes are refused when they are not zero, also under a valid checksum: in the
  /// header, in a section-table entry and in an `ENTR` row.
  @Test func nonZeroReservedBytesAreRefused() throws {
    let bytes = Self.encoded()
    let entr = try #require(Self.sectionOffset("ENTR", in: bytes))
    for (offset, fragment) in [(28, "reserved header bytes"), (32 + 4, "reserved bytes"), (entr + 5, "entry 0's reserved bytes")] {
      var crafted = bytes
      crafted[offset] = 1
      let problem = Self.problem { () throws(IndexFile.Problem) in _ = try Self.decode(Self.resealed(crafted)) }
      guard case .corrupt(let reason)? = problem else {
        Issue.record("byte \(offset): expected corrupt, got \(String(describing: problem))")
        continue
      }
      #expect(reason.contains(fragment), "byte \(offset): \(reason)")
    }
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
  }

  static func sectionOffset(_ id: String, in bytes: [UInt8]) -> Int? {
    let count = Int(bytes[24]) | Int(bytes[25]) << 8
    for i in 0..<count {
      let entry = 32 + 24 * i
      if String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self) == id {
        return (0..<8).reduce(0) { $0 | Int(bytes[entry + 8 + $1]) << (8 * $1) }
      }
    }
    return nil
  }
}
