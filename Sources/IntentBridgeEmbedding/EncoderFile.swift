import IntentBridgeBinary
import IntentBridgeJSON

/// The transformer encoder file (`encoder.bin`; format in `Schemas/encoder-file.md`), memory
/// mapped and used in place: every tensor is a typed view into the mapping, nothing is parsed
/// or copied but the small `HEAD` JSON.
///
/// Loading checks everything a forward pass relies on, so a damaged or foreign file is an
/// `EmbeddingError` naming the file and the field, never a crash: the magic and version, the
/// stored length against the file's, the checksum of every byte after the header
/// (`ContentHash`, ≈ 10 ms for the shipped 56 MB file), each section inside the file and
/// aligned, the dimensions within bounds, and each section's size against the dimensions.
struct EncoderFile: Sendable {
  /// The weights of one transformer layer.
  struct Layer: Sendable {
    let query: QuantizedMatrix
    let key: QuantizedMatrix
    let value: QuantizedMatrix
    let attentionOutput: QuantizedMatrix
    let attentionNorm: (weight: FlatArray<Float>, bias: FlatArray<Float>)
    let feedForwardIn: QuantizedMatrix
    let feedForwardOut: QuantizedMatrix
    let outputNorm: (weight: FlatArray<Float>, bias: FlatArray<Float>)
  }

  let path: String
  let hidden: Int
  let heads: Int
  let feedForward: Int
  /// Rows of the token-embedding table: the tokenizer's vocabulary, then `<s>` and `</s>`.
  let rows: Int
  let positions: Int
  let layerNormEpsilon: Float
  let beginRow: Int
  let endRow: Int
  let queryPrefix: String
  let passagePrefix: String
  /// The checksum stored in (and verified against) the file.
  let checksum: UInt64
  /// For each row, the token's id in the source model's full vocabulary.
  let sourceIDs: FlatArray<Int32>
  /// Token embeddings: `rows × hidden/2` bytes (block of 32: byte j holds value j in its low
  /// nibble and value j + 16 in its high nibble) and `rows × hidden/32` fp16 scales.
  let wordNibbles: FlatArray<UInt8>
  let wordScales: FlatArray<UInt16>
  let positionTable: FlatArray<Float>
  let tokenType: FlatArray<Float>
  let embeddingNorm: (weight: FlatArray<Float>, bias: FlatArray<Float>)
  let layers: [Layer]

  static let magic: [UInt8] = Array("IBEN".utf8)
  static let version: UInt16 = 1
  static let format = "encoder-1"
  private static let alignment = 64
  private static let headerBytes = 32

  init(path: String) throws(EmbeddingError) {
    let store = try ByteStore(mapping: path)
    let bytes = store.bytes
    self.path = path
    func corrupt(_ field: String, _ value: String, _ expected: String) -> EmbeddingError {
      .invalidField(file: path, field: field, value: value, expected: expected)
    }
    guard bytes.count >= Self.headerBytes else {
      throw .truncated(file: path, expectedBytes: Self.headerBytes, actualBytes: bytes.count)
    }
    func u16(_ at: Int) -> UInt16 { UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)) }
    func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    guard Array(bytes[0..<4]) == Self.magic else {
      throw corrupt("magic (bytes 0–3)", "\(Array(bytes[0..<4]))", "'IBEN': this is not an IntentBridge encoder file")
    }
    guard u16(4) == Self.version else {
      throw .unsupported(file: path, field: "version (bytes 4–5)", value: "\(u16(4))", supported: ["\(Self.version)"])
    }
    guard u64(16) == UInt64(bytes.count) else {
      throw .truncated(file: path, expectedBytes: Int(clamping: u64(16)), actualBytes: bytes.count)
    }
    checksum = u64(8)
    let actual = ContentHash.of(UnsafeRawBufferPointer(rebasing: bytes[16...]))
    guard actual == checksum else {
      throw corrupt(
        "checksum (bytes 8–15)", String(checksum, radix: 16),
        "\(String(actual, radix: 16)), the checksum of bytes 16 to the end: the file is damaged; run Scripts/make_encoder_model.py again")
    }
    let count = Int(u32(24))
    guard count <= 256, Self.headerBytes + 24 * count <= bytes.count else {
      throw corrupt("section count (bytes 24–27)", "\(count)", "at most 256 sections whose table fits in the file")
    }
    var sections: [String: (offset: Int, length: Int)] = [:]
    for n in 0..<count {
      let entry = Self.headerBytes + 24 * n
      let id = String(decoding: bytes[entry..<(entry + 4)], as: UTF8.self)
      let offset = u64(entry + 8)
      let length = u64(entry + 16)
      guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset, offset % UInt64(Self.alignment) == 0 else {
        throw corrupt("section \(id)", "offset \(offset), length \(length)", "a 64-byte aligned range inside the file's \(bytes.count) bytes")
      }
      sections[id] = (Int(offset), Int(length))
    }
    func section(_ id: String, bytes expected: Int) throws(EmbeddingError) -> Int {
      guard let found = sections[id] else { throw .missingField(file: path, field: "section \(id)", expected: "\(expected) bytes") }
      guard found.length == expected else { throw corrupt("section \(id)", "\(found.length) bytes", "\(expected) bytes") }
      return found.offset
    }

    guard let head = sections["HEAD"] else { throw .missingField(file: path, field: "section HEAD", expected: "the model's JSON description") }
    let fields = JSONFields(file: path + " (section HEAD)")
    let json = try fields.object(try fields.parse(Array(bytes[head.offset..<(head.offset + head.length)])), "")
    let format = try fields.string(json["format"], "format")
    guard format == Self.format else { throw fields.unsupported(format, "format", [Self.format]) }
    hidden = try fields.integer(json["hidden"], "hidden", in: 64...4096)
    heads = try fields.integer(json["heads"], "heads", in: 1...64)
    feedForward = try fields.integer(json["ffn"], "ffn", in: 64...16384)
    let layerCount = try fields.integer(json["layers"], "layers", in: 1...64)
    rows = try fields.integer(json["rows"], "rows", in: 3...(1 << 24))
    positions = try fields.integer(json["positions"], "positions", in: 3...8192)
    guard hidden % 64 == 0, feedForward % 64 == 0, hidden % heads == 0 else {
      throw corrupt("hidden, ffn, heads", "\(hidden), \(feedForward), \(heads)", "hidden and ffn multiples of 64, hidden a multiple of heads")
    }
    _ = try fields.integer(json["block"], "block", in: QuantizedMatrix.blockSize...QuantizedMatrix.blockSize)
    let epsilon = try fields.double(json["layerNormEpsilon"], "layerNormEpsilon")
    guard epsilon > 0, epsilon < 1 else { throw corrupt("layerNormEpsilon", "\(epsilon)", "a number between 0 and 1") }
    layerNormEpsilon = Float(epsilon)
    beginRow = try fields.integer(json["bos"], "bos", in: 0...(rows - 1))
    endRow = try fields.integer(json["eos"], "eos", in: 0...(rows - 1))
    queryPrefix = try fields.string(json["queryPrefix"], "queryPrefix")
    passagePrefix = try fields.string(json["passagePrefix"], "passagePrefix")

    func floats(_ id: String, _ count: Int) throws(EmbeddingError) -> FlatArray<Float> {
      FlatArray(store: store, byteOffset: try section(id, bytes: 4 * count), count: count)
    }
    let blocksPerRow = hidden / QuantizedMatrix.blockSize
    sourceIDs = FlatArray(store: store, byteOffset: try section("PIEC", bytes: 4 * rows), count: rows)
    wordNibbles = FlatArray(store: store, byteOffset: try section("WRDQ", bytes: rows * hidden / 2), count: rows * hidden / 2)
    wordScales = FlatArray(store: store, byteOffset: try section("WRDS", bytes: 2 * rows * blocksPerRow), count: rows * blocksPerRow)
    positionTable = try floats("POSE", positions * hidden)
    tokenType = try floats("TYPE", hidden)
    embeddingNorm = (try floats("ELNW", hidden), try floats("ELNB", hidden))

    // A layer section: the six matrices' values, then their scales, then the ten vectors.
    let (h, f) = (hidden, feedForward)
    let shapes = [(h, h), (h, h), (h, h), (h, h), (f, h), (h, f)]
    let vectorLengths = [h, h, h, h, h, h, f, h, h, h]
    let valueBytes = shapes.reduce(0) { $0 + $1.0 * $1.1 }
    let scaleBytes = valueBytes / QuantizedMatrix.blockSize * 4
    let layerBytes = valueBytes + scaleBytes + 4 * vectorLengths.reduce(0, +)
    var layers: [Layer] = []
    for index in 0..<layerCount {
      let id = "L" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
      var at = try section(id, bytes: layerBytes)
      var scaleAt = at + valueBytes
      var matrices: [(FlatArray<UInt8>, FlatArray<Float>, Int, Int)] = []
      for (out, depth) in shapes {
        matrices.append(
          (
            FlatArray(store: store, byteOffset: at, count: out * depth),
            FlatArray(store: store, byteOffset: scaleAt, count: out * depth / QuantizedMatrix.blockSize), out, depth
          ))
        at += out * depth
        scaleAt += out * depth / QuantizedMatrix.blockSize * 4
      }
      var vectors: [FlatArray<Float>] = []
      for length in vectorLengths {
        vectors.append(FlatArray(store: store, byteOffset: scaleAt, count: length))
        scaleAt += 4 * length
      }
      func matrix(_ n: Int, bias: Int) -> QuantizedMatrix {
        QuantizedMatrix(weights: matrices[n].0, scales: matrices[n].1, bias: vectors[bias], rows: matrices[n].2, depth: matrices[n].3)
      }
      layers.append(
        Layer(
          query: matrix(0, bias: 0), key: matrix(1, bias: 1), value: matrix(2, bias: 2), attentionOutput: matrix(3, bias: 3),
          attentionNorm: (vectors[4], vectors[5]), feedForwardIn: matrix(4, bias: 6), feedForwardOut: matrix(5, bias: 7),
          outputNorm: (vectors[8], vectors[9])))
    }
    self.layers = layers
  }
}
