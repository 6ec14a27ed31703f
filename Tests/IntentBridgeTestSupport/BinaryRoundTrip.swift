import IntentBridgeBinary

/// Values written in binary form and read back, for the tests of each type's binary form.
package enum BinaryRoundTrip {
  /// The bytes `value` writes.
  package static func bytes(of value: some BinaryCodable) -> [UInt8] {
    bytes { value.encode(to: &$0) }
  }

  /// The bytes `write` writes (for a type whose reading needs more than the bytes, such as
  /// a keyword index, which is read with its analyser).
  package static func bytes(_ write: (inout BinaryWriter) -> Void) -> [UInt8] {
    var writer = BinaryWriter()
    write(&writer)
    return writer.bytes
  }

  /// What `read` reads from the first `end` bytes of `bytes` (all of them when nil); refused
  /// unless it reads exactly up to `end`.
  package static func read<Value>(
    _ bytes: [UInt8], end: Int? = nil, _ read: (inout BinaryReader) throws(BinaryReader.Failure) -> Value
  ) throws(BinaryReader.Failure) -> Value {
    var reader = BinaryReader(store: ByteStore(copying: bytes), from: 0, end: end ?? bytes.count)
    let value = try read(&reader)
    guard reader.position == reader.end else {
      throw BinaryReader.Failure(message: "\(reader.end - reader.position) bytes left after the value")
    }
    return value
  }
}
