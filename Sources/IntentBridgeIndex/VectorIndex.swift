/// The vectors of a catalog's intents, searched by cosine similarity.
///
/// Each intent has several vectors (title + description, phrase samples, keywords); its
/// score for a request is the best cosine over them.
///
/// - Complexity: `scores` is O(entries × dimensions), done with SIMD8 lanes.
public struct VectorIndex: Sendable {
  public let dimensions: Int
  public let intentCount: Int
  let entryIntents: [Int32]
  let matrix: [Float]

  public init(file: VectorFile, intentCount: Int) {
    dimensions = file.dimensions
    self.intentCount = intentCount
    entryIntents = file.entries.map { Int32($0.intent) }
    matrix = file.vectors
  }

  /// Best cosine per intent (index = intent index); -1 where an intent has no vector, and
  /// all zeros when `query` is the zero vector.
  public func scores(_ query: [Float]) -> [Float] {
    var best = [Float](repeating: -1, count: intentCount)
    guard query.count == dimensions else { return best }
    query.withUnsafeBufferPointer { q in
      matrix.withUnsafeBufferPointer { m in
        guard let qBase = q.baseAddress, let mBase = m.baseAddress else { return }
        let qRaw = UnsafeRawPointer(qBase)
        let mRaw = UnsafeRawPointer(mBase)
        let lanes = dimensions / 8 * 8
        for (row, intent) in entryIntents.enumerated() {
          let base = row * dimensions
          var acc = SIMD8<Float>()
          var i = 0
          while i < lanes {
            let a = qRaw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            let b = mRaw.loadUnaligned(fromByteOffset: (base + i) * 4, as: SIMD8<Float>.self)
            acc += a * b
            i += 8
          }
          var dot = acc.sum()
          while i < dimensions {
            dot += q[i] * m[base + i]
            i += 1
          }
          let k = Int(intent)
          if k < intentCount, dot > best[k] { best[k] = dot }
        }
      }
    }
    return best
  }

  /// Per intent, the normalised mean of its vectors (zero vector for an intent without any).
  /// - Complexity: O(entries × dimensions).
  public func centroids() -> [[Float]] {
    var sums = [[Float]](repeating: [Float](repeating: 0, count: dimensions), count: intentCount)
    for (row, intent) in entryIntents.enumerated() where Int(intent) < intentCount {
      for i in 0..<dimensions { sums[Int(intent)][i] += matrix[row * dimensions + i] }
    }
    for k in sums.indices {
      let norm = sums[k].reduce(0) { $0 + $1 * $1 }.squareRoot()
      if norm > 0 { sums[k] = sums[k].map { $0 / norm } }
    }
    return sums
  }
}
