/// A request with marked spans, after swift-format's marked-text fixtures:
/// `"remind me ⟦tomorrow at 5pm⟧ to ⟦call mom⟧"`. The markers are removed; `ranges`
/// holds the marked spans as Unicode-scalar offsets of the clean text, in order.
struct MarkedText: Sendable {
  static let open: Unicode.Scalar = "⟦"
  static let close: Unicode.Scalar = "⟧"

  let text: String
  let ranges: [Range<Int>]

  init(_ marked: String) {
    var clean = ""
    var ranges: [Range<Int>] = []
    var start: Int?
    var offset = 0
    for s in marked.unicodeScalars {
      if s == Self.open {
        precondition(start == nil, "nested ⟦ in \(marked)")
        start = offset
      } else if s == Self.close {
        guard let begin = start else { preconditionFailure("⟧ without ⟦ in \(marked)") }
        ranges.append(begin..<offset)
        start = nil
      } else {
        clean.unicodeScalars.append(s)
        offset += 1
      }
    }
    precondition(start == nil, "unclosed ⟦ in \(marked)")
    self.text = clean
    self.ranges = ranges
  }
}
