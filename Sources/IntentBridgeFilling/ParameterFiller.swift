import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTemplates
import IntentBridgeText

/// One argument the filler set, and where it came from.
public struct FilledArgument: Sendable, Hashable {
  /// Where a filled value came from.
  public enum Source: String, Sendable, Hashable {
    /// A slot of the best-matching phrase template.
    case template
    /// A typed extractor or a value word (enum case, entity instance, value synonym).
    case extractor
    /// A value the caller already knew (`context`, e.g. the device's area).
    case context
    /// The parameter's default.
    case defaultValue = "default"
  }

  /// The parameter's name.
  public var name: String
  /// The value, in the parameter's JSON form (an enum case's `value`, an entity instance's `id`).
  public var value: JSONValue
  /// Unicode-scalar range in the request (nil for defaults).
  public var span: Range<Int>?
  /// How sure the filler is of the value (0…1): 1 for context values and defaults.
  public var confidence: Double
  /// Where the value came from.
  public var source: Source
}

/// A required parameter the request did not give, with the question to ask.
public struct MissingParameter: Sendable, Hashable {
  /// The parameter's name.
  public var name: String
  /// The question to ask for it, in the catalog's words and language (docs/FILLING.md,
  /// "Questions").
  public var question: String
}

/// A parameter several values could fill.
public struct AmbiguousParameter: Sendable, Hashable {
  /// The parameter's name.
  public var name: String
  /// The values the request could mean (ids of enum cases or entity instances), in the order found.
  public var candidates: [JSONValue]
  /// The question that asks which one is meant, naming the candidates by title.
  public var question: String
}

/// Fills an intent's parameters from a request: first the slots of the best-matching phrase
/// template, then typed extractors and value words for the parameters still empty, then
/// defaults; values that fail the intent's tool schema are dropped (and so reported missing
/// when required).
///
/// Built once per compiled catalog and language (the engine owns it); the clock comes with
/// each request. Its known gaps are listed in docs/FILLING.md.
package struct ParameterFiller: Sendable {
  package let catalog: Catalog
  package let templates: IntentTemplates
  package let language: String

  /// Reads the parameters no close template covers.
  let finder: DescribedValueFinder
  /// The finder's reading of each intent, on first use.
  let describedIntents = DescribedIntents()

  package init(catalog: Catalog, templates: IntentTemplates, language: String) {
    self.catalog = catalog
    self.templates = templates
    self.language = language
    finder = DescribedValueFinder(analyzer: templates.analyzer, language: language)
  }

  public struct Result: Sendable {
    /// The filled call: arguments in parameter order, defaults included.
    public var arguments: JSONObject
    public var filled: [FilledArgument]
    public var missing: [MissingParameter]
    public var ambiguous: [AmbiguousParameter]
  }

  /// Fills intent `intentIndex`'s parameters from `request` (analysed once, as ranking read
  /// it), reusing the intent's template quality the ranking found (`rankedQuality`, from
  /// `RankedIntent.templateScore`) when given, and the template alignment it made (`made`,
  /// `Ranking.alignment`) when it made one for this intent and quality; relative dates are
  /// read against `clock`.
  /// Values the caller already knows (`context`, docs/EVAL.md) fill a parameter the request
  /// leaves empty before its default. Enum and entity values may be given by id/value or by
  /// title or synonym; a value that does not fit the parameter is ignored.
  package func fill(
    _ request: AnalyzedRequest, intentIndex: Int, templateQuality rankedQuality: Float? = nil, alignment made: IntentAlignment? = nil,
    clock: ExtractionContext, context given: JSONObject = JSONObject()
  ) -> Result {
    let extractors = Extractors(context: clock)
    let prepared = request.prepared
    let intent = catalog.intents[intentIndex]
    var filled: [String: FilledArgument] = [:]
    var used: [Range<Int>] = []
    var ambiguous: [AmbiguousParameter] = []
    func overlaps(_ span: Range<Int>) -> Bool { used.contains { $0.overlaps(span) } }
    func take(_ argument: FilledArgument) {
      guard filled[argument.name] == nil, let parameter = intent.parameter(named: argument.name) else { return }
      let value = parameter.isArray ? .array([argument.value]) : argument.value
      guard fits(value, parameter) else { return }
      var accepted = argument
      accepted.value = value
      filled[argument.name] = accepted
      if let span = argument.span { used.append(span) }
    }
    let scalars = request.surface.scalars
    func text(_ span: Range<Int>) -> String {
      String(String.UnicodeScalarView(scalars[max(0, span.lowerBound)..<min(scalars.count, span.upperBound)]))
    }

    // 1. Template slots.
    var templateQuality: Float = 0
    if let alignment = templates.alignment(prepared, intent: intentIndex, knownQuality: rankedQuality, reusing: made).alignment,
      alignment.quality >= 0.5
    {
      templateQuality = alignment.quality
      for capture in alignment.captures {
        guard let parameter = intent.parameter(named: capture.name) else { continue }
        let confidence = Double(alignment.quality)
        switch capture.kind {
        case .value(let id):
          take(FilledArgument(name: capture.name, value: .string(id), span: capture.span, confidence: confidence, source: .template))
        case .number(let synonymValue):
          // Durations and dates need their unit words: the extractors below read them whole.
          if case .duration = parameter.type, synonymValue == nil { continue }
          if let synonymValue, let value = try? JSONParser.parse(synonymValue) {
            take(FilledArgument(name: capture.name, value: value, span: capture.span, confidence: confidence, source: .template))
          } else if let number = numbers(in: text(capture.span), extractors).first {
            take(
              FilledArgument(
                name: capture.name, value: jsonNumber(number, for: parameter), span: capture.span, confidence: confidence, source: .template))
          }
        case .freeText:
          take(
            FilledArgument(
              name: capture.name, value: .string(text(capture.span)), span: capture.span, confidence: confidence * 0.9, source: .template))
        }
      }
    }

    // 2. Typed extractors and value words for what is still empty (only the extractors
    // those parameters read run).
    var kinds = Set<ExtractedValue.Kind>()
    for parameter in intent.parameters where filled[parameter.name] == nil {
      kinds.formUnion(Self.extractedKinds(parameter, templateQuality: templateQuality))
    }
    // Parameters no close template covers are read from their names and descriptions
    // (`DescribedValueFinder`), after the typed parameters below have taken their spans.
    let described =
      templateQuality < 0.9
      ? intent.parameters.filter {
        filled[$0.name] == nil && (Self.isDescribed($0) || $0.type == .json && isNumericJSON($0, intentIndex))
      } : []
    for parameter in described { kinds.formUnion(DescribedValueFinder.kinds(for: parameter)) }
    let extracted = extractors.extract(request.surface, kinds: kinds)
    for parameter in intent.parameters where filled[parameter.name] == nil && !described.contains(where: { $0.name == parameter.name }) {
      switch parameter.type {
      case .enumeration, .entity:
        // A close template match already says which value words fill which slot; more
        // spans found outside it are usually part of another slot's words.
        guard templateQuality < 0.9, let lexicon = templates.lexicon(for: parameter.type) else { break }
        let spans = templates.valueSpans(prepared, lexicon: lexicon).filter { !overlaps($0.span) }
        guard let first = spans.first else { break }
        let rivals = spans.filter { $0.span == first.span && $0.id != first.id }
        if !rivals.isEmpty {
          let candidates = ([first.id] + rivals.map(\.id)).map(JSONValue.string)
          ambiguous.append(
            AmbiguousParameter(name: parameter.name, candidates: candidates, question: disambiguation(parameter, candidates: candidates)))
          continue
        }
        take(
          FilledArgument(
            name: parameter.name, value: .string(first.id), span: first.span, confidence: first.cost == 0 ? 0.8 : 0.6, source: .extractor))
      case .integer, .number, .measurement, .currency, .json:
        // Numbers (when the schema takes them and no close template match gave the slot).
        let readable = Self.extractedKinds(parameter, templateQuality: templateQuality)
        if !readable.isEmpty {
          let candidates = extracted.filter { readable.contains($0.kind) && !overlaps($0.span) }
          if candidates.count == 1, case .number(let value) = candidates[0].value {
            take(
              FilledArgument(
                name: parameter.name, value: jsonNumber(value, for: parameter), span: candidates[0].span, confidence: candidates[0].confidence * 0.8,
                source: .extractor))
          }
        }
        // The strings a `json` schema lists name their value wherever they stand, also as a
        // template's own words ("turn the volume up"). (Value synonyms of numbers are not
        // searched outside slots: "2 hodiny" would also read as the synonym "hodinu" → 1.)
        if parameter.type == .json, filled[parameter.name] == nil,
          let lexicon = templates.valueLexicon(intent: intentIndex, parameter: parameter.name),
          let word = templates.valueSpans(prepared, lexicon: lexicon).first(where: { !overlaps($0.span) }),
          let value = try? JSONParser.parse(word.id)
        {
          take(FilledArgument(name: parameter.name, value: value, span: word.span, confidence: word.cost == 0 ? 0.8 : 0.6, source: .extractor))
        }
      case .duration:
        // A duration whose seconds do not fit (`2562047788015216 hours`) fills nothing.
        if let duration = extracted.first(where: { $0.kind == .duration && !overlaps($0.span) }), case .duration(let d) = duration.value,
          let seconds = ExtractionContext.seconds(of: d)
        {
          take(
            FilledArgument(
              name: parameter.name, value: .integer(Int64(seconds)), span: duration.span, confidence: duration.confidence, source: .extractor))
        }
      case .date:
        let wanted: [ExtractedValue.Kind] =
          switch parameter.dateKind ?? .dateTime {
          case .date: [.date, .dateTime]
          case .time: [.time, .dateTime]
          case .dateTime: [.dateTime, .date]
          }
        if let value = extracted.first(where: { wanted.contains($0.kind) && !overlaps($0.span) }),
          let iso = isoValue(value, parameter, utcOffsetSeconds: clock.utcOffsetSeconds)
        {
          take(FilledArgument(name: parameter.name, value: .string(iso), span: value.span, confidence: value.confidence, source: .extractor))
        }
      case .boolean:
        if let value = extracted.first(where: { $0.kind == .boolean && !overlaps($0.span) }), case .boolean(let b) = value.value {
          take(FilledArgument(name: parameter.name, value: .bool(b), span: value.span, confidence: value.confidence * 0.8, source: .extractor))
        }
      case .url:
        if let value = extracted.first(where: { $0.kind == .url && !overlaps($0.span) }) {
          take(FilledArgument(name: parameter.name, value: .string(value.text), span: value.span, confidence: value.confidence, source: .extractor))
        }
      case .email:
        if let value = extracted.first(where: { $0.kind == .email && !overlaps($0.span) }) {
          take(FilledArgument(name: parameter.name, value: .string(value.text), span: value.span, confidence: value.confidence, source: .extractor))
        }
      case .string:
        if let value = extracted.first(where: { $0.kind == .quotedText && !overlaps($0.span) }), case .text(let t) = value.value {
          take(FilledArgument(name: parameter.name, value: .string(t), span: value.span, confidence: value.confidence * 0.8, source: .extractor))
        }
      default:
        break
      }
    }

    if !described.isEmpty {
      let known = describedIntents.entry(intentIndex) {
        DescribedIntents.Entry(
          cues: Dictionary(intent.parameters.map { ($0.name, finder.cues($0)) }, uniquingKeysWith: { a, _ in a }),
          intentWords: intentWords(intent))
      }
      let cues = described.map { known.cues[$0.name] ?? finder.cues($0) }
      for argument in finder.find(
        described, cues: cues, surface: request.surface, extracted: extracted, used: used, intentWords: known.intentWords,
        fits: { fits($1.isArray ? .array([$0]) : $0, $1) })
      {
        take(argument)
      }
    }

    // A signed amount said with a decrease word is negative ("volume down by 20%" → −20).
    for parameter in intent.parameters {
      guard let argument = filled[parameter.name], let negative = negated(argument.value, parameter, intentIndex, prepared) else { continue }
      filled[parameter.name]?.value = negative
    }

    // 3. What the caller already knows.
    for parameter in intent.parameters where filled[parameter.name] == nil {
      guard let value = given[parameter.name] else { continue }
      take(FilledArgument(name: parameter.name, value: contextValue(value, for: parameter), span: nil, confidence: 1, source: .context))
    }

    // 4. Defaults; then the call in parameter order, and what is missing.
    var arguments = JSONObject()
    var missing: [MissingParameter] = []
    var ordered: [FilledArgument] = []
    for parameter in intent.parameters {
      if let argument = filled[parameter.name] {
        arguments[parameter.name] = argument.value
        ordered.append(argument)
      } else if let value = parameter.defaultValue {
        arguments[parameter.name] = value
        ordered.append(FilledArgument(name: parameter.name, value: value, span: nil, confidence: 1, source: .defaultValue))
      } else if parameter.isRequired, !ambiguous.contains(where: { $0.name == parameter.name }) {
        missing.append(MissingParameter(name: parameter.name, question: question(parameter)))
      }
    }
    return Result(arguments: arguments, filled: ordered, missing: missing, ambiguous: ambiguous)
  }

  /// Whether an empty parameter is read by `DescribedValueFinder` (when no close template
  /// match covers the request): strings, numbers and booleans.
  static func isDescribed(_ parameter: Parameter) -> Bool {
    switch parameter.type {
    case .string, .integer, .number, .measurement, .currency, .boolean: true
    default: false
    }
  }

  /// A `json` parameter whose schema takes numbers and lists no strings (`exclusiveMinimum`
  /// makes an imported number one): read like a number parameter.
  private func isNumericJSON(_ parameter: Parameter, _ intentIndex: Int) -> Bool {
    JSONSchemaForms(parameter.jsonSchema).admitsNumbers && templates.valueLexicon(intent: intentIndex, parameter: parameter.name) == nil
  }

  /// The stems of the intent's own words (title, description, id): free text leaves them out.
  private func intentWords(_ intent: Intent) -> Set<String> {
    var texts = [intent.title.resolved(for: language)]
    if let description = intent.description?.resolved(for: language) { texts.append(description) }
    texts.append(ParameterCues.nameParts(intent.id).joined(separator: " "))
    let analyzer = templates.analyzer
    return Set(texts.flatMap { analyzer.tokens($0).filter { !$0.isStopWord && $0.kind == .word }.map(\.term) })
  }

  /// The kinds of extracted value step 2 of `fill` reads for an empty parameter.
  static func extractedKinds(_ parameter: Parameter, templateQuality: Float) -> Set<ExtractedValue.Kind> {
    switch parameter.type {
    case .integer, .number, .measurement, .currency, .json:
      let admitsNumbers = parameter.type != .json || JSONSchemaForms(parameter.jsonSchema).admitsNumbers
      return admitsNumbers && templateQuality < 0.9 ? [.number, .percentage, .temperature] : []
    case .duration: return [.duration]
    case .date: return [.date, .time, .dateTime]
    case .boolean: return [.boolean]
    case .url: return [.url]
    case .email: return [.email]
    case .string: return [.quotedText]
    default: return []
    }
  }

  /// A context value as the parameter stores it: an enum case or entity instance named by its
  /// id/value, title or synonym becomes that id/value; anything else is kept as given.
  private func contextValue(_ value: JSONValue, for parameter: Parameter) -> JSONValue {
    guard let text = value.stringValue, let lexicon = templates.lexicon(for: parameter.type) else { return value }
    let values = templates.matcher.lexicons[lexicon].values
    if let exact = values.first(where: { $0.id.lowercased() == text.lowercased() }) { return .string(exact.id) }
    let spans = templates.valueSpans(text, lexicon: lexicon)
    if let whole = spans.first(where: { $0.span.lowerBound == 0 && $0.span.upperBound == text.unicodeScalars.count && $0.cost == 0 }) {
      return .string(whole.id)
    }
    return value
  }

  /// `value` negated when it is a positive amount of a `json` parameter that also takes
  /// directions and negative amounts, and the request names the decrease direction but not
  /// the increase one (its direction words, longest first, not overlapping); nil otherwise.
  private func negated(_ value: JSONValue, _ parameter: Parameter, _ intentIndex: Int, _ prepared: TemplateMatcher.Prepared) -> JSONValue? {
    guard parameter.type == .json, let amount = value.doubleValue, amount > 0,
      let directions = templates.directionValues(intent: intentIndex, parameter: parameter.name),
      let lexicon = templates.valueLexicon(intent: intentIndex, parameter: parameter.name),
      JSONSchemaForms(parameter.jsonSchema).admitsNegativeNumbers
    else { return nil }
    var taken: [Range<Int>] = []
    var named = Set<String>()
    for word in templates.valueSpans(prepared, lexicon: lexicon) where !taken.contains(where: { $0.overlaps(word.span) }) {
      taken.append(word.span)
      named.insert(word.id)
    }
    guard let down = directions[.decrease], let up = directions[.increase], named.contains(down), !named.contains(up) else { return nil }
    let negative: JSONValue = if let integer = value.integerValue, case .integer = value { .integer(-integer) } else { .number(-amount) }
    return fits(negative, parameter) ? negative : nil
  }

  /// Whether `value` validates against the parameter's schema (as its tool definition has it).
  private func fits(_ value: JSONValue, _ parameter: Parameter) -> Bool {
    JSONSchemaValidator.validate(value, against: .object(ParameterSchema.schema(for: parameter, in: catalog))).isEmpty
  }

  private func numbers(in text: String, _ extractors: Extractors) -> [Double] {
    extractors.numbers.extract(text).compactMap { if case .number(let v) = $0.value { v } else { nil } }
  }

  private func jsonNumber(_ value: Double, for parameter: Parameter) -> JSONValue {
    if abs(value) < 9e15, Double(Int64(value)) == value { return .integer(Int64(value)) }
    return .number(value)
  }

  private func isoValue(_ value: ExtractedValue, _ parameter: Parameter, utcOffsetSeconds: Int) -> String? {
    switch (parameter.dateKind ?? .dateTime, value.value) {
    case (.date, .date(let d)), (.date, .dateTime(let d, _, _)): d.iso8601
    case (.time, .time), (.time, .dateTime): value.value.iso8601.map { String($0.split(separator: "T").last ?? "") }.map { String($0.prefix(8)) }
    case (.dateTime, .dateTime): value.value.iso8601
    case (.dateTime, .date(let d)): d.iso8601 + "T09:00:00" + CivilDate.offsetString(utcOffsetSeconds)
    default: nil
    }
  }

  /// The question for a required parameter the request left empty (`ParameterQuestions`).
  public func question(_ parameter: Parameter) -> String {
    ParameterQuestions(catalog: catalog, language: language).missing(parameter)
  }

  /// The question for a parameter whose words name several values (`ParameterQuestions`).
  func disambiguation(_ parameter: Parameter, candidates: [JSONValue]) -> String {
    ParameterQuestions(catalog: catalog, language: language).ambiguous(parameter, candidates: candidates.compactMap(\.stringValue))
  }
}
