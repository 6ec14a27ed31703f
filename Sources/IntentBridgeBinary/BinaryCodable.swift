/// A value written to and read back from the flat binary form of `BinaryWriter` /
/// `BinaryReader`: what the index file stores of a compiled catalog, so that a start reads
/// it instead of compiling the catalog again.
///
///     var writer = BinaryWriter()
///     ["b": 2, "a": 1].encode(to: &writer)               // keys in ascending order
///     var reader = BinaryReader(store: ByteStore(copying: writer.bytes), from: 0, end: writer.bytes.count)
///     let back = try [String: Int](from: &reader)
///
/// The contract of a conforming type:
/// - `encode` is deterministic: the same value gives the same bytes (dictionaries and sets
///   are written in ascending key order).
/// - `init(from:)` reads exactly what `encode` wrote and throws `BinaryReader.Failure` on
///   anything else; it never traps on bytes it did not write: every count is bounded by the
///   bytes left, and every index a later step subscripts with is checked against the count
///   it indexes (the type's `init(from:)` documents which).
package protocol BinaryCodable {
  func encode(to writer: inout BinaryWriter)
  init(from reader: inout BinaryReader) throws(BinaryReader.Failure)
}

extension BinaryReader {
  /// A count of elements that take at least `minimumBytes` each: refused when the bytes left
  /// cannot hold that many (so a crafted count never allocates beyond the file).
  package mutating func elementCount(_ what: @autoclosure () -> String, minimumBytes: Int = 1) throws(Failure) -> Int {
    try count(what() + " count", in: 0...max(0, (end - position - 8) / max(1, minimumBytes)))
  }

  /// An `Int` index that must lie in `0..<bound`.
  package mutating func index(_ what: @autoclosure () -> String, below bound: Int) throws(Failure) -> Int {
    let value = try u64(what())
    guard value < UInt64(max(0, bound)) else { throw Failure(message: "\(what()) is \(value), not below \(bound)") }
    return Int(value)
  }

  /// Values written by `BinaryWriter.array`, copied into an array in one move. One concrete
  /// overload per element type the index file stores, each a specialisation of
  /// `copiedValues` made here: a generic function is not specialised in the modules that call
  /// it, and the generic metadata lookups of each call were most of the time of reading
  /// templates.
  package mutating func values(of _: UInt8.Type, _ what: @autoclosure () -> String) throws(Failure) -> [UInt8] {
    try copiedValues(what())
  }
  package mutating func values(of _: Int32.Type, _ what: @autoclosure () -> String) throws(Failure) -> [Int32] {
    try copiedValues(what())
  }
  package mutating func values(of _: UInt32.Type, _ what: @autoclosure () -> String) throws(Failure) -> [UInt32] {
    try copiedValues(what())
  }
  package mutating func values(of _: UInt64.Type, _ what: @autoclosure () -> String) throws(Failure) -> [UInt64] {
    try copiedValues(what())
  }
  package mutating func values(of _: Int.Type, _ what: @autoclosure () -> String) throws(Failure) -> [Int] {
    try copiedValues(what())
  }

  private mutating func copiedValues<Element: BitwiseCopyable>(_ what: @autoclosure () -> String) throws(Failure) -> [Element] {
    let stride = MemoryLayout<Element>.stride
    let raw = try arrayBytes(stride: stride, what())
    return [Element](unsafeUninitializedCapacity: raw.count / stride) { buffer, initialized in
      if let base = raw.baseAddress, let destination = buffer.baseAddress {
        UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: raw.count)
      }
      initialized = raw.count / stride
    }
  }
}

// MARK: Scalars

extension Bool: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.bool(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.bool("flag") }
}

extension UInt8: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.u8(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.u8("byte") }
}

extension Int32: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.i32(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.i32("int32") }
}

extension UInt32: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.u32(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.u32("uint32") }
}

extension UInt64: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.u64(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.u64("uint64") }
}

/// Written as 64 bits, two's complement.
extension Int: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.u64(UInt64(bitPattern: Int64(self))) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let value = Int64(bitPattern: try reader.u64("int"))
    guard let fitting = Int(exactly: value) else { throw BinaryReader.Failure(message: "int \(value) does not fit this platform") }
    self = fitting
  }
}

/// Bit patterns: NaN, infinities and the sign of zero come back as they were.
extension Float: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.u32(bitPattern) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = Float(bitPattern: try reader.u32("float")) }
}

extension Double: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.f64(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.f64("double") }
}

/// UTF-8, length-prefixed; invalid UTF-8 is refused.
extension String: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.string(self) }
  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) { self = try reader.string("string") }
}

// MARK: Containers

/// A flag, then the value when there is one.
extension Optional: BinaryCodable where Wrapped: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    writer.bool(self != nil)
    if let self { self.encode(to: &writer) }
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    self = try reader.bool("optional flag") ? try Wrapped(from: &reader) : nil
  }
}

/// A count, then the elements in order. Arrays of plain numbers read faster as
/// `BinaryWriter.array` / `BinaryReader.values`.
extension Array: BinaryCodable where Element: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    writer.u64(UInt64(count))
    for element in self { element.encode(to: &writer) }
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let count = try reader.elementCount("array")
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for _ in 0..<count { elements.append(try Element(from: &reader)) }
    self = elements
  }
}

/// A count, then key and value pairs in ascending key order; a repeated key is refused.
extension Dictionary: BinaryCodable where Key: BinaryCodable & Comparable, Value: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    writer.u64(UInt64(count))
    for key in keys.sorted() {
      key.encode(to: &writer)
      self[key].unsafelyUnwrapped.encode(to: &writer)
    }
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let count = try reader.elementCount("dictionary", minimumBytes: 2)
    var dictionary: [Key: Value] = [:]
    dictionary.reserveCapacity(count)
    for _ in 0..<count {
      let key = try Key(from: &reader)
      let value = try Value(from: &reader)
      guard dictionary.updateValue(value, forKey: key) == nil else {
        throw BinaryReader.Failure(message: "dictionary key \(key) appears twice")
      }
    }
    self = dictionary
  }
}

/// A count, then the elements in ascending order; a repeated element is refused.
extension Set: BinaryCodable where Element: BinaryCodable & Comparable {
  package func encode(to writer: inout BinaryWriter) { sorted().encode(to: &writer) }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let elements = try [Element](from: &reader)
    self.init(elements)
    guard count == elements.count else { throw BinaryReader.Failure(message: "set holds an element twice") }
  }
}

/// Lower then upper bound; a range whose lower bound is above its upper (or NaN) is refused
/// rather than trapping in `...`.
extension ClosedRange: BinaryCodable where Bound: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    lowerBound.encode(to: &writer)
    upperBound.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let lower = try Bound(from: &reader)
    let upper = try Bound(from: &reader)
    guard lower <= upper else { throw BinaryReader.Failure(message: "range \(lower)...\(upper) is empty") }
    self = lower...upper
  }
}
