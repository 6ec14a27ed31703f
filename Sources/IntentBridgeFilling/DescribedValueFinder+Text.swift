import IntentBridgeCatalog
import IntentBridgeText

/// Text of described parameters: a message after a saying word, free text after a
/// parameter's own word, the rest of the request; and booleans from a parameter's own words.
extension DescribedValueFinder {
  /// The rest of the request for `texts` (required text parameters still empty), as free-text
  /// candidates: as many runs of unclaimed content words as parameters, in order; for one
  /// parameter, else the one run after a topic word ("about the invoice"). With more words
  /// left over, which are the value is a guess: none. Values of a form (dates, numbers,
  /// addresses) are no text even when nothing took them, except a number right after a word,
  /// which is part of a name ("report 2026").
  func rest(
    for texts: [Int], candidates: [Candidate], words: Words, taken: [Range<Int>], cues: [ParameterCues], intentWords: Set<String>
  ) -> [Candidate] {
    guard !texts.isEmpty else { return [] }
    let typed = candidates.filter { c in
      switch c.kind {
      case .capitalized, .example, .freeText, .quoted: false
      case .number: !(c.first > 0 && words.tokens[c.first - 1].kind == .word && !isFunctionWord(words.tokens[c.first - 1].text))
      default: true
      }
    }.map(\.span)
    let runs = unclaimedRuns(words, taken: taken + typed, cues: cues, intentWords: intentWords)
    let topical = runs.filter { preceded($0.lowerBound, by: cueWords.topic, words) }
    let chosen: [(Int, Range<Int>)] =
      runs.count == texts.count ? Array(zip(texts, runs)) : texts.count == 1 && topical.count == 1 ? [(texts[0], topical[0])] : []
    return chosen.map { p, range in
      let span = words.tokens[range.lowerBound].start..<words.tokens[range.upperBound - 1].end
      return Candidate(
        kind: .freeText(p), span: span, text: SurfaceLexer.text(words.scalars, span), first: range.lowerBound, end: range.upperBound)
    }
  }

  /// The runs of content words that nothing took: not a value, not a function word, not a
  /// word of the intent or of a parameter's name, not the request's first word (a command's
  /// verb, "cancel …"), in request order.
  func unclaimedRuns(_ words: Words, taken: [Range<Int>], cues: [ParameterCues], intentWords: Set<String>) -> [Range<Int>] {
    let t = words.tokens
    let firstWord = t.firstIndex { $0.kind == .word }
    func content(_ k: Int) -> Bool {
      let token = t[k]
      guard token.kind == .word || token.kind == .digits || token.kind == .cjk else { return false }
      if k == firstWord || taken.contains(where: { $0.contains(token.start) }) || isFunctionWord(token.text) { return false }
      if cueWords.boundaries.contains(token.text) || intentWords.contains(words.stems[k]) { return false }
      if ParameterCues.identifierWords.contains(token.text) || token.kind == .digits && (k == 0 || t[k - 1].kind != .word) { return false }
      return !cues.contains { ParameterCues.matches(words.stems[k], $0.strong) }
    }
    var runs: [Range<Int>] = []
    var k = 0
    while k < t.count {
      guard content(k) else {
        k += 1
        continue
      }
      var end = k + 1
      while end < t.count, content(end) || t[end].text == "-" && end + 1 < t.count && content(end + 1) { end += 1 }
      runs.append(k..<end)
      k = end
    }
    return runs
  }

  /// The words after the parameter's own word (past linkers) up to a boundary, or before it
  /// back to a determiner when nothing follows; without the intent's words, other
  /// parameters' words and spans already taken.
  func freeText(
    _ p: Int, _ cues: ParameterCues, others: [ParameterCues], words: Words, taken: [Range<Int>], intentWords: Set<String>
  ) -> Candidate? {
    let t = words.tokens
    func blocked(_ k: Int) -> Bool {
      taken.contains { $0.contains(t[k].start) } || t[k].kind == .punct && t[k].text != "-" && t[k].text != "'"
        || others.contains { ParameterCues.matches(words.stems[k], $0.strong) }
    }
    for (k, token) in t.enumerated()
    where token.kind == .word && (ParameterCues.matches(words.stems[k], cues.strong) || cues.isName && cueWords.naming.contains(token.text))
      && !blocked(k)
    {
      // After: "the task of cleaning", "with the subject invoice".
      var start = k + 1
      while start < t.count, t[start].kind == .word, isFunctionWord(t[start].text),
        !cueWords.boundaries.contains(t[start].text)
          || start < t.count && cueWords.naming.contains(t[start].text)
      {
        start += 1
      }
      var end = start
      while end < t.count, end - start < 8, !blocked(end), !(t[end].kind == .word && cueWords.boundaries.contains(t[end].text)) { end += 1 }
      while end > start, t[end - 1].kind != .digits, isFunctionWord(t[end - 1].text) || intentWords.contains(words.stems[end - 1]) { end -= 1 }
      while start < end,
        isFunctionWord(t[start].text) || intentWords.contains(words.stems[start])
          || ParameterCues.matches(words.stems[start], cues.strong)
      {
        start += 1
      }
      if end > start, (start..<end).contains(where: { t[$0].kind != .punct && !isFunctionWord(t[$0].text) }) {
        let span = t[start].start..<t[end - 1].end
        return Candidate(kind: .freeText(p), span: span, text: SurfaceLexer.text(words.scalars, span), first: start, end: end)
      }
    }
    return nil
  }

  /// The words after a saying word ("saying", "says") up to the end of the sentence.
  func message(_ p: Int, words: Words, taken: [Range<Int>]) -> Candidate? {
    let t = words.tokens
    guard let k = t.indices.first(where: { t[$0].kind == .word && cueWords.saying.contains(t[$0].text) }) else { return nil }
    var end = k + 1
    while end < t.count, !(t[end].kind == .punct && ".!?".contains(t[end].text)), !taken.contains(where: { $0.contains(t[end].start) }) { end += 1 }
    guard end > k + 1 else { return nil }
    let span = t[k + 1].start..<t[end - 1].end
    return Candidate(kind: .freeText(p), span: span, text: SurfaceLexer.text(words.scalars, span), first: k + 1, end: end)
  }

  // MARK: Booleans

  /// `true` when the parameter's distinctive name words are in the request, `false` when a
  /// negation stands right before them.
  func boolean(_ cues: ParameterCues, _ parameter: Parameter, _ words: Words) -> (Bool, Range<Int>)? {
    let parts = ParameterCues.nameParts(parameter.name).filter { !ParameterCues.generic.contains($0) }.map(analyzer.stem)
    guard !parts.isEmpty else { return nil }
    let t = words.tokens
    for (k, token) in t.enumerated() where token.kind == .word && words.stems[k] == parts[0] {
      // Every distinctive word, in order, within the next few words.
      var j = k
      var matched = 1
      for part in parts.dropFirst() {
        guard let next = (j + 1..<min(t.count, j + 4)).first(where: { words.stems[$0] == part }) else { break }
        j = next
        matched += 1
      }
      guard matched == parts.count else { continue }
      let negated = (max(0, k - 2)..<k).contains { cueWords.negations.contains(t[$0].text) }
      return (!negated, t[k].start..<t[j].end)
    }
    return nil
  }
}
