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
  /// Each intent's centroid (`centroids`), row-major: intent × dimensions.
  let centroidMatrix: [Float]
  /// True when no intent has more than one row: every centroid is that row, and
  /// `centroidScores` equals `scores`.
  public let hasSingleRows: Bool
  /// The model the vectors were embedded with (`VectorFile.model`).
  public let model: String

  /// Rows within `nearDuplicate` cosine of an earlier kept row of the same intent are left
  /// out: they cannot change an intent's best cosine by more than a hair, and phrase samples
  /// often embed alike (spellings of one template that differ in a skip word or an article).
  /// At 0.97 this keeps 67–94 % of the Home Assistant catalogs' distinct rows (German 3,900
  /// → 3,055, English 1,938 → 1,296) and leaves intent top-1, exact frame and off-domain
  /// "no match" of every development set within 0.1 point (docs/RANKING.md).
  /// - Complexity: O(rows × kept rows of the same intent × dimensions), at load.
  public init(file: VectorFile, intentCount: Int, nearDuplicate: Float = VectorIndex.nearDuplicate) {
    dimensions = file.dimensions
    model = file.model
    self.intentCount = intentCount
    var intents: [Int32] = []
    var rows: [Float] = []
    var counts: [Float] = []
    var keptByIntent: [Int: [Int]] = [:]
    let d = file.dimensions
    for (row, entry) in file.entries.enumerated() where (row + 1) * d <= file.vectors.count {
      let vector = file.vectors[(row * d)..<((row + 1) * d)]
      let near = vector.withUnsafeBufferPointer { v in
        rows.withUnsafeBufferPointer { kept in
          keptByIntent[entry.intent, default: []].first { Self.dot(v.baseAddress!, kept.baseAddress! + $0 * d, count: d) >= nearDuplicate }
        }
      }
      if let near {
        counts[near] += 1
        continue
      }
      keptByIntent[entry.intent, default: []].append(intents.count)
      intents.append(Int32(entry.intent))
      counts.append(1)
      rows += vector
    }
    entryIntents = intents
    matrix = rows
    multiplicity = counts
    centroidMatrix = Self.centroidMatrix(rows: rows, intents: intents, multiplicity: counts, intentCount: intentCount, dimensions: d)
    hasSingleRows = keptByIntent.values.allSatisfy { $0.count <= 1 }
  }

  /// The cosine above which a row counts as a near duplicate of another of its intent.
  public static let nearDuplicate: Float = 0.97

  /// `a · b` over `count` floats (for near-duplicate checks; `scores` has its own loop).
  private static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
    var acc = SIMD8<Float>()
    var i = 0
    while i + 8 <= count {
      acc += UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self) * UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Float>.self)
      i += 8
    }
    var sum = acc.sum()
    while i < count {
      sum += a[i] * b[i]
      i += 1
    }
    return sum
  }

  /// Rows searched per request (after duplicates are left out).
  public var rowCount: Int { entryIntents.count }

  /// Best cosine per intent (index = intent index); -1 where an intent has no vector, and
  /// all zeros when `query` is the zero vector.
  public func scores(_ query: [Float]) -> [Float] {
    var best = [Float](repeating: -1, count: intentCount)
    guard query.count == dimensions else { return best }
    Self.forEachDot(query, matrix, rows: entryIntents.count, dimensions: dimensions) { row, dot in
      let k = Int(entryIntents[row])
      if k < intentCount, dot > best[k] { best[k] = dot }
    }
    return best
  }

  /// Cosine with each intent's centroid (the normalised mean of its vectors, near duplicates
  /// counted as often as they occurred; 0 for an intent without vectors). Few-shot
  /// catalogs (a handful of example requests per intent) rank better by it than by the best
  /// single example (docs/RANKING.md). - Complexity: O(intents × dimensions).
  public func centroidScores(_ query: [Float]) -> [Float] {
    var out = [Float](repeating: 0, count: intentCount)
    guard query.count == dimensions else { return out }
    Self.forEachDot(query, centroidMatrix, rows: intentCount, dimensions: dimensions) { row, dot in out[row] = dot }
    return out
  }

  /// Calls `body(row, query · matrix[row])` for every row of a row-major matrix.
  /// - Complexity: O(rows × dimensions), SIMD16 lanes with two accumulators.
  @inline(__always)
  private static func forEachDot(_ query: [Float], _ matrix: [Float], rows: Int, dimensions: Int, _ body: (Int, Float) -> Void) {
    query.withUnsafeBufferPointer { q in
      matrix.withUnsafeBufferPointer { m in
        guard let qBase = q.baseAddress, let mBase = m.baseAddress else { return }
        let qRaw = UnsafeRawPointer(qBase)
        let mRaw = UnsafeRawPointer(mBase)
        let lanes = dimensions / 32 * 32
        for row in 0..<min(rows, m.count / max(1, dimensions)) {
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
          body(row, dot)
        }
      }
    }
  }

  /// Per intent, the normalised mean of its vectors (zero vector for an intent without any).
  public func centroids() -> [[Float]] {
    (0..<intentCount).map { Array(centroidMatrix[($0 * dimensions)..<(($0 + 1) * dimensions)]) }
  }

  /// The normalised multiplicity-weighted mean of each intent's rows, row-major.
  /// - Complexity: O(entries × dimensions).
  static func centroidMatrix(rows: [Float], intents: [Int32], multiplicity: [Float], intentCount: Int, dimensions: Int) -> [Float] {
    var sums = [Float](repeating: 0, count: intentCount * dimensions)
    for (row, intent) in intents.enumerated() where Int(intent) < intentCount {
      let base = Int(intent) * dimensions
      for i in 0..<dimensions { sums[base + i] += multiplicity[row] * rows[row * dimensions + i] }
    }
    for k in 0..<intentCount {
      let range = (k * dimensions)..<((k + 1) * dimensions)
      var squares: Float = 0
      for i in range { squares += sums[i] * sums[i] }
      let norm = squares.squareRoot()
      if norm > 0 { for i in range { sums[i] /= norm } }
    }
    return sums
  }
}
