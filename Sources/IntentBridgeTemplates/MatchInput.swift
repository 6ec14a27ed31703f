import IntentBridgeText

/// A request prepared for template matching: its word sequence (skip words removed, CJK as
/// single characters) with the facts the matcher asks about each position.
public struct MatchInput: Sendable {
  public var text: String
  /// The tokens matched against templates, in order.
  public var tokens: [AnalyzedToken]
  var terms: [String]
  var folded: [String]
  var isStop: [Bool]
  var isNumber: [Bool]

  public init(_ text: String, analyzer: TextAnalyzer) {
    self.text = text
    tokens = analyzer.tokens(text).filter { !$0.isSkipWord && $0.kind != .cjkBigram }
    terms = tokens.map(\.term)
    folded = tokens.map(\.folded)
    isStop = tokens.map(\.isStopWord)
    isNumber = tokens.map { $0.kind == .number }
  }

  public var count: Int { tokens.count }
}
