import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeIndex
import IntentBridgeTemplates
import IntentBridgeText

/// The compiled catalog as the index file stores it (section `COMP`), so that a start reads
/// it instead of compiling the catalog again. In order: the hash of the catalog and the
/// language it was compiled from (checked against the catalog at hand), the keyword settings it was built
/// with, whether the catalog is a grammar, the negative samples, the compiled templates
/// (`IntentTemplates`), the keyword index and the entity affinity. Not stored, because they
/// are cheap to make again or only needed to build an index file: the catalog itself (the
/// file is checked against its hash), its `<rule>`s and analyser (`rulesAndAnalyzer`), and
/// the intents' documents (`documents`, built again on demand).
extension CompiledCatalog {
  /// The bytes of section `COMP`. Deterministic: the same catalog compiled the same way
  /// gives the same bytes. The templates, the keyword index and the affinity each start and
  /// end at a multiple of 8 bytes, at offsets given after the first values, so that a reader
  /// can decode the first two side by side.
  package func encoded() -> [UInt8] {
    var writer = BinaryWriter()
    catalog.contentHash.encode(to: &writer)
    language.encode(to: &writer)
    keywordIndex.configuration.encode(to: &writer)
    isGrammar.encode(to: &writer)
    negativeSamples.encode(to: &writer)
    writer.padToEight()
    let table = writer.bytes.count
    for _ in 0..<Self.partCount + 1 { writer.u64(0) }
    for part in 0..<Self.partCount {
      writer.padToEight()
      writer.patch(u64: UInt64(writer.bytes.count), at: table + 8 * part)
      switch part {
      case 0: templates.encode(to: &writer)
      case 1: keywordIndex.encode(to: &writer)
      default: affinity.encode(to: &writer)
      }
      writer.padToEight()
    }
    writer.patch(u64: UInt64(writer.bytes.count), at: table + 8 * Self.partCount)
    return writer.bytes
  }

  /// The parts after the table of offsets: templates, keyword index, affinity.
  private static let partCount = 3

  /// The catalog compiled for `language` with the keyword settings `keyword`, read from
  /// `bytes` (`encoded()` of the same catalog, whose index file the caller has checked
  /// against the catalog's hash, language and engine format); nil when they were built with
  /// other keyword settings (the catalog is then compiled instead).
  /// - Throws: `BinaryReader.Failure` when the bytes are not a compiled catalog of this shape
  ///   (the index file is then rebuilt).
  /// - Complexity: linear in the bytes; no template is compiled and no text analysed. The
  ///   templates and the keyword index are decoded side by side.
  package static func stored(
    _ bytes: [UInt8], catalog: Catalog, language: String, keyword: KeywordIndex.Configuration = KeywordIndex.Configuration()
  ) throws(BinaryReader.Failure) -> CompiledCatalog? {
    try stored(ByteRange(copying: bytes), catalog: catalog, language: language, keyword: keyword, beside: {}).compiled
  }

  /// The same, running `beside` (work of the caller's that needs no compiled catalog, such
  /// as building a vector index) on the second core after the keyword index is read, while
  /// the templates, which take longest, still are: its result, or nil when the keyword
  /// settings differ and nothing is read. `bytes` are read in place (an index file's section
  /// in its memory map), unless they do not start at a multiple of 8 bytes.
  package static func stored<Beside: Sendable>(
    _ bytes: ByteRange, catalog: Catalog, language: String, keyword: KeywordIndex.Configuration,
    beside: @Sendable () -> Beside
  ) throws(BinaryReader.Failure) -> (compiled: CompiledCatalog?, beside: Beside?) {
    // Offsets in the bytes are from their start; the padding aligns them to 8 in the store.
    let section = bytes.range.lowerBound % 8 == 0 ? bytes : ByteRange(copying: bytes.array)
    let store = section.store
    let base = section.range.lowerBound
    let count = section.count
    var reader = BinaryReader(store: store, from: base, end: base + count)
    // What ties the section to its catalog: a section spliced in from another catalog's or
    // language's file (with a valid checksum) is refused, not used.
    let storedHash = try String(from: &reader)
    let storedLanguage = try String(from: &reader)
    guard storedHash == catalog.contentHash, storedLanguage == language else {
      throw BinaryReader.Failure(
        message: "it was compiled from another catalog or language (\(storedLanguage), catalog hash \(storedHash.prefix(12))…)")
    }
    let storedKeyword = try KeywordIndex.Configuration(from: &reader)
    let isGrammar = try Bool(from: &reader)
    guard storedKeyword == keywordSettings(keyword, isGrammar: isGrammar) else { return (nil, nil) }
    let negativeSamples = try [String](from: &reader)
    try reader.skipPaddingToEight("padding")
    var offsets: [Int] = []
    for part in 0...partCount { offsets.append(try reader.count("offset of part \(part)", in: 0...count)) }
    let ends = offsets
    // Each part starts after the table and the previous part, the last ends with the section.
    guard ends[0] >= reader.position - base, zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 }), ends[partCount] == count else {
      throw BinaryReader.Failure(message: "the compiled catalog's part offsets \(ends) do not divide its \(count) bytes")
    }
    /// A reader of part `k` that must be read to its end by `body`.
    @Sendable func part<Value>(_ k: Int, _ body: (inout BinaryReader) throws(BinaryReader.Failure) -> Value) -> Result<Value, BinaryReader.Failure> {
      var reader = BinaryReader(store: store, from: base + ends[k], end: base + ends[k + 1])
      do throws(BinaryReader.Failure) {
        let value = try body(&reader)
        try reader.skipPaddingToEight("padding after part \(k)")
        guard reader.position == base + ends[k + 1] else {
          throw BinaryReader.Failure(message: "\(base + ends[k + 1] - reader.position) bytes follow part \(k) of the compiled catalog")
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    let (rules, analyzer) = rulesAndAnalyzer(of: catalog, language: language)
    let (templates, (keywordIndex, besides)) = sideBySide {
      part(0) { reader throws(BinaryReader.Failure) in try IntentTemplates(from: &reader, analyzer: analyzer) }
    } _: {
      (part(1) { reader throws(BinaryReader.Failure) in try KeywordIndex(from: &reader, analyzer: analyzer) }, beside())
    }
    let lexiconCount = try templates.get().matcher.lexicons.count
    let affinity = try part(2) { reader throws(BinaryReader.Failure) in
      try EntityAffinity(from: &reader, intentCount: catalog.intents.count, lexiconCount: lexiconCount)
    }.get()
    let compiled = try CompiledCatalog(
      catalog: catalog, language: language, rules: rules, analyzer: analyzer, templates: templates.get(), documents: nil,
      keywordIndex: keywordIndex.get(), affinity: affinity, negativeSamples: negativeSamples, isGrammar: isGrammar
    ).checked()
    return (compiled, besides)
  }

  /// This compiled catalog when its parts fit its catalog (one template list and one keyword
  /// document per intent).
  private func checked() throws(BinaryReader.Failure) -> CompiledCatalog {
    let intents = catalog.intents.count
    guard templates.templates.count == intents, keywordIndex.documentCount == intents else {
      throw BinaryReader.Failure(
        message:
          "the compiled catalog has \(templates.templates.count) template lists and \(keywordIndex.documentCount) documents for \(intents) intents")
    }
    return self
  }
}
