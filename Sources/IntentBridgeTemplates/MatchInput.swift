import IntentBridgeText

/// A request prepared for template matching: its word sequence (skip words removed, CJK as
/// single characters) with the facts the matcher asks about each position.
package struct MatchInput: Sendable {
  package var text: String
  /// The tokens matched against templates, in order.
  package var tokens: [AnalyzedToken]
  var terms: [String]
  var folded: [String]
  var isStop: [Bool]
  var isNumber: [Bool]
  /// Per token: the end of the number written in words that starts there ("five", "twenty
  /// five", "二十五"; `AnalyzedToken.writtenNumberLength`), or 0; and its value.
  var numberRunEnd: [Int]
  var numberRunValue: [Double]
  /// Conversational fillers ("thanks", "um"): inserted more cheaply than stop words.
  var isFiller: [Bool]

  package init(_ text: String, analyzer: TextAnalyzer) {
    self.init(text, tokens: analyzer.tokens(text))
  }

  /// The same from the analyser's tokens of `text` (skip words and CJK bigrams are left out
  /// here).
  init(_ text: String, tokens all: [AnalyzedToken]) {
    self.init(text: text, tokens: all.filter { !$0.isSkipWord && $0.kind != .cjkBigram })
  }

  /// The facts per position are read off `tokens`.
  private init(text: String, tokens: [AnalyzedToken]) {
    self.text = text
    self.tokens = tokens
    terms = tokens.map(\.term)
    folded = tokens.map(\.folded)
    isStop = tokens.map(\.isStopWord)
    isNumber = tokens.map { $0.kind == .number }
    // A written number's words must follow each other here as in the text (a request read
    // with two words exchanged can split one).
    numberRunEnd = [Int](repeating: 0, count: tokens.count)
    numberRunValue = [Double](repeating: 0, count: tokens.count)
    for (i, token) in tokens.enumerated() where token.writtenNumberLength > 0 {
      let end = i + token.writtenNumberLength
      guard end <= tokens.count, (i..<end).allSatisfy({ tokens[$0].position == token.position + ($0 - i) }) else { continue }
      numberRunEnd[i] = end
      numberRunValue[i] = token.writtenNumberValue
    }
    isFiller = tokens.map(\.isFiller)
  }

  package var count: Int { tokens.count }

  /// The same request with each compound word that `known` does not contain split into
  /// parts it does ("haushaltsliste" → "haushalt", "liste"), for languages whose profile
  /// splits compounds; each part keeps its stretch of the word's text range.
  func splittingCompounds(known: Set<String>, analyzer: TextAnalyzer) -> MatchInput {
    guard analyzer.profile.decompounds, !known.isEmpty else { return self }
    var split: [AnalyzedToken] = []
    var changed = false
    for token in tokens {
      guard token.kind == .word, !token.isSkipWord, token.folded.unicodeScalars.count >= 6, !known.contains(token.term) else {
        split.append(token)
        continue
      }
      let parts = analyzer.decompoundParts(token.folded, vocabulary: known)
      guard parts.count >= 2 else {
        split.append(token)
        continue
      }
      let scalars = Array(token.folded.unicodeScalars)
      for part in parts {
        let lower = min(token.range.upperBound, token.range.lowerBound + part.scalars.lowerBound)
        let upper = max(lower + 1, min(token.range.upperBound, token.range.lowerBound + part.scalars.upperBound))
        let folded = String(String.UnicodeScalarView(scalars[part.scalars.clamped(to: 0..<scalars.count)]))
        split.append(
          AnalyzedToken(
            term: part.entry, folded: folded, range: lower..<upper, position: token.position, isStopWord: false, isSkipWord: false,
            kind: .word))
      }
      changed = true
    }
    return changed ? MatchInput(text: text, tokens: split) : self
  }

  /// The same request with tokens `k` and `k + 1` in each other's place (each keeps its
  /// range in the text), for matching a request whose words came out of order.
  func swapping(_ k: Int) -> MatchInput {
    var swapped = tokens
    swapped.swapAt(k, k + 1)
    return MatchInput(text: text, tokens: swapped)
  }
}
