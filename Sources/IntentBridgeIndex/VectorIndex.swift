/// The vectors of a catalog's intents, searched by cosine similarity.
///
/// Each intent has several vectors (title + description, phrase samples, keywords); its
/// score for a request is the best cosine over them.
///
/// - Complexity: `scores` is O(entries × dimensions), done with SIMD16 lanes.
public struct VectorIndex: Sendable {
  public let dimensions: Int
  public let intentCount: Int
  let entryIntents: [Int32]
  let matrix: [Float]
  /// How many of the file's rows each kept row stands for (for `centroids`).
  let multiplicity: [Float]

  /// Rows equal to an earlier row of the same intent are left out: they cannot change an
  /// intent's best cosine, and phrase samples often embed alike (two spellings of one
  /// template that differ in skip words only).
  public init(file: VectorFile, intentCount: Int) {
    dimensions = file.dimensions
    self.intentCount = intentCount
    var intents: [Int32] = []
    var rows: [Float] = []
    var counts: [Float] = []
    var kept: [RowKey: Int] = [:]
    let d = file.dimensions
    for (row, entry) in file.entries.enumerated() where (row + 1) * d <= file.vectors.count {
      let vector = Array(file.vectors[(row * d)..<((row + 1) * d)])
      let key = RowKey(intent: entry.intent, bits: vector.map(\.bitPattern))
      if let earlier = kept[key] {
        counts[earlier] += 1
        continue
      }
      kept[key] = intents.count
      intents.append(Int32(entry.intent))
      counts.append(1)
      rows += vector
    }
    entryIntents = intents
    matrix = rows
    multiplicity = counts
  }

  private struct RowKey: Hashable {
    var intent: Int
    var bits: [UInt32]
  }

  /// Rows searched per request (after duplicates are left out).
  public var rowCount: Int { entryIntents.count }

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
        let lanes = dimensions / 32 * 32
        for (row, intent) in entryIntents.enumerated() {
          let base = row * dimensions
          // Two independent accumulators keep the adds from waiting on each other.
          var acc0 = SIMD16<Float>()
          var acc1 = SIMD16<Float>()
          var i = 0
          while i < lanes {
            acc0 += qRaw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self)
              * mRaw.loadUnaligned(fromByteOffset: (base + i) * 4, as: SIMD16<Float>.self)
            acc1 += qRaw.loadUnaligned(fromByteOffset: (i + 16) * 4, as: SIMD16<Float>.self)
              * mRaw.loadUnaligned(fromByteOffset: (base + i + 16) * 4, as: SIMD16<Float>.self)
            i += 32
          }
          var dot = (acc0 + acc1).sum()
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
      for i in 0..<dimensions { sums[Int(intent)][i] += multiplicity[row] * matrix[row * dimensions + i] }
    }
    for k in sums.indices {
      let norm = sums[k].reduce(0) { $0 + $1 * $1 }.squareRoot()
      if norm > 0 { sums[k] = sums[k].map { $0 / norm } }
    }
    return sums
  }
}
