import IntentBridgeSystem

/// Immutable bytes that outlive the views into them (`FlatArray`): a read-only, private
/// memory map of a file, or a heap copy of bytes built in memory.
///
///     let store = try ByteStore(mapping: "Models/…/model.safetensors")   // no read, no copy
///     store.bytes.count                                                  // 36370776
///
/// A mapped file's pages are read on first touch and shared with the page cache, so a large
/// table costs resident memory only for the rows used. The mapping is `MAP_PRIVATE` and
/// `PROT_READ`: the process never writes it. If the file is truncated by another process while
/// mapped, touching a page past its new end faults (SIGBUS): `MappedFileGuard` turns that
/// into zeros and a warning instead of the end of the process. The project's own writers
/// replace files by rename, never in place.
///
/// `@unchecked Sendable`: the bytes are never written after `init`, and `deinit` releases
/// them only when no view (each view holds the store) is left.
package final class ByteStore: @unchecked Sendable {
  /// The bytes (an empty buffer for an empty file).
  package let bytes: UnsafeRawBufferPointer
  /// Whether the bytes are a memory map (else a heap allocation).
  package let isMapped: Bool
  /// The mapping's slot in `MappedFileGuard` (nil: a heap copy, or not guarded).
  private let guardSlot: Int?

  /// Takes over `mapping`, a read-only memory map of the whole file at `path`
  /// (`MemoryMap.mapReadOnly`), watched by `MappedFileGuard` and released
  /// (`MemoryMap.unmap`) when the last view is gone.
  package init(mapping: UnsafeRawBufferPointer, path: String) {
    bytes = mapping
    isMapped = true
    guardSlot = MappedFileGuard.watch(mapping, path: path)
  }

  /// Whether the mapped file was truncated or rewritten in place while mapped (its bytes
  /// from the first page touched after that are zeros).
  package var wasRewritten: Bool { guardSlot.map(MappedFileGuard.wasRewritten) ?? false }

  /// A heap copy of `contents`.
  package init(copying contents: [UInt8]) {
    bytes = Self.copy(contents)
    isMapped = false
    guardSlot = nil
  }

  /// A heap copy of the bytes of `values` (trivial elements, in memory order).
  package convenience init<Element: BitwiseCopyable>(copyingValuesOf values: [Element]) {
    let raw = values.withUnsafeBytes { [UInt8]($0) }
    self.init(copying: raw)
  }

  deinit {
    guard let base = bytes.baseAddress else { return }
    if isMapped {
      if let guardSlot { MappedFileGuard.release(guardSlot) }
      MemoryMap.unmap(bytes)
    } else {
      base.deallocate()
    }
  }

  /// Copies into a 16-byte aligned allocation (so typed views of any element are aligned).
  private static func copy(_ contents: [UInt8]) -> UnsafeRawBufferPointer {
    guard !contents.isEmpty else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    let destination = UnsafeMutableRawPointer.allocate(byteCount: contents.count, alignment: 16)
    contents.withUnsafeBytes { source in
      if let base = source.baseAddress { destination.copyMemory(from: base, byteCount: source.count) }
    }
    return UnsafeRawBufferPointer(start: destination, count: contents.count)
  }
}

/// A read-only array of trivial values stored in a `ByteStore` (a memory-mapped file or a
/// heap copy): what the tokenizer's tables are, whether built from `tokenizer.json` or read in
/// place from a compiled tokenizer file.
///
///     let scores = FlatArray([-3.5, -4.25])     // a heap copy
///     scores[1]                                  // -4.25
///
/// Element access is an unchecked pointer read in release builds: the indexes used by the
/// tokenizer are validated once when a table is read (`CompiledTokenizerReader`) or are
/// correct by construction when it is built.
///
/// `@unchecked Sendable`: the pointer is into memory the held `ByteStore` keeps alive and
/// never writes.
package struct FlatArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
  private let store: ByteStore?
  private let base: UnsafePointer<Element>?
  package let count: Int

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  /// An empty array.
  package init() {
    store = nil
    base = nil
    count = 0
  }

  /// A heap copy of `values`.
  package init(_ values: [Element]) {
    let store = ByteStore(copyingValuesOf: values)
    self.init(store: store, byteOffset: 0, count: values.count)
  }

  /// `count` values starting `byteOffset` bytes into `store`; the caller has checked that
  /// they fit and that the offset is aligned for `Element`.
  package init(store: ByteStore, byteOffset: Int, count: Int) {
    self.store = store
    self.count = count
    if count > 0, let start = store.bytes.baseAddress {
      base = UnsafePointer((start + byteOffset).bindMemory(to: Element.self, capacity: count))
    } else {
      base = nil
    }
  }

  @inline(__always)
  package subscript(position: Int) -> Element {
    assert(position >= 0 && position < count, "FlatArray index \(position) out of 0..<\(count)")
    return base.unsafelyUnwrapped[position]
  }

  /// The values as a buffer, valid while this array (or a copy of it) lives.
  package var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Calls `body` with the values as a buffer.
  @inline(__always)
  package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(store) { try body(buffer) }
  }
}
