import IntentBridgeText

/// What a template match says about the request's parts: which tokens filled which slot.
package struct SlotCapture: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    /// An enum case or entity instance: its `value` / `id`.
    case value(id: String)
    /// A number token, or a value synonym (its JSON value as compact text).
    case number(synonymValue: String?)
    case freeText
  }

  /// The slot's parameter name.
  package var name: String
  package var kind: Kind
  /// Token range in the `MatchInput` (`start..<end`).
  package var tokens: Range<Int>
  /// Unicode-scalar range in the request text.
  package var span: Range<Int>
}

/// The best alignment of a request with one template, with its slot captures.
package struct TemplateAlignment: Sendable {
  package var quality: Float
  package var captures: [SlotCapture]
  /// The template's source text.
  package var template: String
  /// What the free-text slots' words cost of the alignment (0 without free text): with
  /// `quality`, how much of the request the template's own words and typed slots read.
  package var freeTextCost: Float = 0
  /// Request tokens + 1: the denominator of `quality`.
  package var scale: Float = 1

  /// What the alignment costs besides its free text: 0 when the request is read exactly as
  /// template words and typed or free-text slots (a free-text template anchored on its own
  /// words: "play ${query}" for "play the ballad of four horses").
  package var costBesidesFreeText: Float { max(0, (1 - quality) * scale - freeTextCost) }
}

extension TemplateMatcher {
  /// Aligns the whole request with `template` like `cost`, keeping which tokens each slot
  /// took on the cheapest path; among equally cheap paths, the one with fewer request words
  /// inside value and number slots ("一楼" read as `${floor}` "一" and the template's optional
  /// "楼", not as the value "一楼"). Slower than the scoring DP (it carries captures), so it
  /// runs for one intent's best templates only.
  /// - Complexity: O(template nodes × n), plus one capture record per improving slot reading.
  package func align(_ template: CompiledTemplate, _ p: Prepared) -> TemplateAlignment? {
    let n = p.n
    var start = [Cell](repeating: Cell(cost: .infinity), count: n + 1)
    start[0].cost = 0
    closure(&start, p)
    var captures = CapturePool()
    let end = evaluate(template.root, start, p, depth: 0, captures: &captures)
    guard end[n].cost.isFinite else { return nil }
    let quality = max(0, 1 - end[n].cost / Float(n + 1))
    return TemplateAlignment(
      quality: quality, captures: captures.list(end[n].captures), template: template.source, freeTextCost: end[n].freeTextCost,
      scale: Float(n + 1))
  }

  /// The captures of all cells of one alignment: each cell keeps the index of its last
  /// capture, which links to the one before, so that cells are plain values (copying one
  /// copies no array).
  struct CapturePool {
    private var records: [(capture: SlotCapture, previous: Int32)] = []

    /// A chain of `previous` (-1: empty) and `capture`.
    mutating func adding(_ capture: SlotCapture, to previous: Int32) -> Int32 {
      records.append((capture, previous))
      return Int32(records.count - 1)
    }

    /// The captures of a chain, first first.
    func list(_ last: Int32) -> [SlotCapture] {
      var out: [SlotCapture] = []
      var k = last
      while k >= 0 {
        out.append(records[Int(k)].capture)
        k = records[Int(k)].previous
      }
      return out.reversed()
    }
  }

  struct Cell {
    var cost: Float
    /// The last capture of the path (`CapturePool`; -1: none).
    var captures: Int32 = -1
    /// Request words inside value and number slots: the tie-break among equal costs.
    var valueTokens: Int = 0
    /// The part of `cost` that free-text slots' words cost.
    var freeTextCost: Float = 0

    func isBetter(than other: Cell) -> Bool {
      cost < other.cost || (cost == other.cost && valueTokens < other.valueTokens)
    }

    func adding(_ extra: Float) -> Cell {
      Cell(cost: cost + extra, captures: captures, valueTokens: valueTokens, freeTextCost: freeTextCost)
    }
  }

  private func closure(_ v: inout [Cell], _ p: Prepared) {
    for j in 1..<v.count {
      let c = v[j - 1].adding(p.insertion[j - 1])
      if c.isBetter(than: v[j]) { v[j] = c }
    }
  }

  private func capture(_ name: String, _ kind: SlotCapture.Kind, _ start: Int, _ end: Int, _ p: Prepared) -> SlotCapture {
    // Tokens of a reordered request (`MatchInput.swapping`) keep their text ranges, so the
    // span is the hull of the captured tokens' ranges.
    var lower = p.input.tokens[start].range.lowerBound
    var upper = p.input.tokens[end - 1].range.upperBound
    for token in p.input.tokens[start..<end] {
      lower = min(lower, token.range.lowerBound)
      upper = max(upper, token.range.upperBound)
    }
    return SlotCapture(name: name, kind: kind, tokens: start..<end, span: lower..<upper)
  }

  private func evaluate(_ node: CompiledTemplate.Node, _ input: [Cell], _ p: Prepared, depth: Int, captures: inout CapturePool) -> [Cell] {
    let n = p.n
    guard depth < 200 else { return [Cell](repeating: Cell(cost: .infinity), count: n + 1) }
    switch node {
    case .sequence(let nodes):
      var v = input
      for child in nodes { v = evaluate(child, v, p, depth: depth + 1, captures: &captures) }
      return v
    case .alternatives(let nodes):
      guard !nodes.isEmpty else { return input }
      var best = [Cell](repeating: Cell(cost: .infinity), count: n + 1)
      for child in nodes {
        let v = evaluate(child, input, p, depth: depth + 1, captures: &captures)
        for j in 0...n where v[j].isBetter(than: best[j]) { best[j] = v[j] }
      }
      return best
    case .optional(let inner):
      var v = evaluate(inner, input, p, depth: depth + 1, captures: &captures)
      for j in 0...n where !v[j].isBetter(than: input[j]) { v[j] = input[j] }
      return v
    case .term(let id):
      let deletion = vocabulary.isStop[Int(id)] ? costs.stopDeletion : costs.deletion
      var out = input.map { $0.adding(deletion) }
      let list = Int(p.wordMatchIndex[Int(id)])
      if list >= 0 {
        for (j, cost) in p.matchLists[list] {
          let c = input[j - 1].adding(cost)
          if c.isBetter(than: out[j]) { out[j] = c }
        }
      }
      closure(&out, p)
      return out
    case .slot(let name, let kind):
      var out = input.map { $0.adding(costs.missingSlot) }
      // The capture is made (and recorded) only when the reading improves the cell.
      func offer(_ i: Int, _ j: Int, _ extra: Float, _ captured: @autoclosure () -> SlotCapture, isFree: Bool = false) {
        let c = Cell(
          cost: input[i].cost + extra, captures: input[i].captures, valueTokens: input[i].valueTokens + (isFree ? 0 : j - i),
          freeTextCost: input[i].freeTextCost + (isFree ? extra : 0))
        if c.isBetter(than: out[j]) {
          out[j] = Cell(cost: c.cost, captures: captures.adding(captured(), to: c.captures), valueTokens: c.valueTokens, freeTextCost: c.freeTextCost)
        }
      }
      switch kind {
      case .value(let lexicon):
        for j in stride(from: 1, through: n, by: 1) {
          for span in p.spansByEnd[lexicon][j] {
            offer(span.start, j, span.cost, capture(name, .value(id: lexicons[lexicon].values[span.valueIndex].id), span.start, j, p))
          }
        }
      case .number(let lexicon, let range):
        for j in stride(from: 1, through: n, by: 1) where p.fitsNumber(j - 1, range: range) {
          offer(j - 1, j, 0, capture(name, .number(synonymValue: nil), j - 1, j, p))
        }
        for i in 0..<n where p.fitsNumberRun(i, range: range) {
          let end = Int(p.numberRunEnd[i])
          offer(i, end, 0, capture(name, .number(synonymValue: nil), i, end, p))
        }
        if let lexicon {
          for j in stride(from: 1, through: n, by: 1) {
            for span in p.spansByEnd[lexicon][j] {
              offer(span.start, j, span.cost, capture(name, .number(synonymValue: lexicons[lexicon].values[span.valueIndex].id), span.start, j, p))
            }
          }
        }
      case .freeText:
        for i in 0..<n where input[i].cost.isFinite {
          var j = i + 1
          while j <= min(n, i + costs.maximumFreeTextTokens) {
            // The text without conversational fillers at its edges ("pizza right away" →
            // "pizza"); fillers alone fill nothing.
            var from = i
            var to = j
            while from < to, p.input.isFiller[from] { from += 1 }
            while to > from, p.input.isFiller[to - 1] { to -= 1 }
            let cost =
              costs.freeTextBase + costs.freeTextPerToken * Float(j - i - 1) + (p.isStopWordsOnly(i, j) ? costs.stopWordFreeText : 0)
            if from < to {
              offer(i, j, cost, capture(name, .freeText, from, to, p), isFree: true)
            } else {
              let c = Cell(
                cost: input[i].cost + cost, captures: input[i].captures, valueTokens: input[i].valueTokens,
                freeTextCost: input[i].freeTextCost + cost)
              if c.isBetter(than: out[j]) { out[j] = c }
            }
            j += 1
          }
        }
      }
      closure(&out, p)
      return out
    }
  }
}

extension IntentTemplates {
  /// The best alignment of `request` with one of `intent`'s templates (nil without templates).
  /// Among equally good templates the most specific reading wins: fewer free-text slots
  /// (a typed value over "any text"); then fewer request words inside value slots, i.e. more
  /// of the request matched by the template's own words ("turn on ${area} lights" with
  /// "kitchen" over "turn on ${name}" with "kitchen lights"); then fewer values named only
  /// approximately (inflected or misspelt); then catalog order. (On the Home Assistant sets
  /// this order scored best of the five tried, see docs/FILLING.md.)
  /// - Complexity: the branch-and-bound scoring DP over the intent's templates (one arena),
  ///   plus one capturing alignment per tied template (at most 8).
  package func align(_ request: String, intent: Int) -> (alignment: TemplateAlignment, input: MatchInput)? {
    align(prepare(request), intent: intent)
  }

  /// `align` of a prepared request.
  ///
  /// When no template matches the request exactly, requests with two neighbouring words
  /// exchanged are tried too ("cancel for timer 1 hour" as "cancel timer for 1 hour"), each
  /// exchange costing `swapCost`, as long as such a reading can still reach quality 0.5;
  /// the cheapest reading wins (the original on ties), and its
  /// quality counts the exchange. Captured spans are those of the original text.
  /// - Complexity: the branch and bound over the intent's templates once, and once more per
  ///   pair of neighbouring words when the request matches no template exactly.
  ///
  /// `knownQuality`, the intent's best template quality when the ranking already found it,
  /// lets the search skip every template that cannot tie it.
  package func align(
    _ prepared: TemplateMatcher.Prepared, intent: Int, knownQuality: Float? = nil
  ) -> (alignment: TemplateAlignment, input: MatchInput)? {
    guard intent < templates.count, !templates[intent].isEmpty else { return nil }
    var best = (indices: [Int](), quality: Float(0))
    if let knownQuality, knownQuality > 0 {
      // Edit costs are multiples of 0.05: the margin only absorbs rounding.
      best = matcher.bestTemplates(templates[intent], prepared, ceiling: (1 - knownQuality) * Float(prepared.n + 1) + 1e-3)
    }
    if best.indices.isEmpty { best = matcher.bestTemplates(templates[intent], prepared) }
    let n = prepared.n
    let denominator = Float(n + 1)
    let original = (1 - best.quality) * denominator
    // Only a request costing more than one exchange can be read better with one, and only
    // readings of quality ≥ 0.5 are worth finding (filling ignores worse alignments).
    let ceiling = min(original - Self.swapCost - 1e-4, 0.5 * denominator - Self.swapCost)
    if ceiling >= 0, n >= 2 {
      // Readings with one exchange that beat the request as written, cheapest first.
      var readings: [(cost: Float, k: Int, prepared: TemplateMatcher.Prepared, tied: [Int])] = []
      // All the intent's templates at once, whose lexicons are the only ones they read.
      let union = signatureBits[intent]
      let lexicons = union?.signature.lexicons ?? []
      // Every exchange has the same words: their typo lookups are done once.
      let memo = TypoMemo()
      for k in 0..<(n - 1) {
        let swapped = matcher.prepare(prepared.input.swapping(k), lexicons: lexicons, memo: memo)
        // The bound of all the intent's templates at once: above the ceiling, no template of
        // theirs can reach it (`bestTemplates` would look at none).
        if let union, union.lowerBound(swapped, matcher: matcher) > ceiling { continue }
        let found = matcher.bestTemplates(templates[intent], swapped, ceiling: ceiling)
        let cost = (1 - found.quality) * denominator + Self.swapCost
        if !found.indices.isEmpty, cost < original - 1e-4 { readings.append((cost, k, swapped, found.indices)) }
      }
      readings.sort { ($0.cost, $0.k) < ($1.cost, $1.k) }
      // An exchange that only joins one of its words to another into a value's name
      // ("keittiössä jokin valo" → `${name}` "keittiössä valo") is not a word-order slip.
      for reading in readings {
        guard var result = align(reading.prepared, tied: reading.tied, intent: intent) else { continue }
        let splits = result.alignment.captures.contains { capture in
          guard case .value = capture.kind else { return false }
          return capture.tokens.contains(reading.k) != capture.tokens.contains(reading.k + 1)
        }
        if splits { continue }
        result.alignment.quality = max(0, 1 - reading.cost / denominator)
        return (result.alignment, prepared.input)
      }
    }
    return align(prepared, tied: best.indices, intent: intent)
  }

  /// What exchanging two neighbouring request words costs in `align`: less than deleting a
  /// template word and inserting a request word (0.8 + 1.0), more than a typo.
  static let swapCost: Float = 0.6

  private func align(_ prepared: TemplateMatcher.Prepared, tied: [Int], intent: Int) -> (alignment: TemplateAlignment, input: MatchInput)? {
    var best: (alignment: TemplateAlignment, key: (Int, Int, Int, Int))?
    let folded = prepared.input.tokens.map(\.folded)
    for index in (tied.isEmpty ? [0] : Array(tied.prefix(8))) {
      guard let alignment = matcher.align(templates[intent][index], prepared) else { continue }
      var freeText = 0
      var approximate = 0
      var valueTokens = 0
      for capture in alignment.captures {
        switch capture.kind {
        case .freeText: freeText += 1
        case .value(let id):
          valueTokens += capture.tokens.count
          // Read in place (iterating would copy every lexicon).
          let exact = matcher.lexicons.withUnsafeBufferPointer { lexicons in
            lexicons.indices.contains { lexicons[$0].namesExactly(id, folded: folded[capture.tokens]) }
          }
          if !exact { approximate += 1 }
        case .number: break
        }
      }
      let key = (freeText, valueTokens, approximate, index)
      if best == nil || key < best!.key { best = (alignment, key) }
    }
    return best.map { ($0.alignment, prepared.input) }
  }

  /// Value spans of one enum/entity type in a request (exact or typo), longest first.
  package func valueSpans(_ request: String, lexicon: Int) -> [(id: String, span: Range<Int>, cost: Float)] {
    guard lexicon < matcher.lexicons.count else { return [] }
    let input = MatchInput(request, analyzer: analyzer)
    return valueSpans(input, found: matcher.lexicons[lexicon].spans(in: input), lexicon: lexicon)
  }

  /// `valueSpans` of a prepared request (its spans are reused).
  package func valueSpans(_ prepared: TemplateMatcher.Prepared, lexicon: Int) -> [(id: String, span: Range<Int>, cost: Float)] {
    guard lexicon < matcher.lexicons.count else { return [] }
    let found = prepared.isComplete ? prepared.spansByEnd[lexicon].flatMap { $0 } : matcher.lexicons[lexicon].spans(in: prepared.input)
    return valueSpans(prepared.input, found: found, lexicon: lexicon)
  }

  private func valueSpans(_ input: MatchInput, found: [ValueLexicon.Span], lexicon: Int) -> [(id: String, span: Range<Int>, cost: Float)] {
    let values = matcher.lexicons[lexicon].values
    // Longest first, then cheapest, then as written, then named by id, then position and
    // lexicon order.
    return found.sorted {
      (
        $0.end - $0.start, -$0.cost, $0.asWritten ? 1 : 0, values[$0.valueIndex].isID ? 1 : 0, -$0.start, -$0.valueIndex
      ) > (
        $1.end - $1.start, -$1.cost, $1.asWritten ? 1 : 0, values[$1.valueIndex].isID ? 1 : 0, -$1.start, -$1.valueIndex
      )
    }.map {
      (values[$0.valueIndex].id, input.tokens[$0.start].range.lowerBound..<input.tokens[$0.end - 1].range.upperBound, $0.cost)
    }
  }
}
