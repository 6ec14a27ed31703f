import IntentBridgeIndex
import IntentBridgeText
import Testing

/// The 8-bit estimates of a vector index (`VectorIndex.estimatedScores`) stay within the
/// bound they give of the exact scores, and an intent's score computed alone equals the
/// scan's bit for bit: what ranking from estimates relies on.
@Suite struct VectorEstimateTests {
  /// `rows` random unit vectors of `dimensions` (a seeded generator), 1–3 per intent.
  static func file(rows: Int, dimensions: Int, seed: UInt64) -> (file: VectorFile, intents: Int) {
    var random = SeededRandom(seed: seed)
    var entries: [VectorFile.Entry] = []
    var vectors: [Float] = []
    var intent = 0
    for row in 0..<rows {
      if row > 0, random.next() % 2 == 0 { intent += 1 }
      entries.append(.init(intent: intent, kind: "phrase"))
      vectors += unit(dimensions, &random)
    }
    return (VectorFile(model: "m", dimensions: dimensions, catalogHash: "h", language: "en", entries: entries, vectors: vectors), intent + 1)
  }

  static func unit(_ dimensions: Int, _ random: inout SeededRandom) -> [Float] {
    let raw = (0..<dimensions).map { _ in Float(Double(random.next() % 20_001) / 10_000 - 1) }
    let norm = raw.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return raw.map { $0 / norm }
  }

  @Test(arguments: [(256, UInt64(1)), (100, UInt64(2)), (7, UInt64(3))]) func estimatesStayWithinTheirBound(dimensions: Int, seed: UInt64) throws {
    let (file, intents) = Self.file(rows: 400, dimensions: dimensions, seed: seed)
    let index = VectorIndex(file: file, intentCount: intents, nearDuplicate: 2, int8ScanRows: 0)
    #expect(index.hasEstimates)
    var random = SeededRandom(seed: seed + 100)
    var widest: Float = 0
    for _ in 0..<20 {
      let query = Self.unit(dimensions, &random)
      let exact = index.scores(query)
      let (estimates, error) = try #require(index.estimatedScores(query))
      #expect(error < 0.1, "a bound this wide would make every intent exact")
      for k in 0..<intents {
        #expect(abs(estimates[k] - exact[k]) <= error, "intent \(k)")
        widest = max(widest, abs(estimates[k] - exact[k]))
        #expect(index.score(intent: k, query) == exact[k])
      }
      let centroids = index.centroidScores(query)
      let (centroidEstimates, centroidError) = try #require(index.estimatedCentroidScores(query))
      for k in 0..<intents {
        #expect(abs(centroidEstimates[k] - centroids[k]) <= centroidError)
        #expect(index.centroidScore(intent: k, query) == centroids[k])
      }
    }
    // The estimates are estimates: not the exact scores, but close.
    #expect(widest > 0)
  }

  /// The bounds from the centroids alone (`estimatedScoreBounds`) hold every intent's exact
  /// best cosine, for random queries and for queries near a row.
  @Test(arguments: [(256, UInt64(4)), (100, UInt64(5)), (7, UInt64(6))]) func centroidBoundsHoldTheExactScores(dimensions: Int, seed: UInt64) throws {
    let (file, intents) = Self.file(rows: 400, dimensions: dimensions, seed: seed)
    let index = VectorIndex(file: file, intentCount: intents, nearDuplicate: 2, int8ScanRows: 0)
    var random = SeededRandom(seed: seed + 100)
    for trial in 0..<20 {
      // Half the queries random, half near a row (as a request near an intent's phrasing).
      var query = Self.unit(dimensions, &random)
      if trial % 2 == 1 {
        let row = Int(random.next() % 400)
        let near = Array(file.vectors[(row * dimensions)..<((row + 1) * dimensions)])
        let mixed = zip(near, query).map { 0.9 * $0 + 0.1 * $1 }
        let norm = mixed.reduce(0) { $0 + $1 * $1 }.squareRoot()
        query = mixed.map { $0 / norm }
      }
      let exact = index.scores(query)
      let centroids = try #require(index.estimatedCentroidScores(query))
      let (lower, upper) = try #require(index.estimatedScoreBounds(query, centroids: centroids))
      for k in 0..<intents {
        #expect(lower[k] <= exact[k] && exact[k] <= upper[k], "intent \(k): \(lower[k]) ≤ \(exact[k]) ≤ \(upper[k])")
      }
    }
    let single = VectorIndex(file: Self.file(rows: 1, dimensions: 16, seed: 7).file, intentCount: 1, int8ScanRows: 0)
    #expect(single.estimatedScoreBounds([Float](repeating: 0.25, count: 16), centroids: ([0], 0)) == nil, "one row per intent: no centroid rows")
  }

  @Test func smallIndexesHaveNoEstimates() {
    let (file, intents) = Self.file(rows: 50, dimensions: 16, seed: 9)
    #expect(!VectorIndex(file: file, intentCount: intents).hasEstimates)
    #expect(VectorIndex(file: file, intentCount: intents).estimatedScores([Float](repeating: 0.25, count: 16)) == nil)
  }
}
