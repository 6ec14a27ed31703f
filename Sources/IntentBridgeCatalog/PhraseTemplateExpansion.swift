/// Sample sentences of a phrase template, for indexing and embedding.
///
/// Full expansion explodes (Home Assistant templates reach millions of sentences), so this
/// produces a small **covering** sample: sample *k* takes alternative *k mod n* in every
/// group of *n* alternatives and includes optional parts on odd *k*, for *k* in
/// `0..<max(2, widest group)`, capped at `limit`. Every alternative and every optional part
/// appears in at least one sample. Rules (`<name>`) are resolved through `rules`; slots stay
/// as `${name}` unless `slotText` replaces them.
///
///     let t = try PhraseTemplate.parse("(turn|switch) on [the] ${name}")
///     t.samples(rules: { _ in nil })   // ["turn on ${name}", "switch on the ${name}"]
///
/// - Complexity: O(limit × template size × rule depth).
extension PhraseTemplate {
  package func samples(
    rules: (String) -> PhraseTemplate?, slotText: (String) -> String = { "${\($0)}" },
    applicationName: String = "${applicationName}", limit: Int = 32
  ) -> [String] {
    let width = max(2, Self.widestGroup(root, rules: rules, depth: 0))
    var out: [String] = []
    var seen = Set<String>()
    for k in 0..<min(width, limit) {
      var text = ""
      Self.render(root, k: k, rules: rules, slotText: slotText, applicationName: applicationName, depth: 0, into: &text)
      let normalized = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
      if !normalized.isEmpty, seen.insert(normalized).inserted { out.append(normalized) }
    }
    return out
  }

  /// Every sentence the template produces, when there are at most `limit` (slots rendered by
  /// `slotText`); otherwise the covering `samples`. For synonyms and value words, where
  /// every form matters ("max[(imal[e]|imum)]" → max, maximal, maximale, maximum).
  /// - Complexity: O(limit × template size).
  package func expansions(
    rules: (String) -> PhraseTemplate?, slotText: (String) -> String = { "${\($0)}" }, limit: Int = 64
  ) -> [String] {
    func expand(_ node: Node, depth: Int) -> [String]? {
      switch node {
      case .text(let t): return [t]
      case .slot(let name): return [slotText(name)]
      case .applicationName: return ["${applicationName}"]
      case .sequence(let nodes):
        var forms = [""]
        for n in nodes {
          guard let next = expand(n, depth: depth) else { return nil }
          forms = forms.flatMap { a in next.map { a + $0 } }
          if forms.count > limit { return nil }
        }
        return forms
      case .alternatives(let nodes):
        var forms: [String] = []
        for n in nodes {
          guard let next = expand(n, depth: depth) else { return nil }
          forms += next
          if forms.count > limit { return nil }
        }
        return forms
      case .optional(let inner):
        guard let inner = expand(inner, depth: depth) else { return nil }
        return [""] + inner
      case .rule(let name):
        guard depth < 16, let rule = rules(name) else { return [""] }
        return expand(rule.root, depth: depth + 1)
      }
    }
    guard let all = expand(root, depth: 0) else { return samples(rules: rules, slotText: slotText, limit: limit) }
    var seen = Set<String>()
    return all.map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// Every whole word the template can produce (all alternatives, optional parts, resolved
  /// rules), in order of first appearance — the template's vocabulary for keyword indexing.
  ///
  /// Words are joined across groups written inside a word: "schlie(ß|ss)[e]" gives
  /// schließ, schliess, schließe, schliesse (not the fragments "schlie", "ß", "ss", "e",
  /// which would let a request of "ss" or "e" match the intent). A slot ends a word. When
  /// one word has more than `wordFormLimit` forms, its forms so far are kept as they are
  /// and the rest of it starts a new word.
  ///
  /// A `cache` shared by the calls of one catalog (and language) keeps what each rule gives
  /// when it starts a word, so a rule used by many templates is walked once.
  /// - Complexity: O(template size × forms per word), forms per word ≤ `wordFormLimit`.
  package func vocabulary(rules: (String) -> PhraseTemplate?, cache: VocabularyCache? = nil) -> [String] {
    var words: [String] = []
    var seen = Set<String>()
    // The words emitted inside the rules being walked, innermost last (for `cache`).
    var recordings: [[String]] = []
    func emit(_ word: Substring) {
      guard !word.isEmpty else { return }
      let word = String(word)
      for k in recordings.indices { recordings[k].append(word) }
      if seen.insert(word).inserted { words.append(word) }
    }
    // `open`: the forms of the word under construction (text since the last space) in each
    // reading so far; the result is the same after `node`.
    func walk(_ node: Node, _ open: [String], depth: Int) -> [String] {
      switch node {
      case .text(let t):
        let parts = t.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count > 1 else { return distinct(open.map { $0 + t }) }
        for form in open { emit(Substring(form + parts[0])) }
        for part in parts.dropFirst().dropLast() { emit(part) }
        return [String(parts[parts.count - 1])]
      case .sequence(let nodes):
        return nodes.reduce(open) { walk($1, $0, depth: depth) }
      case .alternatives(let nodes):
        return distinct(nodes.flatMap { walk($0, open, depth: depth) })
      case .optional(let inner):
        return distinct(open + walk(inner, open, depth: depth))
      case .rule(let name):
        guard depth < 16, let rule = rules(name) else { return open }
        let key = VocabularyCache.Key(rule: name, depth: depth)
        guard let cache, open == [""] else { return walk(rule.root, open, depth: depth + 1) }
        if let known = cache.entries[key] {
          for word in known.words { emit(Substring(word)) }
          return known.open
        }
        recordings.append([])
        let after = walk(rule.root, open, depth: depth + 1)
        cache.entries[key] = (recordings.removeLast(), after)
        return after
      case .slot, .applicationName:
        for form in open { emit(Substring(form)) }
        return [""]
      }
    }
    func distinct(_ forms: [String]) -> [String] {
      // Most groups leave one or a few forms: those are compared directly, without hashing.
      let unique: [String]
      if forms.count <= 1 {
        unique = forms
      } else if forms.count <= 8 {
        var kept: [String] = []
        for form in forms where !kept.contains(form) { kept.append(form) }
        unique = kept
      } else {
        var kept = Set<String>()
        unique = forms.filter { kept.insert($0).inserted }
      }
      guard unique.count > Self.wordFormLimit else { return unique }
      for form in unique { emit(Substring(form)) }
      return [""]
    }
    for form in walk(root, [""], depth: 0) { emit(Substring(form)) }
    return words
  }

  /// The most forms of one word `vocabulary` builds before cutting the word there.
  static let wordFormLimit = 64

  /// What `vocabulary` found for each rule that starts a word: the words it emitted and the
  /// forms of the word it leaves open. Valid for one set of rules (one catalog and language).
  package final class VocabularyCache {
    struct Key: Hashable {
      var rule: String
      var depth: Int
    }
    var entries: [Key: (words: [String], open: [String])] = [:]
    package init() {}
  }

  private static func widestGroup(_ node: Node, rules: (String) -> PhraseTemplate?, depth: Int) -> Int {
    switch node {
    case .alternatives(let nodes): return max(nodes.count, nodes.map { widestGroup($0, rules: rules, depth: depth) }.max() ?? 0)
    case .sequence(let nodes): return nodes.map { widestGroup($0, rules: rules, depth: depth) }.max() ?? 0
    case .optional(let inner): return widestGroup(inner, rules: rules, depth: depth)
    case .rule(let name):
      guard depth < 16, let rule = rules(name) else { return 0 }
      return widestGroup(rule.root, rules: rules, depth: depth + 1)
    default: return 0
    }
  }

  private static func render(
    _ node: Node, k: Int, rules: (String) -> PhraseTemplate?, slotText: (String) -> String, applicationName: String,
    depth: Int, into text: inout String
  ) {
    switch node {
    case .text(let t): text += t
    case .sequence(let nodes):
      for n in nodes { render(n, k: k, rules: rules, slotText: slotText, applicationName: applicationName, depth: depth, into: &text) }
    case .alternatives(let nodes):
      guard !nodes.isEmpty else { return }
      render(nodes[k % nodes.count], k: k, rules: rules, slotText: slotText, applicationName: applicationName, depth: depth, into: &text)
    case .optional(let inner):
      if k % 2 == 1 { render(inner, k: k, rules: rules, slotText: slotText, applicationName: applicationName, depth: depth, into: &text) }
    case .slot(let name): text += slotText(name)
    case .applicationName: text += applicationName
    case .rule(let name):
      guard depth < 16, let rule = rules(name) else { return }
      render(rule.root, k: k, rules: rules, slotText: slotText, applicationName: applicationName, depth: depth + 1, into: &text)
    }
  }
}
