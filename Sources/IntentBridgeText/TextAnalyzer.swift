/// Text analysis shared by indexing, querying and parameter filling, so that the three
/// never disagree about what a word is.
///
///     let analyzer = TextAnalyzer(language: "fi", skipWords: ["voitko"])
///     analyzer.fold("Kytke valot PÄÄLLE!")            // "kytke valot paalle"
///     analyzer.terms("voitko sammuttaa valot olohuoneessa")
///     // ["sammut", "valo", "olohuon"]
///
/// The pipeline: **fold** each scalar (Unicode case folding, compatibility decomposition,
/// diacritics removed: `é→e`, `ä→a`, `ß→ss`, `č→c`, `ø→o`, `æ→ae`); **scan** into word
/// slots (words, numbers, `%`/`°`/currency symbols, single CJK characters; see
/// ``AnalyzedToken/Kind``); **mark** stop words and the catalog's skip phrases; **stem**
/// words with the language's ``LanguageProfile``; **expand** CJK runs into characters and
/// bigrams.
///
/// Skip phrases are *marked*, not dropped (``AnalyzedToken/isSkipWord`` and
/// ``AnalyzedToken/isStopWord`` are set), so spans of the remaining words stay right;
/// ``terms(_:)`` leaves them out. CJK bigrams never straddle a skip phrase's edge.
package struct TextAnalyzer: Sendable {
  /// The profile in use (chosen from the language tag, or given).
  package let profile: LanguageProfile
  private let scanner: Scanner
  private let stemmer: Stemmer
  private let skipPhrases: SkipPhrases
  private let fillerPhrases: SkipPhrases
  private let numberWords: NumberWords?

  /// An analyser for a BCP 47 language tag; unknown languages fall back to
  /// ``LanguageProfile/generic``.
  ///
  /// - Parameters:
  ///   - language: `en`, `de`, `fi`, `sk`, `zh-CN`, …
  ///   - skipWords: the catalog's filler phrases, already expanded from templates into
  ///     plain text (one phrase may have several words).
  package init(language: String, skipWords: [String] = []) {
    self.init(profile: .profile(for: language), skipWords: skipWords)
  }

  /// An analyser with an explicit profile.
  package init(profile: LanguageProfile, skipWords: [String] = []) {
    self.profile = profile
    scanner = Scanner(elisions: profile.elisions)
    stemmer = Stemmer(profile: profile)
    skipPhrases = SkipPhrases(skipWords, scanner: scanner)
    fillerPhrases = SkipPhrases(profile.fillers, scanner: scanner)
    numberWords = NumberWords.forLanguage(profile.language)
  }

  /// Per slot: the number of slots of the written number that starts there (0: none) and
  /// its value (see ``AnalyzedToken/writtenNumberLength``). A written number is a maximal
  /// run of number words ("five", "twenty five", "dvadsať päť", "二十五", "fünfundzwanzig")
  /// whose words read as one whole number, with no digits or decimal word ("point",
  /// "Komma") beside it: "twenty point five" and "5 five" are left to the extractors.
  private func writtenNumbers(_ slots: [Slot]) -> [(length: Int, value: Double)] {
    var out = [(length: Int, value: Double)](repeating: (0, 0), count: slots.count)
    guard let numberWords else { return out }
    let roles = slots.map { slot in slot.kind == .word || slot.kind == .cjk ? numberWords.segment(slot.text) : nil }
    // Number words other than a bare connector ("and"); a run's words are those that are
    // no article form either.
    func isNumberWord(_ k: Int) -> Bool { roles[k]?.contains { $0 != .connector } ?? false }
    func isPart(_ k: Int) -> Bool { isNumberWord(k) && !numberWords.alsoArticles.contains(slots[k].text) }
    func isNumeric(_ k: Int) -> Bool {
      isNumberWord(k) || slots[k].kind == .number || (slots[k].kind == .word && numberWords.decimalWords.contains(slots[k].text))
    }
    var k = 0
    while k < slots.count {
      guard isPart(k) else {
        k += 1
        continue
      }
      var end = k + 1
      while end < slots.count, isPart(end), slots[end].kind == slots[k].kind { end += 1 }
      defer { k = end }
      if k > 0 && isNumeric(k - 1) || end < slots.count && isNumeric(end) { continue }
      if numberWords.denominatorMarkers.contains(where: { marker in
        end + marker.count <= slots.count && marker.indices.allSatisfy { slots[end + $0].text == marker[$0] }
      }) {
        continue
      }
      // Read left to right as the extractor does; whole numbers only: a fraction word
      // ("anderthalb" = 1.5) is read with its unit by value synonyms and the duration
      // extractor ("anderthalb Stunden" = 90 minutes).
      var state = NumberWords.State()
      var readable = true
      for j in k..<end {
        for (r, role) in roles[j]!.enumerated() where !state.apply(role, checkOrder: r == 0) { readable = false }
      }
      guard readable, state.started, state.value == state.value.rounded() else { continue }
      out[k] = (end - k, state.value)
    }
    return out
  }

  /// The folded text: case and diacritics folded, punctuation turned into single spaces,
  /// numbers normalised (`21,5` → `21.5`), `%`/`°` split off, apostrophes inside words
  /// dropped; CJK runs stay unspaced. It equals the ``AnalyzedToken/folded`` forms of the
  /// slots joined by spaces.
  ///
  ///     TextAnalyzer(language: "de").fold("Stell's auf 21,5°C!")   // "stells auf 21.5 ° c"
  ///
  /// - Complexity: O(n) in the scalars of `text`.
  package func fold(_ text: String) -> String {
    let slots = scanner.slots(text)
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for (i, slot) in slots.enumerated() {
      if i > 0, !(slot.kind == .cjk && slot.joinsPrevious) { out += " " }
      out += slot.text
    }
    return out
  }

  /// The tokens of `text`, in order (for a CJK run: `c₀, c₀c₁, c₁, c₁c₂, c₂ …`).
  ///
  ///     TextAnalyzer(language: "zh-CN").tokens("打开灯").map(\.term)
  ///     // ["打", "打开", "开", "开灯", "灯"]
  ///
  /// - Complexity: O(n + w × r): n scalars, w words, r suffix rules of the profile.
  package func tokens(_ text: String) -> [AnalyzedToken] {
    let slots = scanner.slots(text)
    let skip = skipPhrases.isEmpty ? nil : skipPhrases.mark(slots)
    let filler = fillerPhrases.isEmpty ? nil : fillerPhrases.mark(slots)
    let written = writtenNumbers(slots)
    var tokens: [AnalyzedToken] = []
    tokens.reserveCapacity(slots.count + 4)
    for (position, slot) in slots.enumerated() {
      let skipped = skip?[position] ?? false
      switch slot.kind {
      case .word:
        tokens.append(
          AnalyzedToken(
            term: stemmer.stem(slot.text), folded: slot.text, range: slot.start..<slot.end, position: position,
            isStopWord: skipped || profile.stopWords.contains(slot.text), isSkipWord: skipped, kind: .word))
        tokens[tokens.count - 1].isFiller = filler?[position] ?? false
        (tokens[tokens.count - 1].writtenNumberLength, tokens[tokens.count - 1].writtenNumberValue) = written[position]
      case .number, .symbol:
        tokens.append(
          AnalyzedToken(
            term: slot.text, folded: slot.text, range: slot.start..<slot.end, position: position,
            isStopWord: skipped, isSkipWord: skipped, kind: slot.kind == .number ? .number : .symbol))
      case .cjk:
        tokens.append(
          AnalyzedToken(
            term: slot.text, folded: slot.text, range: slot.start..<slot.end, position: position,
            isStopWord: skipped || profile.stopWords.contains(slot.text), isSkipWord: skipped, kind: .cjkCharacter))
        tokens[tokens.count - 1].isFiller = filler?[position] ?? false
        (tokens[tokens.count - 1].writtenNumberLength, tokens[tokens.count - 1].writtenNumberValue) = written[position]
        let next = position + 1
        if next < slots.count, slots[next].kind == .cjk, slots[next].joinsPrevious,
          (skip?[next] ?? false) == skipped
        {
          let pair = slot.text + slots[next].text
          tokens.append(
            AnalyzedToken(
              term: pair, folded: pair, range: slot.start..<slots[next].end, position: position,
              isStopWord: skipped, isSkipWord: skipped, kind: .cjkBigram))
        }
      }
    }
    return tokens
  }

  /// The terms of the tokens that are neither stop words nor skip words, in order: what
  /// an index stores for a text and what a query looks up.
  ///
  /// - Complexity: as ``tokens(_:)``.
  package func terms(_ text: String) -> [String] {
    tokens(text).compactMap { $0.isStopWord ? nil : $0.term }
  }

  /// The stem of one folded word (as in ``AnalyzedToken/folded``); words with digits,
  /// words shorter than the profile's minimum and invariant words come back unchanged.
  ///
  ///     TextAnalyzer(language: "sk").stem("obyvacke")   // "obyvack"
  ///
  /// - Complexity: O(r + n): r suffix rules, n bytes.
  package func stem(_ foldedWord: String) -> String {
    stemmer.stem(foldedWord)
  }
}
