import Testing

@testable import IntentBridgeEmbedding

@Suite struct ByteTrieTests {
  /// A deterministic generator (no randomness between runs).
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
  }

  @Test func agreesWithADictionaryOnGeneratedKeys() {
    var generator = Generator(state: 42)
    let alphabet = Array("ab▁é中😀".unicodeScalars)
    var keys: [[UInt8]] = []
    for _ in 0..<3000 {
      let length = 1 + Int(generator.next() % 6)
      var text = ""
      for _ in 0..<length { text.unicodeScalars.append(alphabet[Int(generator.next()) % alphabet.count]) }
      keys.append(Array(text.utf8))
    }
    let ids = keys.indices.map { Int32($0) }
    let trie = ByteTrie(keys: keys, ids: ids)
    var expected: [[UInt8]: Int32] = [:]
    for (key, id) in zip(keys, ids) { expected[key] = id }  // the later id wins
    for (key, id) in expected { #expect(trie.lookup(key) == id) }
    // Prefixes that are not keys, and strings that are not in the trie at all.
    for key in keys.prefix(500) {
      for cut in 1..<key.count where expected[Array(key[..<cut])] == nil {
        #expect(trie.lookup(key[..<cut]) == nil)
      }
      #expect(trie.lookup(key + [0xFF]) == nil)
    }
  }

  @Test func emptyKeysAndWideNodes() {
    let keys: [[UInt8]] = [[]] + (0...255).map { [7, UInt8($0)] }
    let trie = ByteTrie(keys: keys, ids: keys.indices.map { Int32($0) })
    #expect(trie.lookup([]) == nil)
    for byte in 0...255 { #expect(trie.lookup([7, UInt8(byte)]) == Int32(byte + 1)) }
    #expect(trie.lookup([7]) == nil)
    #expect(trie.child(of: trie.root, 8) == ByteTrie.none)
  }
}
