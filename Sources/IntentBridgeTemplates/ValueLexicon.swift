import IntentBridgeCatalog
import IntentBridgeText

/// The words that name the values of one enum or entity type (titles, synonyms — expanded
/// from their templates — and ids), as term sequences, for finding value spans in requests.
///
/// - Complexity: `spans` is O(request length × candidates per first term × value length).
package struct ValueLexicon: Sendable {
  package struct Value: Sendable, Hashable {
    /// The case `value` or instance `id`.
    package var id: String
    package var terms: [String]
    /// The folded words (unstemmed), to tell an exact naming from an inflected or typo one.
    package var folded: [String] = []
    /// This name is the value's id itself (an instance titled like others but with this id).
    package var isID: Bool = false
    /// This name is the value's own (case value, title), not a synonym.
    package var isOwnName: Bool = false
  }

  /// A value found in a request: tokens `start..<end` name `valueIndex`, with a cost
  /// (0 exact, more for typos).
  package struct Span: Sendable, Hashable {
    package var start: Int
    package var end: Int
    package var valueIndex: Int
    package var cost: Float
    /// The request words are one of the value's names as written (not only its stems).
    package var asWritten: Bool = true
  }

  package internal(set) var values: [Value] = []
  /// What the values are, for delexicalisation: the enum's or entity type's title.
  package var label: String = ""
  /// Enum lexicons: a case's own name, also inflected, beats another case's synonym written
  /// as in the request ("otvorené": the case titled "otvorený", not the one with the synonym
  /// "otvorené"). Entity lexicons keep the as-written form first (`spans(in:)`).
  package var ownNamesFirst = false
  var byFirstTerm: [String: [Int]] = [:]
  let fuzzy: FuzzyVocabulary

  package init(entries: [(id: String, texts: [String])], analyzer: TextAnalyzer, ownNames: Int = 0) {
    var values: [Value] = []
    var byFirst: [String: [Int]] = [:]
    var seen = Set<[String]>()
    for (position, (id, texts)) in entries.enumerated() {
      for text in texts {
        let tokens = analyzer.tokens(text).filter { !$0.isSkipWord && $0.kind != .cjkBigram }
        let terms = tokens.map(\.term)
        // Distinct written forms are kept even when they share stems ("obývačka", "obývačke"):
        // spans prefer the form written as in the request.
        guard !terms.isEmpty, seen.insert(tokens.map(\.folded) + ["\u{0}" + id]).inserted else { continue }
        byFirst[terms[0], default: []].append(values.count)
        values.append(Value(id: id, terms: terms, folded: tokens.map(\.folded), isID: text == id, isOwnName: position < ownNames))
      }
    }
    self.values = values
    self.byFirstTerm = byFirst
    // Typos are looked up for a span's first word only (later words are compared directly).
    self.fuzzy = FuzzyVocabulary(Set(values.compactMap(\.terms.first)).sorted())
  }

  /// Builds the lexicon of an enum or entity type for `language`; `rules` resolves the
  /// `<rule>` references of synonyms.
  package init(type: ValueType, catalog: Catalog, language: String?, analyzer: TextAnalyzer, rules: PhraseRules) {
    // Every value's own names (case value and title, instance title) come before all
    // synonyms, so that a word that is one case's title and another case's synonym ("open":
    // the case "open", and a synonym of "on") names the case it is the title of.
    var entries: [(id: String, texts: [String])] = []
    var synonymEntries: [(id: String, texts: [String])] = []
    func expand(_ synonyms: [String]) -> [String] {
      synonyms.compactMap { try? PhraseTemplate.parse($0) }.flatMap { $0.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64) }
    }
    var label = ""
    switch type {
    case .enumeration(let id):
      label = catalog.enumType(id: id)?.title?.resolved(for: language) ?? id
      for c in catalog.enumType(id: id)?.cases ?? [] {
        var texts = [c.value]
        if let title = c.title?.resolved(for: language) { texts.append(title) }
        entries.append((c.value, texts))
        synonymEntries.append((c.value, expand(c.synonyms.resolved(for: language))))
      }
    case .entity(let id):
      label = catalog.entityType(id: id)?.title?.resolved(for: language) ?? id
      for instance in catalog.entityType(id: id)?.instances ?? [] {
        var texts: [String] = []
        if let title = instance.title?.resolved(for: language) { texts.append(title) }
        let synonyms = expand(instance.synonyms.resolved(for: language))
        if texts.isEmpty && synonyms.isEmpty { texts = [instance.id] }
        entries.append((instance.id, texts))
        synonymEntries.append((instance.id, synonyms))
      }
    default: break
    }
    self.init(entries: entries + synonymEntries, analyzer: analyzer, ownNames: entries.count)
    self.label = label
    if case .enumeration = type { ownNamesFirst = true }
  }

  package var isEmpty: Bool { values.isEmpty }

  /// Whether `folded` (request words, unstemmed) name `id` exactly, as one of its names is
  /// written (up to case and diacritics). - Complexity: O(values).
  package func namesExactly(_ id: String, folded: ArraySlice<String>) -> Bool {
    values.contains { $0.id == id && $0.folded.elementsEqual(folded) }
  }

  /// Every span of `input` that names a value: by start, longest first, and of the values
  /// naming the same words those named as written first (so that, costs being equal, "v
  /// obývačke" is the area whose synonym is "obývačke" rather than the one titled
  /// "Obývačka"), then those whose id is that name (of two devices titled "Vysávač", the
  /// one whose id is "Vysávač"), then in lexicon order. With `typoFirstWords` false, no
  /// typo reading of a first word is tried: the spans that cost nothing are all there, in
  /// the same order, for a caller that keeps only those.
  package func spans(in input: MatchInput, typoFirstWords: Bool = true) -> [Span] {
    var out: [Span] = []
    for start in 0..<input.count {
      let term = input.terms[start]
      if knowsFirstTerm(term) {
        spans(in: input, at: start, first: term, cost: 0, into: &out)
      } else if typoFirstWords, input.folded[start].count >= 4 {
        for candidate in fuzzy.matches(term, maxDistance: 1).prefix(Self.typoCandidates) {
          spans(in: input, at: start, first: candidate, cost: Self.typoCost, into: &out)
        }
      }
    }
    sort(&out)
    return out
  }

  /// How many typo readings of a request word are tried as a value's first word.
  static let typoCandidates = 3
  /// What a value word read as a typo costs.
  static let typoCost: Float = 0.35

  /// The words values' names start with.
  var firstTerms: Dictionary<String, [Int]>.Keys { byFirstTerm.keys }

  /// Whether some value's name starts with `term`.
  func knowsFirstTerm(_ term: String) -> Bool { byFirstTerm[term] != nil }

  /// The spans starting at `start` whose first word is read as `first` (the request's own
  /// term, or a typo reading of it costing `firstCost`), appended to `out` unsorted.
  func spans(in input: MatchInput, at start: Int, first: String, cost firstCost: Float, into out: inout [Span]) {
    guard let indices = byFirstTerm[first] else { return }
    values.withUnsafeBufferPointer { values in
      for index in indices {
        // Read in place: a copy of the value would retain its arrays.
        let length = values[index].terms.count
        guard start + length <= input.count else { continue }
        var cost = firstCost
        var ok = true
        for k in 1..<length {
          let term = input.terms[start + k]
          if term == values[index].terms[k] { continue }
          if input.folded[start + k].count >= 4, editDistance(term, values[index].terms[k], limit: 1) <= 1 {
            cost += Self.typoCost
          } else {
            ok = false
            break
          }
        }
        guard ok else { continue }
        let asWritten = values[index].folded.elementsEqual(input.folded[start..<(start + length)])
        out.append(Span(start: start, end: start + length, valueIndex: index, cost: cost, asWritten: asWritten))
      }
    }
  }

  /// Puts spans in `spans(in:)` order.
  func sort(_ spans: inout [Span]) {
    values.withUnsafeBufferPointer { values in
      spans.sort { a, b in
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end > b.end }
        if ownNamesFirst, a.cost == b.cost, values[a.valueIndex].isOwnName != values[b.valueIndex].isOwnName {
          return values[a.valueIndex].isOwnName
        }
        if a.asWritten != b.asWritten { return a.asWritten }
        let aID = values[a.valueIndex].isID
        let bID = values[b.valueIndex].isID
        if aID != bID { return aID }
        return a.valueIndex < b.valueIndex
      }
    }
  }
}
