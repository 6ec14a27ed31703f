/// The optimal-string-alignment (restricted Damerau–Levenshtein) distance between two
/// strings, counted in Unicode scalars, bounded by `limit`: insertions, deletions,
/// substitutions and transpositions of adjacent scalars each cost 1.
///
///     editDistance("timers", "tmiers", limit: 2)   // 1 (transposition)
///     editDistance("lampe", "lamp", limit: 2)      // 1
///     editDistance("kitchen", "bedroom", limit: 2) // 3 (= limit + 1: "more than 2")
///
/// - Returns: the distance if it is at most `limit`, otherwise `limit + 1`.
/// - Complexity: O(min(m, n) × limit) time after the common prefix and suffix are
///   removed; no heap allocation for strings under 64 scalars.
package func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
  let limit = max(0, limit)
  if a == b { return 0 }
  let aUTF8 = a.utf8
  let bUTF8 = b.utf8
  var ascii = true
  for byte in aUTF8 where byte >= 0x80 {
    ascii = false
    break
  }
  if ascii {
    for byte in bUTF8 where byte >= 0x80 {
      ascii = false
      break
    }
  }
  if ascii {
    // ASCII: bytes are scalars.
    if let result = aUTF8.withContiguousStorageIfAvailable({ pa in
      bUTF8.withContiguousStorageIfAvailable({ pb in boundedOSA(pa, pb, limit: limit) })
    }), let distance = result {
      return distance
    }
    return boundedOSA(Array(aUTF8), Array(bUTF8), limit: limit)
  }
  return boundedOSA(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: limit)
}

/// Banded OSA on two collections of comparable units.
@inline(__always)
func boundedOSA<C: RandomAccessCollection>(_ a: C, _ b: C, limit: Int) -> Int
where C.Element: Equatable, C.Index == Int {
  var aStart = a.startIndex
  var bStart = b.startIndex
  var aEnd = a.endIndex
  var bEnd = b.endIndex
  while aStart < aEnd, bStart < bEnd, a[aStart] == b[bStart] {
    aStart += 1
    bStart += 1
  }
  while aStart < aEnd, bStart < bEnd, a[aEnd - 1] == b[bEnd - 1] {
    aEnd -= 1
    bEnd -= 1
  }
  var m = aEnd - aStart
  var n = bEnd - bStart
  var xs = a[aStart..<aEnd]
  var ys = b[bStart..<bEnd]
  if m > n {
    swap(&m, &n)
    swap(&xs, &ys)
  }
  // Now m <= n: xs is the shorter.
  if n - m > limit { return limit + 1 }
  if m == 0 { return n }
  let big = limit + 1
  let width = n + 1
  return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { buffer in
    var previous2 = buffer.baseAddress!  // capacity ≥ 3, never nil
    var previous = previous2 + width
    var current = previous + width
    for j in 0...n { previous[j] = j <= limit ? j : big }
    for j in 0...n { previous2[j] = big }
    let xBase = xs.startIndex
    let yBase = ys.startIndex
    for i in 1...m {
      let low = max(1, i - limit)
      let high = min(n, i + limit)
      current[0] = i <= limit ? i : big
      if low > 1 { current[low - 1] = big }
      var rowMinimum = current[0]
      let x = xs[xBase + i - 1]
      for j in low...high {
        let y = ys[yBase + j - 1]
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x == y ? 0 : 1))
        if i > 1, j > 1, x == ys[yBase + j - 2], xs[xBase + i - 2] == y {
          value = min(value, previous2[j - 2] + 1)
        }
        value = min(value, big)
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if high < n { current[high + 1] = big }
      if rowMinimum > limit { return big }
      let recycled = previous2
      previous2 = previous
      previous = current
      current = recycled
    }
    return min(previous[n], big)
  }
}
