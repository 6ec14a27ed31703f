/// Requests of one intent that went to another (or to "no match"), with examples.
public struct Confusion: Sendable, Hashable {
  /// The expected intent; nil for rows that expected "no match".
  public var expected: String?
  /// The chosen intent; nil for "no match".
  public var predicted: String?
  /// How many requests went this way.
  public var count: Int
  /// Up to three request texts, in dataset order.
  public var examples: [String]

  /// Confusions of a mode's outcomes, most frequent first (ties by expected, then predicted id;
  /// "no match" sorts last).
  /// - Complexity: O(rows + pairs log pairs).
  public static func collect(_ rows: [(LabelledRequest, RowOutcome)]) -> [Confusion] {
    var table: [Pair: Confusion] = [:]
    var order: [Pair] = []
    for (request, outcome) in rows where !request.intent.accepts(outcome.predicted) {
      let pair = Pair(expected: request.intent.primary, predicted: outcome.predicted)
      if table[pair] == nil {
        table[pair] = Confusion(expected: pair.expected, predicted: pair.predicted, count: 0, examples: [])
        order.append(pair)
      }
      table[pair]!.count += 1
      if table[pair]!.examples.count < 3 { table[pair]!.examples.append(request.query) }
    }
    return order.compactMap { table[$0] }.sorted {
      if $0.count != $1.count { return $0.count > $1.count }
      if $0.expected != $1.expected { return ($0.expected ?? "\u{10FFFF}") < ($1.expected ?? "\u{10FFFF}") }
      return ($0.predicted ?? "\u{10FFFF}") < ($1.predicted ?? "\u{10FFFF}")
    }
  }

  struct Pair: Hashable {
    var expected: String?
    var predicted: String?
  }
}
