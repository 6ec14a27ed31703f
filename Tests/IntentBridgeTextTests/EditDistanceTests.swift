import IntentBridgeText
import Testing

@Suite("Edit distance")
struct EditDistanceTests {
  @Test(arguments: [
    ("", "", 2, 0), ("timer", "timer", 2, 0), ("timer", "timr", 2, 1), ("timer", "timers", 2, 1),
    ("timer", "tiner", 2, 1), ("timer", "tmier", 2, 1), ("ab", "ba", 2, 1), ("kitchen", "kitchne", 2, 1),
    ("päälle", "paalle", 3, 2), ("päälle", "pälle", 2, 1), ("客厅", "客亭", 2, 1), ("客厅灯", "厅客灯", 2, 1),
    ("ca", "abc", 3, 3),  // OSA, not full Damerau (which gives 2)
    ("kitchen", "bedroom", 2, 3), ("", "abcd", 2, 3), ("abcd", "", 10, 4), ("thermostat", "thremostta", 2, 2),
    ("a", "b", 0, 1), ("same", "same", 0, 0),
  ])
  func distances(a: String, b: String, limit: Int, expected: Int) {
    #expect(editDistance(a, b, limit: limit) == expected)
    #expect(editDistance(b, a, limit: limit) == expected)
  }

  /// Unbounded OSA, the textbook way, as the reference.
  private func reference(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in 1...x.count {
      for j in 1...y.count {
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
      }
    }
    return d[x.count][y.count]
  }

  /// Deterministic pseudo-random words over small alphabets (ASCII and not), so that
  /// near-misses are common.
  private static func words(alphabet: [Character], count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in String((0..<(next() % 9)).map { _ in alphabet[next() % alphabet.count] }) }
  }

  @Test(arguments: [(Array("abc"), UInt64(1)), (Array("aäöo"), UInt64(2)), (Array("客厅灯a"), UInt64(3))])
  func boundedAgreesWithReference(alphabet: [Character], seed: UInt64) {
    let sample = Self.words(alphabet: alphabet, count: 60, seed: seed)
    var mismatches: [String] = []
    for a in sample {
      for b in sample {
        let full = reference(a, b)
        for limit in 0...3 {
          let bounded = editDistance(a, b, limit: limit)
          if bounded != min(full, limit + 1) { mismatches.append("\(a)/\(b) limit \(limit): \(bounded) vs \(full)") }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func properties() {
    let sample = Self.words(alphabet: Array("abcä"), count: 40, seed: 9)
    for a in sample {
      #expect(editDistance(a, a, limit: 2) == 0)
      for b in sample {
        let d = editDistance(a, b, limit: 8)
        #expect(d == editDistance(b, a, limit: 8))
        #expect((d == 0) == (a == b))
        #expect(d >= abs(a.unicodeScalars.count - b.unicodeScalars.count))
      }
    }
  }
}
