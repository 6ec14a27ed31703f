import Foundation
import IntentBridgeBinary
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEmbedding

/// The compiled tokenizer (`tokenizer.ibtok`): the same ids and vectors as `tokenizer.json`
/// on every tokenizer the tests use, and every damaged, stale or foreign file detected and
/// rebuilt, never used and never a crash.
@Suite struct CompiledTokenizerTests {
  // MARK: Identical behaviour

  /// Every tokenizer the tests use, as (name, tokenizer.json path).
  static var tokenizerFiles: [(String, String)] {
    var files = [
      ("default model", DefaultModel.directory + "/tokenizer.json"),
      ("WordPiece fixture", Fixtures.path("wordpiece/tokenizer.json")),
    ]
    for folder in DevModels.folders { files.append((folder, folder + "/tokenizer.json")) }
    return files
  }

  @Test func compiledTokenizersGiveTheSameIDsAsTheJSON() throws {
    let texts = try ParityTexts.all()
    #expect(texts.count >= 600)
    for (name, path) in Self.tokenizerFiles {
      let json = try Tokenizer(contentsOf: path)
      let sources = CompiledTokenizerSources(modelIdentity: name, files: [])
      let compiled = try CompiledTokenizerFile.decode(ByteStore(copying: CompiledTokenizerFile.encode(json, sources: sources)), expecting: sources)
      #expect(compiled.vocabularySize == json.vocabularySize, "\(name)")
      #expect(compiled.medianPieceLength == json.medianPieceLength, "\(name)")
      var differences = 0
      for text in texts where compiled.encode(text) != json.encode(text) {
        differences += 1
        if differences <= 3 { Issue.record("\(name): ids differ for \"\(visible(text))\"") }
      }
      #expect(differences == 0, "\(name): \(differences) of \(texts.count) texts tokenize differently")
    }
  }

  /// The whole model, through the cache: a first load builds and writes the file, a second
  /// maps it; ids and vectors equal the JSON-only load exactly.
  @Test(arguments: [DefaultModel.directory] + DevModels.folders)
  func modelsLoadedFromTheCacheEmbedExactlyAsFromJSON(_ directory: String) throws {
    let cache = try TemporaryFolder()
    defer { cache.remove() }
    let json = try StaticEmbeddingModel(directory: directory, tokenizerCache: .disabled)
    #expect(json.tokenizerOrigin == .json(cachedAt: nil))
    let first = try StaticEmbeddingModel(directory: directory, tokenizerCache: .folder(cache.path))
    guard case .json(let written?) = first.tokenizerOrigin else {
      Issue.record("the first load wrote no compiled file: \(first.tokenizerOrigin)")
      return
    }
    #expect(written.hasPrefix(cache.path + "/") && written.hasSuffix(".ibtok"))
    let second = try StaticEmbeddingModel(directory: directory, tokenizerCache: .folder(cache.path))
    #expect(second.tokenizerOrigin == .compiled(path: written))
    #expect(second.identity == json.identity)
    #expect(second.maximumScalars == json.maximumScalars)
    let texts = try ParityTexts.all()
    var differences = 0
    for text in texts where second.tokenIDs(text) != json.tokenIDs(text) || second.embed(text) != json.embed(text) {
      differences += 1
      if differences <= 3 { Issue.record("\(directory): differs for \"\(visible(text))\"") }
    }
    #expect(differences == 0, "\(directory): \(differences) of \(texts.count) texts differ")
  }

  // MARK: Where the file goes

  @Test func automaticCachingWritesBesideAWritableModelAndReadsItBack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try TinyModel.write(to: folder)
    let first = try StaticEmbeddingModel(directory: folder.path)
    let beside = folder.path + "/" + CompiledTokenizerFile.fileName
    #expect(first.tokenizerOrigin == .json(cachedAt: beside))
    let second = try StaticEmbeddingModel(directory: folder.path)
    #expect(second.tokenizerOrigin == .compiled(path: beside))
    #expect(second.tokenIDs("turn on the lights") == first.tokenIDs("turn on the lights"))
    // No temporary file is left behind by the atomic write.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
  }

  @Test func aReadOnlyModelFolderIsCachedInTheUserCacheFolder() throws {
    let folder = try TemporaryFolder()
    let home = try TemporaryFolder()
    defer {
      chmod(folder.path, 0o755)
      folder.remove()
      home.remove()
    }
    try TinyModel.write(to: folder)
    #expect(chmod(folder.path, 0o555) == 0)
    #expect(FolderPermissions.isReadOnly(folder.path))
    let environment = ["XDG_CACHE_HOME": home.path + "/xdg"]
    let plan = TokenizerCache.automatic.plan(folder: folder.path, modelIdentity: "tiny@0123", environment: environment)
    let name = TokenizerCache.cacheFileName(modelIdentity: "tiny@0123", folder: folder.path)
    #expect(plan.writeTargets == [home.path + "/xdg/intentbridge/models/" + name])
    #expect(plan.candidates == [folder.path + "/" + CompiledTokenizerFile.fileName, home.path + "/xdg/intentbridge/models/" + name])
    // Writable: beside first.
    chmod(folder.path, 0o755)
    let writable = TokenizerCache.automatic.plan(folder: folder.path, modelIdentity: "tiny@0123", environment: environment)
    #expect(writable.writeTargets.first == folder.path + "/" + CompiledTokenizerFile.fileName)
    // A real load into the read-only folder writes under the cache folder only.
    chmod(folder.path, 0o555)
    let sources = CompiledTokenizerSources(modelIdentity: "tiny@0123", files: [])
    let (_, origin) = try TokenizerCache.automatic.load(folder: folder.path, sources: sources, environment: environment) {
      () throws(EmbeddingError) in
      try Tokenizer(contentsOf: folder.path + "/tokenizer.json")
    }
    #expect(origin == .json(cachedAt: home.path + "/xdg/intentbridge/models/" + name))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + CompiledTokenizerFile.fileName))
    let (_, again) = try TokenizerCache.automatic.load(folder: folder.path, sources: sources, environment: environment) { () throws(EmbeddingError) in
      Issue.record("rebuilt although the cached file is current")
      return try Tokenizer(contentsOf: folder.path + "/tokenizer.json")
    }
    #expect(again == .compiled(path: home.path + "/xdg/intentbridge/models/" + name))
  }

  @Test func userCacheFolderFollowsXDGThenHome() {
    #expect(TokenizerCache.userCacheFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/intentbridge/models")
    #expect(TokenizerCache.userCacheFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/intentbridge/models")
    #expect(TokenizerCache.userCacheFolder(environment: [:]) == nil)
  }

  @Test func nothingWritableMeansTheJSONWithoutAnError() throws {
    let folder = try TemporaryFolder()
    defer {
      chmod(folder.path, 0o755)
      folder.remove()
    }
    try TinyModel.write(to: folder)
    chmod(folder.path, 0o555)
    let sources = CompiledTokenizerSources(modelIdentity: "tiny@0123", files: [])
    let (tokenizer, origin) = try TokenizerCache.automatic.load(folder: folder.path, sources: sources, environment: [:]) {
      () throws(EmbeddingError) in
      try Tokenizer(contentsOf: folder.path + "/tokenizer.json")
    }
    #expect(origin == .json(cachedAt: nil))
    #expect(tokenizer.encode("turn on") == [3, 4])
  }

  // MARK: Damaged, stale and foreign files

  /// A tiny model folder whose compiled tokenizer has been written beside it.
  struct CachedTinyModel {
    let folder: TemporaryFolder
    let file: String
    let bytes: [UInt8]
    let sources: CompiledTokenizerSources

    init() throws {
      folder = try TemporaryFolder()
      try TinyModel.write(to: folder)
      let model = try StaticEmbeddingModel(directory: folder.path)
      file = folder.path + "/" + CompiledTokenizerFile.fileName
      #expect(model.tokenizerOrigin == .json(cachedAt: file))
      bytes = try Repository.read(file)
      sources = try Self.sources(of: folder.path, identity: model.identity)
    }

    static func sources(of folder: String, identity: String) throws -> CompiledTokenizerSources {
      CompiledTokenizerSources(
        modelIdentity: identity,
        files: try CompiledTokenizerSources.fileNames.map { name in
          let path = folder + "/" + name
          return .init(name: name, fingerprint: ModelFile.exists(path) ? try ModelFile.fingerprint(of: path) : .absent)
        })
    }

    /// The problem `decode` finds in `bytes` (nil: accepted).
    func problem(_ bytes: [UInt8]) -> CompiledTokenizerProblem? {
      do {
        _ = try CompiledTokenizerFile.decode(ByteStore(copying: bytes), expecting: sources)
        return nil
      } catch {
        return error
      }
    }

    /// Writes `damaged` as the cache file, loads the model, and checks the file was not
    /// used but rebuilt (whole again) and the model tokenizes as before.
    func expectRebuilt(_ damaged: [UInt8], _ what: String) throws {
      try folder.write(CompiledTokenizerFile.fileName, damaged)
      let model = try StaticEmbeddingModel(directory: folder.path)
      #expect(model.tokenizerOrigin == .json(cachedAt: file), "\(what)")
      #expect(model.tokenIDs("turn on the lights") == [3, 4, 5, 8], "\(what)")
      #expect(try Repository.read(file) == bytes, "\(what): the rebuilt file differs from the first build")
    }
  }

  @Test func anUntouchedFileIsAccepted() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    #expect(cached.problem(cached.bytes) == nil)
  }

  @Test func truncatedFilesAreDetectedAndRebuilt() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    for keep in [0, 3, 16, 23, cached.bytes.count / 2, cached.bytes.count - 8, cached.bytes.count - 1] {
      let cut = Array(cached.bytes.prefix(keep))
      guard case .truncated = cached.problem(cut) else {
        Issue.record("keeping \(keep) of \(cached.bytes.count) bytes: \(String(describing: cached.problem(cut)))")
        continue
      }
      try cached.expectRebuilt(cut, "truncated to \(keep) bytes")
    }
  }

  @Test func aFlippedByteAnywhereIsDetectedAndRebuilt() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    let count = cached.bytes.count
    var positions = Array(0..<24) + Array((count - 8)..<count)
    positions += stride(from: 24, to: count - 8, by: max(1, (count - 32) / 40)).map { $0 }
    for position in positions {
      var damaged = cached.bytes
      damaged[position] ^= 0x10
      #expect(cached.problem(damaged) != nil, "byte \(position) of \(count) flipped, accepted")
    }
    for position in [2, 12, count / 3, count - 3] {
      var damaged = cached.bytes
      damaged[position] ^= 0xFF
      try cached.expectRebuilt(damaged, "byte \(position) flipped")
    }
  }

  @Test func otherMagicAndOtherVersionsAreRefused() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    var magic = cached.bytes
    magic[0...3] = [0x49, 0x42, 0x56, 0x46]  // "IBVF", a vector file
    #expect(cached.problem(magic) == .notCompiledTokenizer)
    try cached.expectRebuilt(magic, "other magic")
    var version = cached.bytes
    version[4] = 2
    #expect(cached.problem(version) == .otherVersion(2))
    try cached.expectRebuilt(version, "version 2")
  }

  /// A file whose checksum is right but whose tables do not fit together (a crafted file) is
  /// refused by the layout checks.
  @Test func aConsistentChecksumOverInconsistentTablesIsRefused() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    // The last array is the trie's values (4-byte entries, then padding to 8 bytes); make its
    // last entry an id past the vocabulary.
    let json = try Tokenizer(contentsOf: cached.folder.path + "/tokenizer.json")
    guard case .unigram(let unigram) = json.model else { throw EmbeddingError.fileNotFound(file: "unigram") }
    var damaged = cached.bytes
    let last = damaged.count - 8 - (unigram.trie.nodeCount % 2 == 1 ? 4 : 0) - 4
    for (i, byte) in [UInt8(0xFF), 0xFF, 0x00, 0x00].enumerated() { damaged[last + i] = byte }
    let checksum = ContentHash.of(Array(damaged[0..<(damaged.count - 8)]))
    for i in 0..<8 { damaged[damaged.count - 8 + i] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(i))) }
    guard case .malformed(let reason) = cached.problem(damaged) else {
      Issue.record("accepted or wrong problem: \(String(describing: cached.problem(damaged)))")
      return
    }
    #expect(reason.contains("trie"), "\(reason)")
    try cached.expectRebuilt(damaged, "inconsistent tables")
  }

  @Test func aChangedTokenizerJSONMakesTheFileStale() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    // "▁lights" (-5) becomes less likely than "▁light" + "s" (-7).
    var pieces = TinyModel.pieces
    pieces[8].1 = -20
    try cached.folder.write("tokenizer.json", TinyModel.tokenizerJSON(pieces: pieces))
    let newSources = try CachedTinyModel.sources(of: cached.folder.path, identity: cached.sources.modelIdentity)
    #expect(throws: CompiledTokenizerProblem.stale(changedFile: "tokenizer.json")) {
      try CompiledTokenizerFile.decode(ByteStore(copying: cached.bytes), expecting: newSources)
    }
    let model = try StaticEmbeddingModel(directory: cached.folder.path)
    #expect(model.tokenizerOrigin == .json(cachedAt: cached.file))
    #expect(model.tokenIDs("turn on the lights") == [3, 4, 5, 6, 7])
    let again = try StaticEmbeddingModel(directory: cached.folder.path)
    #expect(again.tokenizerOrigin == .compiled(path: cached.file))
    #expect(again.tokenIDs("the lights") == [5, 6, 7])
  }

  @Test func aChangedConfigMakesTheFileStale() throws {
    let cached = try CachedTinyModel()
    defer { cached.folder.remove() }
    try cached.folder.write("config.json", TinyModel.config.replacingOccurrences(of: "512", with: "64"))
    let model = try StaticEmbeddingModel(directory: cached.folder.path)
    #expect(model.tokenizerOrigin == .json(cachedAt: cached.file))
  }

  @Test func aFileFromAnotherModelIsNotUsed() throws {
    let cached = try CachedTinyModel()
    let other = try TemporaryFolder()
    defer {
      cached.folder.remove()
      other.remove()
    }
    var rows = TinyModel.rows()
    rows[3][0] = 9
    try TinyModel.write(to: other, rows: rows)  // same tokenizer.json, other weights
    try other.write(CompiledTokenizerFile.fileName, cached.bytes)
    let model = try StaticEmbeddingModel(directory: other.path)
    #expect(model.identity != cached.sources.modelIdentity)
    #expect(model.tokenizerOrigin == .json(cachedAt: other.path + "/" + CompiledTokenizerFile.fileName))
    let otherSources = try CachedTinyModel.sources(of: other.path, identity: model.identity)
    #expect(throws: CompiledTokenizerProblem.otherModel(found: cached.sources.modelIdentity, expected: model.identity)) {
      try CompiledTokenizerFile.decode(ByteStore(copying: cached.bytes), expecting: otherSources)
    }
  }

  @Test func aDirectoryInPlaceOfTheFileIsNeitherReadNorAnError() throws {
    let folder = try TemporaryFolder()
    let cache = try TemporaryFolder()
    defer {
      folder.remove()
      cache.remove()
    }
    try TinyModel.write(to: folder)
    let identity = try StaticEmbeddingModel(directory: folder.path, tokenizerCache: .disabled).identity
    let path = cache.path + "/" + TokenizerCache.cacheFileName(modelIdentity: identity, folder: folder.path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let model = try StaticEmbeddingModel(directory: folder.path, tokenizerCache: .folder(cache.path))
    #expect(model.tokenizerOrigin == .json(cachedAt: nil))
    #expect(model.tokenIDs("turn on") == [3, 4])
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path) == [URL(fileURLWithPath: path).lastPathComponent])
  }

  // MARK: The content hash

  @Test func contentHashDependsOnlyOnTheBytes() {
    var generator = SeededGenerator(seed: 17)
    let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let whole = ContentHash.of(bytes)
    for cut in [0, 1, 7, 31, 32, 33, 500, 999, 1000] {
      var hash = ContentHash()
      hash.combine(Array(bytes[..<cut]))
      hash.combine(Array(bytes[cut...]))
      #expect(hash.finish() == whole, "cut at \(cut)")
    }
    #expect(ContentHash.of(Array(bytes.dropLast())) != whole)
    #expect(ContentHash.of(bytes + [0]) != whole)
    for position in stride(from: 0, to: 1000, by: 37) {
      var flipped = bytes
      flipped[position] ^= 1
      #expect(ContentHash.of(flipped) != whole, "bit flipped at \(position)")
    }
  }
}

/// The other shipped models the development checkout keeps beside the data sets
/// (`$INTENTBRIDGE_DEV_MODELS`, default `<checkout>/../shared/models`): each folder holding a
/// `tokenizer.json`. Empty when absent; tests over them then run on the repository's model only.
enum DevModels {
  static let root: String = {
    if let chosen = ProcessInfo.processInfo.environment["INTENTBRIDGE_DEV_MODELS"], !chosen.isEmpty { return chosen }
    return URL(fileURLWithPath: Repository.root).appendingPathComponent("../shared/models").standardizedFileURL.path
  }()

  static let folders: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.sorted().map { root + "/" + $0 }.filter { FileManager.default.fileExists(atPath: $0 + "/tokenizer.json") }
  }()
}

/// Texts for comparing tokenizers: the fixtures' texts plus up to 150 requests of every
/// development request set (`DevData`, read in place; absent sets are skipped).
enum ParityTexts {
  static func all() throws -> [String] {
    var texts: [String] = []
    for name in ["tokenizer_parity.jsonl", "wordpiece_parity.jsonl", "vector_parity.jsonl"] {
      texts += try Fixtures.lines(name).compactMap { $0["text"]?.stringValue }
    }
    let root = DevData.root
    for set in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted() {
      let folder = root + "/" + set
      for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where file.hasSuffix(".jsonl") {
        guard let text = try? Repository.readText(folder + "/" + file) else { continue }
        for line in text.split(separator: "\n").prefix(150) {
          if let query = (try? JSONParser.parse(String(line)))?["query"]?.stringValue { texts.append(query) }
        }
      }
    }
    return texts
  }
}
