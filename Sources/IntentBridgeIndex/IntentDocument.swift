import IntentBridgeCatalog

/// The searchable text of one intent in one language, split into the fields that keyword
/// scoring weighs differently and that embeddings are computed from.
package struct IntentDocument: Sendable {
  package enum Field: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// The title.
    case title
    /// Phrase templates: every literal word they can produce (all alternatives, optional
    /// parts and rules), and App Shortcut phrases.
    case phrases
    /// Search keywords and the category name.
    case keywords
    case description
    /// Parameter titles (a parameter without one: its name split into words, `post_id` →
    /// "post id").
    case parameters
    /// Enum case titles and synonyms, entity instance titles and synonyms, value synonyms of
    /// the intent's parameters: words a request uses to fill them.
    case values
    /// Parameter descriptions: what a request says about the values it gives ("the mass of
    /// the object in kilograms"), often all an imported tool has besides its description.
    case parameterDescriptions

    package var description: String {
      switch self {
      case .title: "title"
      case .phrases: "phrases"
      case .keywords: "keywords"
      case .description: "description"
      case .parameters: "parameters"
      case .values: "values"
      case .parameterDescriptions: "parameterDescriptions"
      }
    }
  }

  package var intentIndex: Int
  package var intentID: String
  /// Text per field (index = `Field.rawValue`); each element one fragment.
  package var fields: [[String]]
  /// What the embedded sentences are made of (see `embeddingTexts`).
  let title: String
  let descriptionText: String?
  let keywords: [String]
  let phraseTemplates: [PhraseTemplate]
  /// Per enum or entity parameter, the name of its type: the value phrase samples are
  /// embedded with.
  let typeNames: [String: String]

  /// Builds the document of `intent` for `language`; `rules` resolves the `<rule>`
  /// references of phrases and synonyms. The documents of one catalog and language may share
  /// `vocabularyCache` (a rule is then walked once per catalog, not once per intent).
  /// - Complexity: linear in the intent's text and the vocabulary of its templates.
  package init(
    intent: Intent, index: Int, catalog: Catalog, language: String?, rules: PhraseRules,
    vocabularyCache: PhraseTemplate.VocabularyCache = PhraseTemplate.VocabularyCache()
  ) {
    intentIndex = index
    intentID = intent.id
    var fields = [[String]](repeating: [], count: Field.allCases.count)
    let rules = rules.template(named:)
    let title = intent.title.resolved(for: language)
    fields[Field.title.rawValue] = [title]
    var phraseTemplates = intent.phrases.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
    for shortcut in catalog.appShortcuts where shortcut.intent == intent.id {
      phraseTemplates += shortcut.phrases.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
    }
    fields[Field.phrases.rawValue] = phraseTemplates.map { $0.vocabulary(rules: rules, cache: vocabularyCache).joined(separator: " ") }
    var keywords = intent.searchKeywords.resolved(for: language)
    if let category = intent.categoryName?.resolved(for: language) { keywords.append(category) }
    fields[Field.keywords.rawValue] = keywords
    let description = intent.description?.resolved(for: language)
    fields[Field.description.rawValue] = description.map { [$0] } ?? []
    fields[Field.parameters.rawValue] = intent.parameters.map {
      $0.title?.resolved(for: language) ?? ToolName.derive(fromIdentifier: $0.name).split(separator: "_").joined(separator: " ")
    }
    fields[Field.parameterDescriptions.rawValue] = intent.parameters.compactMap { $0.description?.resolved(for: language) }
    var values: [String] = []
    var typeNames: [String: String] = [:]
    for parameter in intent.parameters {
      switch parameter.type {
      case .enumeration(let id):
        for c in catalog.enumType(id: id)?.cases ?? [] {
          if let t = c.title?.resolved(for: language) { values.append(t) }
          values += c.synonyms.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }.map {
            $0.vocabulary(rules: rules, cache: vocabularyCache).joined(separator: " ")
          }
        }
        typeNames[parameter.name] =
          catalog.enumType(id: id)?.title?.resolved(for: language) ?? parameter.title?.resolved(for: language) ?? parameter.name
      case .entity(let id):
        for instance in catalog.entityType(id: id)?.instances ?? [] {
          if let t = instance.title?.resolved(for: language) { values.append(t) }
          values += instance.synonyms.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }.map {
            $0.vocabulary(rules: rules, cache: vocabularyCache).joined(separator: " ")
          }
        }
        typeNames[parameter.name] =
          catalog.entityType(id: id)?.title?.resolved(for: language) ?? parameter.title?.resolved(for: language) ?? parameter.name
      default: break
      }
      for synonym in parameter.valueSynonyms {
        values += synonym.synonyms.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }.map {
          $0.vocabulary(rules: rules, cache: vocabularyCache).joined(separator: " ")
        }
      }
    }
    fields[Field.values.rawValue] = values
    self.fields = fields
    self.title = title
    descriptionText = description
    self.keywords = keywords
    self.phraseTemplates = phraseTemplates
    self.typeNames = typeNames
  }

  /// Sentences to embed: the title with the description, phrase samples, and the keywords.
  ///
  /// Phrase samples are embedded delexicalised (`delexicalize`, see
  /// `IntentTemplates.delexicalize`): value words replaced by their type ("turn on the lights
  /// in the kitchen" → "… in the Area"), slots filled with the type's name, so that requests
  /// match intents by what they ask, not by which room or device they name.
  /// - Complexity: linear in the samples (at most 4 per phrase).
  package func embeddingTexts(
    applicationName: String, rules: PhraseRules, delexicalize: (String) -> String
  ) -> [(kind: String, text: String)] {
    var texts: [(String, String)] = [("title", descriptionText.map { title + ". " + $0 } ?? title)]
    var seen = Set<String>()
    for template in phraseTemplates {
      for sample in template.samples(rules: rules.template(named:), slotText: { typeNames[$0] ?? "" }, applicationName: applicationName, limit: 4) {
        let text = delexicalize(sample).split(separator: " ").joined(separator: " ")
        if !text.isEmpty, seen.insert(text).inserted { texts.append(("phrase", text)) }
      }
    }
    if !keywords.isEmpty { texts.append(("keywords", title + ": " + keywords.joined(separator: ", "))) }
    return texts
  }
}
