import IntentBridgeEval
import IntentBridgeJSON
import Testing

/// Metric definitions on small cases computed by hand (docs/EVAL.md).
@Suite struct MetricTests {
  @Test func rankBasedMetricsOfOneRow() {
    let ranked = ["A", "B", "C"]
    #expect(RankingMetrics.firstRelevantRank(ranked, acceptable: ["C"]) == 3)
    #expect(RankingMetrics.firstRelevantRank(ranked, acceptable: ["C", "B"]) == 2)
    #expect(RankingMetrics.firstRelevantRank(ranked, acceptable: ["Z"]) == nil)
    #expect(RankingMetrics.reciprocalRank(3) == 1.0 / 3)
    #expect(RankingMetrics.reciprocalRank(nil) == 0)
    #expect(RankingMetrics.recall(at: 1, rank: 3) == 0)
    #expect(RankingMetrics.recall(at: 3, rank: 3) == 1)
    #expect(abs(RankingMetrics.ndcg(at: 10, rank: 3) - 0.5) < 1e-12)  // 1 / log2(4)
    #expect(abs(RankingMetrics.ndcg(at: 10, rank: 2) - 0.6309297535714574) < 1e-12)  // 1 / log2(3)
    #expect(RankingMetrics.ndcg(at: 10, rank: 1) == 1)
    #expect(RankingMetrics.ndcg(at: 10, rank: 11) == 0)
    #expect(RankingMetrics.ndcg(at: 10, rank: nil) == 0)
  }

  /// Five rows: two right intents (one via an `anyOf` list), a right and a wrong `null` row,
  /// and an intent row answered "no match" whose intent was ranked second.
  static func fiveRowSummary() -> MetricSummary {
    let rows: [(LabelledRequest, RowOutcome)] = [
      (.init(query: "a", id: "1", intent: .anyOf(["A"])), .init(predicted: "A", confidence: 0.9, ranked: ["A", "B"])),
      (.init(query: "b", id: "2", intent: .anyOf(["B", "C"])), .init(predicted: "C", confidence: 0.8, ranked: ["C", "B"])),
      (.init(query: "c", id: "3", intent: .noMatch), .init(predicted: nil, confidence: 0.1, ranked: ["A"])),
      (.init(query: "d", id: "4", intent: .noMatch), .init(predicted: "A", confidence: 0.7, ranked: ["A"])),
      (.init(query: "e", id: "5", intent: .anyOf(["B"])), .init(predicted: nil, confidence: 0.3, ranked: ["A", "B"])),
    ]
    var summary = MetricSummary()
    for (request, outcome) in rows { summary.add(request, outcome, ks: [1, 3]) }
    return summary
  }

  @Test func summaryOfIntentAndNullRows() throws {
    let s = Self.fiveRowSummary()
    #expect(s.requests == 5 && s.intentRequests == 3 && s.noMatchRequests == 2)
    #expect(s.top1 == 3.0 / 5)
    #expect(s.recall(at: 1) == 2.0 / 3)
    #expect(s.recall(at: 3) == 1)
    let mrr: Double = try #require(s.meanReciprocalRank)
    let expectedMRR: Double = 2.5 / 3
    #expect(abs(mrr - expectedMRR) < 1e-12)
    let ndcg: Double = try #require(s.ndcgAt10)
    let expectedNDCG: Double = 2.6309297535714574 / 3
    #expect(abs(ndcg - expectedNDCG) < 1e-12)
    // "No match" answered twice (rows 3 and 5), right once; two null rows, one caught.
    #expect(s.noMatchPrecision == 0.5)
    #expect(s.noMatchRecall == 0.5)
    // No arguments anywhere: every right answer is an exact frame; argument ratios undefined.
    #expect(s.exactFrame == 3.0 / 5)
    #expect(s.argumentPrecision == nil && s.argumentF1 == nil)
    #expect(s.value(.recall(at: 3)) == 1)
    #expect(s.value(.recall(at: 5)) == nil)
  }

  @Test func undefinedRatiosAreNil() {
    var s = MetricSummary()
    #expect(s.top1 == nil && s.noMatchRecall == nil && s.latencyPercentile(50) == nil)
    s.add(.init(query: "x", id: "1", intent: .anyOf(["A"])), .init(predicted: "A", confidence: 1, ranked: ["A"]), ks: [1])
    #expect(s.noMatchRecall == nil)
    #expect(s.noMatchPrecision == nil)
  }

  @Test func latencyPercentilesUseNearestRank() {
    var s = MetricSummary()
    for (i, ms) in [5.0, 1, 4, 2, 3].enumerated() {
      s.add(.init(query: "q", id: "\(i)", intent: .noMatch), .init(predicted: nil, confidence: 0, ranked: [], latencyMilliseconds: ms), ks: [])
    }
    #expect(s.latencyPercentile(50) == 3)
    #expect(s.latencyPercentile(99) == 5)
    #expect(s.latencyPercentile(0) == 1)
    #expect(s.latencyPercentile(100) == 5)
  }
}

@Suite struct ArgumentScoringTests {
  @Test func anyOfNumbersCaseAndNesting() {
    #expect(ArgumentScoring.matches(50, .number(50.0)))
    #expect(ArgumentScoring.matches(.number(0.5), .number(0.5)))
    #expect(!ArgumentScoring.matches(51, 50))
    #expect(ArgumentScoring.matches("Küche", ["$anyOf": ["kitchen", "küche"]]))
    #expect(!ArgumentScoring.matches("hall", ["$anyOf": ["kitchen", "küche"]]))
    #expect(ArgumentScoring.matches("Buy Milk", "buy milk"))
    #expect(!ArgumentScoring.matches("1", 1))
    #expect(!ArgumentScoring.matches(true, 1))
    #expect(ArgumentScoring.matches([1, "A"], [.number(1.0), "a"]))
    #expect(ArgumentScoring.matches(["unit": "minute", "value": 5], ["value": .number(5.0), "unit": "minute"]))
    #expect(!ArgumentScoring.matches(["unit": "minute"], ["value": 5, "unit": "minute"]))
  }

  @Test func ignoreDefaultsAndExtras() {
    let expected: JSONObject = ["brightness": 50, "area": ["$anyOf": ["kitchen", "Küche"]], "name": "lamp"]
    let exact = ArgumentScoring.score(
      predicted: ["brightness": .number(50.0), "area": "Küche", "name": "something else", "color": "red"], expected: expected, ignore: ["name"],
      defaults: ["color": "red"])
    #expect(exact == .init(truePositives: 2, falsePositives: 0, falseNegatives: 0))
    #expect(exact.isExact)
    // A wrong value is both a false positive and a false negative; a non-default extra is a false positive.
    let wrong = ArgumentScoring.score(
      predicted: ["brightness": 51, "area": "KITCHEN", "color": "blue"], expected: expected, ignore: ["name"], defaults: ["color": "red"])
    #expect(wrong == .init(truePositives: 1, falsePositives: 2, falseNegatives: 1))
    #expect(!wrong.isExact)
    let missing = ArgumentScoring.score(predicted: [:], expected: expected, ignore: [], defaults: [:])
    #expect(missing == .init(truePositives: 0, falsePositives: 0, falseNegatives: 3))
  }

  @Test func argumentFiguresAndExactFrames() throws {
    var s = MetricSummary()
    let request = LabelledRequest(
      query: "dim the kitchen to 50", id: "1", intent: .anyOf(["LightSet"]), arguments: ["area": "kitchen", "brightness": 50])
    // Right intent, both arguments: exact. Right intent, one wrong: not exact. Wrong intent, right arguments: not exact.
    s.add(request, .init(predicted: "LightSet", confidence: 1, ranked: ["LightSet"], argumentCounts: .init(truePositives: 2)), ks: [1])
    s.add(
      request,
      .init(
        predicted: "LightSet", confidence: 1, ranked: ["LightSet"], argumentCounts: .init(truePositives: 1, falsePositives: 1, falseNegatives: 1)),
      ks: [1])
    s.add(request, .init(predicted: "TurnOn", confidence: 1, ranked: ["TurnOn"], argumentCounts: .init(truePositives: 2)), ks: [1])
    #expect(s.exactFrame == 1.0 / 3)
    #expect(s.argumentPrecision == 5.0 / 6)
    #expect(s.argumentRecall == 5.0 / 6)
    #expect(abs(try #require(s.argumentF1) - 5.0 / 6) < 1e-12)
  }
}
