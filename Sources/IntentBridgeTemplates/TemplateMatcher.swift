import IntentBridgeText

/// Approximate matching of a request against compiled templates.
///
/// Computes the cheapest alignment of the whole request with one expansion of a template,
/// where request tokens may be inserted (not in the template), template terms deleted (not
/// in the request), words matched with a one-letter typo, and slots filled by value spans,
/// numbers or free text. The result's `quality` is `1 − cost / (request tokens + 1)`,
/// clamped to [0, 1]: 1 for a template that produces the request exactly.
///
/// Implementation: a vector DP over request positions (`cost[j]` = cheapest way to have
/// consumed the first *j* tokens), evaluated node by node through the template tree — the
/// classic approximate regular-expression matching, O(template size × n²) worst case and
/// O(template size × n) for literal terms.
public struct TemplateMatcher: Sendable {
  public struct Costs: Sendable, Hashable {
    public var insertion: Float = 1.0
    public var stopInsertion: Float = 0.5
    public var deletion: Float = 0.8
    public var stopDeletion: Float = 0.3
    public var typo: Float = 0.35
    public var missingSlot: Float = 1.0
    public var freeTextBase: Float = 0.2
    public var freeTextPerToken: Float = 0.1
    public var maximumFreeTextTokens = 8
    public init() {}
  }

  public let costs: Costs
  public let lexicons: [ValueLexicon]

  public init(lexicons: [ValueLexicon], costs: Costs = Costs()) {
    self.lexicons = lexicons
    self.costs = costs
  }

  /// Per-request facts shared by all templates: value spans per lexicon, by end position.
  public struct Prepared: Sendable {
    public let input: MatchInput
    /// `spansByEnd[lexicon][end]` = spans ending at `end`.
    let spansByEnd: [[[ValueLexicon.Span]]]
  }

  public func prepare(_ input: MatchInput) -> Prepared {
    var all: [[[ValueLexicon.Span]]] = []
    for lexicon in lexicons {
      var byEnd = [[ValueLexicon.Span]](repeating: [], count: input.count + 1)
      for span in lexicon.spans(in: input) { byEnd[span.end].append(span) }
      all.append(byEnd)
    }
    return Prepared(input: input, spansByEnd: all)
  }

  /// The cheapest cost of aligning the whole request with `template`.
  public func cost(_ template: CompiledTemplate, _ prepared: Prepared) -> Float {
    let n = prepared.input.count
    var start = [Float](repeating: .infinity, count: n + 1)
    start[0] = 0
    insertionClosure(&start, prepared.input)
    let end = evaluate(template.root, start, prepared)
    return end[n]
  }

  /// `1 − cost / (n + 1)` in [0, 1].
  public func quality(_ template: CompiledTemplate, _ prepared: Prepared) -> Float {
    let c = cost(template, prepared)
    guard c.isFinite else { return 0 }
    return max(0, 1 - c / Float(prepared.input.count + 1))
  }

  private func insertionClosure(_ v: inout [Float], _ input: MatchInput) {
    for j in 1..<v.count {
      let c = v[j - 1] + (input.isStop[j - 1] ? costs.stopInsertion : costs.insertion)
      if c < v[j] { v[j] = c }
    }
  }

  private func evaluate(_ node: CompiledTemplate.Node, _ input: [Float], _ p: Prepared) -> [Float] {
    let n = p.input.count
    switch node {
    case .sequence(let nodes):
      var v = input
      for child in nodes { v = evaluate(child, v, p) }
      return v
    case .alternatives(let nodes):
      guard !nodes.isEmpty else { return input }
      var best = [Float](repeating: .infinity, count: n + 1)
      for child in nodes {
        let v = evaluate(child, input, p)
        for j in 0...n where v[j] < best[j] { best[j] = v[j] }
      }
      return best
    case .optional(let inner):
      var v = evaluate(inner, input, p)
      for j in 0...n where input[j] < v[j] { v[j] = input[j] }
      return v
    case .term(let term, let folded, let isStop):
      var out = [Float](repeating: .infinity, count: n + 1)
      let deletion = isStop ? costs.stopDeletion : costs.deletion
      for j in 0...n { out[j] = input[j] + deletion }
      for j in 1...max(1, n) where j <= n && input[j - 1].isFinite {
        var match: Float = .infinity
        if p.input.terms[j - 1] == term {
          match = 0
        } else if folded.count >= 4, p.input.folded[j - 1].count >= 4,
          editDistance(p.input.folded[j - 1], folded, limit: 1) <= 1 || editDistance(p.input.terms[j - 1], term, limit: 1) <= 1
        {
          match = costs.typo
        }
        let c = input[j - 1] + match
        if c < out[j] { out[j] = c }
      }
      insertionClosure(&out, p.input)
      return out
    case .slot(_, let kind):
      var out = [Float](repeating: .infinity, count: n + 1)
      for j in 0...n { out[j] = input[j] + costs.missingSlot }
      switch kind {
      case .value(let lexicon):
        for j in 1...max(1, n) where j <= n {
          for span in p.spansByEnd[lexicon][j] {
            let c = input[span.start] + span.cost
            if c < out[j] { out[j] = c }
          }
        }
      case .number(let lexicon):
        for j in 1...max(1, n) where j <= n && p.input.isNumber[j - 1] {
          let c = input[j - 1]
          if c < out[j] { out[j] = c }
        }
        if let lexicon {
          for j in 1...max(1, n) where j <= n {
            for span in p.spansByEnd[lexicon][j] {
              let c = input[span.start] + span.cost
              if c < out[j] { out[j] = c }
            }
          }
        }
      case .freeText:
        for i in 0..<n where input[i].isFinite {
          for j in (i + 1)...min(n, i + costs.maximumFreeTextTokens) {
            let c = input[i] + costs.freeTextBase + costs.freeTextPerToken * Float(j - i)
            if c < out[j] { out[j] = c }
          }
        }
      }
      insertionClosure(&out, p.input)
      return out
    }
  }
}
