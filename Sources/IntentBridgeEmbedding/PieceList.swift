import IntentBridgeBinary

/// A tokenizer's vocabulary pieces by id, stored as one UTF-8 blob with offsets: piece i is
/// `bytes[offsets[i]..<offsets[i + 1]]` (an id the vocabulary skips is empty). Built from
/// strings, or read in place from a compiled tokenizer file; a `String` is made only when a
/// piece is asked for by subscript.
///
///     let list = PieceList(["<unk>", "▁on"])
///     list[1]                      // "▁on"
///     list.scalarCount(1)          // 2
package struct PieceList: RandomAccessCollection, Sendable {
  let offsets: FlatArray<UInt32>
  let bytes: FlatArray<UInt8>

  package var startIndex: Int { 0 }
  package var endIndex: Int { offsets.count - 1 }

  /// The pieces `pieces`, in order.
  init(_ pieces: [String]) {
    var offsets: [UInt32] = [0]
    var bytes: [UInt8] = []
    offsets.reserveCapacity(pieces.count + 1)
    bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count })
    for piece in pieces {
      bytes.append(contentsOf: piece.utf8)
      offsets.append(UInt32(bytes.count))
    }
    self.offsets = FlatArray(offsets)
    self.bytes = FlatArray(bytes)
  }

  /// Offsets and bytes read from a compiled file.
  /// - Throws: a description when the offsets do not rise from 0 to the blob's length, or a
  ///   piece is not valid UTF-8 at its boundaries (the caller names the file).
  init(offsets: FlatArray<UInt32>, bytes: FlatArray<UInt8>) throws(PieceListError) {
    guard offsets.count >= 1, offsets[0] == 0, Int(offsets[offsets.count - 1]) == bytes.count else {
      throw PieceListError(message: "piece offsets do not span the \(bytes.count)-byte blob")
    }
    let starts = offsets.buffer  // `offsets` outlives this scope
    for i in 0..<(starts.count - 1) where starts[i] > starts[i + 1] {
      throw PieceListError(message: "piece offsets decrease at piece \(i)")
    }
    self.offsets = offsets
    self.bytes = bytes
  }

  struct PieceListError: Error {
    let message: String
  }

  /// The UTF-8 bytes of piece `id`.
  @inline(__always)
  func utf8(_ id: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(offsets[id])
    let end = Int(offsets[id + 1])
    return UnsafeBufferPointer(rebasing: bytes.buffer[start..<end])
  }

  /// Piece `id` as a string.
  package subscript(id: Int) -> String {
    withExtendedLifetime(bytes) { String(decoding: utf8(id), as: UTF8.self) }
  }

  /// The number of Unicode scalars of piece `id` (its UTF-8 lead bytes), without a `String`.
  func scalarCount(_ id: Int) -> Int {
    withExtendedLifetime(bytes) {
      var count = 0
      for byte in utf8(id) where byte & 0xC0 != 0x80 { count += 1 }
      return count
    }
  }
}
