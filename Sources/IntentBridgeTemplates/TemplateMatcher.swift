import IntentBridgeText

/// Approximate matching of a request against compiled templates.
///
/// Computes the cheapest alignment of the whole request with one expansion of a template,
/// where request tokens may be inserted (not in the template), template words deleted (not
/// in the request), words matched with a one-letter typo, and slots filled by value spans,
/// numbers or free text. `quality = 1 − cost / (request tokens + 1)`, clamped to [0, 1]:
/// 1 for a template that produces the request exactly.
///
/// Implementation: a vector DP over request positions (`cost[j]` = cheapest way to have
/// consumed the first *j* tokens), evaluated node by node through the template tree — the
/// classic approximate regular-expression matching. Vectors live in one arena per request
/// (no allocation per node); literal words are compared with the request once per request
/// through the interned `TemplateVocabulary`; costs only grow along a template, so a
/// template is abandoned as soon as it cannot beat the best one found (branch and bound).
/// - Complexity: O(template nodes × n) per template, n = request tokens (capped at 48).
package struct TemplateMatcher: Sendable {
  package struct Costs: Sendable, Hashable {
    package var insertion: Float = 1.0
    package var stopInsertion: Float = 0.5
    /// A conversational filler ("um", "thanks", "那个") in the request but not the template:
    /// cheaper than any free-text slot that could swallow it.
    package var fillerInsertion: Float = 0.2
    package var deletion: Float = 0.8
    package var stopDeletion: Float = 0.3
    package var typo: Float = 0.35
    package var missingSlot: Float = 1.0
    /// Free text: the first token is free, each further one costs `freeTextPerToken`, so an
    /// exact expansion scores 1 while a slot that swallows a whole sentence does not.
    package var freeTextBase: Float = 0
    package var freeTextPerToken: Float = 0.4
    /// Added for free text made only of stop words (and fillers): "的" or "the" is no timer
    /// name or message, so such a reading costs what inserting the word would.
    package var stopWordFreeText: Float = 0.5
    package var maximumFreeTextTokens = 8
    package init() {}
  }

  /// Requests longer than this many tokens are matched on their first tokens only.
  package static let maximumTokens = 48

  package let costs: Costs
  package let lexicons: [ValueLexicon]
  /// The ranges number slots accept (`CompiledTemplate.SlotKind.number(range:)`).
  package let numberRanges: [ClosedRange<Double>]
  /// Per word that begins some value's name, the lexicons whose values it begins; and those
  /// words for typo lookups: `prepare` reads every lexicon's spans in one pass.
  let firstTermLexicons: [String: [Int32]]
  let firstTermTypos: FuzzyVocabulary
  package let vocabulary: TemplateVocabulary
  let fuzzy: FuzzyVocabulary
  /// `vocabulary.isStop` behind a pointer, for the DP's inner loops.
  let stopWords: PointerTable<Bool>

  package init(
    lexicons: [ValueLexicon], vocabulary: TemplateVocabulary, numberRanges: [ClosedRange<Double>] = [], costs: Costs = Costs()
  ) {
    let firstTermLexicons = Self.firstTermLexicons(lexicons)
    self.init(
      costs: costs, lexicons: lexicons, numberRanges: numberRanges, firstTermLexicons: firstTermLexicons,
      firstTermTypos: FuzzyVocabulary(firstTermLexicons.keys), vocabulary: vocabulary,
      fuzzy: FuzzyVocabulary(vocabulary.terms.filter { $0.count >= 4 }))
  }

  /// The parts as built, or as read back (`init(from:)`, which checks them); the stop-word
  /// table is made from `vocabulary`.
  init(
    costs: Costs, lexicons: [ValueLexicon], numberRanges: [ClosedRange<Double>], firstTermLexicons: [String: [Int32]],
    firstTermTypos: FuzzyVocabulary, vocabulary: TemplateVocabulary, fuzzy: FuzzyVocabulary
  ) {
    self.costs = costs
    self.lexicons = lexicons
    self.numberRanges = numberRanges
    self.firstTermLexicons = firstTermLexicons
    self.firstTermTypos = firstTermTypos
    self.vocabulary = vocabulary
    self.fuzzy = fuzzy
    self.stopWords = PointerTable(vocabulary.isStop)
  }

  /// Per word that begins some value's name, the lexicons (ascending) whose values it begins.
  static func firstTermLexicons(_ lexicons: [ValueLexicon]) -> [String: [Int32]] {
    var firstTermLexicons: [String: [Int32]] = [:]
    for (l, lexicon) in lexicons.enumerated() {
      for term in lexicon.firstTerms { firstTermLexicons[term, default: []].append(Int32(l)) }
    }
    return firstTermLexicons
  }

  /// Per-request facts shared by all templates.
  package struct Prepared: Sendable {
    package let input: MatchInput
    let n: Int
    /// `spansByEnd[lexicon][end]` = spans ending at `end`.
    package let spansByEnd: [[[ValueLexicon.Span]]]
    /// True when the whole request was analysed (not cut at `maximumTokens`), so that the
    /// spans are all of the request's value spans.
    package var isComplete: Bool { n == input.count }
    /// The tokens matched (the request's, up to `maximumTokens`); a template's cost is
    /// `(1 − quality) × (count + 1)`.
    package var count: Int { n }
    /// Word id → index into `matchLists` (-1: the word matches no request token).
    let wordMatchIndex: [Int32]
    /// (request position j, match cost) pairs per matched word.
    let matchLists: [[(Int, Float)]]
    /// Insertion cost of request token j (0-based).
    let insertion: [Float]
    /// The same facts as flat pointer tables for the scoring DP (no reference counting or
    /// bounds checks in its inner loops).
    let flat: FlatTables
    /// Bit masks over request positions (n ≤ 48) for the lower bounds: per match list, the
    /// tokens that match its word; per lexicon, the tokens its spans cover; number tokens.
    let wordPositions: [UInt64]
    /// The word id of each match list (the inverse of `wordMatchIndex`).
    let matchedWords: [Int32]
    let lexiconPositions: [UInt64]
    let numberPositions: UInt64
    /// `numberFits[r · n + j]`: token j is a number inside the matcher's `numberRanges[r]`.
    let numberFits: [Bool]
    /// `numberRunEnd[i]`: the end of the number written in words from token i (0: none);
    /// `numberRunFits[r · n + i]`: its value lies inside `numberRanges[r]`.
    let numberRunEnd: [Int32]
    let numberRunFits: [Bool]
    /// `stopOnlyEnd[i]`: the end of the run of stop words and fillers from token i;
    /// `firstStop[i]`: the first stop word that is no filler from token i (n: none).
    let stopOnlyEnd: [Int32]
    let firstStop: [Int32]

    /// Whether free text over tokens `i..<j` is stop words (and fillers) only, at least one
    /// of them no filler (fillers alone fill nothing).
    func isStopWordsOnly(_ i: Int, _ j: Int) -> Bool {
      j <= Int(stopOnlyEnd[i]) && Int(firstStop[i]) < j
    }

    /// Whether the number written in words from token `i` to `numberRunEnd[i]` can fill a
    /// number slot of range `range` (-1: any number).
    func fitsNumberRun(_ i: Int, range: Int32) -> Bool {
      numberRunEnd[i] > 0 && (range < 0 || numberRunFits[Int(range) * n + i])
    }

    /// Whether token `j` can fill a number slot of range `range` (-1: any number).
    func fitsNumber(_ j: Int, range: Int32) -> Bool {
      range < 0 ? input.isNumber[j] : numberFits[Int(range) * n + j]
    }
  }

  package func prepare(_ input: MatchInput) -> Prepared {
    prepare(input, lexicons: nil)
  }

  /// Every lexicon's `ValueLexicon.spans(in:)` that starts within the first `maximumTokens`
  /// tokens (empty for lexicons not `wanted`), in one pass: one lookup and at most one typo
  /// lookup per request word for all lexicons.
  func spans(in input: MatchInput, lexicons wanted: [Int]?, memo: TypoMemo? = nil) -> [[ValueLexicon.Span]] {
    var out = [[ValueLexicon.Span]](repeating: [], count: lexicons.count)
    var isWanted = [Bool](repeating: wanted == nil, count: lexicons.count)
    for l in wanted ?? [] where l < isWanted.count { isWanted[l] = true }
    lexicons.withUnsafeBufferPointer { lexicons in
      // Spans must end within the first `maximumTokens` tokens (`prepare` keeps no other), so
      // none starts later: a long request costs no more than its first tokens.
      for start in 0..<min(input.count, Self.maximumTokens) {
        let term = input.terms[start]
        let exact = firstTermLexicons[term] ?? []
        for l in exact where isWanted[Int(l)] {
          lexicons[Int(l)].spans(in: input, at: start, first: term, cost: 0, into: &out[Int(l)])
        }
        // Lexicons that lack the word read it as a typo of their own words (nearest first,
        // a few each), as `ValueLexicon.spans(in:)` does.
        guard input.folded[start].count >= 4 else { continue }
        var taken = [Int](repeating: 0, count: 0)
        for candidate in memo?.lexiconTypos(term, firstTermTypos) ?? firstTermTypos.matches(term, maxDistance: 1) {
          for l in firstTermLexicons[candidate] ?? [] where isWanted[Int(l)] && !exact.contains(l) {
            if taken.isEmpty { taken = [Int](repeating: 0, count: lexicons.count) }
            guard taken[Int(l)] < ValueLexicon.typoCandidates else { continue }
            taken[Int(l)] += 1
            lexicons[Int(l)].spans(in: input, at: start, first: candidate, cost: ValueLexicon.typoCost, into: &out[Int(l)])
          }
        }
      }
      for l in lexicons.indices where !out[l].isEmpty { lexicons[l].sort(&out[l]) }
    }
    return out
  }

  /// `prepare` with value spans for the `lexicons` given only (all when nil): enough for
  /// templates that use no other lexicon (`TemplateSignature.lexicons`).
  ///
  /// A `memo` keeps the typo lookups of the request's words for the next prepare of the same
  /// words in another order (`IntentTemplates.align` reads each exchange of neighbours).
  func prepare(_ input: MatchInput, lexicons wanted: [Int]?, memo: TypoMemo? = nil) -> Prepared {
    let n = min(input.count, Self.maximumTokens)
    let found = spans(in: input, lexicons: wanted, memo: memo)
    var all: [[[ValueLexicon.Span]]] = []
    all.reserveCapacity(lexicons.count)
    for spans in found {
      var byEnd = [[ValueLexicon.Span]](repeating: [], count: n + 1)
      for span in spans where span.end <= n { byEnd[span.end].append(span) }
      all.append(byEnd)
    }
    var matchIndex = [Int32](repeating: -1, count: vocabulary.count)
    var matchLists: [[(Int, Float)]] = []
    var matchedWords: [Int32] = []
    func record(_ id: Int32, _ j: Int, _ cost: Float) {
      if matchIndex[Int(id)] < 0 {
        matchIndex[Int(id)] = Int32(matchLists.count)
        matchLists.append([])
        matchedWords.append(id)
      }
      matchLists[Int(matchIndex[Int(id)])].append((j, cost))
    }
    for j in 0..<n {
      let term = input.terms[j]
      if let id = vocabulary.id(of: term) {
        record(id, j + 1, 0)
      } else if term.count >= 4 {
        for id in memo?.vocabularyTypos(term, self) ?? vocabularyTypos(term) { record(id, j + 1, costs.typo) }
      }
    }
    var lexiconPositions = [UInt64](repeating: 0, count: lexicons.count)
    for (l, byEnd) in all.enumerated() {
      for spans in byEnd {
        for span in spans {
          for j in span.start..<span.end { lexiconPositions[l] |= 1 << UInt64(j) }
        }
      }
    }
    let insertion = (0..<n).map { input.isFiller[$0] ? costs.fillerInsertion : input.isStop[$0] ? costs.stopInsertion : costs.insertion }
    // Number tokens' values against every range a number slot accepts.
    var numberFits = [Bool](repeating: false, count: numberRanges.count * n)
    for j in 0..<n where input.isNumber[j] {
      // A number written so that it does not parse fits every range (as before ranges).
      guard let value = Double(input.tokens[j].term) else {
        for r in numberRanges.indices { numberFits[r * n + j] = true }
        continue
      }
      for (r, range) in numberRanges.enumerated() where range.contains(value) { numberFits[r * n + j] = true }
    }
    var numberRunEnd = [Int32](repeating: 0, count: n)
    var numberRunFits = [Bool](repeating: false, count: numberRanges.count * n)
    for i in 0..<n where input.numberRunEnd[i] > 0 && input.numberRunEnd[i] <= n {
      numberRunEnd[i] = Int32(input.numberRunEnd[i])
      for (r, range) in numberRanges.enumerated() where range.contains(input.numberRunValue[i]) { numberRunFits[r * n + i] = true }
    }
    var stopOnlyEnd = [Int32](repeating: Int32(n), count: n + 1)
    var firstStop = [Int32](repeating: Int32(n), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      stopOnlyEnd[i] = input.isStop[i] || input.isFiller[i] ? stopOnlyEnd[i + 1] : Int32(i)
      firstStop[i] = input.isStop[i] && !input.isFiller[i] ? Int32(i) : firstStop[i + 1]
    }
    let flat = FlatTables(
      n: n, insertion: insertion, isNumber: Array(input.isNumber.prefix(n)), numberFits: numberFits, wordMatchIndex: matchIndex,
      matchLists: matchLists, spansByEnd: all, stopOnlyEnd: stopOnlyEnd, firstStop: firstStop, numberRunEnd: numberRunEnd,
      numberRunFits: numberRunFits)
    let wordPositions = matchLists.map { list in list.reduce(UInt64(0)) { $0 | (1 << UInt64($1.0 - 1)) } }
    var numberPositions: UInt64 = 0
    for j in 0..<n where input.isNumber[j] { numberPositions |= 1 << UInt64(j) }
    for i in 0..<n where numberRunEnd[i] > 0 {
      for j in i..<Int(numberRunEnd[i]) { numberPositions |= 1 << UInt64(j) }
    }
    return Prepared(
      input: input, n: n, spansByEnd: all, wordMatchIndex: matchIndex, matchLists: matchLists, insertion: insertion, flat: flat,
      wordPositions: wordPositions, matchedWords: matchedWords, lexiconPositions: lexiconPositions, numberPositions: numberPositions,
      numberFits: numberFits, numberRunEnd: numberRunEnd, numberRunFits: numberRunFits, stopOnlyEnd: stopOnlyEnd, firstStop: firstStop)
  }

  /// A lower bound on the template's cost (see the bound below).
  /// - Complexity: O(request words matched + lexicons + n).
  package func lowerBound(_ template: CompiledTemplate, _ p: Prepared) -> Float {
    boundAndCoverage(template, p).bound
  }

  /// The lower bound, and the request positions that something in the template can take.
  func boundAndCoverage(_ template: CompiledTemplate, _ p: Prepared) -> (bound: Float, covered: UInt64) {
    // Read in place: unwrapping into a local would copy (and retain) the bit set's arrays.
    template.bound != nil
      ? template.bound!.boundAndCoverage(p, matcher: self)
      : SignatureBits(template.signature, vocabularySize: vocabulary.count).boundAndCoverage(p, matcher: self)
  }

  /// The bound itself, for a template or all templates of an intent (`SignatureBits`):
  /// required words absent from the request must be deleted, and so must the words of the
  /// shortest expansion beyond the request words that could match one; required typed slots
  /// no span of the request can fill are missing; every request token that no word (`words`)
  /// or lexicon of theirs can take, and no number slot, must be inserted or taken by free
  /// text, which costs `freeTextPerToken` a token beyond each slot's first. Reads the
  /// request's position masks.
  func lowerBound(_ p: Prepared, signature: borrowing TemplateSignature, words: WordBitSet) -> Float {
    boundAndCoverage(p, signature: signature, words: words).bound
  }

  /// `lowerBound`, with the request positions a word, lexicon or number slot of the
  /// signature can take (for `remainingCost`).
  func boundAndCoverage(_ p: Prepared, signature: borrowing TemplateSignature, words: WordBitSet) -> (bound: Float, covered: UInt64) {
    var bound: Float = 0
    var missingRequired = 0
    // (Stop words read from the matcher's own table: the vocabulary's array is a class's
    // stored property, whose every read costs a dynamic exclusivity check.)
    let isStop = stopWords.base
    for id in signature.requiredWords where p.wordMatchIndex[Int(id)] < 0 {
      bound += Int(id) < stopWords.count && isStop[Int(id)] ? costs.stopDeletion : costs.deletion
      missingRequired += 1
    }
    func spans(_ lexicon: Int) -> Bool { lexicon < p.lexiconPositions.count && p.lexiconPositions[lexicon] != 0 }
    for slot in signature.requiredSlots {
      switch slot {
      case .value(let l): if !spans(l) { bound += costs.missingSlot }
      case .number(let l): if p.numberPositions == 0 && !(l.map(spans) ?? false) { bound += costs.missingSlot }
      }
    }
    let coverage = self.coverage(p, signature: signature, words: words)
    // Each request word matches one template word at most: of the shortest expansion's words,
    // those beyond the request words that can match one are deleted (the missing required
    // ones are counted above).
    let unmatched = signature.minimumWords - coverage.words.nonzeroBitCount - missingRequired
    if unmatched > 0 { bound += Float(unmatched) * min(costs.stopDeletion, costs.deletion) }
    if signature.freeTextSlots == 0 {
      for j in 0..<p.n where coverage.all & (1 << UInt64(j)) == 0 { bound += p.insertion[j] }
      return (bound, coverage.all)
    }
    // Free text takes a span of L tokens for base + perToken × (L − 1): at least perToken a
    // token, less perToken for each slot's first token.
    let perToken = costs.freeTextPerToken
    var left: Float = 0
    for j in 0..<p.n where coverage.all & (1 << UInt64(j)) == 0 { left += min(p.insertion[j], perToken) }
    return (bound + max(0, left - Float(signature.freeTextSlots) * (perToken - min(costs.freeTextBase, perToken))), coverage.all)
  }

  /// The request positions (bit j: token j) that a word of `words` can match, and those that
  /// a word, a lexicon or the number slot of the signature can take.
  /// - Complexity: O(request words matched + lexicons).
  func coverage(_ p: Prepared, signature: borrowing TemplateSignature, words: WordBitSet) -> (words: UInt64, all: UInt64) {
    // The request's matched words (a few) looked up in the word set.
    var wordCovered: UInt64 = 0
    for (list, id) in p.matchedWords.enumerated() where words.contains(id) { wordCovered |= p.wordPositions[list] }
    var covered: UInt64 = wordCovered | (signature.hasNumberSlot ? p.numberPositions : 0)
    for l in signature.lexicons where l < p.lexiconPositions.count { covered |= p.lexiconPositions[l] }
    return (wordCovered, covered)
  }

  /// Per DP cell j (j request tokens read), a lower bound on the cost of reading the rest:
  /// tokens that nothing in the template can take (not in `covered`) are inserted or taken
  /// by free text, as in the lower bound. `tail` holds n + 1 cells; cell n is 0.
  /// - Complexity: O(n).
  func remainingCost(_ p: Prepared, freeTextSlots: Int, covered: UInt64, into tail: UnsafeMutablePointer<Float>) {
    let perToken = costs.freeTextPerToken
    let freeText = freeTextSlots > 0
    let slack = Float(freeTextSlots) * (perToken - min(costs.freeTextBase, perToken))
    var sum: Float = 0
    tail[p.n] = 0
    var j = p.n - 1
    while j >= 0 {
      if covered & (1 << UInt64(j)) == 0 { sum += freeText ? min(p.insertion[j], perToken) : p.insertion[j] }
      tail[j] = freeText ? max(0, sum - slack) : sum
      j -= 1
    }
  }

  /// The template words a request word outside the vocabulary may be a typo of (one edit,
  /// the nearest four).
  func vocabularyTypos(_ term: String) -> [Int32] {
    fuzzy.matches(term, maxDistance: 1).prefix(4).compactMap { vocabulary.id(of: $0) }
  }

  /// The best quality over `templates` (0 when there are none). At most `limit` templates
  /// are aligned: those with the lowest lower bound.
  package func bestQuality(_ templates: [CompiledTemplate], _ p: Prepared, limit: Int = .max) -> Float {
    var arena = TemplateArena()
    return best(templates, p, limit: limit, keepTies: false, arena: &arena).quality
  }

  /// `bestQuality` with a caller-owned arena, reused across calls for one request. With a
  /// `ceiling`, only templates costing less are looked at: nil when there is none.
  func bestQuality(_ templates: [CompiledTemplate], _ p: Prepared, limit: Int, ceiling: Float?, arena: inout TemplateArena) -> Float? {
    let result = best(templates, p, limit: limit, keepTies: false, ceiling: ceiling, arena: &arena)
    return ceiling != nil && result.ties.isEmpty ? nil : result.quality
  }

  /// The templates with the best quality (ascending index; empty when `templates` is empty
  /// or nothing matches at all) and that quality. Branch and bound as `bestQuality`, but
  /// templates whose bound ties the best are still evaluated, so that every tie is listed.
  /// - Complexity: one DP per template whose lower bound can reach the best cost.
  ///
  /// With a `ceiling`, only templates costing at most that much are looked at (none found:
  /// no indices), which lets the bound stop early.
  package func bestTemplates(_ templates: [CompiledTemplate], _ p: Prepared, ceiling: Float? = nil) -> (indices: [Int], quality: Float) {
    var arena = TemplateArena()
    let result = best(templates, p, limit: .max, keepTies: true, ceiling: ceiling, arena: &arena)
    return (result.ties.sorted(), result.quality)
  }

  private func best(
    _ templates: [CompiledTemplate], _ p: Prepared, limit: Int, keepTies: Bool, ceiling: Float? = nil, arena: inout TemplateArena
  ) -> (ties: [Int], quality: Float) {
    // The templates are read in place (through a buffer): copying a template retains every
    // array it holds, which cost more than some DPs.
    templates.withUnsafeBufferPointer { templates in
      best(templates, p, limit: limit, keepTies: keepTies, ceiling: ceiling, arena: &arena)
    }
  }

  private func best(
    _ templates: UnsafeBufferPointer<CompiledTemplate>, _ p: Prepared, limit: Int, keepTies: Bool, ceiling: Float?, arena: inout TemplateArena
  ) -> (ties: [Int], quality: Float) {
    guard !templates.isEmpty else { return ([], 0) }
    let width = p.n + 1
    var bestCost = min(ceiling ?? .infinity, Float(p.n + 1))  // quality 0
    var ties: [Int] = []
    // The DP overwrites every slot before reading it, so a reused arena needs no clearing.
    // (Allocated uninitialised: zeroing it cost more than small requests' DPs.)
    if arena.storage.count < width * 512 {
      arena.storage = [Float](unsafeUninitializedCapacity: width * 512) { _, count in count = width * 512 }
    }
    // The arena's scratch arrays, taken for this call and handed back with their capacity
    // (an allocation per array and call cost more than some DPs).
    var ordered: [UInt64] = []
    var coverage: [UInt64] = []
    var prefixes: [Int] = []
    var store: [Float] = []
    var tail: [Float] = []
    swap(&ordered, &arena.ordered)
    swap(&coverage, &arena.coverage)
    swap(&prefixes, &arena.prefixes)
    swap(&store, &arena.store)
    swap(&tail, &arena.tail)
    defer {
      swap(&ordered, &arena.ordered)
      swap(&coverage, &arena.coverage)
      swap(&prefixes, &arena.prefixes)
      swap(&store, &arena.store)
      swap(&tail, &arena.tail)
    }
    // Most promising first; stop when even the lower bound cannot beat the best cost.
    // (Templates whose bound cannot beat the starting cost are left out before the sort.)
    // (Each kept template's bound and index packed into one integer that orders as the pair
    // does: sorting plain integers costs a fraction of sorting tuples through a closure.)
    ordered.removeAll(keepingCapacity: true)
    ordered.reserveCapacity(templates.count)
    coverage.removeAll(keepingCapacity: true)
    coverage.append(contentsOf: repeatElement(0, count: templates.count))
    for index in templates.indices {
      let (bound, covered) = boundAndCoverage(templates[index], p)
      coverage[index] = covered
      if keepTies ? bound <= bestCost : bound < bestCost { ordered.append(UInt64(Self.orderedBits(bound)) << 32 | UInt64(index)) }
    }
    ordered.sort()
    if ordered.count > limit { ordered.removeLast(ordered.count - limit) }
    // DP vectors after shared template prefixes, by the prefix's slot: templates of one
    // intent often start alike ("schalte ${name} …"). A vector is exact wherever it is below
    // the bound it was computed under, and the bound only falls, so reuse is safe. Offsets
    // into `store`; -2 not computed yet, -1 the prefix already failed the bound.
    let group = templates[0].flat.prefixGroup
    var slotCount = 0
    for index in templates.indices {
      guard group >= 0, templates[index].flat.prefixGroup == group else {
        slotCount = 0
        break
      }
      slotCount = max(slotCount, templates[index].flat.slotCount)
    }
    prefixes.removeAll(keepingCapacity: true)
    prefixes.append(contentsOf: repeatElement(-2, count: slotCount))
    store.removeAll(keepingCapacity: true)
    // What reading the rest of the request costs at least, per cell, for the template at hand.
    tail.removeAll(keepingCapacity: true)
    tail.append(contentsOf: repeatElement(0, count: width))
    arena.storage.withUnsafeMutableBufferPointer { buffer in
      for key in ordered {
        let index = Int(key & 0xFFFF_FFFF)
        let bound = Self.bound(orderedBits: UInt32(key >> 32))
        let covered = coverage[index]
        if keepTies ? bound > bestCost : bound >= bestCost { break }
        let pruning = keepTies ? bestCost.nextUp : bestCost
        tail.withUnsafeMutableBufferPointer {
          remainingCost(p, freeTextSlots: templates[index].freeTextSlots, covered: covered, into: $0.baseAddress!)
        }
        // The program's arrays read in place (passing the program itself copied it, retaining
        // each array).
        templates[index].flat.nodes.withUnsafeBufferPointer { nodes in
          templates[index].flat.children.withUnsafeBufferPointer { children in
            var state = Evaluation(
              costs: costs, tables: p.flat, isStop: stopWords.base, width: width, arena: buffer, nodes: nodes, children: children, top: 0,
              bound: pruning)
            let input = state.allocate()
            for j in 0..<width { buffer[input + j] = .infinity }
            buffer[input] = 0
            _ = state.insertionClosure(input)
            let output = state.allocate()
            let evaluated = tail.withUnsafeBufferPointer { tail in
              templates[index].flat.steps.withUnsafeBufferPointer { steps in
                templates[index].flat.prefixSlots.withUnsafeBufferPointer { prefixSlots in
                  state.evaluateSteps(
                    steps: steps, prefixSlots: prefixSlots, input, output, prefixes: &prefixes, store: &store, tail: tail.baseAddress!)
                }
              }
            }
            if evaluated < .infinity {
              let c = buffer[output + p.n]
              if c < bestCost {
                bestCost = c
                ties = [index]
              } else if keepTies && c == bestCost && c < Float(p.n + 1) {
                ties.append(index)
              }
            }
          }
        }
        if !keepTies && bestCost <= 0 { break }
      }
    }
    return (ties, max(0, 1 - bestCost / Float(p.n + 1)))
  }

  /// `value`'s bits as an unsigned integer that orders as the values do (−0 as +0): the sign
  /// bit set for non-negative values, every bit flipped for negative ones.
  @inline(__always)
  static func orderedBits(_ value: Float) -> UInt32 {
    let bits = (value + 0).bitPattern
    return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
  }

  /// The value of `orderedBits`.
  @inline(__always)
  static func bound(orderedBits bits: UInt32) -> Float {
    Float(bitPattern: bits & 0x8000_0000 != 0 ? bits & 0x7FFF_FFFF : ~bits)
  }

  /// The quality of one template.
  package func quality(_ template: CompiledTemplate, _ p: Prepared) -> Float {
    bestQuality([template], p)
  }
}

/// One template evaluation: the DP vectors live in `arena`, a stack of `width`-sized slots.
private struct Evaluation {
  let costs: TemplateMatcher.Costs
  let tables: FlatTables
  let isStop: UnsafeMutablePointer<Bool>
  let width: Int
  let arena: UnsafeMutableBufferPointer<Float>
  let nodes: UnsafeBufferPointer<FlatProgram.Node>
  let children: UnsafeBufferPointer<Int32>
  var top: Int
  var bound: Float

  typealias Prepared = TemplateMatcher.Prepared

  /// Reserves one vector slot; returns its offset. Deep templates beyond the arena are
  /// treated as "no match" by the caller's bound check.
  mutating func allocate() -> Int {
    let offset = top
    top += width
    return offset
  }

  /// Lets request words be inserted anywhere (`v[j] = min(v[j], v[j-1] + insertion)`);
  /// returns the vector's minimum, found on the way.
  @inline(__always)
  func insertionClosure(_ v: Int) -> Float {
    let insertion = tables.insertion.base
    var previous = arena[v]
    var m = previous
    for j in 1..<width {
      let c = previous + insertion[j - 1]
      var x = arena[v + j]
      if c < x {
        x = c
        arena[v + j] = c
      }
      if x < m { m = x }
      previous = x
    }
    return m
  }

  /// `output = input + cost`, cell by cell; returns the minimum. (A vector closed under
  /// insertions stays closed.)
  @inline(__always)
  func shifted(_ input: Int, _ output: Int, by cost: Float) -> Float {
    var m = Float.infinity
    for j in 0..<width {
      let x = arena[input + j] + cost
      arena[output + j] = x
      if x < m { m = x }
    }
    return m
  }

  /// Lowers cell `j` of the closed vector `v` to `c` if that is better, and carries the
  /// improvement on through insertions for as long as it improves (the cells after that
  /// were already closed): the insertion closure, done only where something changed.
  @inline(__always)
  func improve(_ v: Int, _ j: Int, _ c: Float, _ m: inout Float) {
    guard c < arena[v + j] else { return }
    let insertion = tables.insertion.base
    arena[v + j] = c
    if c < m { m = c }
    var previous = c
    var k = j + 1
    while k < width {
      let next = previous + insertion[k - 1]
      guard next < arena[v + k] else { break }
      arena[v + k] = next
      previous = next
      k += 1
    }
  }

  @inline(__always)
  func fillInfinity(_ v: Int) {
    for j in 0..<width { arena[v + j] = .infinity }
  }

  /// Evaluates a template's root steps (`FlatProgram.steps`, with its `prefixSlots`) from
  /// `input` into `output` like `evaluate` of its root, starting from the longest prefix
  /// already in `prefixes` and recording the vectors after new prefixes.
  ///
  /// After each step, the template is given up when no cell plus what reading the rest of
  /// the request costs at least (`tail`, per cell) can beat the bound: an A* estimate. On
  /// the German development set it stops 60 % of the DPs that used to run to their end
  /// without beating the best cost (66.6 K → 26.4 K of 103 K DPs). (Only the vector minimum
  /// marks a shared prefix as failed: `tail` is this template's own.)
  mutating func evaluateSteps(
    steps: UnsafeBufferPointer<Int32>, prefixSlots: UnsafeBufferPointer<Int32>, _ input: Int, _ output: Int, prefixes: inout [Int],
    store: inout [Float], tail: UnsafePointer<Float>
  ) -> Float {
    let mark = top
    defer { top = mark }
    let a = allocate()
    let b = allocate()
    guard top <= arena.count else {
      fillInfinity(output)
      return .infinity
    }
    if steps.isEmpty { return shifted(input, output, by: 0) }
    let shared = prefixes.isEmpty ? 0 : prefixSlots.count
    var current = input
    var m = Float.infinity
    for (k, step) in steps.enumerated() {
      let target = k == steps.count - 1 ? output : (current == a ? b : a)
      // The prefix's slot when other templates share it, and what it holds (-2: nothing yet).
      let slot = k < shared ? Int(prefixSlots[k]) : -1
      let known = slot >= 0 ? prefixes[slot] : -2
      if known >= 0 {
        m = .infinity
        for j in 0..<width {
          arena[target + j] = store[known + j]
          m = min(m, store[known + j])
        }
      } else if known == -1 {
        m = .infinity
      } else {
        m = evaluate(Int(step), current, target)
      }
      if m >= bound {
        if slot >= 0 { prefixes[slot] = -1 }
        fillInfinity(output)
        return .infinity
      }
      if slot >= 0, known == -2 {
        prefixes[slot] = store.count
        store.append(contentsOf: arena[target..<(target + width)])
      }
      if k < steps.count - 1 {
        var estimate = Float.infinity
        for j in 0..<width { estimate = min(estimate, arena[target + j] + tail[j]) }
        // (Sums in another order than the DP's: the margin absorbs the rounding.)
        if estimate - 1e-3 >= bound {
          fillInfinity(output)
          return .infinity
        }
      }
      current = target
    }
    return m
  }

  /// Evaluates `node` from vector `input` into vector `output` and returns the output's
  /// minimum: infinity when the result cannot beat `bound` (output is then all infinity)
  /// or the arena is exhausted.
  mutating func evaluate(_ index: Int, _ input: Int, _ output: Int) -> Float {
    guard top + 2 * width <= arena.count else {
      fillInfinity(output)
      return .infinity
    }
    let n = width - 1
    let node = nodes[index]
    let first = Int(node.childStart)
    let count = Int(node.childCount)
    switch node.kind {
    case .sequence:
      if count == 0 { return shifted(input, output, by: 0) }
      let mark = top
      let a = allocate()
      let b = allocate()
      var current = input
      var m = Float.infinity
      for k in 0..<count {
        let target = k == count - 1 ? output : (current == a ? b : a)
        m = evaluate(Int(children[first + k]), current, target)
        if m >= bound {
          fillInfinity(output)
          top = mark
          return .infinity
        }
        current = target
      }
      top = mark
      return m
    case .alternatives:
      if count == 0 {
        fillInfinity(output)
        return .infinity
      }
      // The first alternative is evaluated into the output itself (an evaluation that
      // cannot beat the bound leaves all infinity there, as the merge would), the others
      // into a scratch vector taken in cell by cell.
      var m = evaluate(Int(children[first]), input, output)
      guard count > 1 else { return m }
      let mark = top
      let scratch = allocate()
      for k in 1..<count {
        if evaluate(Int(children[first + k]), input, scratch) < .infinity {
          for j in 0..<width where arena[scratch + j] < arena[output + j] { arena[output + j] = arena[scratch + j] }
        }
      }
      m = .infinity
      for j in 0..<width where arena[output + j] < m { m = arena[output + j] }
      top = mark
      return m
    case .optional:
      _ = evaluate(Int(children[first]), input, output)
      var m = Float.infinity
      for j in 0..<width {
        if arena[input + j] < arena[output + j] { arena[output + j] = arena[input + j] }
        if arena[output + j] < m { m = arena[output + j] }
      }
      return m
    case .term:
      // The input is closed under insertions, so is the input plus a constant: only the
      // cells a match improves need their improvement carried on (`improve`).
      let id = node.value
      let deletion = isStop[Int(id)] ? costs.stopDeletion : costs.deletion
      var m = shifted(input, output, by: deletion)
      let list = Int(tables.wordMatch.base[Int(id)])
      if list >= 0 {
        let offsets = tables.matchOffsets.base
        let positions = tables.matchPosition.base
        let matchCosts = tables.matchCost.base
        for k in Int(offsets[list])..<Int(offsets[list + 1]) {
          let j = Int(positions[k])
          improve(output, j, arena[input + j - 1] + matchCosts[k], &m)
        }
      }
      return m
    case .valueSlot, .numberSlot:
      var m = shifted(input, output, by: costs.missingSlot)
      if node.kind == .numberSlot {
        let fits = node.range < 0 ? tables.isNumber.base : tables.numberFits.base + Int(node.range) * n
        for j in stride(from: 1, through: n, by: 1) where fits[j - 1] {
          improve(output, j, arena[input + j - 1], &m)
        }
        // Numbers written in words ("five", "twenty five", "二十五") take their whole run.
        let runEnd = tables.numberRunEnd.base
        let runFits = node.range < 0 ? nil : tables.numberRunFits.base + Int(node.range) * n
        for i in 0..<n where runEnd[i] > 0 && (runFits?[i] ?? true) {
          improve(output, Int(runEnd[i]), arena[input + i], &m)
        }
      }
      let lexicon = Int(node.value)
      if lexicon >= 0 {
        let offsets = tables.spanOffsets.base
        let starts = tables.spanStart.base
        let spanCosts = tables.spanCost.base
        let row = lexicon * tables.spanStride
        for j in stride(from: 1, through: n, by: 1) {
          for k in Int(offsets[row + j])..<Int(offsets[row + j + 1]) {
            improve(output, j, arena[input + Int(starts[k])] + spanCosts[k], &m)
          }
        }
      }
      return m
    case .freeTextSlot:
      _ = shifted(input, output, by: costs.missingSlot)
      let stopOnlyEnd = tables.stopOnlyEnd.base
      let firstStop = tables.firstStop.base
      for i in 0..<n where arena[input + i].isFinite {
        var j = i + 1
        while j <= min(n, i + costs.maximumFreeTextTokens) {
          var c = arena[input + i] + costs.freeTextBase + costs.freeTextPerToken * Float(j - i - 1)
          if j <= Int(stopOnlyEnd[i]) && Int(firstStop[i]) < j { c += costs.stopWordFreeText }
          if c < arena[output + j] { arena[output + j] = c }
          j += 1
        }
      }
      return insertionClosure(output)
    }
  }
}

/// The typo lookups of request words, kept while one request is prepared in several word
/// orders (the words stay the same).
final class TypoMemo {
  private var vocabulary: [String: [Int32]] = [:]
  private var lexicons: [String: [String]] = [:]

  func vocabularyTypos(_ term: String, _ matcher: TemplateMatcher) -> [Int32] {
    if let known = vocabulary[term] { return known }
    let found = matcher.vocabularyTypos(term)
    vocabulary[term] = found
    return found
  }

  func lexiconTypos(_ term: String, _ words: FuzzyVocabulary) -> [String] {
    if let known = lexicons[term] { return known }
    let found = words.matches(term, maxDistance: 1)
    lexicons[term] = found
    return found
  }
}

/// An immutable array copied behind a pointer, freed with the table: read in hot loops
/// without reference counting or bounds checks. Written only in `init`.
final class PointerTable<Element>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Element>
  let count: Int

  init(_ values: [Element]) {
    count = values.count
    base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, values.count))
    values.withUnsafeBufferPointer { source in
      if let from = source.baseAddress { base.initialize(from: from, count: values.count) }
    }
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}

/// The per-request tables of `TemplateMatcher.Prepared` in flat form: match lists and value
/// spans as offset-indexed runs instead of nested arrays.
final class FlatTables: @unchecked Sendable {
  let insertion: PointerTable<Float>
  let isNumber: PointerTable<Bool>
  /// Word id → match list index (-1: no request token matches the word).
  let wordMatch: PointerTable<Int32>
  /// Match list k is `matchPosition/matchCost[matchOffsets[k] ..< matchOffsets[k + 1]]`.
  let matchOffsets: PointerTable<Int32>
  let matchPosition: PointerTable<Int32>
  let matchCost: PointerTable<Float>
  /// Spans of lexicon l ending at j are `spanStart/spanCost[o[l·stride + j] ..< o[l·stride + j + 1]]`.
  let spanOffsets: PointerTable<Int32>
  let spanStart: PointerTable<Int32>
  let spanCost: PointerTable<Float>
  let spanStride: Int
  /// `numberFits[r · n + j]`: token j is a number inside `numberRanges[r]`.
  let numberFits: PointerTable<Bool>
  /// As `Prepared.stopOnlyEnd` and `Prepared.firstStop`.
  let stopOnlyEnd: PointerTable<Int32>
  let firstStop: PointerTable<Int32>
  /// As `Prepared.numberRunEnd` and `Prepared.numberRunFits`.
  let numberRunEnd: PointerTable<Int32>
  let numberRunFits: PointerTable<Bool>

  init(
    n: Int, insertion: [Float], isNumber: [Bool], numberFits: [Bool] = [], wordMatchIndex: [Int32], matchLists: [[(Int, Float)]],
    spansByEnd: [[[ValueLexicon.Span]]], stopOnlyEnd: [Int32], firstStop: [Int32], numberRunEnd: [Int32], numberRunFits: [Bool]
  ) {
    self.numberRunEnd = PointerTable(numberRunEnd)
    self.numberRunFits = PointerTable(numberRunFits)
    self.insertion = PointerTable(insertion)
    self.stopOnlyEnd = PointerTable(stopOnlyEnd)
    self.firstStop = PointerTable(firstStop)
    self.isNumber = PointerTable(isNumber)
    self.numberFits = PointerTable(numberFits)
    wordMatch = PointerTable(wordMatchIndex)
    var offsets: [Int32] = [0]
    var positions: [Int32] = []
    var costs: [Float] = []
    for list in matchLists {
      for (j, cost) in list {
        positions.append(Int32(j))
        costs.append(cost)
      }
      offsets.append(Int32(positions.count))
    }
    matchOffsets = PointerTable(offsets)
    matchPosition = PointerTable(positions)
    matchCost = PointerTable(costs)
    spanStride = n + 1
    var spanOffsets: [Int32] = []
    var starts: [Int32] = []
    var spanCosts: [Float] = []
    spanOffsets.reserveCapacity(spansByEnd.count * (n + 1) + 1)
    for byEnd in spansByEnd {
      for j in 0...n {
        spanOffsets.append(Int32(starts.count))
        for span in (j < byEnd.count ? byEnd[j] : []) {
          starts.append(Int32(span.start))
          spanCosts.append(span.cost)
        }
      }
    }
    spanOffsets.append(Int32(starts.count))
    self.spanOffsets = PointerTable(spanOffsets)
    spanStart = PointerTable(starts)
    spanCost = PointerTable(spanCosts)
  }
}
