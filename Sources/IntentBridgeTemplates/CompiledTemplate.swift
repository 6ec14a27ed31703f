import IntentBridgeCatalog
import IntentBridgeText

/// A phrase template compiled for matching: rules inlined, literal text analysed into terms
/// with the same `TextAnalyzer` as requests, slots typed by their parameter.
package struct CompiledTemplate: Sendable {
  /// How a slot consumes request tokens.
  package enum SlotKind: Sendable, Hashable {
    /// Names a value of the lexicon at this index (enum cases, entity instances).
    case value(lexicon: Int)
    /// Numbers (digits; value synonyms of the parameter through its lexicon, when any). A
    /// number that lies outside the parameter's range (`TemplateMatcher.numberRanges[range]`;
    /// -1: any) does not fill it: "21" is no colour temperature of 1000–10000 K.
    case number(lexicon: Int?, range: Int32 = -1)
    /// Free text: any 1…`maximumFreeTextTokens` tokens.
    case freeText
  }

  /// Terms, the most common nodes, are stored inline (no allocation, no reference count);
  /// slots and optional parts are boxed, which keeps a node 9 bytes.
  package enum Node: Sendable {
    /// A literal word, by its id in the `TemplateVocabulary`.
    case term(Int32)
    indirect case slot(name: String, kind: SlotKind)
    case sequence([Node])
    case alternatives([Node])
    indirect case optional(Node)
  }

  package var root: Node
  /// The template text it came from (for explanations).
  package var source: String
  /// How many literal terms the template has at least (its shortest expansion).
  package var minimumTerms: Int
  /// How many literal words the template has at least (its expansion with the fewest):
  /// each one the request has no word for costs at least a deletion.
  package var minimumWords: Int
  /// Every word id the template can produce, sorted (for the matcher's lower bound).
  package var words: [Int32]
  /// Lexicons its slots read, and whether it has number or free-text slots.
  package var lexicons: [Int]
  package var hasNumberSlot: Bool
  package var hasFreeText: Bool { freeTextSlots > 0 }
  /// Free-text slots in the template (an alternative's slots counted each).
  package var freeTextSlots: Int
  /// Words every expansion of the template contains (sorted): each one the request lacks
  /// costs at least a deletion.
  package var requiredWords: [Int32]
  /// Typed slots every expansion contains: each one no span of the request can fill costs
  /// a missing slot.
  var requiredSlots: [RequiredSlot]
  /// The tree flattened into arrays, which the matcher walks without reference counting.
  var flat: FlatProgram
  /// The signature with `words` as a bit set, for the matcher's lower bound (set by
  /// `IntentTemplates` once the vocabulary is complete; nil until then).
  var bound: SignatureBits?

  mutating func setBound(vocabularySize: Int) {
    // Fresh copies of the arrays the bound reads, made one template after another (see
    // `IntentTemplates.init`): the bounds of an intent's templates then lie close together in
    // memory instead of among each template's other arrays, and bounding them all misses
    // the cache less.
    let copy = TemplateSignature(
      words: words.map { $0 }, requiredWords: requiredWords.map { $0 }, requiredSlots: requiredSlots.map { $0 },
      minimumWords: minimumWords, lexicons: lexicons.map { $0 }, hasNumberSlot: hasNumberSlot, freeTextSlots: freeTextSlots)
    bound = SignatureBits(copy, vocabularySize: vocabularySize)
  }

  /// Marks which leading root steps this template shares with others of the same intent:
  /// `slots` numbers the intent's shared prefix keys densely (`0..<slotCount`), so the
  /// matcher keeps and finds DP vectors for those prefixes in an array, without hashing.
  mutating func markSharedPrefixes(_ slots: [UInt64: Int32], slotCount: Int, group: Int = -1) {
    flat.prefixGroup = group
    var prefixSlots: [Int32] = []
    while prefixSlots.count < flat.prefixKeys.count, let slot = slots[flat.prefixKeys[prefixSlots.count]] { prefixSlots.append(slot) }
    flat.prefixSlots = prefixSlots
    flat.slotCount = prefixSlots.isEmpty ? 0 : slotCount
  }

  /// What the matcher's lower bound needs to know.
  var signature: TemplateSignature {
    TemplateSignature(
      words: words, requiredWords: requiredWords, requiredSlots: requiredSlots, minimumWords: minimumWords, lexicons: lexicons,
      hasNumberSlot: hasNumberSlot, freeTextSlots: freeTextSlots)
  }

  /// - Complexity: O(nodes of the tree) for its facts (one walk, no set per leaf), plus
  ///   sorting the word ids it names.
  package init(root: Node, source: String) {
    self.root = root
    self.source = source
    var summary = Summary()
    summary.walk(root)
    summary.required(root)
    minimumTerms = summary.minimum(root, countingSlots: true)
    minimumWords = summary.minimum(root, countingSlots: false)
    words = Self.sortedUnique(summary.words)
    lexicons = Self.sortedUnique(summary.lexicons)
    hasNumberSlot = summary.hasNumber
    freeTextSlots = summary.freeText
    flat = FlatProgram(root)
    requiredWords = Self.sortedUnique(summary.requiredWords)
    requiredSlots = Self.sortedUnique(summary.requiredSlots)
  }

  /// The common elements of two sorted, duplicate-free arrays. - Complexity: O(a + b).
  static func intersection<T: Comparable>(_ a: [T], _ b: [T]) -> [T] {
    var common: [T] = []
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if a[i] < b[j] {
        i += 1
      } else if b[j] < a[i] {
        j += 1
      } else {
        common.append(a[i])
        i += 1
        j += 1
      }
    }
    return common
  }

  /// `values` sorted, each once.
  static func sortedUnique<T: Comparable>(_ values: [T]) -> [T] {
    var sorted = values.sorted()
    var kept = 0
    for value in sorted where kept == 0 || sorted[kept - 1] != value {
      sorted[kept] = value
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    return sorted
  }

  /// The facts `init` reads off a tree, gathered into arrays (duplicates allowed; `init`
  /// sorts and dedups them).
  private struct Summary {
    var words: [Int32] = []
    var lexicons: [Int] = []
    var hasNumber = false
    var freeText = 0
    /// What every expansion contains: sequences unite their parts, alternatives keep what
    /// all of them have, optional parts hold nothing for sure.
    var requiredWords: [Int32] = []
    var requiredSlots: [RequiredSlot] = []

    mutating func walk(_ node: Node) {
      switch node {
      case .term(let id): words.append(id)
      case .slot(_, let kind):
        switch kind {
        case .value(let l): lexicons.append(l)
        case .number(let l, _):
          hasNumber = true
          if let l { lexicons.append(l) }
        case .freeText: freeText += 1
        }
      case .sequence(let nodes), .alternatives(let nodes): for node in nodes { walk(node) }
      case .optional(let inner): walk(inner)
      }
    }

    mutating func required(_ node: Node) {
      switch node {
      case .term(let id): requiredWords.append(id)
      case .slot(_, let kind):
        switch kind {
        case .value(let l): requiredSlots.append(.value(lexicon: l))
        case .number(let l, _): requiredSlots.append(.number(lexicon: l))
        case .freeText: break
        }
      case .sequence(let nodes): for node in nodes { required(node) }
      case .alternatives(let nodes):
        guard let first = nodes.first else { return }
        var common = Self.requiredOf(first)
        for node in nodes.dropFirst() where !(common.words.isEmpty && common.slots.isEmpty) {
          let next = Self.requiredOf(node)
          common.words = CompiledTemplate.intersection(common.words, next.words)
          common.slots = CompiledTemplate.intersection(common.slots, next.slots)
        }
        requiredWords += common.words
        requiredSlots += common.slots
      case .optional: break
      }
    }

    static func requiredOf(_ node: Node) -> (words: [Int32], slots: [RequiredSlot]) {
      var summary = Summary()
      summary.required(node)
      return (CompiledTemplate.sortedUnique(summary.requiredWords), CompiledTemplate.sortedUnique(summary.requiredSlots))
    }

    /// The terms (and slots, when `countingSlots`) of the shortest expansion.
    func minimum(_ node: Node, countingSlots: Bool) -> Int {
      switch node {
      case .term: return 1
      case .slot: return countingSlots ? 1 : 0
      case .sequence(let nodes):
        var total = 0
        for node in nodes { total += minimum(node, countingSlots: countingSlots) }
        return total
      case .alternatives(let nodes):
        var least: Int?
        for node in nodes {
          let count = minimum(node, countingSlots: countingSlots)
          if least == nil || count < least! { least = count }
        }
        return least ?? 0
      case .optional: return 0
      }
    }
  }
}

/// The literal words of all compiled templates, interned: the matcher compares request
/// tokens with each distinct word once per request instead of once per template node.
package final class TemplateVocabulary: @unchecked Sendable {
  // Mutated only while templates are compiled (inside IntentTemplates.init, before the
  // value is shared); read-only afterwards, hence the unchecked Sendable.
  package internal(set) var terms: [String] = []
  package internal(set) var isStop: [Bool] = []
  var ids: [String: Int32] = [:]

  package init() {}

  func intern(_ term: String, isStop stop: Bool) -> Int32 {
    if let id = ids[term] { return id }
    let id = Int32(terms.count)
    terms.append(term)
    isStop.append(stop)
    ids[term] = id
    return id
  }

  package func id(of term: String) -> Int32? { ids[term] }
  package var count: Int { terms.count }
}

/// Compiles phrase templates for one intent and language.
package struct TemplateCompiler {
  let analyzer: TextAnalyzer
  let vocabulary: TemplateVocabulary
  let rules: (String) -> PhraseTemplate?
  let slotKind: (String) -> CompiledTemplate.SlotKind?
  let applicationNames: [String]
  /// Word ids of literal texts already analysed (shared by the compilers of one catalog).
  let texts: TextTermCache
  /// Rules without slots already compiled, by name and depth: they compile alike for every
  /// intent (shared by the compilers of one catalog, like `texts`).
  let slotFreeRules: CompiledRuleCache
  /// Rules with slots already compiled by this compiler, by name and depth (their slots are
  /// this intent's, so the cache is the compiler's own).
  private let compiledRules = CompiledRuleCache()

  /// `rules` and `applicationNames` must be the same for every compiler sharing `texts` and
  /// `slotFreeRules`.
  package init(
    analyzer: TextAnalyzer, vocabulary: TemplateVocabulary, rules: @escaping (String) -> PhraseTemplate?, applicationNames: [String],
    texts: TextTermCache = TextTermCache(), slotFreeRules: CompiledRuleCache = CompiledRuleCache(),
    slotKind: @escaping (String) -> CompiledTemplate.SlotKind?
  ) {
    self.analyzer = analyzer
    self.vocabulary = vocabulary
    self.rules = rules
    self.slotKind = slotKind
    self.applicationNames = applicationNames
    self.texts = texts
    self.slotFreeRules = slotFreeRules
  }

  package func compile(_ template: PhraseTemplate) -> CompiledTemplate {
    CompiledTemplate(root: compile(template.root, depth: 0), source: template.source)
  }

  private func compile(_ node: PhraseTemplate.Node, depth: Int) -> CompiledTemplate.Node {
    switch node {
    case .text(let text):
      if let ids = texts.ids[text] { return .sequence(ids.map { .term($0) }) }
      let tokens = analyzer.tokens(text).filter { !$0.isSkipWord && $0.kind != .cjkBigram }
      let ids = tokens.map { vocabulary.intern($0.term, isStop: $0.isStopWord) }
      texts.ids[text] = ids
      return .sequence(ids.map { .term($0) })
    case .sequence(let nodes):
      return .sequence(joinWords(nodes).map { compile($0, depth: depth) })
    case .alternatives(let nodes):
      return .alternatives(nodes.map { compile($0, depth: depth) })
    case .optional(let inner):
      return .optional(compile(inner, depth: depth))
    case .slot(let name):
      compiledRules.slotsSeen += 1
      guard let kind = slotKind(name) else { return .sequence([]) }
      return .slot(name: name, kind: kind)
    case .applicationName:
      return .alternatives(
        applicationNames.map { name in
          .sequence(analyzer.tokens(name).filter { $0.kind != .cjkBigram }.map { .term(vocabulary.intern($0.term, isStop: false)) })
        })
    case .rule(let name):
      let key = CompiledRuleCache.Key(name: name, depth: depth)
      if let compiled = slotFreeRules.nodes[key] { return compiled }
      if let compiled = compiledRules.nodes[key] {
        compiledRules.slotsSeen += 1
        return compiled
      }
      guard depth < 16, let rule = rules(name) else { return .sequence([]) }
      let slotsBefore = compiledRules.slotsSeen
      let compiled = compile(rule.root, depth: depth + 1)
      if compiledRules.slotsSeen == slotsBefore {
        slotFreeRules.nodes[key] = compiled
      } else {
        compiledRules.nodes[key] = compiled
      }
      return compiled
    }
  }

  /// Splits a sequence into words: text is cut at spaces, and a run of nodes with no space
  /// between them (`light[s]`, `(odo|u)b(rať|er)`, `kuchyn(i|a)ch`) is one word, expanded
  /// into its written forms (at most 64) so the analyser sees whole words.
  private func joinWords(_ nodes: [PhraseTemplate.Node]) -> [PhraseTemplate.Node] {
    // Segments: nil = a space.
    var segments: [PhraseTemplate.Node?] = []
    for node in nodes {
      if case .text(let text) = node {
        var word = ""
        for ch in text {
          if ch == " " || ch == "\t" {
            if !word.isEmpty {
              segments.append(.text(word))
              word = ""
            }
            segments.append(nil)
          } else {
            word.append(ch)
          }
        }
        if !word.isEmpty { segments.append(.text(word)) }
      } else {
        segments.append(node)
      }
    }
    var out: [PhraseTemplate.Node] = []
    var run: [PhraseTemplate.Node] = []
    func flush() {
      defer { run.removeAll() }
      guard !run.isEmpty else { return }
      if run.count == 1 {
        out.append(run[0])
      } else if let forms = strings(.sequence(run), depth: 0), forms.count <= 64 {
        out.append(.alternatives(forms.map { .text($0) }))
      } else {
        out.append(contentsOf: run)
      }
      out.append(.text(" "))
    }
    for segment in segments {
      if let node = segment { run.append(node) } else { flush() }
    }
    flush()
    return out
  }

  /// Every string a slot-free node can produce (nil with slots, or beyond 64 forms).
  private func strings(_ node: PhraseTemplate.Node, depth: Int) -> [String]? {
    switch node {
    case .text(let t): return [t]
    case .sequence(let nodes):
      var forms = [""]
      for n in nodes {
        guard let next = strings(n, depth: depth) else { return nil }
        forms = forms.flatMap { a in next.map { a + $0 } }
        if forms.count > 64 { return nil }
      }
      return forms
    case .alternatives(let nodes):
      var forms: [String] = []
      for n in nodes {
        guard let next = strings(n, depth: depth) else { return nil }
        forms += next
      }
      return forms.count > 64 ? nil : forms
    case .optional(let inner):
      guard let inner = strings(inner, depth: depth) else { return nil }
      return [""] + inner
    case .rule(let name):
      guard depth < 16, let rule = rules(name) else { return [""] }
      return strings(rule.root, depth: depth + 1)
    case .slot, .applicationName: return nil
    }
  }

}

/// The word ids of literal template texts, analysed once per catalog: templates repeat the
/// same words and rules thousands of times (Home Assistant German: ~40 % of compiling was
/// analysing texts already seen). Interning a text's words again would give the same ids, so
/// the cache changes nothing but the time. Used only while one catalog compiles.
package final class TextTermCache {
  var ids: [String: [Int32]] = [:]

  package init() {}
}

/// Rules already compiled, by name and depth (the depth bounds nesting). Used only while
/// one catalog compiles.
package final class CompiledRuleCache {
  struct Key: Hashable {
    var name: String
    var depth: Int
  }

  var nodes: [Key: CompiledTemplate.Node] = [:]
  /// Slots the owning compiler has met (directly or through a cached rule with slots): a
  /// rule whose compilation leaves it unchanged has none.
  var slotsSeen = 0

  package init() {}
}

/// A template tree as flat arrays: node *i* has a kind, a value (word id, lexicon) and a
/// range of `children`.
struct FlatProgram: Sendable {
  enum Kind: UInt8, Sendable {
    case term, valueSlot, numberSlot, freeTextSlot, sequence, alternatives, optional
  }

  struct Node: Sendable {
    var kind: Kind
    /// Word id (term), lexicon index (value slot; number slot or -1).
    var value: Int32
    var childStart: Int32
    var childCount: Int32
    /// A number slot's range (`TemplateMatcher.numberRanges`; -1: any number).
    var range: Int32 = -1
  }

  var nodes: [Node] = []
  var children: [Int32] = []
  var root: Int32 = 0
  /// The root's children as a sequence (the root itself when it is not a sequence).
  var steps: [Int32] = []
  /// `prefixKeys[k]`: hash of the first `k + 1` steps' structure (`hash`): steps with equal
  /// prefix keys score alike, so the matcher can reuse the DP vector after a template prefix
  /// another template shares. (The nodes' own hashes are needed only to derive these, and
  /// are not kept: a word per node.)
  var prefixKeys: [UInt64] = []
  /// The intent-wide slot of each leading step's prefix that other templates of the intent
  /// share (set by `IntentTemplates`); its length is the number of shared steps.
  var prefixSlots: [Int32] = []
  /// How many shared-prefix slots the template's intent has (0 when it shares none).
  var slotCount = 0
  /// The intent whose slots `prefixSlots` numbers (-1: none); templates of different
  /// groups scored together share nothing.
  var prefixGroup = -1
  var sharedSteps: Int { prefixSlots.count }

  init(_ tree: CompiledTemplate.Node) {
    // The ids of children whose parent is not written yet, innermost parent last (one
    // array for the whole tree instead of one per node).
    var pending: [Int32] = []
    var hashes: [UInt64] = []
    root = add(tree, pending: &pending, hashes: &hashes)
    deriveSteps(hashes: hashes)
  }

  /// Sets `steps` and `prefixKeys` from the nodes, children and root, with `hashes` the
  /// structure hash of each node (`hash`).
  mutating func deriveSteps(hashes: [UInt64]) {
    let node = nodes[Int(root)]
    steps = node.kind == .sequence ? Array(children[Int(node.childStart)..<Int(node.childStart + node.childCount)]) : [root]
    var key: UInt64 = 0x1234_5678
    prefixKeys = []
    prefixKeys.reserveCapacity(steps.count)
    for step in steps {
      key = Self.mix(key, hashes[Int(step)])
      prefixKeys.append(key)
    }
  }

  /// The structure hash of `node`, whose `k`-th child has the hash `childHash(k)`: its kind,
  /// word or lexicon and children in order, not slot names, which the scoring DP does not
  /// read (nodes with equal hashes score alike).
  static func hash(_ node: Node, childHash: (Int) -> UInt64) -> UInt64 {
    var hash = mix(UInt64(node.kind.rawValue) &+ 1, UInt64(bitPattern: Int64(node.value)))
    if node.range >= 0 { hash = mix(hash, UInt64(node.range) &+ 0x5bd1_e995) }
    for k in 0..<Int(node.childCount) { hash = mix(hash, childHash(k)) }
    return hash
  }

  /// SplitMix64's finaliser over `a` combined with `b`.
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var z = a &+ 0x9E37_79B9_7F4A_7C15 &+ b &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private mutating func add(_ node: CompiledTemplate.Node, pending: inout [Int32], hashes: inout [UInt64]) -> Int32 {
    switch node {
    case .term(let id):
      return append(Node(kind: .term, value: id, childStart: 0, childCount: 0), pending: &pending, hashes: &hashes, from: pending.count)
    case .slot(_, let kind):
      let flat: Node
      switch kind {
      case .value(let l): flat = Node(kind: .valueSlot, value: Int32(l), childStart: 0, childCount: 0)
      case .number(let l, let range): flat = Node(kind: .numberSlot, value: Int32(l ?? -1), childStart: 0, childCount: 0, range: range)
      case .freeText: flat = Node(kind: .freeTextSlot, value: 0, childStart: 0, childCount: 0)
      }
      return append(flat, pending: &pending, hashes: &hashes, from: pending.count)
    case .sequence(let nodes), .alternatives(let nodes):
      let first = pending.count
      for child in nodes { pending.append(add(child, pending: &pending, hashes: &hashes)) }
      let kind: Kind = if case .sequence = node { .sequence } else { .alternatives }
      return append(Node(kind: kind, value: 0, childStart: 0, childCount: 0), pending: &pending, hashes: &hashes, from: first)
    case .optional(let inner):
      let first = pending.count
      pending.append(add(inner, pending: &pending, hashes: &hashes))
      return append(Node(kind: .optional, value: 0, childStart: 0, childCount: 0), pending: &pending, hashes: &hashes, from: first)
    }
  }

  /// Writes `node` with the children `pending[first...]` (taken off `pending`), and its hash.
  private mutating func append(_ node: Node, pending: inout [Int32], hashes: inout [UInt64], from first: Int) -> Int32 {
    var node = node
    node.childStart = Int32(children.count)
    node.childCount = Int32(pending.count - first)
    let hash = Self.hash(node) { hashes[Int(pending[first + $0])] }
    children.append(contentsOf: pending[first...])
    pending.removeLast(pending.count - first)
    nodes.append(node)
    hashes.append(hash)
    return Int32(nodes.count - 1)
  }
}

/// The facts of a template (or, merged, of all templates of an intent) that bound its
/// alignment cost from below without running the DP.
struct TemplateSignature: Sendable {
  var words: [Int32]
  var requiredWords: [Int32]
  var requiredSlots: [RequiredSlot]
  /// Literal words of the shortest expansion (of the template with the fewest, for a union).
  var minimumWords: Int
  var lexicons: [Int]
  var hasNumberSlot: Bool
  /// Free-text slots (of the template with the most, for a union).
  var freeTextSlots: Int
  var hasFreeText: Bool { freeTextSlots > 0 }

  /// The signature of "any of these templates": a bound for it is a bound for each.
  /// - Complexity: O(w log w) for the w words and lexicons of the templates, which are read
  ///   in place (a copy of a template would retain all its arrays).
  static func union(_ templates: [CompiledTemplate]) -> TemplateSignature? {
    guard !templates.isEmpty else { return nil }
    var words: [Int32] = []
    var lexicons: [Int] = []
    var required = CompiledTemplate.sortedUnique(templates[0].requiredWords)
    var slots = Set(templates[0].requiredSlots)
    var minimumWords = templates[0].minimumWords
    var number = false
    var free = 0
    for t in templates.indices {
      words += templates[t].words
      lexicons += templates[t].lexicons
      if t > 0 {
        required = CompiledTemplate.intersection(required, CompiledTemplate.sortedUnique(templates[t].requiredWords))
        slots.formIntersection(templates[t].requiredSlots)
      }
      minimumWords = min(minimumWords, templates[t].minimumWords)
      number = number || templates[t].hasNumberSlot
      free = max(free, templates[t].freeTextSlots)
    }
    return TemplateSignature(
      words: CompiledTemplate.sortedUnique(words), requiredWords: required, requiredSlots: slots.sorted(), minimumWords: minimumWords,
      lexicons: CompiledTemplate.sortedUnique(lexicons), hasNumberSlot: number, freeTextSlots: free)
  }
}

/// A typed slot that every expansion of a template has: unless the request has a span that
/// can fill it, the alignment pays for it missing.
enum RequiredSlot: Sendable, Hashable, Comparable {
  /// An enum or entity slot: filled by a span of the lexicon.
  case value(lexicon: Int)
  /// A number slot: filled by a number token or a span of its value-word lexicon.
  case number(lexicon: Int?)

  static func < (a: RequiredSlot, b: RequiredSlot) -> Bool {
    switch (a, b) {
    case (.value(let x), .value(let y)): x < y
    case (.value, .number): true
    case (.number, .value): false
    case (.number(let x), .number(let y)): (x ?? -1) < (y ?? -1)
    }
  }
}
