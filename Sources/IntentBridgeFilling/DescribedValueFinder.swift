import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeText

/// Fills parameters that no phrase template covers from what the catalog says about them:
/// their names, titles and descriptions (`ParameterCues`), read against the values of the
/// request (numbers, dates, quoted text, identifiers, capitalised names, the description's
/// own examples) and the words around those values (`CueWords`).
///
///     // calculateTriangleArea(base: number, height: number)
///     // "Find the area of a triangle with a base of 10 units and height of 5 units"
///     // → base 10 (cue "base" two words before), height 5 (cue "height")
///
/// How a value finds its parameter, strongest first (the full table is in docs/FILLING.md,
/// "Without templates"):
/// 1. an **example** of the parameter's description appears in the request ("rice" for
///    `crop_name` "(e.g., wheat, rice, corn)"): 1.2;
/// 2. the parameter's **name or title** word stands before the value, with only linkers
///    between ("the ID "X"", "a mass of 37.5 kg", "the city: Berlin"): 1.0, less per other
///    word skipped; a number's **unit** after it ("5 minutes"): 0.95; a name word right after
///    the value ("the Sales team", "the 'SHAP' method"): 0.85; a word of the description's
///    head counts 0.6 before, 0.5 after;
/// 3. a **naming** word before a name ("called "Mai Tai"" for a name or title parameter),
///    a **place** word before a capitalised name ("in Chicago" for a location): 0.7;
/// 4. a **unit** next to a number that the description names ("31.5 kg" for "weight … in
///    kilograms", "$19.5" for "price … in USD"): 0.6;
/// 5. **one value of a kind left and a parameter that takes it**: 0.6 (dates in order).
///
/// Values are assigned best first, each span once, no two overlapping, never over a span
/// a template slot, an earlier value or the context took. Text parameters still empty then
/// take a message after a saying word, the words after their own name word, or the rest of
/// the request (`DescribedValueFinder+Text.swift`). Values below 0.5 are not filled (a
/// required parameter is then asked for). Booleans are read only from the parameter's own
/// words ("unread messages" → `unread_only` true; "without ice" → `ice` false), never from a
/// stray "on".
///
/// - Complexity: O(p × v × w): parameters, candidate values, the few words looked at around each.
package struct DescribedValueFinder: Sendable {
  package let analyzer: TextAnalyzer
  package let language: String
  package let cueWords: CueWords

  /// The language's stop words, function words and linkers: words that are no value.
  let functionWords: Set<String>
  let stopWords: Set<String>

  /// Built once per compiled catalog and language (the filler keeps it).
  package init(analyzer: TextAnalyzer, language: String) {
    self.analyzer = analyzer
    self.language = language
    cueWords = CueWords.forLanguage(language)
    let profile = analyzer.profile
    stopWords = profile.stopWords
    functionWords = profile.stopWords.union(profile.functionWords).union(cueWords.linkers)
  }

  /// What the catalog says about `parameter`, with this finder's language data.
  package func cues(_ parameter: Parameter) -> ParameterCues {
    ParameterCues(parameter, language: language, analyzer: analyzer, functionWords: functionWords)
  }

  /// The kinds of extracted value the finder reads for a parameter: numbers for numbers;
  /// everything for text (a date or address is a value of its own, a month no name, a
  /// number's unit no text); none for booleans.
  package static func kinds(for parameter: Parameter) -> Set<ExtractedValue.Kind> {
    switch parameter.type {
    case .string: [.number, .percentage, .temperature, .date, .time, .dateTime, .email, .url]
    case .boolean: []
    default: [.number, .percentage, .temperature]
    }
  }

  /// The least score a value needs to be filled.
  package static let threshold = 0.5
  /// What one value of a kind left over scores for the one parameter that takes it (a form
  /// the extractor is less sure of, 0.8 or less, then stays below the threshold).
  static let leftoverScore = 0.6
  /// What a message or free text after the parameter's own word scores.
  static let freeTextScore = 0.6
  /// What the rest of the request scores for a text parameter: just enough.
  static let restScore = 0.5

  /// One value of the request that a parameter may take.
  struct Candidate {
    enum Kind: Equatable {
      case number(Double)
      case quoted, opaque, capitalized, email, url
      case date(ExtractedValue.Value)
      case time
      /// An example value of one parameter (its index in `parameters`).
      case example(Int)
      /// Free text after or before one parameter's own word.
      case freeText(Int)
    }
    var kind: Kind
    var span: Range<Int>
    var text: String
    /// Surface-token range.
    var first: Int
    var end: Int
    var confidence: Double = 1
  }

  /// The words of the request, once: folded text, stem, kind, span.
  struct Words {
    var surface: SurfaceTokens
    var stems: [String]
    var tokens: [SurfaceToken] { surface.tokens }
    var scalars: [Unicode.Scalar] { surface.scalars }

    /// The token range covering a scalar span.
    func tokenRange(_ span: Range<Int>) -> Range<Int> {
      var first = tokens.count
      var end = 0
      for (k, t) in tokens.enumerated() where t.start < span.upperBound && t.end > span.lowerBound {
        first = min(first, k)
        end = max(end, k + 1)
      }
      return first < end ? first..<end : span.lowerBound..<span.lowerBound
    }
  }

  /// Values for `parameters` (all empty so far) of the intent, from the request's surface
  /// tokens and the typed values already extracted; `used` spans are not taken again;
  /// `intentWords` are the stems of the intent's own title, description and name.
  func find(
    _ parameters: [Parameter], cues: [ParameterCues], surface: SurfaceTokens, extracted: [ExtractedValue], used: [Range<Int>],
    intentWords: Set<String>, fits: (JSONValue, Parameter) -> Bool
  ) -> [FilledArgument] {
    let words = Words(surface: surface, stems: surface.tokens.map { $0.kind == .word ? analyzer.stem($0.text) : $0.text })
    let candidates = self.candidates(parameters, cues: cues, words: words, extracted: extracted, used: used, intentWords: intentWords)
    var taken = used
    var filled: [Int: FilledArgument] = [:]
    func free(_ span: Range<Int>) -> Bool { !taken.contains { $0.overlaps(span) } }

    func assign(_ p: Int, _ c: Candidate, score: Double) -> Bool {
      // The evidence times how sure the value's form is (an hour without am/pm, a decimal
      // mark used the other way): below the threshold it is asked for instead.
      let confidence = min(1, score) * c.confidence
      guard confidence >= Self.threshold, filled[p] == nil, free(c.span), let value = value(of: c, for: parameters[p], cues[p]),
        fits(value, parameters[p])
      else { return false }
      filled[p] = FilledArgument(name: parameters[p].name, value: value, span: c.span, confidence: confidence, source: .extractor)
      taken.append(c.span)
      return true
    }

    // Booleans: from the parameter's own words.
    for (p, parameter) in parameters.enumerated() where parameter.type == .boolean {
      if let (value, span) = boolean(cues[p], parameter, words), free(span), fits(.bool(value), parameter) {
        filled[p] = FilledArgument(name: parameter.name, value: .bool(value), span: span, confidence: 0.7, source: .extractor)
      }
    }

    // Scored pairs, best first (ties: earlier value, then earlier parameter).
    var pairs: [(score: Double, c: Int, p: Int)] = []
    for (ci, c) in candidates.enumerated() {
      for p in parameters.indices where filled[p] == nil {
        let s = score(c, p, parameters[p], cues[p], words, candidates)
        if s >= Self.threshold { pairs.append((s, ci, p)) }
      }
    }
    pairs.sort { ($0.score, -$0.c, -$0.p) > ($1.score, -$1.c, -$1.p) }
    var assigned = Set<Int>()
    for pair in pairs where !assigned.contains(pair.c) {
      if assign(pair.p, candidates[pair.c], score: pair.score) { assigned.insert(pair.c) }
    }

    // Values of a kind left over and parameters that take them: one value goes to the first
    // such parameter (required ones first); dates and times go in order when there are as
    // many as parameters ("from March 1 to March 9" → start, end). An identifier-like token
    // only goes to an identifier, address or email parameter, a capitalised name only to a
    // required text parameter.
    let groups: [(kind: (Candidate.Kind) -> Bool, takes: (ParameterCues, Parameter) -> Bool, inOrder: Bool)] = [
      ({ if case .number = $0 { true } else { false } }, { _, _ in true }, false),
      ({ $0 == .quoted }, { _, _ in true }, false),
      ({ if case .date = $0 { true } else { $0 == .time } }, { _, _ in true }, true),
      ({ $0 == .email }, { _, _ in true }, false),
      ({ $0 == .url }, { _, _ in true }, false),
      ({ $0 == .opaque }, { cues, _ in cues.isIdentifier || cues.isAddress || cues.isFile || cues.isEmail }, false),
      ({ $0 == .capitalized }, { cues, parameter in parameter.isRequired && !cues.isIdentifier && !cues.isAddress }, false),
    ]
    for group in groups {
      let left = candidates.indices.filter { !assigned.contains($0) && group.kind(candidates[$0].kind) && free(candidates[$0].span) }
      guard let firstLeft = left.first else { continue }
      let open = parameters.indices.filter {
        filled[$0] == nil && accepts(parameters[$0], cues[$0], candidates[firstLeft].kind) && group.takes(cues[$0], parameters[$0])
      }
      if group.inOrder, left.count > 1, left.count == open.count {
        for (c, p) in zip(left, open) where assign(p, candidates[c], score: Self.leftoverScore) { assigned.insert(c) }
      } else if left.count == 1 {
        // The first that the value fits (a number outside one parameter's range may fit the next).
        let ordered = open.filter { parameters[$0].isRequired } + open.filter { !parameters[$0].isRequired }
        if ordered.contains(where: { assign($0, candidates[firstLeft], score: Self.leftoverScore) }) { assigned.insert(firstLeft) }
      }
    }

    // Text parameters still empty: a message, free text after their own word, the rest.
    for (p, parameter) in parameters.enumerated() where filled[p] == nil && parameter.type == .string && cues[p].isMessage {
      if let c = message(p, words: words, taken: taken) { _ = assign(p, c, score: Self.freeTextScore) }
    }
    for (p, parameter) in parameters.enumerated() where filled[p] == nil && parameter.type == .string && !cues[p].isIdentifier {
      let others = parameters.indices.filter { $0 != p }.map { cues[$0] }
      if let c = freeText(p, cues[p], others: others, words: words, taken: taken, intentWords: intentWords) {
        _ = assign(p, c, score: Self.freeTextScore)
      }
    }
    let texts = parameters.indices.filter { p in
      filled[p] == nil && parameters[p].type == .string && parameters[p].isRequired && !cues[p].isIdentifier && !cues[p].isDateLike
        && !cues[p].isAddress && !cues[p].isEmail
    }
    for c in rest(for: texts, candidates: candidates, words: words, taken: taken, cues: cues, intentWords: intentWords) {
      if case .freeText(let p) = c.kind { _ = assign(p, c, score: Self.restScore) }
    }
    return parameters.indices.compactMap { filled[$0] }
  }

  // MARK: Candidates

  func candidates(
    _ parameters: [Parameter], cues: [ParameterCues], words: Words, extracted: [ExtractedValue], used: [Range<Int>], intentWords: Set<String>
  ) -> [Candidate] {
    var out: [Candidate] = []
    func add(_ kind: Candidate.Kind, _ span: Range<Int>, _ text: String, confidence: Double = 1) {
      guard !used.contains(where: { $0.overlaps(span) }) else { return }
      let range = words.tokenRange(span)
      out.append(Candidate(kind: kind, span: span, text: text, first: range.lowerBound, end: range.upperBound, confidence: confidence))
    }
    let loose = LooseValues.find(words.surface)
    let opaqueSpans = loose.filter { $0.form == .opaque }.map(\.span)
    // Capitalised words that are a parameter's own word ("ID", "URL"), a short acronym
    // ("IP", "CSV") or part of a date ("November") are not names.
    let allCues = cues.reduce(into: Set<String>()) { $0.formUnion($1.strong) }
    let typedSpans = extracted.filter { [.date, .dateTime, .time, .email, .url].contains($0.kind) }.map(\.span)
    for value in loose {
      switch value.form {
      case .quoted: add(.quoted, value.span, value.text)
      case .opaque:
        // An email address or URL is read as one.
        if !typedSpans.contains(where: { $0.overlaps(value.span) }) { add(.opaque, value.span, value.text) }
      case .capitalized:
        let range = words.tokenRange(value.span)
        let single = range.count == 1
        if typedSpans.contains(where: { $0.overlaps(value.span) }) { continue }
        // (Nor is the pronoun "I", "I'll".)
        if value.text == "I" || value.text.hasPrefix("I'") || value.text.hasPrefix("I’") { continue }
        if single,
          value.text.count <= 3 && value.text.allSatisfy(\.isUppercase) || ParameterCues.matches(words.stems[range.lowerBound], allCues)
            || ParameterCues.identifierWords.contains(words.tokens[range.lowerBound].text)
        {
          continue
        }
        // A possessive before a noun is not part of the name ("John Smith's traits"); before
        // a date, a stop or nothing it is ("at Luigi's tomorrow").
        var span = value.span
        let s = words.scalars
        if span.count > 2, s[span.upperBound - 1] == "s", s[span.upperBound - 2] == "'" || s[span.upperBound - 2] == "’",
          range.upperBound < words.tokens.count, words.tokens[range.upperBound].kind == .word,
          !isFunctionWord(words.tokens[range.upperBound].text),
          !typedSpans.contains(where: { $0.contains(words.tokens[range.upperBound].start) })
        {
          span = span.lowerBound..<(span.upperBound - 2)
        }
        add(.capitalized, span, SurfaceLexer.text(s, span))
      }
    }
    for value in extracted {
      // Digits inside an identifier or address are not numbers of their own.
      let insideOpaque = opaqueSpans.contains { $0.overlaps(value.span) }
      switch (value.kind, value.value) {
      case (.number, .number(let v)), (.percentage, .number(let v)), (.temperature, .number(let v)):
        if !insideOpaque { add(.number(v), value.span, value.text, confidence: value.confidence) }
      case (.date, _), (.dateTime, _):
        if !insideOpaque { add(.date(value.value), value.span, value.text, confidence: value.confidence) }
      case (.time, _):
        if !insideOpaque { add(.time, value.span, value.text, confidence: value.confidence) }
      case (.email, _): add(.email, value.span, value.text)
      case (.url, _): add(.url, value.span, value.text)
      default: break
      }
    }
    // The examples of each string parameter's description, wherever the request has them.
    for (p, parameter) in parameters.enumerated() where parameter.type == .string {
      for example in cues[p].examples {
        guard example.contains(where: { w in w.first?.isLetter ?? false }), !(example.count == 1 && isFunctionWord(example[0])) else { continue }
        var k = 0
        while k + example.count <= words.tokens.count {
          let hit = (0..<example.count).allSatisfy { j in
            let t = words.tokens[k + j]
            return t.text == example[j] || j == example.count - 1 && t.kind == .word && words.stems[k + j] == analyzer.stem(example[j])
          }
          if hit {
            // A name or title goes on over the words after the example ("a Dentist" → "dentist appointment").
            var end = k + example.count
            if cues[p].isName {
              while end < words.tokens.count, words.tokens[end].kind == .word, !isFunctionWord(words.tokens[end].text),
                !cueWords.boundaries.contains(words.tokens[end].text), !intentWords.contains(words.stems[end]),
                !typedSpans.contains(where: { $0.contains(words.tokens[end].start) })
              {
                end += 1
              }
            }
            let span = words.tokens[k].start..<words.tokens[end - 1].end
            add(.example(p), span, SurfaceLexer.text(words.scalars, span))
            k += example.count
          } else {
            k += 1
          }
        }
      }
    }
    // In request order (ties: as found), so that equal scores go to the earlier value.
    return out.enumerated().sorted { ($0.element.span.lowerBound, $0.offset) < ($1.element.span.lowerBound, $1.offset) }.map(\.element)
  }

  func isFunctionWord(_ folded: String) -> Bool {
    functionWords.contains(folded)
  }

  // MARK: Scoring

  /// Whether parameter `parameter` can hold a value of this kind at all.
  func accepts(_ parameter: Parameter, _ cues: ParameterCues, _ kind: Candidate.Kind) -> Bool {
    switch parameter.type {
    case .integer:
      if case .number(let v) = kind { return v == v.rounded() }
      return false
    case .number, .measurement, .currency:
      if case .number = kind { return true }
      return false
    case .json:
      if case .number = kind { return JSONSchemaForms(parameter.jsonSchema).admitsNumbers }
      return false
    case .string:
      if cues.isDateLike && !cues.isIdentifier {
        switch kind {
        case .date, .time, .quoted, .example: return true
        default: return false
        }
      }
      switch kind {
      case .quoted, .capitalized, .freeText: return true
      case .opaque: return !cues.isDateLike || cues.isIdentifier
      case .example: return true
      case .email: return cues.isEmail || cues.isIdentifier || cues.isName
      case .url: return cues.isAddress || cues.isFile
      case .date: return cues.isDateLike
      case .time: return cues.isTimeLike || cues.isDateLike
      case .number: return cues.isIdentifier
      }
    default:
      return false
    }
  }

  func score(_ c: Candidate, _ p: Int, _ parameter: Parameter, _ cues: ParameterCues, _ words: Words, _ all: [Candidate]) -> Double {
    if case .example(let owner) = c.kind { return owner == p ? 1.2 + 0.1 * near(c, cues, words, all) : 0 }
    if case .freeText = c.kind { return 0 }
    guard accepts(parameter, cues, c.kind) else { return 0 }
    var best = near(c, cues, words, all)
    if case .number = c.kind, unitMatches(c, cues, words) { best = max(best, 0.6) }
    if isNamingValue(c, words), cues.isName { best = max(best, 0.7) }
    if c.kind == .capitalized || c.kind == .quoted, cues.isPlace, preceded(c.first, by: cueWords.place, words) { best = max(best, 0.7) }
    if c.kind == .opaque, cues.isIdentifier { best = max(best, 0.5) }
    if c.kind == .email, cues.isEmail { best = max(best, 0.6) }
    if c.kind == .url, cues.isAddress || cues.isFile { best = max(best, 0.6) }
    // A name found only through a word of the description is a guess.
    if c.kind == .capitalized, best < 0.85 { best *= 0.75 }
    if case .date = c.kind, cues.isDateLike { best = max(best, 0.5) }
    return best
  }

  /// How strongly the words next to `c` name the parameter (0…1.1): a name or title word
  /// before it with only linkers between, or right after it (for a number, its unit: "5
  /// minutes"); a description word counts less. The stronger side counts whole, the other a
  /// tenth ("1 hour" after "timer for": the timer's start hours, not the hours to remove).
  func near(_ c: Candidate, _ cues: ParameterCues, _ words: Words, _ all: [Candidate]) -> Double {
    let t = words.tokens
    var left = 0.0
    var j = c.first - 1
    var skipped = 0
    var linkers = 0
    let others = all.filter { $0.kind != .capitalized && $0.span != c.span }
    // The two words after another value are that value's own ("5 minutes timer").
    let ownedByOthers = Set(others.filter { if case .number = $0.kind { true } else { false } }.flatMap { [$0.end, $0.end + 1] })
    while j >= 0, c.first - j <= 6 {
      let w = t[j]
      if w.kind == .punct {
        if [",", ".", ";", "!", "?", "(", ")"].contains(w.text) { break }
        j -= 1
        continue
      }
      if others.contains(where: { $0.span.contains(w.start) }) || ownedByOthers.contains(j) { break }
      if ParameterCues.matches(words.stems[j], cues.strong) {
        // Another word of the name just before ("target ID 'X'" for target_id over attacker_id).
        let second =
          j > 0 && words.tokens[j - 1].kind == .word && words.stems[j - 1] != words.stems[j]
          && ParameterCues.matches(words.stems[j - 1], cues.strong)
        left = 1.0 - 0.3 * Double(skipped) - 0.02 * Double(linkers) + (second ? 0.05 : 0)
        break
      }
      if ParameterCues.matches(words.stems[j], cues.weak) {
        left = 0.6 - 0.3 * Double(skipped)
        break
      }
      if isFunctionWord(w.text) {
        linkers += 1
      } else {
        skipped += 1
        if skipped > 1 { break }
      }
      j -= 1
    }
    // Right after: "the Sales team", "the 'SHAP' method", "5 minutes".
    var right = 0.0
    var k = c.end
    while k < t.count, t[k].kind == .punct, ["\"", "'", "”", "’", "»"].contains(t[k].text) { k += 1 }
    let isNumber = if case .number = c.kind { true } else { false }
    if k < t.count, t[k].kind == .word {
      if ParameterCues.matches(words.stems[k], cues.strong) {
        right = isNumber ? 0.95 : 0.85
      } else if ParameterCues.matches(words.stems[k], cues.weak) {
        right = 0.5
      }
      // A second word of the parameter after the first ("5 minutes timer" for start_minutes).
      if right > 0, k + 1 < t.count, t[k + 1].kind == .word, words.stems[k + 1] != words.stems[k],
        ParameterCues.matches(words.stems[k + 1], cues.strong) || ParameterCues.matches(words.stems[k + 1], cues.weak)
      {
        right += 0.05
      }
    }
    // (A description word on the weaker side says too little: "timer by 1 hour" is not the
    // timer's start hours.)
    let weaker = min(left, right)
    return max(left, right) + (weaker >= 0.85 ? 0.1 * weaker : 0)
  }

  /// A unit word or symbol right before or after the number that the description names.
  func unitMatches(_ c: Candidate, _ cues: ParameterCues, _ words: Words) -> Bool {
    let t = words.tokens
    var named: [String] = []
    if c.end < t.count { named += cueWords.units[t[c.end].text] ?? [] }
    if c.first > 0 { named += cueWords.units[t[c.first - 1].text] ?? [] }
    // The candidate's own text may hold the unit ("50%", "10 kg").
    if let last = c.text.split(separator: " ").last.map(String.init), let unit = cueWords.units[last.lowercased()] { named += unit }
    if let symbol = c.text.unicodeScalars.last.map(String.init), let unit = cueWords.units[symbol] { named += unit }
    return named.contains { unit in
      let stem = analyzer.stem(unit)
      return cues.units.contains(stem) || ParameterCues.matches(stem, cues.strong) || ParameterCues.matches(stem, cues.weak)
    }
  }

  /// A naming word ("called", "named", "titled") right before the value.
  func isNamingValue(_ c: Candidate, _ words: Words) -> Bool { preceded(c.first, by: cueWords.naming, words) }

  /// Whether one of `set` stands before token `first` (past quotes and articles).
  func preceded(_ first: Int, by set: Set<String>, _ words: Words) -> Bool {
    var j = first - 1
    while j >= 0, words.tokens[j].kind == .punct, ["\"", "'", "“", "‘", "«", "„", ":"].contains(words.tokens[j].text) { j -= 1 }
    while j >= 0, stopWords.contains(words.tokens[j].text) { j -= 1 }
    return j >= 0 && set.contains(words.tokens[j].text)
  }

  // MARK: Values

  /// The JSON value `c` gives `parameter`, or nil when it cannot.
  func value(of c: Candidate, for parameter: Parameter, _ cues: ParameterCues) -> JSONValue? {
    switch parameter.type {
    case .integer, .number, .measurement, .currency, .json:
      if case .number(let v) = c.kind { return Self.jsonNumber(v) }
      return nil
    case .string:
      if case .date(let value) = c.kind {
        switch value {
        case .date(let d), .dateTime(let d, _, _): return .string(d.iso8601)
        default: return .string(c.text)
        }
      }
      return .string(c.text)
    default:
      return nil
    }
  }

  static func jsonNumber(_ value: Double) -> JSONValue {
    if abs(value) < 9e15, Double(Int64(value)) == value { return .integer(Int64(value)) }
    return .number(value)
  }

}
