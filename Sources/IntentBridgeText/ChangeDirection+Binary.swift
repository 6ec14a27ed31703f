import IntentBridgeBinary

/// Stored as its raw value (`"increase"`, `"decrease"`); any other string is refused.
extension ChangeDirection: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) { writer.string(rawValue) }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    let raw = try reader.string("direction")
    guard let direction = ChangeDirection(rawValue: raw) else { throw BinaryReader.Failure(message: "direction \"\(raw)\" is unknown") }
    self = direction
  }
}
