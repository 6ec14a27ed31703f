import IntentBridgeIndex
import IntentBridgeText
import Testing

/// The 16-bit estimates of a multi-row vector index (`VectorIndex.fineEstimates`) only choose
/// which rows are computed in floats: every intent's score is still, bit for bit, the best
/// float product over its rows (`score(intent:_:)`, the same kernel), also when several of
/// its rows are nearly equal and lie within each other's error bounds.
@Suite struct FineVectorEstimateTests {
  /// `intents` intents of `rowsPerIntent` random unit rows; every third row a near copy of
  /// the one before (differing by about 1e-4), so that rows tie within the bound.
  static func file(intents: Int, rowsPerIntent: Int, dimensions: Int, seed: UInt64) -> VectorFile {
    var random = SeededRandom(seed: seed)
    var entries: [VectorFile.Entry] = []
    var vectors: [Float] = []
    for intent in 0..<intents {
      var previous: [Float] = []
      for row in 0..<rowsPerIntent {
        var vector = VectorEstimateTests.unit(dimensions, &random)
        if row % 3 == 2 {
          let noise = VectorEstimateTests.unit(dimensions, &random)
          let mixed = zip(previous, noise).map { $0 + 1e-4 * $1 }
          let norm = mixed.reduce(0) { $0 + $1 * $1 }.squareRoot()
          vector = mixed.map { $0 / norm }
        }
        previous = vector
        entries.append(.init(intent: intent, kind: "phrase"))
        vectors += vector
      }
    }
    return VectorFile(model: "m", dimensions: dimensions, catalogHash: "h", language: "en", entries: entries, vectors: vectors)
  }

  @Test(arguments: [(256, UInt64(11)), (32, UInt64(12))]) func scoresAreTheFloatScansBitForBit(dimensions: Int, seed: UInt64) {
    let intents = 30
    let file = Self.file(intents: intents, rowsPerIntent: 9, dimensions: dimensions, seed: seed)
    let index = VectorIndex(file: file, intentCount: intents + 1, nearDuplicate: 2)
    #expect(index.hasFineEstimates)
    var random = SeededRandom(seed: seed + 100)
    var queries = (0..<30).map { _ in VectorEstimateTests.unit(dimensions, &random) }
    // A query equal to a row, and one equal to a near copy: the best rows tie closely.
    queries.append(Array(file.vectors[(2 * dimensions)..<(3 * dimensions)]))
    queries.append(Array(file.vectors[(5 * dimensions)..<(6 * dimensions)]))
    for query in queries {
      let scores = index.scores(query)
      for k in 0..<intents {
        #expect(scores[k].bitPattern == index.score(intent: k, query).bitPattern, "intent \(k)")
      }
      // The intent without rows keeps -1.
      #expect(scores[intents] == -1)
    }
  }

  @Test func toolListsAndOddDimensionsKeepTheFloatScan() {
    let single = Self.file(intents: 40, rowsPerIntent: 1, dimensions: 32, seed: 13)
    #expect(!VectorIndex(file: single, intentCount: 40, nearDuplicate: 2).hasFineEstimates)
    let odd = Self.file(intents: 10, rowsPerIntent: 8, dimensions: 7, seed: 14)
    let index = VectorIndex(file: odd, intentCount: 10, nearDuplicate: 2)
    #expect(!index.hasFineEstimates)
    var random = SeededRandom(seed: 15)
    let query = VectorEstimateTests.unit(7, &random)
    let scores = index.scores(query)
    for k in 0..<10 { #expect(scores[k] == index.score(intent: k, query)) }
  }
}
