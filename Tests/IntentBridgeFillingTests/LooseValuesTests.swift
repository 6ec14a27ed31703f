import IntentBridgeFilling
import IntentBridgeText
import Testing

/// `LooseValues`: quoted text, identifier-like tokens and capitalised names, as marked text
/// (the expected values between markers, in order, with their forms).
@Suite struct LooseValuesTests {
  struct Case: Sendable, CustomStringConvertible {
    let marked: String
    let forms: [LooseValues.Form]
    init(_ marked: String, _ forms: LooseValues.Form...) {
      self.marked = marked
      self.forms = forms
    }
    var description: String { marked }
  }

  static let cases: [Case] = [
    Case("deploy the app with the ⁅ID⁆ '⁅snsSB8iOmk⁆' using version '⁅1.0.0⁆'", .capitalized, .quoted, .quoted),
    Case("Tell me the engagement for the ⁅Facebook⁆ post with the ⁅ID⁆ \"⁅rOBhSVKGVKe⁆.", .capitalized, .capitalized, .quoted),
    Case("send the message \"⁅Don't forget to feed the cat.⁆", .quoted),
    Case("the golf course named \"⁅Cypress Point Club⁆.", .quoted),
    Case("set the speed of robot ⁅Wj6ea0AFaEv⁆ to 19.0 meters per second", .opaque),
    Case("deploy to the server at ⁅IP⁆ address ⁅192.168.77.71⁆.", .capitalized, .opaque),
    Case("activate phone ⁅555-123-4567⁆ now", .opaque),
    Case("rotate ⁅app.py⁆ and ⁅user_name⁆", .opaque, .opaque),
    Case("remind me at 5pm about the 3rd item, 10kg, 2.5 and 1,000"),
    Case("find rooms in ⁅New York⁆ for ⁅Bank of America⁆ staff", .capitalized, .capitalized),
    // A capital that starts a sentence says nothing.
    Case("Find available rooms. Paris is nice"),
    Case("it's the users' choice, isn't it"),
    Case("book a table at ⁅Luigi's⁆ tomorrow", .capitalized),
    Case("ask ⁅Generosity Inc.⁆ about it", .capitalized),
    Case("turn on the ⁅Wi-Fi⁆ in the ⁅Living Room⁆", .capitalized, .capitalized),
  ]

  @Test(arguments: cases)
  func findsTheMarkedValues(_ c: Case) {
    let (text, spans) = Self.unmark(c.marked)
    let found = LooseValues.find(SurfaceLexer.tokens(text))
    #expect(found.map(\.span) == spans)
    #expect(found.map(\.form) == c.forms)
    let scalars = Array(text.unicodeScalars)
    for value in found { #expect(value.text == SurfaceLexer.text(scalars, value.span)) }
  }

  /// The text without `⁅…⁆` markers, and the scalar ranges they enclosed.
  static func unmark(_ marked: String) -> (String, [Range<Int>]) {
    var text = ""
    var spans: [Range<Int>] = []
    var start = 0
    var count = 0
    for scalar in marked.unicodeScalars {
      if scalar == "⁅" {
        start = count
      } else if scalar == "⁆" {
        spans.append(start..<count)
      } else {
        text.unicodeScalars.append(scalar)
        count += 1
      }
    }
    return (text, spans)
  }
}
