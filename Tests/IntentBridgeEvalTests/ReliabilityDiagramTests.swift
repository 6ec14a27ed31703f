import IntentBridgeEval
import Testing

/// The reliability diagram and expected calibration error on cases computed by hand.
@Suite struct ReliabilityDiagramTests {
  @Test func fiveRowsOneInEachOfFiveBins() throws {
    let s = MetricTests.fiveRowSummary()
    // First-ranked right: A (0.9), C for B|C (0.8); wrong: A on both null rows (0.1, 0.7), A for B (0.3).
    let bins = s.reliability.bins
    #expect(bins.map(\.count) == [0, 1, 0, 1, 0, 0, 0, 1, 1, 1])
    #expect(bins[9].accuracy == 1 && bins[7].accuracy == 0 && bins[1].accuracy == 0)
    let ece = try #require(s.calibrationError)
    #expect(abs(ece - (0.1 + 0.2 + 0.1 + 0.7 + 0.3) / 5) < 1e-12)
  }

  @Test func calibratedBinsHaveNoError() throws {
    var diagram = ReliabilityDiagram()
    for i in 0..<10 { diagram.add(confidence: 0.75, right: i < 7 || i == 9) }  // 8 of 10 right at 0.75
    for i in 0..<4 { diagram.add(confidence: 0.25, right: i == 0) }  // 1 of 4 right at 0.25
    let ece = try #require(diagram.expectedCalibrationError)
    #expect(abs(ece - (10 * 0.05 + 0) / 14) < 1e-12)
    #expect(diagram.rows == 14)
  }

  @Test func edgesAndOddValuesLandInTheEndBins() {
    var diagram = ReliabilityDiagram()
    diagram.add(confidence: 1, right: true)
    diagram.add(confidence: 0, right: false)
    diagram.add(confidence: .nan, right: false)
    diagram.add(confidence: 7, right: true)
    #expect(diagram.bins[9].count == 2 && diagram.bins[0].count == 2)
    #expect(diagram.expectedCalibrationError == 0)
    #expect(ReliabilityDiagram().expectedCalibrationError == nil)
  }
}
