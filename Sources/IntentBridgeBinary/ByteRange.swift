/// A run of bytes inside a `ByteStore`, which it keeps alive: one section of a memory-mapped
/// file read in place, or a heap copy of bytes built in memory.
///
///     let section = ByteRange(store: mapped, range: 4096..<9000)   // no copy
///     var reader = BinaryReader(store: section.store, from: section.range.lowerBound, end: section.range.upperBound)
///
/// Equal when the bytes are, wherever they are stored.
package struct ByteRange: Sendable, Equatable {
  package let store: ByteStore
  /// Offsets into `store.bytes`.
  package let range: Range<Int>

  /// `range` of `store`, which must lie inside its bytes.
  package init(store: ByteStore, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= store.bytes.count, "byte range outside its store")
    self.store = store
    self.range = range
  }

  /// A heap copy of `bytes`.
  package init(copying bytes: [UInt8]) {
    self.init(store: ByteStore(copying: bytes), range: 0..<bytes.count)
  }

  package var count: Int { range.count }

  /// The bytes, valid while this value (or its store) is alive.
  package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: store.bytes[range]) }

  /// A copy of the bytes as an array.
  package var array: [UInt8] { [UInt8](bytes) }

  package static func == (a: ByteRange, b: ByteRange) -> Bool {
    a.count == b.count && a.bytes.elementsEqual(b.bytes)
  }
}
