import Testing

@Suite struct MarkedTextTests {
  @Test func stripsMarkersAndReportsScalarRanges() {
    let m = MarkedText("remind me ⟦tomorrow at 5pm⟧ to ⟦call mom⟧")
    #expect(m.text == "remind me tomorrow at 5pm to call mom")
    #expect(m.ranges == [10..<25, 29..<37])
  }

  @Test func countsScalarsNotCharacters() {
    let m = MarkedText("e\u{301} ⟦明天⟧")
    #expect(m.text.unicodeScalars.count == 5)
    #expect(m.ranges == [3..<5])
  }
}
