import IntentBridgeText
import Testing

@testable import IntentBridgeIndex

/// `Int16Rows.estimates` sums the 16-bit products exactly, at every row length the rows
/// accept (one 16-value step, odd and even numbers of them) and at the rounding limit, where
/// a 32-bit lane holds the most; and every estimate is within its `errorBound` of the float
/// product (`errorBounds` giving every row's at once).
@Suite struct Int16RowsTests {
  static let lengths = [16, 48, 64, 256, 1024]

  @Test(arguments: lengths) func theLargestProductsSumWithoutOverflow(dimensions: Int) throws {
    // Rows of ±1 round to ±limit (scale 1/limit): each row's integer dot with a query of ones
    // is ±limit² per value, the most a lane can hold; the estimate is the exact dot.
    let signs: [[Float]] = [
      [Float](repeating: 1, count: dimensions),
      (0..<dimensions).map { $0 % 2 == 0 ? 1 : -1 },
      (0..<dimensions).map { $0 < dimensions / 2 ? -1 : 1 },
      [Float](repeating: -1, count: dimensions),
    ]
    let rows = try #require(Int16Rows(signs.flatMap { $0 }, rows: signs.count, dimensions: dimensions))
    let query = try #require(Int16Rows.Query([Float](repeating: 1, count: dimensions), rows: rows))
    var estimates: [Float] = []
    rows.estimates(query, into: &estimates)
    #expect(estimates.count == signs.count)
    for (r, row) in signs.enumerated() {
      let exact = row.reduce(0, +)
      #expect(abs(estimates[r] - exact) <= 1e-3 * Float(dimensions), "row \(r): \(estimates[r]) for \(exact)")
    }
  }

  @Test(arguments: lengths) func estimatesStayWithinTheirBound(dimensions: Int) throws {
    var random = SeededRandom(seed: UInt64(dimensions))
    let count = 37
    let matrix = (0..<count).flatMap { _ in VectorEstimateTests.unit(dimensions, &random) }
    let rows = try #require(Int16Rows(matrix, rows: count, dimensions: dimensions))
    for _ in 0..<20 {
      let vector = VectorEstimateTests.unit(dimensions, &random)
      let query = try #require(Int16Rows.Query(vector, rows: rows))
      var estimates: [Float] = []
      rows.estimates(query, into: &estimates)
      #expect(estimates.count == count)
      for r in 0..<count {
        var exact: Double = 0
        for i in 0..<dimensions { exact += Double(matrix[r * dimensions + i]) * Double(vector[i]) }
        #expect(abs(Double(estimates[r]) - exact) <= Double(rows.errorBound(r, query)), "row \(r)")
      }
      // The bounds of all rows at once (`VectorIndex.scores`) are those of each row.
      var bounds: [Float] = []
      rows.errorBounds(query, into: &bounds)
      #expect(bounds == (0..<count).map { rows.errorBound($0, query) })
    }
  }

  @Test func otherLengthsAreRefused() {
    #expect(Int16Rows([Float](repeating: 0.5, count: 40), rows: 2, dimensions: 20) == nil)
    let rows = Int16Rows([Float](repeating: 0.5, count: 32), rows: 2, dimensions: 16)
    #expect(rows != nil)
    #expect(rows.flatMap { Int16Rows.Query([Float](repeating: 1, count: 15), rows: $0) } == nil)
  }
}
