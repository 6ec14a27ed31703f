import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif
import IntentBridgeCatalog
import IntentBridgeJSON

/// Per-intent embedding vectors stored next to a catalog (`<catalog>.vectors`), so that a
/// request needs only one embedding at query time. Format (little-endian; see
/// `Schemas/vector-file.md`):
///
///     offset  size  field
///     0       4     magic "IBVF"
///     4       2     format version (1)
///     6       2     reserved (0)
///     8       4     header length H
///     12      H     header: compact JSON {"model", "dimensions", "catalogHash", "language", "count", "entries"}
///     12+H    pad   zero bytes up to a multiple of 4
///     …       4·D·N float32 vectors, row-major, each L2-normalised
///     end-32  32    SHA-256 of every byte before it
///
/// Every load checks the magic, version, lengths and checksum, then the caller compares the
/// model identity, dimensions, catalog hash and language with what it expects and checks
/// the contents (`validate`: intent indexes, kinds, finite unit rows): a stale, foreign,
/// truncated, corrupt or crafted file is never used silently.
public struct VectorFile: Sendable, Equatable {
  public static let magic: [UInt8] = Array("IBVF".utf8)
  public static let formatVersion: UInt16 = 1

  /// What each vector stands for.
  public struct Entry: Sendable, Equatable {
    /// Index of the intent in the catalog's `intents`.
    public var intent: Int
    /// `title`, `phrase`, `keywords`, …
    public var kind: String

    public init(intent: Int, kind: String) {
      self.intent = intent
      self.kind = kind
    }
  }

  public var model: String
  public var dimensions: Int
  public var catalogHash: String
  public var language: String
  public var entries: [Entry]
  /// `entries.count × dimensions` floats, row-major.
  public var vectors: [Float]
  /// What the engine fitted for the catalog when it built the file (its confidence models),
  /// kept verbatim in the header; nil when absent.
  public var calibration: JSONValue?

  public init(model: String, dimensions: Int, catalogHash: String, language: String, entries: [Entry], vectors: [Float]) {
    self.model = model
    self.dimensions = dimensions
    self.catalogHash = catalogHash
    self.language = language
    self.entries = entries
    self.vectors = vectors
  }

  /// The conventional path of the vector file of a catalog.
  public static func path(forCatalog catalogPath: String, language: String) -> String {
    let base = catalogPath.hasSuffix(".json") ? String(catalogPath.dropLast(5)) : catalogPath
    return base + ".\(language).vectors"
  }

  // MARK: Writing

  public func encoded() -> [UInt8] {
    var header = JSONObject()
    header["model"] = .string(model)
    header["dimensions"] = .integer(Int64(dimensions))
    header["catalogHash"] = .string(catalogHash)
    header["language"] = .string(language)
    header["count"] = .integer(Int64(entries.count))
    header["entries"] = .array(entries.map { [.integer(Int64($0.intent)), .string($0.kind)] })
    if let calibration { header["calibration"] = calibration }
    let headerBytes = Array(JSONWriter.compact(.object(header)).utf8)
    var out: [UInt8] = []
    out.reserveCapacity(16 + headerBytes.count + vectors.count * 4 + 32)
    out += Self.magic
    append(Self.formatVersion, to: &out)
    append(UInt16(0), to: &out)
    append(UInt32(headerBytes.count), to: &out)
    out += headerBytes
    while out.count % 4 != 0 { out.append(0) }
    for value in vectors { append(value.bitPattern, to: &out) }
    out += SHA256.digest(out)
    return out
  }

  private func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }

  // MARK: Reading

  /// Why a vector file cannot be used.
  public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case truncated(expected: Int, actual: Int)
    case notAVectorFile
    case unsupportedVersion(UInt16)
    case corrupt(String)
    case checksumMismatch
    case otherModel(expected: String, found: String)
    case otherDimensions(expected: Int, found: Int)
    case staleCatalog
    case otherLanguage(expected: String, found: String)

    public var description: String {
      switch self {
      case .unreadable(let reason): "cannot be read: \(reason)"
      case .truncated(let expected, let actual): "is truncated: \(actual) bytes, expected \(expected)"
      case .notAVectorFile: "is not an IntentBridge vector file (bad magic bytes)"
      case .unsupportedVersion(let v): "has format version \(v); this IntentBridge reads version \(VectorFile.formatVersion)"
      case .corrupt(let reason): "is corrupt: \(reason)"
      case .checksumMismatch: "is corrupt: its SHA-256 checksum does not match its contents"
      case .otherModel(let expected, let found): "was built with the model \"\(found)\", not \"\(expected)\""
      case .otherDimensions(let expected, let found): "has \(found)-dimensional vectors, the model makes \(expected)"
      case .staleCatalog: "is stale: the catalog changed since it was built"
      case .otherLanguage(let expected, let found): "was built for language \"\(found)\", not \"\(expected)\""
      }
    }
  }

  /// Decodes and integrity-checks a vector file (magic, version, lengths, checksum).
  public static func decode(_ bytes: [UInt8]) throws(Problem) -> VectorFile {
    guard bytes.count >= 12 + 32 else { throw .truncated(expected: 44, actual: bytes.count) }
    guard Array(bytes[0..<4]) == magic else { throw .notAVectorFile }
    let version = UInt16(bytes[4]) | UInt16(bytes[5]) << 8
    guard version == formatVersion else { throw .unsupportedVersion(version) }
    let headerLength = Int(UInt32(bytes[8]) | UInt32(bytes[9]) << 8 | UInt32(bytes[10]) << 16 | UInt32(bytes[11]) << 24)
    guard headerLength <= bytes.count - 12 - 32 else { throw .truncated(expected: 12 + headerLength + 32, actual: bytes.count) }
    let checksum = Array(bytes[(bytes.count - 32)...])
    guard SHA256.digest(Array(bytes[..<(bytes.count - 32)])) == checksum else {
      // A short file whose declared sizes do not add up is reported as truncated below.
      if let expected = try? expectedLength(bytes, headerLength: headerLength), expected != bytes.count {
        throw .truncated(expected: expected, actual: bytes.count)
      }
      throw .checksumMismatch
    }
    let header: JSONValue
    do {
      header = try JSONParser.parse(bytes: Array(bytes[12..<(12 + headerLength)]))
    } catch {
      throw .corrupt("header is not JSON: \(error)")
    }
    guard let model = header["model"]?.stringValue, let dimensions = header["dimensions"]?.integerValue, dimensions > 0,
      let catalogHash = header["catalogHash"]?.stringValue, let language = header["language"]?.stringValue,
      let count = header["count"]?.integerValue, let entryValues = header["entries"]?.arrayValue, entryValues.count == count
    else { throw .corrupt("header lacks model, dimensions, catalogHash, language, count or entries") }
    var entries: [Entry] = []
    entries.reserveCapacity(entryValues.count)
    for value in entryValues {
      guard let intent = value[0]?.integerValue, intent >= 0, let kind = value[1]?.stringValue else {
        throw .corrupt("an entry is not [intent index, kind]")
      }
      entries.append(Entry(intent: Int(intent), kind: kind))
    }
    var offset = 12 + headerLength
    while offset % 4 != 0 { offset += 1 }
    let floatCount = Int(count) * Int(dimensions)
    guard offset + floatCount * 4 + 32 == bytes.count else {
      throw .truncated(expected: offset + floatCount * 4 + 32, actual: bytes.count)
    }
    var vectors = [Float](repeating: 0, count: floatCount)
    for i in 0..<floatCount {
      let p = offset + i * 4
      let bits = UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16 | UInt32(bytes[p + 3]) << 24
      vectors[i] = Float(bitPattern: bits)
    }
    var file = VectorFile(model: model, dimensions: Int(dimensions), catalogHash: catalogHash, language: language, entries: entries, vectors: vectors)
    file.calibration = header["calibration"]
    return file
  }

  private static func expectedLength(_ bytes: [UInt8], headerLength: Int) throws -> Int {
    let header = try JSONParser.parse(bytes: Array(bytes[12..<(12 + headerLength)]))
    guard let count = header["count"]?.integerValue, let dimensions = header["dimensions"]?.integerValue else { return bytes.count }
    var offset = 12 + headerLength
    while offset % 4 != 0 { offset += 1 }
    return offset + Int(count) * Int(dimensions) * 4 + 32
  }

  /// Checks that the file matches the model, catalog and language the caller uses.
  public func check(model expectedModel: String, dimensions expectedDimensions: Int, catalogHash expectedHash: String, language expectedLanguage: String) throws(Problem) {
    guard model == expectedModel else { throw .otherModel(expected: expectedModel, found: model) }
    guard dimensions == expectedDimensions else { throw .otherDimensions(expected: expectedDimensions, found: dimensions) }
    guard language == expectedLanguage else { throw .otherLanguage(expected: expectedLanguage, found: language) }
    guard catalogHash == expectedHash else { throw .staleCatalog }
  }

  /// Reads and decodes the file at `path` (`decode`; its contents are checked by `validate`).
  /// A directory, FIFO, device or socket is refused before it is opened (opening a FIFO
  /// would wait for a writer); a symbolic link is followed.
  public static func read(path: String) throws(Problem) -> VectorFile {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .unreadable(errno == ENOENT ? "\(path): no such file" : "\(path): \(String(cString: strerror(errno)))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .unreadable("\(path) is a directory, not a vector file")
    default: throw .unreadable("\(path) is not a regular file (a FIFO, socket or device), not a vector file")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable("\(path): \(error)")
    }
    return try decode([UInt8](data))
  }

  public func write(path: String) throws {
    try Data(encoded()).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
