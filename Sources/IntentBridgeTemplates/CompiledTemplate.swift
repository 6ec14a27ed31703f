import IntentBridgeCatalog
import IntentBridgeText

/// A phrase template compiled for matching: rules inlined, literal text analysed into terms
/// with the same `TextAnalyzer` as requests, slots typed by their parameter.
public struct CompiledTemplate: Sendable {
  /// How a slot consumes request tokens.
  public enum SlotKind: Sendable, Hashable {
    /// Names a value of the lexicon at this index (enum cases, entity instances).
    case value(lexicon: Int)
    /// Numbers (digits; value synonyms of the parameter through its lexicon, when any).
    case number(lexicon: Int?)
    /// Free text: any 1…`maximumFreeTextTokens` tokens.
    case freeText
  }

  public indirect enum Node: Sendable {
    case term(String, folded: String, isStop: Bool)
    case slot(name: String, kind: SlotKind)
    case sequence([Node])
    case alternatives([Node])
    case optional(Node)
  }

  public var root: Node
  /// The template text it came from (for explanations).
  public var source: String
  /// How many literal terms the template has at least (its shortest expansion).
  public var minimumTerms: Int

  public init(root: Node, source: String) {
    self.root = root
    self.source = source
    minimumTerms = Self.minimumTerms(root)
  }

  static func minimumTerms(_ node: Node) -> Int {
    switch node {
    case .term: 1
    case .slot: 1
    case .sequence(let nodes): nodes.map(minimumTerms).reduce(0, +)
    case .alternatives(let nodes): nodes.map(minimumTerms).min() ?? 0
    case .optional: 0
    }
  }
}

/// Compiles phrase templates for one intent and language.
public struct TemplateCompiler {
  let analyzer: TextAnalyzer
  let rules: (String) -> PhraseTemplate?
  let slotKind: (String) -> CompiledTemplate.SlotKind?
  let applicationNames: [String]

  public init(
    analyzer: TextAnalyzer, rules: @escaping (String) -> PhraseTemplate?, applicationNames: [String],
    slotKind: @escaping (String) -> CompiledTemplate.SlotKind?
  ) {
    self.analyzer = analyzer
    self.rules = rules
    self.slotKind = slotKind
    self.applicationNames = applicationNames
  }

  public func compile(_ template: PhraseTemplate) -> CompiledTemplate {
    CompiledTemplate(root: compile(template.root, depth: 0), source: template.source)
  }

  private func compile(_ node: PhraseTemplate.Node, depth: Int) -> CompiledTemplate.Node {
    switch node {
    case .text(let text):
      let tokens = analyzer.tokens(text).filter { !$0.isSkipWord && $0.kind != .cjkBigram }
      return .sequence(tokens.map { .term($0.term, folded: $0.folded, isStop: $0.isStopWord) })
    case .sequence(let nodes):
      return .sequence(joinWords(nodes).map { compile($0, depth: depth) })
    case .alternatives(let nodes):
      return .alternatives(nodes.map { compile($0, depth: depth) })
    case .optional(let inner):
      return .optional(compile(inner, depth: depth))
    case .slot(let name):
      guard let kind = slotKind(name) else { return .sequence([]) }
      return .slot(name: name, kind: kind)
    case .applicationName:
      return .alternatives(applicationNames.map { name in
        .sequence(analyzer.tokens(name).filter { $0.kind != .cjkBigram }.map { .term($0.term, folded: $0.folded, isStop: false) })
      })
    case .rule(let name):
      guard depth < 16, let rule = rules(name) else { return .sequence([]) }
      return compile(rule.root, depth: depth + 1)
    }
  }

  /// Word-internal optional parts and alternatives (`light[s]`, `kuchyn(i|a)`) glue to the
  /// text before them: such a sequence is expanded into alternatives of whole words so the
  /// analyser sees complete words.
  private func joinWords(_ nodes: [PhraseTemplate.Node]) -> [PhraseTemplate.Node] {
    var out: [PhraseTemplate.Node] = []
    var i = 0
    while i < nodes.count {
      if case .text(let text) = nodes[i], !text.hasSuffix(" "), i + 1 < nodes.count, Self.isWordInternal(nodes[i + 1]) {
        // Split off the last word of the text; glue it to the following group(s).
        let head = text.split(separator: " ", omittingEmptySubsequences: false)
        let prefix = head.dropLast().joined(separator: " ")
        var forms = [String(head.last ?? "")]
        var j = i + 1
        while j < nodes.count, Self.isWordInternal(nodes[j]) {
          forms = forms.flatMap { form in Self.suffixes(nodes[j]).map { form + $0 } }
          j += 1
        }
        // Text right after the group that continues the word (`kuchyn(i|a)ch`).
        if j < nodes.count, case .text(let tail) = nodes[j], let first = tail.first, first != " " {
          let parts = tail.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
          forms = forms.map { $0 + parts[0] }
          let rest = parts.count > 1 ? " " + parts[1] : ""
          if !prefix.isEmpty { out.append(.text(prefix + " ")) }
          out.append(.alternatives(forms.map { .text($0) }))
          if !rest.isEmpty { out.append(.text(rest)) }
          i = j + 1
          continue
        }
        if !prefix.isEmpty { out.append(.text(prefix + " ")) }
        out.append(.alternatives(forms.map { .text($0) }))
        i = j
        continue
      }
      out.append(nodes[i])
      i += 1
    }
    return out
  }

  private static func isWordInternal(_ node: PhraseTemplate.Node) -> Bool {
    switch node {
    case .optional(let inner): return isPlainShortText(inner)
    case .alternatives(let options): return options.count > 1 && options.allSatisfy(isPlainShortText)
    default: return false
    }
  }

  private static func isPlainShortText(_ node: PhraseTemplate.Node) -> Bool {
    switch node {
    case .text(let t): return !t.contains(" ") && t.count <= 6
    case .sequence(let nodes): return nodes.allSatisfy(isPlainShortText) && nodes.count <= 1
    case .alternatives(let nodes): return nodes.allSatisfy(isPlainShortText)
    default: return false
    }
  }

  /// The strings a word-internal group can add (`[s]` → "", "s"; `(i|a)` → "i", "a").
  private static func suffixes(_ node: PhraseTemplate.Node) -> [String] {
    switch node {
    case .optional(let inner): return [""] + suffixes(inner)
    case .alternatives(let nodes): return nodes.flatMap(suffixes)
    case .sequence(let nodes): return nodes.isEmpty ? [""] : nodes.reduce([""]) { acc, n in acc.flatMap { a in suffixes(n).map { a + $0 } } }
    case .text(let t): return [t]
    default: return [""]
    }
  }
}
