import IntentBridgeBinary
import IntentBridgeJSON

/// A safetensors file, memory-mapped (read-only, private; read into memory when mapping
/// fails) and validated completely before any tensor is handed out.
///
/// Layout: bytes 0–7 hold a little-endian `UInt64` header length N; N bytes of JSON follow
/// (`{"name": {"dtype": "I8", "shape": [rows, cols], "data_offsets": [begin, end]}, …}` with an
/// optional `"__metadata__"` object of strings); the data section is everything after byte
/// 8 + N, and `data_offsets` are relative to it.
///
///     let file = try SafeTensors(contentsOf: "Models/e5small-m2v-256-latcjk-int8/model.safetensors")
///     let table = try file.tensor(named: "embeddings")   // I8 [142073, 256]
///     let rows = try file.int8Values(of: table)
///
/// Validation (each failure is an `EmbeddingError` naming the file and field, never a trap):
/// the header length fits the file; the header is a JSON object; every tensor has a known
/// dtype, a shape of non-negative integers and `[begin, end]` offsets whose length is exactly
/// `product(shape) × dtype size`; the tensors tile the data section without gaps or overlaps;
/// and the file holds the whole data section (else `.truncated`).
package struct SafeTensors: Sendable {
  /// Element types of the safetensors format. Reading values supports I8, F16, BF16 and F32;
  /// the others are recognised so a file using them is validated and reported precisely.
  package enum DType: String, Sendable, CaseIterable {
    case bool = "BOOL"
    case uint8 = "U8"
    case int8 = "I8"
    case int16 = "I16"
    case uint16 = "U16"
    case float16 = "F16"
    case bfloat16 = "BF16"
    case int32 = "I32"
    case uint32 = "U32"
    case float32 = "F32"
    case float64 = "F64"
    case int64 = "I64"
    case uint64 = "U64"
    case float8E4M3 = "F8_E4M3"
    case float8E5M2 = "F8_E5M2"

    /// Bytes per element.
    package var byteCount: Int {
      switch self {
      case .bool, .uint8, .int8, .float8E4M3, .float8E5M2: 1
      case .int16, .uint16, .float16, .bfloat16: 2
      case .int32, .uint32, .float32: 4
      case .float64, .int64, .uint64: 8
      }
    }

    /// The dtypes whose values this reader converts to `Float`.
    package static let readable: [DType] = [.int8, .float16, .bfloat16, .float32]
  }

  /// One tensor's entry in the header.
  package struct Tensor: Sendable, Equatable {
    package let name: String
    package let dtype: DType
    package let shape: [Int]
    /// Byte range inside the data section.
    package let dataOffsets: Range<Int>
    /// The product of the shape (1 for a scalar).
    package let elementCount: Int
  }

  /// The path the file was read from (used in error messages).
  package let file: String
  /// The tensors in the order the header lists them.
  package let tensors: [Tensor]
  /// The optional `__metadata__` string map.
  package let metadata: [String: String]
  /// The raw header JSON bytes (bytes 8 ..< 8 + N), e.g. for fingerprinting a model.
  package let headerBytes: [UInt8]

  /// The whole file: a memory map, so tensor data is read in place (`rawView(of:)`).
  private let store: ByteStore
  private let dataStart: Int

  /// The safetensors format caps the header at 100 MB; a larger length means a damaged file.
  static let maximumHeaderLength: UInt64 = 100_000_000

  /// Maps and validates the file at `path`.
  package init(contentsOf path: String) throws(EmbeddingError) {
    try self.init(store: ByteStore(mapping: path), file: path)
  }

  /// Validates a whole file held in memory; `file` names it in errors.
  package init(bytes: [UInt8], file: String) throws(EmbeddingError) {
    try self.init(store: ByteStore(copying: bytes), file: file)
  }

  init(store: ByteStore, file: String) throws(EmbeddingError) {
    self.file = file
    self.store = store
    let bytes = store.bytes
    guard bytes.count >= 8 else { throw .truncated(file: file, expectedBytes: 8, actualBytes: bytes.count) }
    var length: UInt64 = 0
    for i in 0..<8 { length |= UInt64(bytes[i]) << (8 * UInt64(i)) }
    guard length > 0, length <= Self.maximumHeaderLength else {
      throw .invalidHeaderLength(file: file, length: length, fileSize: bytes.count)
    }
    let headerEnd = 8 + Int(length)
    guard headerEnd <= bytes.count else {
      throw .truncated(file: file, expectedBytes: headerEnd, actualBytes: bytes.count)
    }
    headerBytes = Array(bytes[8..<headerEnd])
    dataStart = headerEnd
    let dataSize = bytes.count - headerEnd

    let fields = JSONFields(file: file)
    guard headerBytes.first == UInt8(ascii: "{") else {
      throw .malformedJSON(file: file, location: "header byte 0", message: "the header must be a JSON object starting with '{'")
    }
    let header = try fields.object(fields.parse(headerBytes), "<header>")

    var tensors: [Tensor] = []
    var metadata: [String: String] = [:]
    for (name, value) in header {
      if name == "__metadata__" {
        for (key, entry) in try fields.object(value, name) {
          metadata[key] = try fields.string(entry, "__metadata__.\(key)")
        }
        continue
      }
      tensors.append(try Self.tensor(name: name, value: value, fields: fields))
    }

    // The tensors must tile the data section exactly: sorted by offset, each one starts
    // where the previous one ended, the first at 0.
    var expectedBegin = 0
    for tensor in tensors.sorted(by: {
      ($0.dataOffsets.lowerBound, $0.dataOffsets.upperBound) < ($1.dataOffsets.lowerBound, $1.dataOffsets.upperBound)
    }) {
      guard tensor.dataOffsets.lowerBound == expectedBegin else {
        throw .invalidField(
          file: file, field: "\(tensor.name).data_offsets", value: Self.render(tensor.dataOffsets),
          expected: "a begin offset of \(expectedBegin) (tensors must cover the data section without gaps or overlaps)")
      }
      expectedBegin = tensor.dataOffsets.upperBound
    }
    if expectedBegin > dataSize {
      throw .truncated(file: file, expectedBytes: headerEnd + expectedBegin, actualBytes: bytes.count)
    }
    if expectedBegin < dataSize {
      throw .invalidField(
        file: file, field: "data_offsets", value: "ending at byte \(expectedBegin) of the data section",
        expected: "the tensors to cover all \(dataSize) data bytes (the file has \(dataSize - expectedBegin) unexplained trailing bytes)")
    }
    self.tensors = tensors
    self.metadata = metadata
  }

  private static func tensor(name: String, value: JSONValue, fields: JSONFields) throws(EmbeddingError) -> Tensor {
    let entry = try fields.object(value, name)
    let dtypeName = try fields.string(entry["dtype"], "\(name).dtype")
    guard let dtype = DType(rawValue: dtypeName) else {
      throw fields.unsupported(dtypeName, "\(name).dtype", DType.allCases.map(\.rawValue))
    }
    let shapeValues = try fields.array(entry["shape"], "\(name).shape")
    var shape: [Int] = []
    var count = 1
    for (i, dimension) in shapeValues.enumerated() {
      let size = try fields.integer(dimension, "\(name).shape[\(i)]", in: 0...Int(Int32.max))
      shape.append(size)
      let (product, overflow) = count.multipliedReportingOverflow(by: size)
      guard !overflow, product <= Int(UInt32.max) * 16 else {
        throw fields.invalid(.array(shapeValues), "\(name).shape", "a shape whose element count fits in memory")
      }
      count = product
    }
    let offsets = try fields.array(entry["data_offsets"], "\(name).data_offsets")
    guard offsets.count == 2 else {
      throw fields.invalid(.array(offsets), "\(name).data_offsets", "[begin, end]")
    }
    let begin = try fields.integer(offsets[0], "\(name).data_offsets[0]", in: 0...Int.max / 2)
    let end = try fields.integer(offsets[1], "\(name).data_offsets[1]", in: 0...Int.max / 2)
    guard begin <= end else {
      throw fields.invalid(.array(offsets), "\(name).data_offsets", "begin ≤ end")
    }
    let byteCount = count * dtype.byteCount
    guard end - begin == byteCount else {
      throw fields.invalid(
        .array(offsets), "\(name).data_offsets",
        "a range of \(byteCount) bytes (shape \(shape) × \(dtype.byteCount)-byte \(dtype.rawValue)), not \(end - begin)")
    }
    return Tensor(name: name, dtype: dtype, shape: shape, dataOffsets: begin..<end, elementCount: count)
  }

  private static func render(_ range: Range<Int>) -> String { "[\(range.lowerBound), \(range.upperBound)]" }

  /// The tensor called `name`.
  package func tensor(named name: String) throws(EmbeddingError) -> Tensor {
    if let tensor = tensors.first(where: { $0.name == name }) { return tensor }
    let available = tensors.map(\.name).joined(separator: ", ")
    throw .missingField(file: file, field: name, expected: "a tensor named '\(name)' (the file has: \(available.isEmpty ? "none" : available))")
  }

  /// The raw little-endian bytes of `tensor` (a copy).
  package func rawBytes(of tensor: Tensor) -> ArraySlice<UInt8> {
    ArraySlice(rawView(of: tensor))
  }

  /// The raw little-endian bytes of `tensor`, in place in the file's mapping.
  func rawView(of tensor: Tensor) -> FlatArray<UInt8> {
    FlatArray(store: store, byteOffset: dataStart + tensor.dataOffsets.lowerBound, count: tensor.dataOffsets.count)
  }

  /// The values of an I8 tensor.
  package func int8Values(of tensor: Tensor) throws(EmbeddingError) -> [Int8] {
    guard tensor.dtype == .int8 else {
      throw .unsupported(file: file, field: "\(tensor.name).dtype", value: "'\(tensor.dtype.rawValue)'", supported: ["I8"])
    }
    let raw = rawView(of: tensor)
    return [Int8](unsafeUninitializedCapacity: raw.count) { buffer, count in
      raw.withUnsafeBufferPointer { source in
        if let destination = buffer.baseAddress, let base = source.baseAddress, !source.isEmpty {
          UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: source.count)
        }
      }
      count = raw.count
    }
  }

  /// The values of an I8, F16, BF16 or F32 tensor as `Float`.
  package func floatValues(of tensor: Tensor) throws(EmbeddingError) -> [Float] {
    let raw = rawView(of: tensor)
    let base = raw.startIndex
    switch tensor.dtype {
    case .int8:
      return raw.map { Float(Int8(bitPattern: $0)) }
    case .float16:
      return (0..<tensor.elementCount).map { i in
        Self.halfToFloat(UInt16(raw[base + 2 * i]) | UInt16(raw[base + 2 * i + 1]) << 8)
      }
    case .bfloat16:
      return (0..<tensor.elementCount).map { i in
        Float(bitPattern: (UInt32(raw[base + 2 * i]) | UInt32(raw[base + 2 * i + 1]) << 8) << 16)
      }
    case .float32:
      return (0..<tensor.elementCount).map { i in
        let j = base + 4 * i
        return Float(bitPattern: UInt32(raw[j]) | UInt32(raw[j + 1]) << 8 | UInt32(raw[j + 2]) << 16 | UInt32(raw[j + 3]) << 24)
      }
    default:
      throw .unsupported(
        file: file, field: "\(tensor.name).dtype", value: "'\(tensor.dtype.rawValue)'", supported: DType.readable.map(\.rawValue))
    }
  }

  /// IEEE 754 binary16 → binary32 (exact), written out so it works where `Float16` is unavailable.
  static func halfToFloat(_ half: UInt16) -> Float {
    let sign = UInt32(half & 0x8000) << 16
    let exponent = UInt32(half >> 10) & 0x1F
    let mantissa = UInt32(half & 0x03FF)
    if exponent == 0x1F {  // infinity or NaN
      return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13))
    }
    if exponent == 0 {  // zero or subnormal: mantissa × 2^-24
      let magnitude = Float(mantissa) * 0x1p-24
      return sign == 0 ? magnitude : -magnitude
    }
    return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
  }
}
