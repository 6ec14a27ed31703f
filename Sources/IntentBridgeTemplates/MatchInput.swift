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
  /// Conversational fillers ("thanks", "um"): inserted as cheaply as stop words.
  var isFiller: [Bool]

  public init(_ text: String, analyzer: TextAnalyzer) {
    self.text = text
    tokens = analyzer.tokens(text).filter { !$0.isSkipWord && $0.kind != .cjkBigram }
    terms = tokens.map(\.term)
    folded = tokens.map(\.folded)
    isStop = tokens.map(\.isStopWord)
    isNumber = tokens.map { $0.kind == .number }
    isFiller = tokens.map(\.isFiller)
  }

  public var count: Int { tokens.count }

  /// The same request with tokens `k` and `k + 1` in each other's place (each keeps its
  /// range in the text), for matching a request whose words came out of order.
  func swapping(_ k: Int) -> MatchInput {
    var copy = self
    copy.tokens.swapAt(k, k + 1)
    copy.terms.swapAt(k, k + 1)
    copy.folded.swapAt(k, k + 1)
    copy.isStop.swapAt(k, k + 1)
    copy.isNumber.swapAt(k, k + 1)
    copy.isFiller.swapAt(k, k + 1)
    return copy
  }
}
