import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEmbedding

@Suite struct SafeTensorsTests {
  static let floats: [Float] = [0, 1, -2.5, 65504, 1e-3, -0.0, 3.140625, 100]

  static func valid() -> SafeTensorsBuilder {
    SafeTensorsBuilder(
      entries: [
        .init(name: "embeddings", dtype: "I8", shape: [2, 3], data: [0, 1, 2, 0xFF, 0x80, 0x7F]),
        .init(name: "scale", dtype: "F32", shape: [2], data: SafeTensorsBuilder.littleEndian([0.5, -4])),
      ],
      metadata: ["format": "pt"])
  }

  @Test func readsTensorsInHeaderOrderWithMetadata() throws {
    let file = try SafeTensors(bytes: Self.valid().bytes(), file: "valid.safetensors")
    #expect(file.tensors.map(\.name) == ["embeddings", "scale"])
    #expect(file.metadata == ["format": "pt"])
    let table = try file.tensor(named: "embeddings")
    #expect(table.shape == [2, 3])
    #expect(table.dtype == .int8)
    #expect(try file.int8Values(of: table) == [0, 1, 2, -1, -128, 127])
    #expect(try file.floatValues(of: table) == [0, 1, 2, -1, -128, 127])
    #expect(try file.floatValues(of: file.tensor(named: "scale")) == [0.5, -4])
  }

  @Test(arguments: ["F16", "BF16", "F32"])
  func decodesFloatTypes(dtype: String) throws {
    let values = Self.floats
    let data: [UInt8]
    switch dtype {
    case "F16":
      data = values.flatMap { v in
        let h = Float16(v).bitPattern
        return [UInt8(h & 0xFF), UInt8(h >> 8)]
      }
    case "BF16": data = values.flatMap { v in [UInt8((v.bitPattern >> 16) & 0xFF), UInt8(v.bitPattern >> 24)] }
    default: data = SafeTensorsBuilder.littleEndian(values)
    }
    let builder = SafeTensorsBuilder(entries: [.init(name: "t", dtype: dtype, shape: [values.count], data: data)])
    let file = try SafeTensors(bytes: builder.bytes(), file: "f.safetensors")
    let decoded = try file.floatValues(of: file.tensor(named: "t"))
    let expected: [Float]
    switch dtype {
    case "F16": expected = values.map { Float(Float16($0)) }
    case "BF16": expected = values.map { Float(bitPattern: $0.bitPattern & 0xFFFF_0000) }
    default: expected = values
    }
    #expect(decoded.map(\.bitPattern) == expected.map(\.bitPattern))
  }

  @Test func halfPrecisionSpecialValues() {
    for bits: UInt16 in [0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0x7C00, 0xFC00, 0xC000] {
      #expect(SafeTensors.halfToFloat(bits).bitPattern == Float(Float16(bitPattern: bits)).bitPattern, "half 0x\(String(bits, radix: 16))")
    }
    #expect(SafeTensors.halfToFloat(0x7E00).isNaN)
  }

  // MARK: Damaged files: each is a typed error naming the file, never a crash.

  @Test func truncatedDataIsReportedWithSizes() throws {
    let bytes = Self.valid().bytes()
    for cut in [bytes.count - 1, bytes.count - 5, bytes.count - 8] {
      #expect {
        try SafeTensors(bytes: Array(bytes[..<cut]), file: "cut.safetensors")
      } throws: { error in
        guard case .truncated(let file, let expected, let actual) = error as? EmbeddingError else { return false }
        return file == "cut.safetensors" && expected == bytes.count && actual == cut
      }
    }
  }

  @Test func truncatedHeaderAndTinyFiles() {
    let bytes = Self.valid().bytes()
    for cut in [0, 3, 7, 8, 20] {
      #expect(throws: EmbeddingError.self, "cut at \(cut)") { try SafeTensors(bytes: Array(bytes[..<cut]), file: "cut.safetensors") }
    }
    #expect(throws: EmbeddingError.truncated(file: "x", expectedBytes: 8, actualBytes: 3)) {
      try SafeTensors(bytes: [1, 2, 3], file: "x")
    }
  }

  @Test func absurdHeaderLengthIsNamed() {
    var bytes = Self.valid().bytes()
    bytes[7] = 0x40  // length ≈ 4.6e18
    #expect {
      try SafeTensors(bytes: bytes, file: "m.safetensors")
    } throws: { error in
      guard case .invalidHeaderLength(let file, let length, _) = error as? EmbeddingError else { return false }
      return file == "m.safetensors" && length > 1 << 60 && "\(error)".contains("bytes 0–7")
    }
    var zero = Self.valid().bytes()
    for i in 0..<8 { zero[i] = 0 }
    #expect(throws: EmbeddingError.self) { try SafeTensors(bytes: zero, file: "m.safetensors") }
  }

  /// Every single-bit flip in the length and header either still describes a consistent file
  /// or throws an `EmbeddingError`; nothing traps.
  @Test func flippedHeaderBytesNeverCrash() {
    let bytes = Self.valid().bytes()
    let headerEnd = 8 + Self.valid().header().utf8.count
    var errors = 0
    for index in 0..<headerEnd {
      for bit in [0, 3, 7] {
        var damaged = bytes
        damaged[index] ^= UInt8(1 << bit)
        do {
          let file = try SafeTensors(bytes: damaged, file: "flip.safetensors")
          for tensor in file.tensors { _ = try? file.floatValues(of: tensor) }
        } catch {
          errors += 1
          #expect("\(error)".hasPrefix("flip.safetensors"), "\(error)")
        }
      }
    }
    #expect(errors > headerEnd)  // most flips are caught
  }

  struct HeaderCase: Sendable, CustomStringConvertible {
    var name: String
    var header: String
    var field: String
    var fragment: String
    var description: String { name }
  }

  static let headerCases: [HeaderCase] = [
    HeaderCase(
      name: "unknown dtype", header: #"{"t":{"dtype":"I4","shape":[2],"data_offsets":[0,2]}}"#, field: "t.dtype", fragment: "supported: BOOL"),
    HeaderCase(
      name: "offsets past the data",
      header: #"{"t":{"dtype":"I8","shape":[2],"data_offsets":[0,2]},"u":{"dtype":"I8","shape":[9],"data_offsets":[2,11]}}"#, field: "",
      fragment: "truncated"),
    HeaderCase(
      name: "offsets not matching the shape", header: #"{"t":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}}"#, field: "t.data_offsets",
      fragment: "a range of 8 bytes"),
    HeaderCase(
      name: "begin after end", header: #"{"t":{"dtype":"I8","shape":[0],"data_offsets":[4,0]}}"#, field: "t.data_offsets", fragment: "begin ≤ end"),
    HeaderCase(
      name: "gap before the tensor", header: #"{"t":{"dtype":"I8","shape":[2],"data_offsets":[2,4]}}"#, field: "t.data_offsets",
      fragment: "a begin offset of 0"),
    HeaderCase(
      name: "negative dimension", header: #"{"t":{"dtype":"I8","shape":[-4],"data_offsets":[0,4]}}"#, field: "t.shape[0]",
      fragment: "an integer from 0"),
    HeaderCase(
      name: "offsets not a pair", header: #"{"t":{"dtype":"I8","shape":[4],"data_offsets":[0]}}"#, field: "t.data_offsets", fragment: "[begin, end]"),
    HeaderCase(name: "missing shape", header: #"{"t":{"dtype":"I8","data_offsets":[0,4]}}"#, field: "t.shape", fragment: "missing"),
    HeaderCase(name: "dtype not a string", header: #"{"t":{"dtype":8,"shape":[4],"data_offsets":[0,4]}}"#, field: "t.dtype", fragment: "a string"),
    HeaderCase(name: "not JSON", header: #"{"t": nope}"#, field: "", fragment: "invalid JSON"),
    HeaderCase(name: "not an object", header: #"[1, 2]"#, field: "", fragment: "'{'"),
    HeaderCase(
      name: "trailing bytes", header: #"{"t":{"dtype":"I8","shape":[1],"data_offsets":[0,1]}}"#, field: "data_offsets",
      fragment: "unexplained trailing bytes"),
    HeaderCase(
      name: "metadata not strings", header: #"{"__metadata__":{"a":1},"t":{"dtype":"I8","shape":[4],"data_offsets":[0,4]}}"#, field: "__metadata__.a",
      fragment: "a string"),
  ]

  @Test(arguments: headerCases)
  func damagedHeadersNameTheField(_ c: HeaderCase) {
    let data: [UInt8] = [1, 2, 3, 4]  // 4 data bytes after every header
    var bytes: [UInt8] = []
    var length = UInt64(c.header.utf8.count)
    for _ in 0..<8 {
      bytes.append(UInt8(length & 0xFF))
      length >>= 8
    }
    bytes += Array(c.header.utf8) + data
    do {
      _ = try SafeTensors(bytes: bytes, file: "h.safetensors")
      Issue.record("\(c.name): expected an error")
    } catch {
      let message = error.description
      #expect(message.hasPrefix("h.safetensors"), "\(c.name): \(message)")
      #expect(c.field.isEmpty || message.contains("'\(c.field)'"), "\(c.name): \(message)")
      #expect(message.contains(c.fragment), "\(c.name): \(message)")
    }
  }

  @Test func readingAnUnsupportedDtypeIsAnErrorNotATrap() throws {
    let builder = SafeTensorsBuilder(entries: [.init(name: "t", dtype: "F64", shape: [1], data: [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])])
    let file = try SafeTensors(bytes: builder.bytes(), file: "d.safetensors")
    #expect(throws: EmbeddingError.unsupported(file: "d.safetensors", field: "t.dtype", value: "'F64'", supported: ["I8", "F16", "BF16", "F32"])) {
      try file.floatValues(of: file.tensor(named: "t"))
    }
    #expect(throws: EmbeddingError.self) { try file.int8Values(of: file.tensor(named: "t")) }
    #expect {
      try file.tensor(named: "embeddings")
    } throws: { error in
      "\(error)".contains("the file has: t")
    }
  }

  @Test func missingAndUnreadableFiles() throws {
    #expect(throws: EmbeddingError.fileNotFound(file: "/nonexistent/model.safetensors")) {
      try SafeTensors(contentsOf: "/nonexistent/model.safetensors")
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect {
      try SafeTensors(contentsOf: folder.path)  // a directory
    } throws: { error in
      guard case .unreadable(let file, _) = error as? EmbeddingError else { return false }
      return file == folder.path
    }
  }

  @Test func theDefaultModelHeader() throws {
    let file = try SafeTensors(contentsOf: DefaultModel.directory + "/model.safetensors")
    let table = try file.tensor(named: "embeddings")
    #expect(table.dtype == .int8)
    #expect(table.shape == [142_073, 256])
    #expect(table.dataOffsets == 0..<(142_073 * 256))
  }
}
