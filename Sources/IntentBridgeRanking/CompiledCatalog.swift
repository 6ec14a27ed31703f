import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeIndex
import IntentBridgeTemplates
import IntentBridgeText

/// Everything derived from a catalog for one language, built once and shared by index
/// building (the documents the vectors are embedded from), ranking (keyword index,
/// templates, entity affinity) and filling (templates and value lexicons).
///
///     let compiled = CompiledCatalog(catalog: catalog, language: "de")
///     let request = compiled.analyze("schalte das Licht aus")
///
/// Immutable and `Sendable`; the engine owns one per catalog and language.
/// - Complexity: building is linear in the catalog's text plus template compilation.
package struct CompiledCatalog: Sendable {
  package let catalog: Catalog
  package let language: String
  /// The catalog's `<rule>`s, parsed once.
  package let rules: PhraseRules
  /// The catalog's analyser: the language's profile plus the catalog's skip words.
  package let analyzer: TextAnalyzer
  /// Every intent's phrase templates compiled, with the value lexicons of its slots.
  package let templates: IntentTemplates
  /// The searchable text of each intent (fields for keyword scoring, texts to embed): kept
  /// when the catalog was compiled here; a catalog read from its index file has only the
  /// keyword index built from them and makes them again when asked (`documents`).
  let builtDocuments: [IntentDocument]?
  package let keywordIndex: KeywordIndex
  /// What the request's entities are against what each intent acts on.
  package let affinity: EntityAffinity
  /// Samples of the catalog's negative phrases, embedded by the ranker when it has vectors.
  package let negativeSamples: [String]
  /// Whether the catalog's phrases are a template grammar (at least half of its discoverable
  /// intents have a phrase with alternatives, optional parts, rules or slots), as the Home
  /// Assistant catalogs are: such a catalog keeps the shipped calibration and the keyword and
  /// embedding settings it was fitted with (`KeywordIndex.Configuration.grammar`, no
  /// centroid blend); docs/RANKING.md.
  package let isGrammar: Bool

  /// See `isGrammar`. - Complexity: O(phrases).
  package static func isGrammar(_ catalog: Catalog, language: String) -> Bool {
    let intents = catalog.intents.filter(\.isDiscoverable)
    let withGrammar = intents.filter { intent in
      intent.phrases.resolved(for: language).contains { (try? PhraseTemplate.parse($0))?.isLiteral == false }
    }
    return !intents.isEmpty && withGrammar.count * 2 >= intents.count
  }

  /// The keyword settings a catalog is compiled with: settings the user left at their
  /// defaults follow the catalog's shape (`KeywordIndex.Configuration.grammar`).
  static func keywordSettings(_ keyword: KeywordIndex.Configuration, isGrammar: Bool) -> KeywordIndex.Configuration {
    isGrammar && keyword == KeywordIndex.Configuration() ? .grammar : keyword
  }

  /// Compiles `catalog` for `language` (nil: its default language).
  package init(catalog: Catalog, language: String? = nil, keyword: KeywordIndex.Configuration = KeywordIndex.Configuration()) {
    let language = language ?? catalog.defaultLanguage
    self.catalog = catalog
    self.language = language
    let (rules, analyzer) = Self.rulesAndAnalyzer(of: catalog, language: language)
    self.rules = rules
    self.analyzer = analyzer
    let isGrammar = Self.isGrammar(catalog, language: language)
    self.isGrammar = isGrammar
    let keyword = Self.keywordSettings(keyword, isGrammar: isGrammar)
    // The templates and the keyword side share only the (immutable) catalog, rules and
    // analyser: they are built side by side.
    let (templates, (documents, keywordIndex)) = sideBySide {
      IntentTemplates(catalog: catalog, language: language, analyzer: analyzer, rules: rules)
    } _: {
      let documents = Self.documents(of: catalog, language: language, rules: rules)
      return (documents, KeywordIndex(documents: documents, analyzer: analyzer, configuration: keyword))
    }
    self.templates = templates
    self.builtDocuments = documents
    self.keywordIndex = keywordIndex
    affinity = EntityAffinity(catalog: catalog, templates: templates, analyzer: analyzer)
    negativeSamples = catalog.negativePhrases.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
      .flatMap { $0.samples(rules: rules.template(named:), slotText: { _ in "" }, limit: 4) }
  }

  /// The parts as compiled, or as read back from an index file (`CompiledCatalog+Binary`).
  init(
    catalog: Catalog, language: String, rules: PhraseRules, analyzer: TextAnalyzer, templates: IntentTemplates,
    documents: [IntentDocument]?, keywordIndex: KeywordIndex, affinity: EntityAffinity, negativeSamples: [String], isGrammar: Bool
  ) {
    self.catalog = catalog
    self.language = language
    self.rules = rules
    self.analyzer = analyzer
    self.templates = templates
    self.builtDocuments = documents
    self.keywordIndex = keywordIndex
    self.affinity = affinity
    self.negativeSamples = negativeSamples
    self.isGrammar = isGrammar
  }

  /// The catalog's `<rule>`s and analyser for `language`, as every compiled catalog of it
  /// starts from: the rules parsed, the catalog's skip words expanded through them.
  static func rulesAndAnalyzer(of catalog: Catalog, language: String) -> (PhraseRules, TextAnalyzer) {
    let rules = PhraseRules(catalog: catalog, language: language)
    let skipWords = catalog.skipWords.resolved(for: language).compactMap { try? PhraseTemplate.parse($0) }
      .flatMap { $0.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64) }
    return (rules, TextAnalyzer(language: language, skipWords: skipWords))
  }

  /// The searchable text of each intent, in catalog order.
  /// - Complexity: linear in the catalog's text and its templates' vocabulary.
  static func documents(of catalog: Catalog, language: String, rules: PhraseRules) -> [IntentDocument] {
    // Chunks of intents on every core, each with its own cache of template vocabularies.
    concurrentMap(Array(catalog.intents.indices), chunkSize: 64) { chunk in
      let vocabularyCache = PhraseTemplate.VocabularyCache()
      return chunk.map {
        IntentDocument(intent: catalog.intents[$0], index: $0, catalog: catalog, language: language, rules: rules, vocabularyCache: vocabularyCache)
      }
    }
  }

  /// Whether the catalog was read from its index file (`stored`) rather than compiled here.
  package var isReadFromIndexFile: Bool { builtDocuments == nil }

  /// The searchable text of each intent (fields for keyword scoring, texts to embed); built
  /// again when the catalog was read from its index file.
  package var documents: [IntentDocument] {
    builtDocuments ?? Self.documents(of: catalog, language: language, rules: rules)
  }

  /// The sentences the index file embeds, intent by intent (`IntentDocument.embeddingTexts`,
  /// phrase samples delexicalised by the templates' value lexicons).
  package func embeddingTexts() -> [(intent: Int, kind: String, text: String)] {
    let applicationName = catalog.app.name?.resolved(for: language) ?? ""
    // Intent by intent on every core (delexicalising template samples is the costly part).
    return concurrentMap(documents) { document in
      document.embeddingTexts(applicationName: applicationName, rules: rules, delexicalize: templates.delexicalize).map {
        (intent: document.intentIndex, kind: $0.kind, text: $0.text)
      }
    }.flatMap { $0 }
  }

  /// Analyses `request` once for ranking and filling (`reading`: the language detector's
  /// reading of it, when already made).
  package func analyze(_ request: String, reading: LanguageDetector.Reading? = nil) -> AnalyzedRequest {
    templates.analyze(request, language: language, knows: keywordIndex.knows, reading: reading)
  }

  /// How many of the request's words this language's vocabulary knows
  /// (`IntentTemplates.knownWords`): the catalog's evidence that the request is written in it.
  package func knownWords(in request: String) -> Int {
    IntentTemplates.knownWords(in: templates.analyzer.tokens(request), knows: keywordIndex.knows)
  }
}
