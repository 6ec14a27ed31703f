/// A `String` dictionary key hashed and compared by its UTF-8 bytes. `String`'s own hashing
/// and `==` normalise non-ASCII text first (canonical equivalence), which costs more than the
/// lookup itself for a Chinese text's characters; where both sides come from the same
/// scanner, byte equality is the equality wanted.
/// - Complexity: O(length) hashing and comparison, no normalisation.
struct UTF8Key: Hashable, Sendable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (a: UTF8Key, b: UTF8Key) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
