/// Appends the fields of a flat little-endian file: integers, floats, length-prefixed byte
/// strings, and arrays of trivial values aligned to 8 bytes so they can be read in place.
///
///     var writer = BinaryWriter()
///     writer.u32(7); writer.string("▁"); writer.array([1.5, 2.5])
package struct BinaryWriter {
  package private(set) var bytes: [UInt8] = []

  package init() {}

  package mutating func u8(_ value: UInt8) { bytes.append(value) }
  package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
  package mutating func u16(_ value: UInt16) { append(littleEndian: UInt64(value), count: 2) }
  package mutating func u32(_ value: UInt32) { append(littleEndian: UInt64(value), count: 4) }
  package mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }
  package mutating func u64(_ value: UInt64) { append(littleEndian: value, count: 8) }
  package mutating func f64(_ value: Double) { u64(value.bitPattern) }

  /// A `u32` length, then the bytes.
  package mutating func bytes(_ value: some Collection<UInt8>) {
    u32(UInt32(value.count))
    bytes.append(contentsOf: value)
  }

  package mutating func string(_ value: String) { bytes(Array(value.utf8)) }

  /// A `u64` count, zero padding to a multiple of 8 bytes from the file's start, then the
  /// values in memory order (little-endian on the hosts this runs on).
  package mutating func array<Element: BitwiseCopyable>(_ values: some Collection<Element>) {
    u64(UInt64(values.count))
    padToEight()
    // Contiguous values in one move (element by element, unspecialised across modules, was
    // most of the time of writing a compiled catalog's templates).
    let copied: Void? = values.withContiguousStorageIfAvailable { bytes.append(contentsOf: UnsafeRawBufferPointer($0)) }
    if copied == nil {
      for value in values {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
      }
    }
  }

  package mutating func padToEight() {
    while bytes.count % 8 != 0 { bytes.append(0) }
  }

  /// Overwrites the 8 bytes at `offset` (a length field written before the length was known).
  package mutating func patch(u64 value: UInt64, at offset: Int) {
    for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
  }

  private mutating func append(littleEndian value: UInt64, count: Int) {
    for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
  }
}

/// Reads the fields `BinaryWriter` writes from a `ByteStore`, in order; arrays come back as
/// `FlatArray` views into the store (no copy). Every read checks that it fits the bytes.
///
/// - Complexity: O(1) per field, O(length) for byte strings (copied; they are short).
package struct BinaryReader {
  /// Why a read failed: the bytes end before the field, or a field is out of range.
  package struct Failure: Error {
    package let message: String
    package init(message: String) { self.message = message }
  }

  package let store: ByteStore
  /// Reads stop here (the checksum after the body is not a field).
  package let end: Int
  package private(set) var position: Int

  package init(store: ByteStore, from position: Int, end: Int) {
    self.store = store
    self.position = position
    self.end = end
  }

  /// The next `count` bytes; `what` names the field in the failure (built only then).
  private mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(Failure) -> UnsafeRawBufferPointer {
    guard count >= 0, count <= end - position else {
      throw Failure(message: "\(what()) at byte \(position) needs \(count) bytes, \(max(0, end - position)) are left")
    }
    let slice = UnsafeRawBufferPointer(rebasing: store.bytes[position..<(position + count)])
    position += count
    return slice
  }

  private mutating func littleEndian(_ count: Int, _ what: @autoclosure () -> String) throws(Failure) -> UInt64 {
    let raw = try take(count, what())
    var value: UInt64 = 0
    for i in 0..<count { value |= UInt64(raw[i]) << (8 * UInt64(i)) }
    return value
  }

  package mutating func u8(_ what: @autoclosure () -> String) throws(Failure) -> UInt8 { UInt8(try littleEndian(1, what())) }
  package mutating func u16(_ what: @autoclosure () -> String) throws(Failure) -> UInt16 { UInt16(try littleEndian(2, what())) }
  package mutating func u32(_ what: @autoclosure () -> String) throws(Failure) -> UInt32 { UInt32(try littleEndian(4, what())) }
  package mutating func i32(_ what: @autoclosure () -> String) throws(Failure) -> Int32 { Int32(bitPattern: try u32(what())) }
  package mutating func u64(_ what: @autoclosure () -> String) throws(Failure) -> UInt64 { try littleEndian(8, what()) }
  package mutating func f64(_ what: @autoclosure () -> String) throws(Failure) -> Double { Double(bitPattern: try u64(what())) }

  package mutating func bool(_ what: @autoclosure () -> String) throws(Failure) -> Bool {
    let value = try u8(what())
    guard value <= 1 else { throw Failure(message: "\(what()) is \(value), not 0 or 1") }
    return value == 1
  }

  /// A `u64` that must lie in `range`, as an `Int`.
  package mutating func count(_ what: @autoclosure () -> String, in range: ClosedRange<Int>) throws(Failure) -> Int {
    let value = try u64(what())
    guard value <= UInt64(range.upperBound), Int(value) >= range.lowerBound else {
      throw Failure(message: "\(what()) is \(value), not in \(range.lowerBound)...\(range.upperBound)")
    }
    return Int(value)
  }

  package mutating func bytes(_ what: @autoclosure () -> String) throws(Failure) -> [UInt8] {
    let count = Int(try u32(what() + " length"))
    return Array(try take(count, what()))
  }

  package mutating func string(_ what: @autoclosure () -> String) throws(Failure) -> String {
    let count = Int(try u32(what() + " length"))
    let raw = try take(count, what())
    guard let text = String(validating: raw, as: UTF8.self) else { throw Failure(message: "\(what()) is not valid UTF-8") }
    return text
  }

  /// Skips the zero padding `BinaryWriter.padToEight` wrote.
  package mutating func skipPaddingToEight(_ what: @autoclosure () -> String) throws(Failure) {
    _ = try take((8 - position % 8) % 8, what())
  }

  /// The bytes of an array written by `BinaryWriter.array` whose elements are `stride` bytes
  /// apart, in place (valid while `store` lives).
  package mutating func arrayBytes(stride: Int, _ what: @autoclosure () -> String) throws(Failure) -> UnsafeRawBufferPointer {
    let count = try count(what() + " count", in: 0...(Int(Int32.max)))
    try skipPaddingToEight(what() + " padding")
    return try take(count * stride, what())
  }

  /// An array written by `BinaryWriter.array`, viewed in place.
  package mutating func array<Element: BitwiseCopyable>(of _: Element.Type, _ what: @autoclosure () -> String) throws(Failure) -> FlatArray<Element> {
    let stride = MemoryLayout<Element>.stride
    let raw = try arrayBytes(stride: stride, what())
    let start = raw.baseAddress.map { $0 - UnsafeRawPointer(store.bytes.baseAddress!) } ?? 0
    return FlatArray(store: store, byteOffset: start, count: raw.count / stride)
  }
}
