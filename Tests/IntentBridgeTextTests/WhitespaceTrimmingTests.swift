import Foundation
import IntentBridgeText
import Testing

/// `trimmingWhitespace()` and `trimmingWhitespaceAndNewlines()` replace Foundation's
/// `trimmingCharacters(in:)` (FoundationEssentials lacks it): the same scalars are trimmed.
@Suite("Whitespace trimming")
struct WhitespaceTrimmingTests {
  /// Every scalar on both ends, and inside, of some text: the results equal Foundation's.
  @Test func trimsWhatFoundationTrims() {
    for value in UInt32(0)...0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "\(scalar)\(scalar)a\(scalar)b\(scalar)"
      #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
      #expect(
        text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
    }
  }

  @Test(arguments: ["", " ", "\t \u{3000}", " \u{301}a ", "\r\n x \r\n", "a b", " key : value |"])
  func edgeCases(text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    #expect(text[...].trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
