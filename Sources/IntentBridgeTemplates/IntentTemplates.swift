import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeText

/// Every intent's phrase templates compiled for one language, with the value lexicons their
/// slots use. Literal example phrases are generalised: a span naming a value of one of the
/// intent's enum or entity parameters becomes that parameter's slot ("turn on the kitchen
/// lights" → "turn on the ${area} lights"), so examples match requests with other values.
package struct IntentTemplates: Sendable {
  package let matcher: TemplateMatcher
  /// `templates[intentIndex]`.
  package let templates: [[CompiledTemplate]]
  package let analyzer: TextAnalyzer
  /// Per intent, the union signature of its templates with its words as a bit set (nil
  /// without templates), for the per-request bound over every intent.
  let signatureBits: [SignatureBits?]
  /// Lexicon index per enum/entity type (`"enum:<id>"`, `"entity:<id>"`).
  let typeLexicons: [String: Int]

  /// The words compounds are split into for matching (template words and value words of at
  /// least 3 letters), when the language's profile splits compounds; empty otherwise.
  let compoundParts: Set<String>

  /// Lexicon index per intent and parameter name, for a number or `json` parameter's value
  /// words (its `valueSynonyms`, and the strings a `json` schema lists).
  let parameterLexicons: [[String: Int]]

  /// Per intent and parameter name, the JSON texts of the strings a `json` schema lists that
  /// name directions (`"up"`, `"down"`), when it lists one of each.
  let parameterDirections: [[String: [ChangeDirection: String]]]

  /// The JSON texts of a `json` parameter's direction strings (`"up"` for `.increase`,
  /// `"down"` for `.decrease`), when its schema lists one of each (``DirectionWords``); its
  /// value lexicon then also holds the language's direction words for them.
  package func directionValues(intent: Int, parameter: String) -> [ChangeDirection: String]? {
    intent < parameterDirections.count ? parameterDirections[intent][parameter] : nil
  }

  /// The lexicon of a number or `json` parameter's value words (nil when it has none), for
  /// `valueSpans`; its ids are JSON texts.
  package func valueLexicon(intent: Int, parameter: String) -> Int? {
    intent < parameterLexicons.count ? parameterLexicons[intent][parameter] : nil
  }

  /// The lexicon of an enum or entity type, for `valueSpans`.
  package func lexicon(for type: ValueType) -> Int? {
    switch type {
    case .enumeration(let id): typeLexicons["enum:" + id]
    case .entity(let id): typeLexicons["entity:" + id]
    default: nil
    }
  }

  /// Compiles every intent's templates for `language`; `rules` resolves `<rule>` references.
  package init(catalog: Catalog, language: String, analyzer: TextAnalyzer, rules: PhraseRules) {
    var lexicons: [ValueLexicon] = []
    var lexiconIndex: [String: Int] = [:]
    func lexicon(for type: ValueType) -> Int? {
      let key: String
      switch type {
      case .enumeration(let id): key = "enum:" + id
      case .entity(let id): key = "entity:" + id
      default: return nil
      }
      if let index = lexiconIndex[key] { return index }
      let built = ValueLexicon(type: type, catalog: catalog, language: language, analyzer: analyzer, rules: rules)
      guard !built.isEmpty else { return nil }
      lexicons.append(built)
      lexiconIndex[key] = lexicons.count - 1
      return lexicons.count - 1
    }
    let appNames = [catalog.app.name?.resolved(for: language)].compactMap { $0 } + catalog.app.alternativeNames.resolved(for: language)
    var all: [[CompiledTemplate]] = []
    let vocabulary = TemplateVocabulary()
    let texts = TextTermCache()
    let slotFreeRules = CompiledRuleCache()
    var parameterLexicons = [[String: Int]](repeating: [:], count: catalog.intents.count)
    var parameterDirections = [[String: [ChangeDirection: String]]](repeating: [:], count: catalog.intents.count)
    var numberRanges: [ClosedRange<Double>] = []
    for (intentIndex, intent) in catalog.intents.enumerated() {
      var kinds: [String: CompiledTemplate.SlotKind] = [:]
      for parameter in intent.parameters {
        switch parameter.type {
        case .enumeration, .entity:
          if let index = lexicon(for: parameter.type) { kinds[parameter.name] = .value(lexicon: index) } else { kinds[parameter.name] = .freeText }
        case .integer, .number, .duration, .measurement, .currency, .json:
          // A `json` parameter is filled from words when its schema admits numbers or lists
          // strings ("up", "down"); the strings are found like value synonyms.
          let forms = parameter.type == .json ? JSONSchemaForms(parameter.jsonSchema) : JSONSchemaForms(nil)
          if parameter.type == .json, forms.isEmpty, parameter.valueSynonyms.isEmpty {
            kinds[parameter.name] = .freeText
            break
          }
          var entries = parameter.valueSynonyms.map { synonym in
            (
              id: synonym.value.compactText,
              texts: synonym.synonyms.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
                .flatMap { $0.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64) }
            )
          }
          // Strings naming the two directions ("up", "down") are also named by the language's
          // direction words ("leiser" → "down").
          let directions = Self.directions(of: forms.strings, analyzer: analyzer)
          if !directions.isEmpty {
            parameterDirections[intentIndex][parameter.name] = directions.mapValues { JSONValue.string($0).compactText }
          }
          entries += forms.strings.map { string in
            let direction = directions.first { $0.value == string }?.key
            return (id: JSONValue.string(string).compactText, texts: [string] + (direction.map { analyzer.profile.directions.words($0) } ?? []))
          }
          var valueLexicon: Int?
          if !entries.isEmpty {
            let built = ValueLexicon(entries: entries, analyzer: analyzer)
            if !built.isEmpty {
              lexicons.append(built)
              valueLexicon = lexicons.count - 1
              parameterLexicons[intentIndex][parameter.name] = valueLexicon
            }
          }
          // A number outside the parameter's minimum…maximum does not fill its slot.
          var range: Int32 = -1
          if parameter.minimum != nil || parameter.maximum != nil {
            let bounds = (parameter.minimum ?? -.infinity)...(parameter.maximum ?? .infinity)
            if let known = numberRanges.firstIndex(of: bounds) {
              range = Int32(known)
            } else {
              numberRanges.append(bounds)
              range = Int32(numberRanges.count - 1)
            }
          }
          kinds[parameter.name] = .number(lexicon: valueLexicon, range: range)
        default:
          kinds[parameter.name] = .freeText
        }
      }
      let compiler = TemplateCompiler(
        analyzer: analyzer, vocabulary: vocabulary, rules: rules.template(named:), applicationNames: appNames.isEmpty ? ["app"] : appNames,
        texts: texts, slotFreeRules: slotFreeRules
      ) { kinds[$0] }
      var compiled: [CompiledTemplate] = []
      var phrases = intent.phrases.resolved(for: language)
      for shortcut in catalog.appShortcuts where shortcut.intent == intent.id { phrases += shortcut.phrases.resolved(for: language) }
      for phrase in phrases {
        guard let template = try? PhraseTemplate.parse(phrase) else { continue }
        compiled.append(compiler.compile(template))
      }
      all.append(compiled)
    }
    // Generalise literal examples: value spans of the intent's own parameters become slots.
    for (i, intent) in catalog.intents.enumerated() {
      var slotLexicons: [(name: String, lexicon: Int)] = []
      for parameter in intent.parameters {
        if case .value(let l)? = Self.kind(parameter, lexiconIndex) { slotLexicons.append((parameter.name, l)) }
      }
      guard !slotLexicons.isEmpty else { continue }
      var extra: [CompiledTemplate] = []
      for phrase in intent.phrases.resolved(for: language) {
        guard let template = try? PhraseTemplate.parse(phrase), template.slots.isEmpty, template.rules.isEmpty else { continue }
        let input = MatchInput(phrase, analyzer: analyzer)
        // Each slot lexicon's spans of the phrase, found once (not again at every word).
        let spans = slotLexicons.map { lexicons[$0.lexicon].spans(in: input, typoFirstWords: false) }
        var nodes: [CompiledTemplate.Node] = []
        var k = 0
        var replaced = false
        while k < input.count {
          var best: (end: Int, name: String, lexicon: Int)?
          for (s, (name, l)) in slotLexicons.enumerated() {
            for span in spans[s] where span.start == k && span.cost == 0 && (best == nil || span.end > best!.end) {
              best = (span.end, name, l)
            }
          }
          if let best {
            nodes.append(.slot(name: best.name, kind: .value(lexicon: best.lexicon)))
            k = best.end
            replaced = true
          } else {
            let token = input.tokens[k]
            nodes.append(.term(vocabulary.intern(token.term, isStop: token.isStopWord)))
            k += 1
          }
        }
        if replaced { extra.append(CompiledTemplate(root: .sequence(nodes), source: phrase)) }
      }
      all[i] += extra
    }
    self.init(
      matcher: TemplateMatcher(lexicons: lexicons, vocabulary: vocabulary, numberRanges: numberRanges), templates: all, analyzer: analyzer,
      typeLexicons: lexiconIndex, parameterLexicons: parameterLexicons, parameterDirections: parameterDirections)
  }

  /// The parts as compiled, or as read back from the index file (`init(from:analyzer:)`),
  /// with `templates` as `CompiledTemplate(root:source:)` made them: marks the prefixes the
  /// templates of an intent share, sets every template's bound, and derives the per-intent
  /// signatures and the compound parts.
  /// - Complexity: O(template nodes + vocabulary + lexicon words), no text analysis.
  init(
    matcher: TemplateMatcher, templates: consuming [[CompiledTemplate]], analyzer: TextAnalyzer, typeLexicons: [String: Int],
    parameterLexicons: [[String: Int]], parameterDirections: [[String: [ChangeDirection: String]]]
  ) {
    // Taken over, not copied: marking the templates then writes arrays nothing else holds.
    var all = consume templates
    let vocabulary = matcher.vocabulary
    // Prefixes of root steps that several templates of an intent share get dense slots, in
    // order of first appearance (see `TemplateMatcher.Evaluation.evaluateSteps`).
    // (Templates are read in place by index: a copy of each would retain all its arrays.)
    for i in all.indices {
      var counts: [UInt64: Int] = [:]
      for t in all[i].indices { for key in all[i][t].flat.prefixKeys { counts[key, default: 0] += 1 } }
      var slots: [UInt64: Int32] = [:]
      for t in all[i].indices {
        for key in all[i][t].flat.prefixKeys where counts[key, default: 0] >= 2 && slots[key] == nil { slots[key] = Int32(slots.count) }
      }
      for t in all[i].indices {
        all[i][t].markSharedPrefixes(slots, slotCount: slots.count, group: i)
        all[i][t].setBound(vocabularySize: vocabulary.count)
      }
    }
    self.analyzer = analyzer
    self.matcher = matcher
    self.templates = all
    isEmpty = all.allSatisfy(\.isEmpty)
    self.signatureBits = all.map { TemplateSignature.union($0).map { SignatureBits($0, vocabularySize: vocabulary.count) } }
    self.typeLexicons = typeLexicons
    self.parameterLexicons = parameterLexicons
    self.parameterDirections = parameterDirections
    if analyzer.profile.decompounds {
      let words = vocabulary.terms + matcher.lexicons.flatMap { $0.values.flatMap(\.terms) }
      compoundParts = Set(words.filter { $0.unicodeScalars.count >= 3 && $0.unicodeScalars.allSatisfy(Self.isAlphabetic) })
    } else {
      compoundParts = []
    }
  }

  /// The Unicode property, answered without a table lookup for ASCII (whose alphabetic
  /// scalars are exactly the letters A–Z and a–z).
  private static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return scalar.properties.isAlphabetic }
    let lowered = scalar.value | 0x20
    return lowered >= 0x61 && lowered <= 0x7A
  }

  /// The strings of a schema that name the two directions, read as English or as the
  /// analyser's language (``DirectionWords``); empty unless exactly one string names each.
  static func directions(of strings: [String], analyzer: TextAnalyzer) -> [ChangeDirection: String] {
    let english = DirectionWords.words(for: "en")
    var found: [ChangeDirection: [String]] = [:]
    for string in strings {
      let folded = analyzer.fold(string)
      if let direction = english.direction(of: folded) ?? analyzer.profile.directions.direction(of: folded) {
        found[direction, default: []].append(string)
      }
    }
    guard let up = found[.increase], let down = found[.decrease], up.count == 1, down.count == 1 else { return [:] }
    return [.increase: up[0], .decrease: down[0]]
  }

  private static func kind(_ parameter: Parameter, _ index: [String: Int]) -> CompiledTemplate.SlotKind? {
    switch parameter.type {
    case .enumeration(let id): index["enum:" + id].map { .value(lexicon: $0) }
    case .entity(let id): index["entity:" + id].map { .value(lexicon: $0) }
    default: nil
    }
  }

  /// No intent has a template (kept at init: ranking asks on every request).
  package let isEmpty: Bool

  /// Whether one of the intent's templates has a free-text slot.
  package func hasFreeText(intent: Int) -> Bool {
    intent < signatureBits.count && signatureBits[intent]?.signature.hasFreeText == true
  }

  /// The request analysed once for everything that matches it against this catalog's
  /// templates and values (ranking, delexicalisation, entity affinity, filling).
  /// - Complexity: O(n × lexicon candidates) for the value spans, plus a typo lookup per
  ///   request word the vocabulary lacks.
  package func prepare(_ request: String) -> TemplateMatcher.Prepared {
    prepare(request, tokens: analyzer.tokens(request))
  }

  /// `prepare` of a request this catalog's analyser has already tokenised (`tokens` =
  /// `analyzer.tokens(request)`).
  package func prepare(_ request: String, tokens: [AnalyzedToken]) -> TemplateMatcher.Prepared {
    matcher.prepare(MatchInput(request, tokens: tokens).splittingCompounds(known: compoundParts, analyzer: analyzer))
  }

  /// The text with every span that names an enum case or entity instance replaced by the
  /// type's title ("turn on the kitchen lights" → "turn on the Area lights"): longest spans
  /// first, exact matches only, the rest of the text untouched.
  /// - Complexity: O(n × lexicon candidates).
  package func delexicalize(_ text: String) -> String {
    delexicalize(MatchInput(text, analyzer: analyzer), spans: nil)
  }

  /// `delexicalize` of a prepared request (its value spans are reused).
  package func delexicalize(_ prepared: TemplateMatcher.Prepared) -> String {
    delexicalize(prepared.input, spans: prepared.isComplete ? prepared.spansByEnd : nil)
  }

  private func delexicalize(_ input: MatchInput, spans known: [[[ValueLexicon.Span]]]?) -> String {
    let text = input.text
    guard input.count > 0 else { return text }
    // Spans name their lexicon by index (labels are looked up at the end), and lexicons are
    // read in place: copying strings and lexicons cost more than the sort.
    var spans: [(start: Int, end: Int, lexicon: Int)] = []
    matcher.lexicons.withUnsafeBufferPointer { lexicons in
      for l in lexicons.indices where !lexicons[l].label.isEmpty {
        let found = known.map { $0[l].flatMap { $0 } } ?? lexicons[l].spans(in: input, typoFirstWords: false)
        for span in found where span.cost == 0 {
          spans.append((span.start, span.end, l))
        }
      }
    }
    guard !spans.isEmpty else { return text }
    spans.sort { ($0.end - $0.start, -$0.start) > ($1.end - $1.start, -$1.start) }
    var taken = [Bool](repeating: false, count: input.count)
    var chosen: [(start: Int, end: Int, lexicon: Int)] = []
    for span in spans where !(span.start..<span.end).contains(where: { taken[$0] }) {
      for k in span.start..<span.end { taken[k] = true }
      chosen.append(span)
    }
    chosen.sort { $0.start < $1.start }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var cursor = 0
    for span in chosen {
      let from = input.tokens[span.start].range.lowerBound
      let to = input.tokens[span.end - 1].range.upperBound
      guard from >= cursor, to <= scalars.count else { continue }
      out.append(contentsOf: scalars[cursor..<from])
      out.append(contentsOf: matcher.lexicons[span.lexicon].label.unicodeScalars)
      cursor = to
    }
    out.append(contentsOf: scalars[cursor...])
    return String(out)
  }

  /// Best template quality per intent (0 for intents without templates).
  ///
  /// Exact DP matching runs for the intents in `candidates` plus the `extra` intents whose
  /// optimistic bound (request tokens no template of theirs can match) is best; the other
  /// intents keep 0. - Complexity: O(templates × n) for the bounds, plus the DP of the
  /// chosen intents.
  package func scores(_ request: String, candidates: [Int], extra: Int = 6, templatesPerIntent: Int = .max) -> [Float] {
    scores(prepare(request), candidates: candidates, extra: extra, templatesPerIntent: templatesPerIntent)
  }

  /// `scores` of a prepared request.
  package func scores(_ prepared: TemplateMatcher.Prepared, candidates: [Int], extra: Int = 6, templatesPerIntent: Int = .max) -> [Float] {
    var scores = [Float](repeating: 0, count: templates.count)
    var arena = TemplateArena()
    for (i, _) in matchedIntents(prepared, candidates: candidates, extra: extra) {
      scores[i] = bestQuality(intent: i, prepared, templatesPerIntent: templatesPerIntent, arena: &arena) ?? 0
    }
    return scores
  }

  /// The intents `scores` matches, ascending by index: `candidates` and the `extra` intents
  /// whose optimistic quality (the lower bound over all their templates) is best, each with
  /// that optimistic quality, which no template of the intent exceeds.
  /// - Complexity: O(intents × (n + lexicons)) for the bounds, O(intents × log extra) to pick.
  package func matchedIntents(_ prepared: TemplateMatcher.Prepared, candidates: [Int], extra: Int) -> [(index: Int, optimistic: Float)] {
    var optimistic = [Float](repeating: 0, count: signatureBits.count)
    let denominator = Float(prepared.n + 1)
    // Read in place (a copy of a signature would retain its arrays).
    signatureBits.withUnsafeBufferPointer { signatures in
      for i in signatures.indices where signatures[i] != nil {
        optimistic[i] = 1 - signatures[i]!.lowerBound(prepared, matcher: matcher) / denominator
      }
    }
    // Chosen intents marked by index (ascending order for free, no hashing).
    var chosen = [Bool](repeating: false, count: templates.count)
    for i in candidates where i >= 0 && i < templates.count { chosen[i] = true }
    if extra > 0 {
      // The `extra` best by optimistic quality, then index (a partial selection: the
      // catalog may have tens of thousands of intents).
      var best: [Int] = []
      best.reserveCapacity(extra + 1)
      for i in signatureBits.indices where signatureBits[i] != nil {
        if best.count == extra, let last = best.last, optimistic[i] <= optimistic[last] { continue }
        var low = 0
        var high = best.count
        while low < high {
          let mid = (low + high) / 2
          if optimistic[best[mid]] >= optimistic[i] { low = mid + 1 } else { high = mid }
        }
        best.insert(i, at: low)
        if best.count > extra { best.removeLast() }
      }
      for i in best { chosen[i] = true }
    }
    return chosen.indices.filter { chosen[$0] }.map { ($0, optimistic[$0]) }
  }

  /// The best quality of `intent`'s templates (0 without templates), or nil when no template
  /// beats `floor`: every template's quality is then below `floor` (at most `floor` plus a
  /// rounding margin). The branch and bound skips every template that cannot beat the floor,
  /// so a high floor is cheap. At most `templatesPerIntent` templates (lowest bounds) are
  /// aligned.
  /// - Complexity: one bound per template, one DP per template whose bound beats the best.
  package func bestQuality(
    intent: Int, _ prepared: TemplateMatcher.Prepared, above floor: Float = 0, templatesPerIntent: Int = .max, arena: inout TemplateArena
  ) -> Float? {
    guard intent < templates.count else { return 0 }
    // Edit costs are multiples of 0.05: the margin only absorbs rounding.
    let ceiling = floor > 0 ? (1 - floor) * Float(prepared.n + 1) + 1e-3 : nil
    return matcher.bestQuality(templates[intent], prepared, limit: templatesPerIntent, ceiling: ceiling, arena: &arena)
  }
}

/// Scratch memory for template DPs, reused across the intents of one request.
package struct TemplateArena {
  /// The DP vectors (`Evaluation`).
  var storage: [Float] = []
  /// `TemplateMatcher.best`'s per-call arrays: templates in bound order, their coverage, the
  /// shared-prefix slots and vectors, the remaining-cost row.
  var ordered: [UInt64] = []
  var coverage: [UInt64] = []
  var prefixes: [Int] = []
  var store: [Float] = []
  var tail: [Float] = []
  package init() {}
}

/// A `TemplateSignature` (of one template, or of all templates of an intent) with its words
/// as a bit set, for `TemplateMatcher.lowerBound`.
struct SignatureBits: Sendable {
  let signature: TemplateSignature
  let words: WordBitSet

  init(_ signature: TemplateSignature, vocabularySize: Int) {
    self.signature = signature
    words = WordBitSet(signature.words, vocabularySize: vocabularySize)
  }

  /// - Complexity: O(required words + request words matched + lexicons + n).
  func lowerBound(_ p: TemplateMatcher.Prepared, matcher: TemplateMatcher) -> Float {
    matcher.lowerBound(p, signature: signature, words: words)
  }

  /// `lowerBound` with the request positions the signature can take.
  func boundAndCoverage(_ p: TemplateMatcher.Prepared, matcher: TemplateMatcher) -> (bound: Float, covered: UInt64) {
    matcher.boundAndCoverage(p, signature: signature, words: words)
  }
}
