import IntentBridgeEngine

/// How predicted arguments are scored against a row's expected ones (docs/EVAL.md semantics).
///
/// - A value written `{"$anyOf": [a, b]}` accepts any of the listed values.
/// - Numbers compare numerically (`50` = `50.0`); strings compare case-insensitively
///   (free text is scored on its words, not on how the speaker capitalised them); arrays and
///   objects compare element by element with the same rules.
/// - Parameters in the row's `ignore` list are removed from both sides.
/// - A predicted argument that the row does not expect but that equals its parameter's
///   catalog default is not "extra": applying a default is what a resolver should do.
public enum ArgumentScoring {
  /// Whether `predicted` satisfies `expected`.
  public static func matches(_ predicted: JSONValue, _ expected: JSONValue) -> Bool {
    if let alternatives = expected.objectValue, alternatives.count == 1, let list = alternatives["$anyOf"]?.arrayValue {
      return list.contains { matches(predicted, $0) }
    }
    switch (predicted, expected) {
    case (.string(let a), .string(let b)):
      return a.lowercased() == b.lowercased()
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
    case (.object(let a), .object(let b)):
      return a.count == b.count && a.allSatisfy { key, value in b[key].map { matches(value, $0) } ?? false }
    default:
      return predicted.numericallyEquals(expected)
    }
  }

  /// True-positive, false-positive and false-negative (name, value) pairs of one row.
  public struct Counts: Sendable, Hashable {
    /// Predicted pairs whose value matches the row's.
    public var truePositives = 0
    /// Predicted pairs the row does not expect or whose value is wrong (not a catalog default).
    public var falsePositives = 0
    /// Expected pairs not predicted with a matching value.
    public var falseNegatives = 0
    /// Every expected pair found and nothing extra.
    public var isExact: Bool { falsePositives == 0 && falseNegatives == 0 }

    /// Counts with the given pairs (none by default).
    public init(truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0) {
      self.truePositives = truePositives
      self.falsePositives = falsePositives
      self.falseNegatives = falseNegatives
    }
  }

  /// Scores one row. `defaults` are the chosen intent's parameter defaults (name → value).
  /// - Complexity: O(expected + predicted) comparisons.
  public static func score(predicted: JSONObject, expected: JSONObject, ignore: [String], defaults: [String: JSONValue]) -> Counts {
    let ignored = Set(ignore)
    var counts = Counts()
    var matchedExpected = Set<String>()
    for (name, value) in predicted where !ignored.contains(name) {
      if let wanted = expected[name] {
        if matches(value, wanted) {
          counts.truePositives += 1
          matchedExpected.insert(name)
        } else {
          counts.falsePositives += 1
        }
      } else if let fallback = defaults[name], matches(value, fallback) {
        continue
      } else {
        counts.falsePositives += 1
      }
    }
    for (name, _) in expected where !ignored.contains(name) && !matchedExpected.contains(name) {
      counts.falseNegatives += 1
    }
    return counts
  }
}
