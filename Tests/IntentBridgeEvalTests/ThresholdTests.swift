import IntentBridgeEval
import IntentBridgeRanking
import Testing

@Suite struct ThresholdTests {
  @Test func parsesModesGroupsAndPercentages() throws {
    let plain = try MetricThreshold.parse("top1=0.95")
    #expect(plain.metric == .top1 && plain.mode == nil && plain.group == nil && plain.minimum == 0.95)
    let moded = try MetricThreshold.parse("keyword/exact_frame=80%")
    #expect(moded.mode == .keyword && moded.metric == .exactFrame && abs(moded.minimum - 0.8) < 1e-12)
    let grouped = try MetricThreshold.parse("recall@3[perturbed:typo]=0.9")
    #expect(grouped.metric == .recall(at: 3) && grouped.group == "perturbed:typo")
  }

  @Test(arguments: ["top1", "top=0.5", "top1=abc", "top1=1.5", "fast/top1=0.5", "recall@0=0.5", "top1=-5%"])
  func rejectsMalformedFloors(text: String) {
    #expect(throws: MetricThreshold.ParseError.self) { try MetricThreshold.parse(text) }
  }

  static func report() -> EvalReport {
    let summary = MetricTests.fiveRowSummary()
    let byTag = EvalReport.Breakdown(key: "tag", groups: [(value: "clean", summary: summary)])
    return EvalReport(
      catalogPath: "c.json", catalogHash: "h", datasets: [.init(path: "d.jsonl", requests: 5)], ks: [1, 3],
      modes: [.init(mode: .hybrid, overall: summary, breakdowns: [byTag], confusions: [])], advice: DiscoverabilityAdvice(mode: "hybrid"))
  }

  @Test func checksAgainstAReport() throws {
    let report = Self.report()
    #expect(try MetricThreshold.parse("top1=0.6").check(report).passed)  // top-1 is exactly 3/5
    #expect(!(try MetricThreshold.parse("top1=0.61").check(report).passed))
    #expect(try MetricThreshold.parse("recall@3[clean]=100%").check(report).passed)
    let missingGroup = try MetricThreshold.parse("top1[de]=0.1").check(report)
    #expect(!missingGroup.passed && missingGroup.actual == nil && missingGroup.message.contains("no rows in group"))
    let missingMode = try MetricThreshold.parse("keyword/top1=0.1").check(report)
    #expect(!missingMode.passed && missingMode.message.contains("not evaluated"))
    #expect(!(try MetricThreshold.parse("argument_f1=0.1").check(report).passed))  // undefined: no arguments
  }
}
