/// How well confidence matches accuracy: rows bucketed by the confidence of their first-ranked
/// intent into ten equal-width bins (`[0, 0.1)`, …, `[0.9, 1]`), each with its mean confidence and
/// the share of its rows whose first-ranked intent was right.
///
/// A row counts as right when its first-ranked intent is acceptable; for a `null` row (the
/// right answer is "no match") the first-ranked intent is always wrong, so a calibrated engine
/// gives such rows a low confidence. The expected calibration error is the row-weighted mean of
/// |accuracy − mean confidence| over the bins (0 = perfectly calibrated).
public struct ReliabilityDiagram: Sendable, Hashable {
  /// One confidence bin.
  public struct Bin: Sendable, Hashable {
    /// The bin's lower and upper confidence bounds.
    public var lower: Double
    /// The bin's upper confidence bound (the last bin includes it).
    public var upper: Double
    /// Rows in the bin.
    public var count = 0
    /// The sum of the rows' confidences.
    public var confidenceSum = 0.0
    /// Rows whose first-ranked intent was right.
    public var right = 0

    /// Mean confidence of the bin's rows; nil when empty.
    public var meanConfidence: Double? { count == 0 ? nil : confidenceSum / Double(count) }
    /// Share of the bin's rows whose first-ranked intent was right; nil when empty.
    public var accuracy: Double? { count == 0 ? nil : Double(right) / Double(count) }
  }

  /// The number of equal-width bins.
  public static let binCount = 10
  /// The bins, lowest confidence first (always `binCount` of them).
  public private(set) var bins: [Bin] = (0..<binCount).map {
    Bin(lower: Double($0) / Double(binCount), upper: Double($0 + 1) / Double(binCount))
  }

  /// An empty diagram.
  public init() {}

  /// Adds one row: the first-ranked intent's confidence (clamped to 0…1) and whether it was right.
  /// Rows without a ranked intent are not added. - Complexity: O(1).
  public mutating func add(confidence: Double, right: Bool) {
    let c = confidence.isFinite ? min(1, max(0, confidence)) : 0
    let index = min(Self.binCount - 1, Int(c * Double(Self.binCount)))
    bins[index].count += 1
    bins[index].confidenceSum += c
    if right { bins[index].right += 1 }
  }

  /// Rows added.
  public var rows: Int { bins.reduce(0) { $0 + $1.count } }

  /// Σ over bins of (rows in bin / rows) × |accuracy − mean confidence|; nil without rows.
  public var expectedCalibrationError: Double? {
    let total = rows
    guard total > 0 else { return nil }
    var sum = 0.0
    for bin in bins where bin.count > 0 {
      sum += abs(Double(bin.right) - bin.confidenceSum)
    }
    return sum / Double(total)
  }
}
