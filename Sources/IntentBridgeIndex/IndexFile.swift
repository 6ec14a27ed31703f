import IntentBridgeBinary
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The compiled index of a catalog for one language and model, stored beside the catalog
/// (`notes.en.json` → `notes.en.index`; `larder.json` in German → `larder.de.index`) so that
/// a start needs no embedding of the catalog and no confidence fit. It holds the catalog's
/// vectors (`VectorFile`), what each row stands for, and the confidence models fitted when it
/// was built. Format (little-endian, sections 16-byte aligned; `Schemas/index-file.md`):
///
///     offset  size   field
///     0       4      magic "IBIX"
///     4       2      format version (1)
///     6       2      reserved (0)
///     8       8      checksum: `ContentHash` of every byte from offset 16 to the end
///     16      8      file length
///     24      4      section count S
///     28      4      reserved (0)
///     32      24·S   sections: id (4 ASCII bytes), reserved (4), offset (8), length (8)
///     …              HEAD (JSON: engine, catalogHash, language, model, dimensions, count),
///                    CALI (JSON: confidence models), ENTR (8 bytes per row: intent int32,
///                    kind code uint8, 3 reserved), VECT (count × dimensions float32),
///                    DUPL (optional: threshold float32, then per row the kept row it
///                    folds into as a near duplicate, int32, -1 when kept),
///                    COMP (optional: the compiled catalog, `VectorFile.compiledCatalog`),
///                    TXTH (optional: per row the hash of its text, uint64, `VectorFile.textHashes`)
///
/// Reading maps the file (no copy through a buffer), checks magic, version, length, section
/// bounds and checksum, then the caller compares engine format, model, dimensions, catalog hash
/// and language with its own (`check`) and validates the rows (`VectorFile.validate`): a
/// stale, foreign, truncated, corrupt or crafted file is never used.
package enum IndexFile {
  package static let magic: [UInt8] = Array("IBIX".utf8)
  package static let formatVersion: UInt16 = 1
  /// The largest index file read: 4 GiB (30,000 tools make about 100 MB).
  package static let maximumBytes = 1 << 32
  /// What an entry's kind code stands for (its index here).
  static let kinds = ["title", "phrase", "keywords"]

  /// The index file of the catalog at `catalogPath` in `language`: the catalog's name without
  /// `.json`, the language unless the name already ends with it, then `.index`.
  package static func path(forCatalog catalogPath: String, language: String) -> String {
    CatalogCompanionPath.path(forCatalog: catalogPath, language: language, suffix: ".index")
  }

  /// The index file of the catalog at `catalogPath` in `language` built with the transformer
  /// encoder: `.transformer.index` instead of `.index` (`notes.en.transformer.index`), so
  /// that switching encoders does not rebuild one file back and forth.
  package static func transformerPath(forCatalog catalogPath: String, language: String) -> String {
    CatalogCompanionPath.path(forCatalog: catalogPath, language: language, suffix: ".transformer.index")
  }

  /// Why an index file cannot be used.
  package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case truncated(expected: Int, actual: Int)
    case notAnIndexFile
    case unsupportedVersion(UInt16)
    case corrupt(String)
    case checksumMismatch
    case otherEngine(expected: String, found: String)
    case otherModel(expected: String, found: String)
    case otherDimensions(expected: Int, found: Int)
    case staleCatalog
    case otherLanguage(expected: String, found: String)

    package var description: String {
      switch self {
      case .unreadable(let reason): "cannot be read: \(reason)"
      case .truncated(let expected, let actual): "is truncated: \(actual) bytes, expected \(expected)"
      case .notAnIndexFile: "is not an IntentBridge index file (bad magic bytes)"
      case .unsupportedVersion(let v): "has format version \(v); this IntentBridge reads version \(IndexFile.formatVersion)"
      case .corrupt(let reason): "is corrupt: \(reason)"
      case .checksumMismatch: "is corrupt: its checksum does not match its contents"
      case .otherEngine(let expected, let found): "was built by another engine version (\"\(found)\", this one writes \"\(expected)\")"
      case .otherModel(let expected, let found):
        found == VectorFileBuilder.noModel
          ? "was built without an embedding model (keyword signals only), not with \"\(expected)\""
          : "was built with the model \"\(found)\", not \"\(expected)\""
      case .otherDimensions(let expected, let found): "has \(found)-dimensional vectors, the model makes \(expected)"
      case .staleCatalog: "is stale: the catalog changed since it was built"
      case .otherLanguage(let expected, let found): "was built for language \"\(found)\", not \"\(expected)\""
      }
    }
  }

  // MARK: Writing

  /// The file's bytes for `vectors` (its calibration included), built by engine format `engine`.
  package static func encode(_ vectors: VectorFile, engine: String) -> [UInt8] {
    var head = JSONObject()
    head["engine"] = .string(engine)
    head["catalogHash"] = .string(vectors.catalogHash)
    head["language"] = .string(vectors.language)
    head["model"] = .string(vectors.model)
    head["dimensions"] = .integer(Int64(vectors.dimensions))
    head["count"] = .integer(Int64(vectors.entries.count))
    var entries: [UInt8] = []
    entries.reserveCapacity(vectors.entries.count * 8)
    for entry in vectors.entries {
      append(Int32(truncatingIfNeeded: entry.intent), to: &entries)
      // Unknown kinds are written as 255 and refused on reading, as a crafted kind is.
      entries.append(UInt8(kinds.firstIndex(of: entry.kind) ?? 255))
      entries += [0, 0, 0]
    }
    // Little-endian Float32s: on a little-endian machine the array's own bytes, copied at once.
    #if _endian(little)
      let floats = vectors.vectors.withUnsafeBytes { Array($0) }
    #else
      var floats: [UInt8] = []
      floats.reserveCapacity(vectors.vectors.count * 4)
      for value in vectors.vectors { append(value.bitPattern, to: &floats) }
    #endif
    var sections: [(id: String, bytes: [UInt8])] = [
      ("HEAD", Array(JSONWriter.compact(.object(head)).utf8)),
      ("CALI", vectors.calibration.map { Array(JSONWriter.compact($0).utf8) } ?? []),
      ("ENTR", entries),
      ("VECT", floats),
    ]
    if let duplicates = vectors.nearDuplicates {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(4 + 4 * duplicates.folds.count)
      append(duplicates.threshold.bitPattern, to: &bytes)
      for fold in duplicates.folds { append(fold, to: &bytes) }
      sections.append(("DUPL", bytes))
    }
    if let compiled = vectors.compiledCatalog { sections.append(("COMP", compiled.array)) }
    if let hashes = vectors.textHashes {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(8 * hashes.count)
      for hash in hashes { append(hash, to: &bytes) }
      sections.append(("TXTH", bytes))
    }
    let tableEnd = 32 + 24 * sections.count
    var offsets: [Int] = []
    var position = aligned(tableEnd)
    for section in sections {
      offsets.append(position)
      position = aligned(position + section.bytes.count)
    }
    var out = [UInt8](repeating: 0, count: position)
    out.replaceSubrange(0..<4, with: magic)
    put(formatVersion, at: 4, in: &out)
    put(UInt64(position), at: 16, in: &out)
    put(UInt32(sections.count), at: 24, in: &out)
    for (i, section) in sections.enumerated() {
      let entry = 32 + 24 * i
      out.replaceSubrange(entry..<(entry + 4), with: Array(section.id.utf8))
      put(UInt64(offsets[i]), at: entry + 8, in: &out)
      put(UInt64(section.bytes.count), at: entry + 16, in: &out)
      out.replaceSubrange(offsets[i]..<(offsets[i] + section.bytes.count), with: section.bytes)
    }
    let checksum = out.withUnsafeBytes { ContentHash.of(UnsafeRawBufferPointer(rebasing: $0[16...])) }
    put(checksum, at: 8, in: &out)
    return out
  }

  /// Writes the file atomically (a temporary file renamed over `path`): a process starting
  /// at the same time reads the old file or the new one, never half of one.
  package static func write(_ vectors: VectorFile, engine: String, path: String) throws {
    try Data(encode(vectors, engine: engine)).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  private static func aligned(_ offset: Int) -> Int { (offset + 15) & ~15 }

  private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }

  private static func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out.replaceSubrange(offset..<(offset + $0.count), with: $0) }
  }

  // MARK: Reading

  /// What a file holds besides its vectors.
  package struct Contents: Sendable, Equatable {
    /// The engine format that built it (`IndexFile.check` compares it with the reader's).
    package var engine: String
    package var vectors: VectorFile
  }

  /// Decodes and integrity-checks the bytes of an index file (magic, version, length,
  /// sections, checksum); with `vectors` false the rows are checked but not copied (the
  /// result has no entries and no vectors, as keyword signals need).
  /// - Complexity: O(file length), one pass for the checksum and one copy of the vectors.
  package static func decode(_ bytes: UnsafeRawBufferPointer, vectors readVectors: Bool = true) throws(Problem) -> Contents {
    try decode(bytes, vectors: readVectors, store: nil)
  }

  /// `decode`, with `bytes` the whole of `store` (a mapped file) when given: the compiled
  /// catalog is then a range of the store, read in place, instead of a copy.
  static func decode(_ bytes: UnsafeRawBufferPointer, vectors readVectors: Bool, store: ByteStore?) throws(Problem) -> Contents {
    guard bytes.count >= 32 else { throw .truncated(expected: 32, actual: bytes.count) }
    guard Array(bytes[0..<4]) == magic else { throw .notAnIndexFile }
    let version = read(UInt16.self, bytes, 4)
    guard version == formatVersion else { throw .unsupportedVersion(version) }
    // The reserved bytes before the checksum are not covered by it: they must be zero.
    guard read(UInt16.self, bytes, 6) == 0, read(UInt32.self, bytes, 28) == 0 else {
      throw .corrupt("its reserved header bytes are not zero")
    }
    let length = read(UInt64.self, bytes, 16)
    guard length == UInt64(bytes.count) else {
      throw .truncated(expected: length > UInt64(Int.max) ? Int.max : Int(length), actual: bytes.count)
    }
    guard ContentHash.of(UnsafeRawBufferPointer(rebasing: bytes[16...])) == read(UInt64.self, bytes, 8) else {
      throw .checksumMismatch
    }
    let sectionCount = Int(read(UInt32.self, bytes, 24))
    guard sectionCount <= 64, 32 + 24 * sectionCount <= bytes.count else { throw .corrupt("its section table does not fit in the file") }
    var sections: [String: UnsafeRawBufferPointer] = [:]
    for i in 0..<sectionCount {
      let entry = 32 + 24 * i
      let id = String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self)
      let offset = read(UInt64.self, bytes, entry + 8)
      let size = read(UInt64.self, bytes, entry + 16)
      guard read(UInt32.self, bytes, entry + 4) == 0 else { throw .corrupt("section \(id)'s reserved bytes are not zero") }
      guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else {
        throw .corrupt("section \(id) lies outside the file")
      }
      sections[id] = UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset + size)])
    }
    guard let headBytes = sections["HEAD"], let entryBytes = sections["ENTR"], let vectorBytes = sections["VECT"] else {
      throw .corrupt("it lacks one of the sections HEAD, ENTR and VECT")
    }
    let head: JSONValue
    do {
      head = try JSONParser.parse(bytes: Array(headBytes))
    } catch {
      throw .corrupt("its HEAD section is not JSON: \(error)")
    }
    guard let engine = head["engine"]?.stringValue, let model = head["model"]?.stringValue,
      let dimensions = head["dimensions"]?.integerValue, dimensions >= 0, dimensions <= 1 << 16,
      let catalogHash = head["catalogHash"]?.stringValue, let language = head["language"]?.stringValue,
      let count = head["count"]?.integerValue, count >= 0
    else { throw .corrupt("its HEAD lacks engine, model, dimensions, catalogHash, language or count") }
    // Sizes are compared before any product of `count` is formed: a crafted count (2^60 rows
    // with a valid checksum) is refused instead of overflowing.
    guard count <= entryBytes.count / 8, entryBytes.count == Int(count) * 8 else {
      throw .corrupt("its ENTR section holds \(entryBytes.count) bytes for \(count) rows (8 per row)")
    }
    guard vectorBytes.count / 4 / max(Int(dimensions), 1) >= Int(count), vectorBytes.count == Int(count) * Int(dimensions) * 4 else {
      throw .corrupt("its VECT section holds \(vectorBytes.count) bytes for \(count) rows of \(dimensions) float32")
    }
    var entries: [VectorFile.Entry] = []
    entries.reserveCapacity(readVectors ? Int(count) : 0)
    for row in 0..<(readVectors ? Int(count) : 0) {
      let intent = Int32(bitPattern: read(UInt32.self, entryBytes, row * 8))
      let code = Int(entryBytes[row * 8 + 4])
      guard intent >= 0 else { throw .corrupt("entry \(row) stands for intent \(intent)") }
      guard entryBytes[row * 8 + 5] == 0, entryBytes[row * 8 + 6] == 0, entryBytes[row * 8 + 7] == 0 else {
        throw .corrupt("entry \(row)'s reserved bytes are not zero")
      }
      guard code < kinds.count else { throw .corrupt("entry \(row) has the kind code \(code); expected 0–\(kinds.count - 1)") }
      entries.append(VectorFile.Entry(intent: Int(intent), kind: kinds[code]))
    }
    let floats = [Float](unsafeUninitializedCapacity: readVectors ? Int(count) * Int(dimensions) : 0) { buffer, initialized in
      #if _endian(little)
        // The file's little-endian float32 are the host's: one move.
        if let destination = buffer.baseAddress, let source = vectorBytes.baseAddress {
          UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: buffer.count * 4)
        }
      #else
        for i in 0..<buffer.count { buffer[i] = Float(bitPattern: read(UInt32.self, vectorBytes, i * 4)) }
      #endif
      initialized = buffer.count
    }
    var vectors = VectorFile(
      model: model, dimensions: Int(dimensions), catalogHash: catalogHash, language: language, entries: entries, vectors: floats)
    if let duplicates = sections["DUPL"] {
      guard duplicates.count == 4 + Int(count) * 4 else {
        throw .corrupt("its DUPL section holds \(duplicates.count) bytes for \(count) rows (4 + 4 per row)")
      }
      let threshold = Float(bitPattern: read(UInt32.self, duplicates, 0))
      let folds = [Int32](unsafeUninitializedCapacity: readVectors ? Int(count) : 0) { buffer, initialized in
        for i in 0..<buffer.count { buffer[i] = Int32(bitPattern: read(UInt32.self, duplicates, 4 + i * 4)) }
        initialized = buffer.count
      }
      vectors.nearDuplicates = VectorFile.NearDuplicates(threshold: threshold, folds: folds)
    }
    if let compiled = sections["COMP"] {
      if let store, let base = bytes.baseAddress, let start = compiled.baseAddress {
        let offset = start - base
        vectors.compiledCatalog = ByteRange(store: store, range: offset..<(offset + compiled.count))
      } else {
        vectors.compiledCatalog = ByteRange(copying: Array(compiled))
      }
    }
    if let hashes = sections["TXTH"] {
      guard hashes.count == Int(count) * 8 else {
        throw .corrupt("its TXTH section holds \(hashes.count) bytes for \(count) rows (8 per row)")
      }
      if readVectors { vectors.textHashes = (0..<Int(count)).map { read(UInt64.self, hashes, $0 * 8) } }
    }
    if let calibration = sections["CALI"], !calibration.isEmpty {
      do {
        vectors.calibration = try JSONParser.parse(bytes: Array(calibration))
      } catch {
        throw .corrupt("its CALI section is not JSON: \(error)")
      }
    }
    return Contents(engine: engine, vectors: vectors)
  }

  @inline(__always)
  private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
    T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  /// Reads and decodes the file at `path` (`decode`), mapping it into memory. A directory,
  /// FIFO, device or socket is refused before it is opened (opening a FIFO would wait for a
  /// writer); a symbolic link is followed.
  package static func read(path: String, vectors readVectors: Bool = true) throws(Problem) -> Contents {
    // `FileReader`'s policy: kind and size looked at before anything is opened.
    do {
      _ = try FileReader.status(path, what: "an index file", limit: maximumBytes)
    } catch {
      throw .unreadable(error.description)
    }
    let descriptor: FileDescriptor
    let info: FileStatus
    do {
      descriptor = try FileDescriptor.open(forReading: path)
    } catch {
      throw .unreadable("\(path): \(error)")
    }
    defer { descriptor.closeIgnoringErrors() }
    do {
      // The size of what was opened (the path may have been replaced since the look).
      info = try FileStatus(descriptor: descriptor)
    } catch {
      throw .unreadable("\(path): \(error)")
    }
    guard info.kind == .regularFile, info.size <= Int64(maximumBytes) else {
      throw .unreadable("\(path): changed while it was opened")
    }
    let size = Int(info.size)
    guard size > 0 else { throw .truncated(expected: 32, actual: 0) }
    // The store unmaps the file when the last range into it (the compiled catalog) is gone.
    let bytes: UnsafeRawBufferPointer
    do {
      bytes = try MemoryMap.mapReadOnly(descriptor, size: size)
    } catch {
      throw .unreadable("\(path): \(error)")
    }
    let store = ByteStore(mapping: bytes, path: path)
    let contents = try decode(bytes, vectors: readVectors, store: store)
    // Everything but the compiled catalog is copied out: the pages the checksum touched leave
    // the resident set, and those of the compiled catalog come back from the page cache as
    // it is read.
    MemoryMap.releaseResidentPages(bytes)
    return contents
  }

  /// Checks that the file fits the engine format, model, catalog and language of the reader.
  package static func check(
    _ contents: Contents, engine: String, model: String, dimensions: Int, catalogHash: String, language: String
  ) throws(Problem) {
    guard contents.engine == engine else { throw .otherEngine(expected: engine, found: contents.engine) }
    let vectors = contents.vectors
    guard vectors.model == model else { throw .otherModel(expected: model, found: vectors.model) }
    guard vectors.dimensions == dimensions else { throw .otherDimensions(expected: dimensions, found: vectors.dimensions) }
    guard vectors.language == language else { throw .otherLanguage(expected: language, found: vectors.language) }
    guard vectors.catalogHash == catalogHash else { throw .staleCatalog }
  }
}
