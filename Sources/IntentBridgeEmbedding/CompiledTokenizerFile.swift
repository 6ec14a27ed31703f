import IntentBridgeBinary

/// The compiled tokenizer file (`tokenizer.ibtok`, format version 1; Schemas/tokenizer-file.md):
/// everything a `Tokenizer` uses at run time — added tokens, normaliser steps and the
/// precompiled charsmap's trie, pre-tokeniser settings, the model's scores or WordPiece
/// settings, the pieces' UTF-8 in one blob with offsets, and the `ByteTrie` already built —
/// in a flat little-endian layout that is memory-mapped and used in place. No JSON parse, no
/// sort, no allocation per piece at load.
///
/// The file records what it was built from (`CompiledTokenizerSources`: the model identity
/// and the size and `ContentHash` of config.json, tokenizer.json and normalizer_table.json)
/// and ends with a `ContentHash` of its own bytes. `decode` refuses, with a
/// `CompiledTokenizerProblem`, a file that is truncated, has other magic bytes or another
/// version, fails its checksum, was built from other sources, or whose tables do not fit
/// together; such a file is never used.
///
///     let bytes = CompiledTokenizerFile.encode(tokenizer, sources: sources)
///     let (again, median) = try CompiledTokenizerFile.decode(ByteStore(copying: bytes), expecting: sources)
enum CompiledTokenizerFile {
  /// The name of the file beside the model (or, keyed by model, in the user's cache folder).
  static let fileName = "tokenizer.ibtok"
  static let magic: [UInt8] = Array("IBTK".utf8)
  /// Bump whenever what `encode` writes changes (fields, order, meaning, or how a table is
  /// derived from `tokenizer.json`): files left by an older build are then rebuilt, not read.
  static let version: UInt16 = 1
  /// Magic, version, reserved, file length.
  static let headerSize = 16
  static let checksumSize = 8

  private enum NormalizerKind: UInt8 {
    case precompiled = 1
    case collapseSpaces = 2
    case replace = 3
    case bert = 4
    case lowercase = 5
    case strip = 6
  }

  private enum PreTokenizerKind: UInt8 {
    /// No pre-tokenizer: the whole segment is one piece.
    case whole = 0
    case metaspace = 1
    case bert = 2
  }

  private enum ModelKind: UInt8 {
    case unigram = 1
    case wordPiece = 2
  }

  // MARK: Writing

  /// The file's bytes for `tokenizer` built from `sources`.
  /// - Complexity: O(vocabulary bytes + trie nodes).
  static func encode(_ tokenizer: Tokenizer, sources: CompiledTokenizerSources) -> [UInt8] {
    var out = BinaryWriter()
    for byte in magic { out.u8(byte) }
    out.u16(version)
    out.u16(0)
    out.u64(0)  // the file length, patched below
    out.string(sources.modelIdentity)
    out.u32(UInt32(sources.files.count))
    for file in sources.files {
      out.string(file.name)
      out.u64(file.fingerprint.size)
      out.u64(file.fingerprint.hash)
    }
    out.u64(UInt64(tokenizer.vocabularySize))
    out.f64(tokenizer.medianPieceLength)

    out.u32(UInt32(tokenizer.addedTokens.tokens.count))
    for token in tokenizer.addedTokens.tokens {
      out.i32(token.id)
      out.bool(token.leftStrip)
      out.bool(token.rightStrip)
      out.bytes(token.content)
    }

    out.u32(UInt32(tokenizer.normalizer.steps.count))
    for step in tokenizer.normalizer.steps {
      switch step {
      case .precompiled(let map):
        out.u8(NormalizerKind.precompiled.rawValue)
        out.array(map.units)
        out.array(map.replacements)
      case .collapseSpaces:
        out.u8(NormalizerKind.collapseSpaces.rawValue)
      case .replace(let pattern, let content):
        out.u8(NormalizerKind.replace.rawValue)
        out.bytes(pattern)
        out.bytes(content)
      case .bert(let bert):
        out.u8(NormalizerKind.bert.rawValue)
        for flag in [bert.cleanText, bert.handleChineseCharacters, bert.stripAccents, bert.lowercase] { out.bool(flag) }
      case .lowercase:
        out.u8(NormalizerKind.lowercase.rawValue)
      case .strip(let left, let right):
        out.u8(NormalizerKind.strip.rawValue)
        out.bool(left)
        out.bool(right)
      }
    }

    switch tokenizer.preTokenizer.kind {
    case .none:
      out.u8(PreTokenizerKind.whole.rawValue)
    case .metaspace(let metaspace):
      out.u8(PreTokenizerKind.metaspace.rawValue)
      out.bytes(metaspace.replacement)
      out.u8(UInt8(MetaspacePreTokenizer.PrependScheme.allCases.firstIndex(of: metaspace.prependScheme) ?? 0))
      out.bool(metaspace.split)
    case .bert(let bert):
      out.u8(PreTokenizerKind.bert.rawValue)
      out.bool(bert.isolatePunctuation)
    }

    let trie: ByteTrie
    switch tokenizer.model {
    case .unigram(let unigram):
      out.u8(ModelKind.unigram.rawValue)
      out.u64(UInt64(unigram.unknownID))
      out.f64(unigram.unknownScore)
      out.array(unigram.scoreTable)
      trie = unigram.trie
    case .wordPiece(let wordPiece):
      out.u8(ModelKind.wordPiece.rawValue)
      out.u64(UInt64(wordPiece.unknownID))
      out.string(wordPiece.continuingSubwordPrefix)
      out.u64(UInt64(wordPiece.maxInputCharactersPerWord))
      out.i32(wordPiece.continuationNode)
      trie = wordPiece.trie
    }
    out.array(tokenizer.pieces.offsets)
    out.array(tokenizer.pieces.bytes)
    out.array(trie.rootChildren)
    out.array(trie.edgeStart)
    out.array(trie.edgeLabels)
    out.array(trie.values)

    out.padToEight()
    out.patch(u64: UInt64(out.bytes.count + checksumSize), at: 8)
    var bytes = out.bytes
    let checksum = bytes.withUnsafeBytes { ContentHash.of($0) }
    for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(i)))) }
    return bytes
  }

  // MARK: Reading

  /// The tokenizer in `store` (views into it, no copies of the tables) and its median piece
  /// length, when the file is whole, of this version, built from exactly `sources`, and its
  /// tables fit together.
  /// - Throws: the first problem found; the file must then not be used.
  /// - Complexity: O(file size) for the checksum plus O(trie nodes + pieces) for the checks.
  static func decode(_ store: ByteStore, expecting sources: CompiledTokenizerSources) throws(CompiledTokenizerProblem) -> Tokenizer {
    let bytes = store.bytes
    guard bytes.count >= headerSize + checksumSize else {
      throw .truncated(expectedBytes: headerSize + checksumSize, actualBytes: bytes.count)
    }
    guard bytes[0..<4].elementsEqual(magic) else { throw .notCompiledTokenizer }
    let version = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
    guard version == Self.version else { throw .otherVersion(Int(version)) }
    var length: UInt64 = 0
    for i in 0..<8 { length |= UInt64(bytes[8 + i]) << (8 * UInt64(i)) }
    guard length == UInt64(bytes.count) else {
      if length > UInt64(bytes.count) { throw .truncated(expectedBytes: Int(clamping: length), actualBytes: bytes.count) }
      throw .malformed("the header gives \(length) bytes but the file has \(bytes.count)")
    }
    let bodyEnd = bytes.count - checksumSize
    var stored: UInt64 = 0
    for i in 0..<8 { stored |= UInt64(bytes[bodyEnd + i]) << (8 * UInt64(i)) }
    guard ContentHash.of(UnsafeRawBufferPointer(rebasing: bytes[0..<bodyEnd])) == stored else { throw .checksumMismatch }

    var reader = BinaryReader(store: store, from: headerSize, end: bodyEnd)
    do {
      let found = try readSources(&reader)
      if found.modelIdentity != sources.modelIdentity {
        throw CompiledTokenizerProblem.otherModel(found: found.modelIdentity, expected: sources.modelIdentity)
      }
      if let changed = sources.files.first(where: { file in !found.files.contains(file) }) {
        throw CompiledTokenizerProblem.stale(changedFile: changed.name)
      }
      if found.files.count != sources.files.count { throw CompiledTokenizerProblem.stale(changedFile: "the list of source files") }
      return try readTokenizer(&reader)
    } catch let failure as BinaryReader.Failure {
      throw .malformed(failure.message)
    } catch let problem as CompiledTokenizerProblem {
      throw problem
    } catch {
      throw .malformed("\(error)")
    }
  }

  private static func readSources(_ reader: inout BinaryReader) throws(BinaryReader.Failure) -> CompiledTokenizerSources {
    let identity = try reader.string("model identity")
    let count = Int(try reader.u32("source count"))
    guard count <= 16 else { throw BinaryReader.Failure(message: "\(count) source files (at most 16)") }
    var files: [CompiledTokenizerSources.File] = []
    for i in 0..<count {
      let name = try reader.string("source \(i) name")
      let size = try reader.u64("source \(i) size")
      let hash = try reader.u64("source \(i) hash")
      files.append(.init(name: name, fingerprint: SourceFingerprint(size: size, hash: hash)))
    }
    return CompiledTokenizerSources(modelIdentity: identity, files: files)
  }

  private static func readTokenizer(_ reader: inout BinaryReader) throws -> Tokenizer {
    typealias Failure = BinaryReader.Failure
    let vocabularySize = try reader.count("vocabulary size", in: 1...Int(Int32.max))
    let median = try reader.f64("median piece length")
    // A piece is shorter than 2^31 scalars: a larger median is no tokenizer's (and would
    // overflow `max_length × median`).
    guard median.isFinite, median >= 0, median <= Double(Int32.max) else { throw Failure(message: "median piece length \(median)") }

    var tokens: [AddedTokens.Token] = []
    let tokenCount = Int(try reader.u32("added token count"))
    for i in 0..<tokenCount {
      let id = try reader.i32("added token \(i) id")
      let left = try reader.bool("added token \(i) lstrip")
      let right = try reader.bool("added token \(i) rstrip")
      let content = try reader.bytes("added token \(i) content")
      guard id >= 0, Int(id) < vocabularySize, !content.isEmpty else { throw Failure(message: "added token \(i) (id \(id))") }
      tokens.append(.init(content: content, id: id, leftStrip: left, rightStrip: right))
    }

    var steps: [Normalizer.Step] = []
    let stepCount = Int(try reader.u32("normalizer step count"))
    guard stepCount <= 64 else { throw Failure(message: "\(stepCount) normalizer steps") }
    for i in 0..<stepCount {
      let code = try reader.u8("normalizer step \(i) kind")
      switch NormalizerKind(rawValue: code) {
      case .precompiled:
        let units = try reader.array(of: UInt32.self, "charsmap units")
        let replacements = try reader.array(of: UInt8.self, "charsmap replacements")
        steps.append(.precompiled(PrecompiledCharsmap(units: units, replacements: replacements)))
      case .collapseSpaces:
        steps.append(.collapseSpaces)
      case .replace:
        let pattern = try reader.bytes("replace pattern")
        let content = try reader.bytes("replace content")
        guard !pattern.isEmpty else { throw Failure(message: "normalizer step \(i) replaces an empty pattern") }
        steps.append(.replace(pattern: pattern, content: content))
      case .bert:
        let clean = try reader.bool("clean_text")
        let chinese = try reader.bool("handle_chinese_chars")
        let strip = try reader.bool("strip_accents")
        let lower = try reader.bool("lowercase")
        steps.append(.bert(BertNormalizer(cleanText: clean, handleChineseCharacters: chinese, stripAccents: strip, lowercase: lower)))
      case .lowercase:
        steps.append(.lowercase)
      case .strip:
        let left = try reader.bool("strip_left")
        let right = try reader.bool("strip_right")
        steps.append(.strip(left: left, right: right))
      case nil:
        throw Failure(message: "normalizer step \(i) has kind \(code)")
      }
    }

    let preTokenizer: PreTokenizer
    let preCode = try reader.u8("pre-tokenizer kind")
    switch PreTokenizerKind(rawValue: preCode) {
    case .whole:
      preTokenizer = PreTokenizer(kind: .none)
    case .metaspace:
      let replacement = try reader.bytes("metaspace replacement")
      let scheme = Int(try reader.u8("metaspace prepend scheme"))
      let split = try reader.bool("metaspace split")
      let schemes = MetaspacePreTokenizer.PrependScheme.allCases
      guard !replacement.isEmpty, scheme < schemes.count else { throw Failure(message: "metaspace settings") }
      preTokenizer = PreTokenizer(
        kind: .metaspace(MetaspacePreTokenizer(replacementBytes: replacement, prependScheme: schemes[scheme], split: split)))
    case .bert:
      preTokenizer = PreTokenizer(kind: .bert(BertPreTokenizer(isolatePunctuation: try reader.bool("isolate punctuation"))))
    case nil:
      throw Failure(message: "pre-tokenizer kind \(preCode)")
    }

    let modelCode = try reader.u8("model kind")
    guard let modelKind = ModelKind(rawValue: modelCode) else { throw Failure(message: "model kind \(modelCode)") }
    let unknownID = try reader.count("unknown id", in: 0...Int(Int32.max))
    var unigramSettings: (unknownScore: Double, scores: FlatArray<Double>)?
    var wordPieceSettings: (prefix: String, maxCharacters: Int, continuationNode: Int32)?
    switch modelKind {
    case .unigram:
      let unknownScore = try reader.f64("unknown score")
      unigramSettings = (unknownScore, try reader.array(of: Double.self, "scores"))
    case .wordPiece:
      let prefix = try reader.string("continuing subword prefix")
      let maxCharacters = try reader.count("max input characters per word", in: 0...Int(Int32.max))
      wordPieceSettings = (prefix, maxCharacters, try reader.i32("continuation node"))
    }
    let pieces: PieceList
    do {
      pieces = try PieceList(offsets: reader.array(of: UInt32.self, "piece offsets"), bytes: reader.array(of: UInt8.self, "piece bytes"))
    } catch let failure as PieceList.PieceListError {
      throw Failure(message: failure.message)
    }
    guard pieces.count >= 1, pieces.count <= vocabularySize, unknownID < pieces.count else {
      throw Failure(message: "\(pieces.count) pieces, vocabulary size \(vocabularySize), unknown id \(unknownID)")
    }
    let trie: ByteTrie
    do {
      trie = try ByteTrie(
        rootChildren: reader.array(of: Int32.self, "trie root children"), edgeStart: reader.array(of: Int32.self, "trie edge starts"),
        edgeLabels: reader.array(of: UInt8.self, "trie edge labels"), values: reader.array(of: Int32.self, "trie values"),
        idLimit: pieces.count)
    } catch let failure as ByteTrie.TrieLayoutError {
      throw Failure(message: "trie: " + failure.message)
    }

    let model: Tokenizer.Model
    if let settings = unigramSettings {
      guard settings.scores.count == pieces.count, settings.unknownScore.isFinite else {
        throw Failure(message: "\(settings.scores.count) scores for \(pieces.count) pieces")
      }
      model = .unigram(
        UnigramTokenizer(pieces: pieces, scores: settings.scores, unknownID: unknownID, unknownScore: settings.unknownScore, trie: trie))
    } else if let settings = wordPieceSettings {
      guard settings.continuationNode >= -1, Int(settings.continuationNode) < trie.nodeCount else {
        throw Failure(message: "continuation node \(settings.continuationNode)")
      }
      model = .wordPiece(
        WordPieceTokenizer(
          pieces: pieces, unknownID: unknownID, continuingSubwordPrefix: settings.prefix, maxInputCharactersPerWord: settings.maxCharacters,
          trie: trie, continuationNode: settings.continuationNode))
    } else {
      throw Failure(message: "model settings")
    }
    let expectedSize = max(pieces.count, (tokens.map { Int($0.id) }.max() ?? -1) + 1)
    guard expectedSize == vocabularySize else { throw Failure(message: "vocabulary size \(vocabularySize), the tables give \(expectedSize)") }
    return Tokenizer(
      model: model, normalizer: Normalizer(steps: steps), preTokenizer: preTokenizer, addedTokens: AddedTokens(ordered: tokens),
      vocabularySize: vocabularySize, medianPieceLength: median)
  }
}

/// The size and `ContentHash` of one source file (`absent` when the file does not exist).
struct SourceFingerprint: Equatable, Sendable {
  let size: UInt64
  let hash: UInt64

  static let absent = SourceFingerprint(size: .max, hash: 0)
}

/// What a compiled tokenizer is built from: the model identity and the fingerprints of the
/// model folder's config.json, tokenizer.json and normalizer_table.json, in that order.
struct CompiledTokenizerSources: Equatable, Sendable {
  struct File: Equatable, Sendable {
    let name: String
    let fingerprint: SourceFingerprint
  }

  let modelIdentity: String
  let files: [File]

  /// The files of a model folder that a compiled tokenizer depends on.
  static let fileNames = ["config.json", "tokenizer.json", "normalizer_table.json"]
}

/// Why a compiled tokenizer file was not used (it is rebuilt from `tokenizer.json`).
enum CompiledTokenizerProblem: Error, Equatable, CustomStringConvertible {
  case truncated(expectedBytes: Int, actualBytes: Int)
  case notCompiledTokenizer
  case otherVersion(Int)
  case checksumMismatch
  case otherModel(found: String, expected: String)
  case stale(changedFile: String)
  case malformed(String)

  var description: String {
    switch self {
    case .truncated(let expected, let actual): "truncated (\(actual) of \(expected) bytes)"
    case .notCompiledTokenizer: "not a compiled tokenizer (other magic bytes)"
    case .otherVersion(let version): "format version \(version), this build reads \(CompiledTokenizerFile.version)"
    case .checksumMismatch: "checksum mismatch (damaged)"
    case .otherModel(let found, let expected): "built for model \(found), not \(expected)"
    case .stale(let file): "stale: \(file) changed since it was built"
    case .malformed(let reason): "malformed: \(reason)"
    }
  }
}
