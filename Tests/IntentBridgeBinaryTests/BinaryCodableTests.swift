import IntentBridgeBinary
import IntentBridgeTestSupport
import Testing

@Suite("Binary coding of standard values")
struct BinaryCodableTests {
  /// `value` written, then read back from exactly those bytes (all of them consumed).
  func roundTrip<Value: BinaryCodable>(_ value: Value) throws -> Value {
    try BinaryRoundTrip.read(bytes(value)) { reader throws(BinaryReader.Failure) in try Value(from: &reader) }
  }

  func bytes(_ value: some BinaryCodable) -> [UInt8] { BinaryRoundTrip.bytes(of: value) }

  @Test func scalarsAndStrings() throws {
    #expect(try roundTrip(true) == true)
    #expect(try roundTrip(-7) == -7)
    #expect(try roundTrip(Int.min) == Int.min)
    #expect(try roundTrip(Int32(-3)) == -3)
    #expect(try roundTrip(Float(-0.0)).sign == .minus)
    #expect(try roundTrip(Float.nan).isNaN)
    #expect(try roundTrip(1e-300) == 1e-300)
    #expect(try roundTrip("Küche 厨房 ▁") == "Küche 厨房 ▁")
  }

  @Test func containers() throws {
    #expect(try roundTrip([[1, 2], [], [3]]) == [[1, 2], [], [3]])
    #expect(try roundTrip(["b": [2.5], "a": []]) == ["b": [2.5], "a": []])
    #expect(try roundTrip(Set(["x", "y", "z"])) == ["x", "y", "z"])
    #expect(try roundTrip([Int?.none, 4]) == [nil, 4])
    #expect(try roundTrip(-1.5...Double.infinity) == -1.5...Double.infinity)
  }

  /// The same dictionary or set built in another order gives the same bytes.
  @Test func deterministicBytes() {
    var forward: [String: Int] = [:]
    var backward: [String: Int] = [:]
    let keys = (0..<200).map { "key\($0)" }
    for (i, key) in keys.enumerated() { forward[key] = i }
    for (i, key) in keys.enumerated().reversed() { backward[key] = i }
    #expect(bytes(forward) == bytes(backward))
    #expect(bytes(Set(keys)) == bytes(Set(keys.reversed())))
  }

  /// Every prefix of a value's bytes is refused with a failure, never read as something else
  /// or trapped on.
  @Test func everyTruncationIsRefused() {
    let value: [String: [Int?]] = ["lights": [1, nil, 3], "timer": [], "fan": [nil]]
    let full = bytes(value)
    for length in 0..<full.count {
      var reader = BinaryReader(store: ByteStore(copying: Array(full[..<length])), from: 0, end: length)
      #expect(throws: BinaryReader.Failure.self) { _ = try [String: [Int?]](from: &reader) }
    }
  }

  @Test func craftedValuesAreRefused() {
    func read<Value: BinaryCodable>(_: Value.Type, _ bytes: [UInt8]) throws -> Value {
      var reader = BinaryReader(store: ByteStore(copying: bytes), from: 0, end: bytes.count)
      return try Value(from: &reader)
    }
    // A count far beyond the bytes left: refused before allocating.
    #expect(throws: BinaryReader.Failure.self) { _ = try read([Int].self, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]) }
    // A flag of 2, a repeated key, an empty range, invalid UTF-8.
    #expect(throws: BinaryReader.Failure.self) { _ = try read(Bool.self, [2]) }
    var repeated = BinaryWriter()
    repeated.u64(2)
    for _ in 0..<2 {
      "k".encode(to: &repeated)
      1.encode(to: &repeated)
    }
    #expect(throws: BinaryReader.Failure.self) { _ = try read([String: Int].self, repeated.bytes) }
    #expect(throws: BinaryReader.Failure.self) { _ = try read(ClosedRange<Double>.self, bytes(2.0) + bytes(1.0)) }
    #expect(throws: BinaryReader.Failure.self) { _ = try read(ClosedRange<Double>.self, bytes(Double.nan) + bytes(1.0)) }
    #expect(throws: BinaryReader.Failure.self) { _ = try read(String.self, [2, 0, 0, 0, 0xc3, 0x28]) }
  }

  @Test func indexesAreBounded() throws {
    var writer = BinaryWriter()
    writer.u64(3)
    writer.u64(4)
    var reader = BinaryReader(store: ByteStore(copying: writer.bytes), from: 0, end: writer.bytes.count)
    #expect(try reader.index("lexicon", below: 4) == 3)
    #expect(throws: BinaryReader.Failure.self) { _ = try reader.index("lexicon", below: 4) }
  }
}
