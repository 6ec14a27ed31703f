/// The vectors of a catalog's intents, searched by cosine similarity.
///
/// Each intent has several vectors (title + description, phrase samples, keywords); its
/// score for a request is the best cosine over them.
///
/// - Complexity: `scores` is O(entries × dimensions), done with SIMD16 lanes; on large
///   indexes `estimatedScores` does the same over 8-bit rows (a quarter of the bytes), and
///   `score(intent:_:)` makes one intent's score exact in O(its rows × dimensions).
package struct VectorIndex: Sendable {
  package let dimensions: Int
  package let intentCount: Int
  let entryIntents: [Int32]
  let matrix: [Float]
  /// How many of the file's rows each kept row stands for (for `centroids`).
  let multiplicity: [Float]
  /// Each intent's centroid (`centroids`), row-major: intent × dimensions.
  let centroidMatrix: [Float]
  /// True when no intent has more than one row: every centroid is that row, and
  /// `centroidScores` equals `scores`.
  package let hasSingleRows: Bool
  /// The model the vectors were embedded with (`VectorFile.model`).
  package let model: String
  /// Row indices grouped by intent, in row order: intent `k`'s rows are
  /// `rowsByIntent[rowStarts[k]..<rowStarts[k + 1]]` (for `score(intent:_:)`).
  let rowsByIntent: [Int32]
  let rowStarts: [Int32]
  /// The rows and centroids rounded to 8 bits, when there are at least `int8ScanRows` rows
  /// (`estimatedScores`); nil below, where the floats are scanned as fast (they stay in cache).
  let rowEstimates: Int8Rows?
  let centroidEstimates: Int8Rows?
  /// With the 8-bit centroids: each intent's rows placed against its centroid, for bounds of
  /// its best cosine from its centroid's (`estimatedScoreBounds`).
  let centroidBounds: CentroidBounds?
  /// The rows rounded to 16 bits, when intents have `fineEstimateRowsPerIntent` rows or
  /// more on average and there are no 8-bit estimates: `scores` then computes in floats only
  /// the rows that can hold their intent's best cosine.
  let fineEstimates: Int16Rows?

  /// Rows within `nearDuplicate` cosine of an earlier kept row of the same intent are left
  /// out: they cannot change an intent's best cosine by more than a hair, and phrase samples
  /// often embed alike (spellings of one template that differ in a skip word or an article).
  /// At 0.97 this keeps 67–94 % of the Home Assistant catalogs' distinct rows (German 3,900
  /// → 3,055, English 1,938 → 1,296) and leaves intent top-1, exact frame and off-domain
  /// "no match" of every development set within 0.1 point (docs/RANKING.md).
  /// - Complexity: O(rows × kept rows of the same intent × dimensions), at load.
  ///
  /// With at least `int8ScanRows` kept rows, the rows (and centroids) are also kept rounded
  /// to 8 bits for `estimatedScores` (a quarter more memory).
  package init(file: VectorFile, intentCount: Int, nearDuplicate: Float = VectorIndex.nearDuplicate, int8ScanRows: Int = VectorIndex.int8ScanRows) {
    dimensions = file.dimensions
    model = file.model
    self.intentCount = intentCount
    var intents: [Int32] = []
    var rows: [Float] = []
    var counts: [Float] = []
    let d = file.dimensions
    let rowCount = Self.rowCount(of: file)
    // The folding stored with the vectors when it is for this threshold, else found here.
    let folds =
      file.nearDuplicates.flatMap { $0.threshold == nearDuplicate && $0.folds.count == rowCount ? $0.folds : nil }
      ?? Self.nearDuplicateFolds(of: file, threshold: nearDuplicate)
    // Each kept file row's position among the kept rows.
    var keptPosition = [Int32](repeating: -1, count: rowCount)
    // The kept rows are chosen first and copied after, into a matrix of their size: grown by
    // appends, it would be copied as it doubles and hold up to twice that, beside the file's.
    var keptRows: [Int] = []
    for row in 0..<rowCount {
      // (A folding not made by `nearDuplicateFolds` — a file `validate` was not asked to
      // check — keeps the rows it cannot fold rather than trap.)
      let fold = Int(folds[row])
      if fold >= 0, fold < row, keptPosition[fold] >= 0, file.entries[fold].intent == file.entries[row].intent {
        counts[Int(keptPosition[fold])] += 1
        continue
      }
      keptPosition[row] = Int32(intents.count)
      intents.append(Int32(file.entries[row].intent))
      counts.append(1)
      keptRows.append(row)
    }
    rows.reserveCapacity(keptRows.count * d)
    for row in keptRows { rows += file.vectors[(row * d)..<((row + 1) * d)] }
    entryIntents = intents
    matrix = rows
    multiplicity = counts
    centroidMatrix = Self.centroidMatrix(rows: rows, intents: intents, multiplicity: counts, intentCount: intentCount, dimensions: d)
    hasSingleRows = Set(intents).count == intents.count
    var starts = [Int32](repeating: 0, count: intentCount + 1)
    for intent in intents where Int(intent) < intentCount { starts[Int(intent) + 1] += 1 }
    for k in 0..<intentCount { starts[k + 1] += starts[k] }
    var next = starts
    var grouped = [Int32](repeating: 0, count: Int(starts[intentCount]))
    for (row, intent) in intents.enumerated() where Int(intent) < intentCount {
      grouped[Int(next[Int(intent)])] = Int32(row)
      next[Int(intent)] += 1
    }
    rowsByIntent = grouped
    rowStarts = starts
    if intents.count >= int8ScanRows, d > 0 {
      rowEstimates = Int8Rows(rows, rows: intents.count, dimensions: d)
      centroidEstimates = hasSingleRows ? nil : Int8Rows(centroidMatrix, rows: intentCount, dimensions: d)
      centroidBounds =
        hasSingleRows
        ? nil
        : CentroidBounds(
          rows: rows, multiplicity: counts, rowsByIntent: grouped, rowStarts: starts, centroids: centroidMatrix, intentCount: intentCount,
          dimensions: d)
    } else {
      rowEstimates = nil
      centroidEstimates = nil
      centroidBounds = nil
    }
    let intentsWithRows = starts.indices.dropLast().filter { starts[$0 + 1] > starts[$0] }.count
    fineEstimates =
      rowEstimates == nil && intentsWithRows > 0 && intents.count >= Self.fineEstimateRowsPerIntent * intentsWithRows
      ? Int16Rows(rows, rows: intents.count, dimensions: d) : nil
  }

  /// For each row of `file`, -1 when it is kept, else the earlier kept row of the same intent
  /// (its file row) whose cosine with it is at least `threshold`, the first such in row
  /// order: the folding `init(file:)` applies, found once when the vectors are built and
  /// stored with them (`VectorFile.nearDuplicates`).
  /// - Complexity: O(rows × kept rows of the same intent × dimensions).
  package static func nearDuplicateFolds(of file: VectorFile, threshold: Float) -> [Int32] {
    let d = file.dimensions
    let rowCount = rowCount(of: file)
    var folds = [Int32](repeating: -1, count: rowCount)
    var keptByIntent: [Int: [Int]] = [:]
    file.vectors.withUnsafeBufferPointer { vectors in
      for row in 0..<rowCount {
        let vector = vectors.baseAddress! + row * d
        let intent = file.entries[row].intent
        if let kept = keptByIntent[intent]?.first(where: { dot(vector, vectors.baseAddress! + $0 * d, count: d) >= threshold }) {
          folds[row] = Int32(kept)
        } else {
          keptByIntent[intent, default: []].append(row)
        }
      }
    }
    return folds
  }

  /// The entries of `file` that have a whole vector.
  private static func rowCount(of file: VectorFile) -> Int {
    file.dimensions > 0 ? min(file.entries.count, file.vectors.count / file.dimensions) : file.entries.count
  }

  /// The average number of rows per intent from which `scores` first estimates every row in
  /// 16 bits (`Int16Rows`) and computes in floats only those that can be their intent's
  /// best: half the bytes of the float scan, plus about one float row per intent. With
  /// fewer rows per intent (a tool list has one) the float scan alone is faster.
  package static let fineEstimateRowsPerIntent = 4

  /// The number of kept rows from which `estimatedScores` is offered: 8,192 rows of 256
  /// floats are 8 MiB, about where the float scan leaves the cache (measured on 4,076 rows:
  /// floats 0.16 ms, 8-bit rows 0.19 ms; on 70,000 rows: 12.8 ms against 4.9 ms).
  package static let int8ScanRows = 8_192

  /// The cosine above which a row counts as a near duplicate of another of its intent.
  package static let nearDuplicate: Float = 0.97

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
  package var rowCount: Int { entryIntents.count }

  /// Best cosine per intent (index = intent index); -1 where an intent has no vector, and
  /// all zeros when `query` is the zero vector.
  ///
  /// With `fineEstimates`, a row is computed in floats only when its estimate plus its error
  /// bound reaches the best estimate less its bound among its intent's rows: any other row's
  /// exact product is below that row's, so the maximum (and the row it comes from, in row
  /// order) is the one the full scan finds, bit for bit.
  /// - Complexity: O(entries × dimensions); with `fineEstimates` over 16-bit rows, plus the
  ///   float products of the rows that can be best (about one per intent).
  package func scores(_ query: [Float]) -> [Float] {
    var best = [Float](repeating: -1, count: intentCount)
    guard query.count == dimensions else { return best }
    if let fineEstimates, let rounded = Int16Rows.Query(query, rows: fineEstimates) {
      var estimates: [Float] = []
      var bounds: [Float] = []
      fineEstimates.estimates(rounded, into: &estimates)
      fineEstimates.errorBounds(rounded, into: &bounds)
      guard estimates.count == entryIntents.count, bounds.count == entryIntents.count, rowStarts.count == intentCount + 1 else { return best }
      // (Read through buffers: every row of `rowsByIntent` is below the row count, as
      // `init(file:)` groups them.)
      query.withUnsafeBufferPointer { q in
        matrix.withUnsafeBufferPointer { m in
          estimates.withUnsafeBufferPointer { estimates in
            bounds.withUnsafeBufferPointer { bounds in
              rowsByIntent.withUnsafeBufferPointer { byIntent in
                rowStarts.withUnsafeBufferPointer { starts in
                  guard q.baseAddress != nil, m.baseAddress != nil else { return }
                  for k in 0..<intentCount {
                    let rows = Int(starts[k])..<Int(starts[k + 1])
                    guard !rows.isEmpty else { continue }
                    var floor = -Float.infinity
                    for i in rows {
                      let row = Int(byIntent[i])
                      floor = max(floor, estimates[row] - bounds[row])
                    }
                    var intentBest: Float = -1
                    for i in rows {
                      let row = Int(byIntent[i])
                      guard estimates[row] + bounds[row] >= floor, (row + 1) * dimensions <= m.count else { continue }
                      let dot = Self.dot(q, m, base: row * dimensions, dimensions: dimensions)
                      if dot > intentBest { intentBest = dot }
                    }
                    best[k] = intentBest
                  }
                }
              }
            }
          }
        }
      }
      return best
    }
    Self.forEachDot(query, matrix, rows: entryIntents.count, dimensions: dimensions) { row, dot in
      let k = Int(entryIntents[row])
      if k < intentCount, dot > best[k] { best[k] = dot }
    }
    return best
  }

  /// Whether `scores` estimates the rows in 16 bits first (`fineEstimateRowsPerIntent`).
  package var hasFineEstimates: Bool { fineEstimates != nil }

  /// Whether `estimatedScores` is offered (`int8ScanRows`).
  package var hasEstimates: Bool { rowEstimates != nil }

  /// `scores(query)` estimated from the 8-bit rows, and how far each estimate may be from
  /// the exact score (`Int8Rows.errorBound`); -1 exactly where an intent has no vector. Nil
  /// without estimates. An intent's exact score is then `score(intent:_:)`.
  /// - Complexity: O(entries × dimensions) over a quarter of the bytes of `scores`.
  package func estimatedScores(_ query: [Float]) -> (scores: [Float], error: Float)? {
    guard let rowEstimates, query.count == dimensions else { return nil }
    var best = [Float](repeating: -.infinity, count: intentCount)
    let rounded = Int8Rows.Query(query)
    rowEstimates.forEachEstimate(rounded) { row, estimate in
      let k = Int(entryIntents[row])
      if k < intentCount, estimate > best[k] { best[k] = estimate }
    }
    for k in best.indices where best[k] == -.infinity { best[k] = -1 }
    return (best, rowEstimates.errorBound(rounded))
  }

  /// `centroidScores(query)` estimated from the 8-bit centroids, with the bound; nil without
  /// them (no estimates, or one row per intent: the centroids are the rows).
  package func estimatedCentroidScores(_ query: [Float]) -> (scores: [Float], error: Float)? {
    guard let centroidEstimates, query.count == dimensions else { return nil }
    var out = [Float](repeating: 0, count: intentCount)
    let rounded = Int8Rows.Query(query)
    centroidEstimates.forEachEstimate(rounded) { row, estimate in out[row] = estimate }
    return (out, centroidEstimates.errorBound(rounded))
  }

  /// Bounds of every intent's `scores(query)` from the centroid estimates alone
  /// (`estimatedCentroidScores(query)`, passed in), without reading any row
  /// (`CentroidBounds`); exactly -1 where an intent has no vector. Nil without 8-bit
  /// centroids. An intent's exact score is then `score(intent:_:)`.
  /// - Complexity: O(entries + intents), two Floats an entry.
  package func estimatedScoreBounds(_ query: [Float], centroids: (scores: [Float], error: Float)) -> (lower: [Float], upper: [Float])? {
    guard let centroidBounds, query.count == dimensions, centroids.scores.count == intentCount else { return nil }
    var norm: Double = 0
    for value in query { norm += Double(value) * Double(value) }
    return centroidBounds.bounds(centroidScores: centroids.scores, error: centroids.error, queryNorm: norm.squareRoot() * (1 + 1e-6))
  }

  /// Exactly `scores(query)[intent]`: the same products, over the intent's rows only.
  /// - Complexity: O(rows of the intent × dimensions).
  package func score(intent: Int, _ query: [Float]) -> Float {
    guard query.count == dimensions, intent >= 0, intent < intentCount else { return -1 }
    var best: Float = -1
    query.withUnsafeBufferPointer { q in
      matrix.withUnsafeBufferPointer { m in
        for k in Int(rowStarts[intent])..<Int(rowStarts[intent + 1]) {
          let row = Int(rowsByIntent[k])
          guard (row + 1) * dimensions <= m.count else { continue }
          let dot = Self.dot(q, m, base: row * dimensions, dimensions: dimensions)
          if dot > best { best = dot }
        }
      }
    }
    return best
  }

  /// Exactly `centroidScores(query)[intent]`.
  package func centroidScore(intent: Int, _ query: [Float]) -> Float {
    guard query.count == dimensions, intent >= 0, intent < intentCount else { return 0 }
    return query.withUnsafeBufferPointer { q in
      centroidMatrix.withUnsafeBufferPointer { m in Self.dot(q, m, base: intent * dimensions, dimensions: dimensions) }
    }
  }

  /// Cosine with each intent's centroid (the normalised mean of its vectors, near duplicates
  /// counted as often as they occurred; 0 for an intent without vectors). Few-shot
  /// catalogs (a handful of example requests per intent) rank better by it than by the best
  /// single example (docs/RANKING.md). - Complexity: O(intents × dimensions).
  package func centroidScores(_ query: [Float]) -> [Float] {
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
        guard q.baseAddress != nil, m.baseAddress != nil else { return }
        for row in 0..<min(rows, m.count / max(1, dimensions)) {
          body(row, dot(q, m, base: row * dimensions, dimensions: dimensions))
        }
      }
    }
  }

  /// `q · m[base..<base + dimensions]`: SIMD16 lanes with two accumulators (independent
  /// adds do not wait on each other), then the remainder. Every exact score goes through
  /// here, so that a score computed alone (`score(intent:_:)`) equals the scan's.
  @inline(__always)
  private static func dot(_ q: UnsafeBufferPointer<Float>, _ m: UnsafeBufferPointer<Float>, base: Int, dimensions: Int) -> Float {
    let qRaw = UnsafeRawPointer(q.baseAddress!)
    let mRaw = UnsafeRawPointer(m.baseAddress!)
    let lanes = dimensions / 32 * 32
    var acc0 = SIMD16<Float>()
    var acc1 = SIMD16<Float>()
    var i = 0
    while i < lanes {
      acc0 +=
        qRaw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<Float>.self)
        * mRaw.loadUnaligned(fromByteOffset: (base + i) * 4, as: SIMD16<Float>.self)
      acc1 +=
        qRaw.loadUnaligned(fromByteOffset: (i + 16) * 4, as: SIMD16<Float>.self)
        * mRaw.loadUnaligned(fromByteOffset: (base + i + 16) * 4, as: SIMD16<Float>.self)
      i += 32
    }
    var dot = (acc0 + acc1).sum()
    while i < dimensions {
      dot += q[i] * m[base + i]
      i += 1
    }
    return dot
  }

  /// Per intent, the normalised mean of its vectors (zero vector for an intent without any).
  package func centroids() -> [[Float]] {
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
