import IntentBridgeEngine
import IntentBridgeText

/// Finds what keeps requests from their intents: colliding metadata, intents never ranked
/// first, words misrouted requests use that the right intent lacks, missing translations.
///
/// Thresholds (documented in docs/EVAL.md): a pair collides at keyword cosine ≥
/// `keywordCollision` or embedding cosine ≥ `embeddingCollision`; a word is suggested when at
/// least `minimumWordRequests` misrouted requests of the intent use it.
public struct DiscoverabilityAdvisor: Sendable {
  /// A pair collides at a keyword (TF-IDF) cosine at least this (default 0.5).
  public var keywordCollision = 0.5
  /// A pair collides at an embedding cosine of the intents' mean vectors at least this (default
  /// 0.92).
  public var embeddingCollision = 0.92
  /// How many misrouted requests of an intent must use a word for it to be suggested (default 2).
  public var minimumWordRequests = 2
  /// The most collisions listed (default 20).
  public var maximumCollisions = 20
  /// The most suggested words listed (default 30).
  public var maximumSuggestions = 30

  /// An advisor with the thresholds of docs/EVAL.md.
  public init() {}

  /// - Parameters:
  ///   - engines: the engine per catalog language used for the rows (same catalog).
  ///   - rows: the labelled requests with the outcome of the advised mode and the language
  ///     they were evaluated in.
  /// - Complexity: O(intents² × terms) for collisions, O(rows × request terms) for words.
  public func advise(
    catalog: Catalog, engines: [String: IntentEngine], rows: [(request: LabelledRequest, outcome: RowOutcome, language: String)],
    mode: String, requestLanguages: [String]
  ) -> DiscoverabilityAdvice {
    var advice = DiscoverabilityAdvice(mode: mode)
    let discoverable = catalog.intents.indices.filter { catalog.intents[$0].isDiscoverable }
    // Confusion counts between intent pairs (either direction).
    var confused: [Set<String>: Int] = [:]
    for row in rows {
      if let expected = row.request.intent.primary, let predicted = row.outcome.predicted, !row.request.intent.accepts(predicted) {
        confused[[expected, predicted], default: 0] += 1
      }
    }
    if let language = engines.keys.sorted().first, let engine = engines[language] {
      advice.collisions = collisions(catalog: catalog, engine: engine, discoverable: discoverable, confused: confused)
    }
    // Never ranked first / unlabelled.
    var expectedCount: [String: Int] = [:]
    var predictedCount: [String: Int] = [:]
    var wentTo: [String: [String?: Int]] = [:]
    for row in rows {
      if let expected = row.request.intent.primary {
        expectedCount[expected, default: 0] += 1
        if !row.request.intent.accepts(row.outcome.predicted) { wentTo[expected, default: [:]][row.outcome.predicted, default: 0] += 1 }
      }
      if let predicted = row.outcome.predicted { predictedCount[predicted, default: 0] += 1 }
    }
    for index in discoverable {
      let id = catalog.intents[index].id
      guard let count = expectedCount[id] else {
        advice.unlabelledIntents.append(id)
        continue
      }
      if predictedCount[id] == nil {
        let targets = (wentTo[id] ?? [:]).sorted { $0.value != $1.value ? $0.value > $1.value : ($0.key ?? "\u{10FFFF}") < ($1.key ?? "\u{10FFFF}") }
        advice.neverRankedFirst.append(.init(intent: id, expectedRequests: count, wentTo: targets.prefix(3).map(\.key)))
      }
    }
    advice.suggestedWords = suggestedWords(catalog: catalog, engines: engines, rows: rows)
    advice.missingTranslations = missingTranslations(catalog: catalog, discoverable: discoverable, requestLanguages: requestLanguages)
    return advice
  }

  static let comparedFields: Set<IntentTextField> = [.title, .phrases, .keywords, .description]

  func collisions(catalog: Catalog, engine: IntentEngine, discoverable: [Int], confused: [Set<String>: Int]) -> [DiscoverabilityAdvice.Collision] {
    let termWeights = engine.termWeights(in: Self.comparedFields)
    let norms = termWeights.map { $0.values.reduce(0) { $0 + $1 * $1 }.squareRoot() }
    let centroids = engine.intentCentroids()
    var found: [DiscoverabilityAdvice.Collision] = []
    for (position, a) in discoverable.enumerated() {
      for b in discoverable[(position + 1)...] {
        var dot = 0.0
        let (small, large) = termWeights[a].count <= termWeights[b].count ? (termWeights[a], termWeights[b]) : (termWeights[b], termWeights[a])
        for (term, weight) in small { dot += weight * (large[term] ?? 0) }
        let keyword = norms[a] > 0 && norms[b] > 0 ? dot / (norms[a] * norms[b]) : 0
        var embedding: Double?
        if let centroids {
          var sum: Float = 0
          for i in centroids[a].indices { sum += centroids[a][i] * centroids[b][i] }
          embedding = Double(sum)
        }
        guard keyword >= keywordCollision || (embedding ?? 0) >= embeddingCollision else { continue }
        let ids = (catalog.intents[a].id, catalog.intents[b].id)
        found.append(
          .init(
            first: ids.0, second: ids.1, keywordSimilarity: keyword, embeddingSimilarity: embedding,
            confusedRequests: confused[[ids.0, ids.1]] ?? 0))
      }
    }
    found.sort {
      if $0.confusedRequests != $1.confusedRequests { return $0.confusedRequests > $1.confusedRequests }
      let x = max($0.keywordSimilarity, $0.embeddingSimilarity ?? 0)
      let y = max($1.keywordSimilarity, $1.embeddingSimilarity ?? 0)
      if x != y { return x > y }
      return ($0.first, $0.second) < ($1.first, $1.second)
    }
    return Array(found.prefix(maximumCollisions))
  }

  func suggestedWords(
    catalog: Catalog, engines: [String: IntentEngine], rows: [(request: LabelledRequest, outcome: RowOutcome, language: String)]
  ) -> [DiscoverabilityAdvice.SuggestedWord] {
    struct Key: Hashable {
      var intent: String
      var word: String
    }
    var counts: [Key: (requests: Int, example: String)] = [:]
    var documentTerms: [String: [Set<String>]] = [:]
    var valueTerms: [String: Set<String>] = [:]
    for (language, engine) in engines {
      documentTerms[language] = engine.termWeights(in: Set(IntentTextField.allCases)).map { Set($0.keys) }
      valueTerms[language] = Set(engine.termWeights(in: [.values]).flatMap(\.keys))
    }
    for row in rows {
      guard let expected = row.request.intent.primary, !row.request.intent.accepts(row.outcome.predicted),
        let engine = engines[row.language], let terms = documentTerms[row.language],
        let intentIndex = catalog.intents.firstIndex(where: { $0.id == expected })
      else { continue }
      let covered = Set(engine.resolvedTerms(of: row.request.query).filter { terms[intentIndex].contains($0.index) }.map(\.query))
      var seen = Set<String>()
      for token in engine.contentWords(of: row.request.query) {
        guard !covered.contains(token.term), !terms[intentIndex].contains(token.term), !(valueTerms[row.language]?.contains(token.term) ?? false),
          token.term.count > 1, token.term.contains(where: \.isLetter), seen.insert(token.term).inserted
        else { continue }
        let key = Key(intent: expected, word: token.folded)
        counts[key] = ((counts[key]?.requests ?? 0) + 1, counts[key]?.example ?? row.request.query)
      }
    }
    return counts.filter { $0.value.requests >= minimumWordRequests }
      .map { DiscoverabilityAdvice.SuggestedWord(intent: $0.key.intent, word: $0.key.word, requests: $0.value.requests, example: $0.value.example) }
      .sorted { $0.requests != $1.requests ? $0.requests > $1.requests : ($0.intent, $0.word) < ($1.intent, $1.word) }
      .prefix(maximumSuggestions).map { $0 }
  }

  func missingTranslations(catalog: Catalog, discoverable: [Int], requestLanguages: [String]) -> [DiscoverabilityAdvice.MissingTranslation] {
    var languages = catalog.languages
    for language in requestLanguages where !languages.contains(where: { LanguageTag.equal($0, language) }) { languages.append(language) }
    var out: [DiscoverabilityAdvice.MissingTranslation] = []
    for language in languages {
      var byField: [(String, [String])] = [("title", []), ("description", []), ("phrases", []), ("searchKeywords", [])]
      for index in discoverable {
        let intent = catalog.intents[index]
        if !intent.title.hasTranslation(for: language) { byField[0].1.append(intent.id) }
        if let description = intent.description, !description.hasTranslation(for: language) { byField[1].1.append(intent.id) }
        if !intent.phrases.isEmpty, !intent.phrases.hasTranslation(for: language) { byField[2].1.append(intent.id) }
        if !intent.searchKeywords.isEmpty, !intent.searchKeywords.hasTranslation(for: language) { byField[3].1.append(intent.id) }
      }
      for (field, intents) in byField where !intents.isEmpty {
        out.append(.init(language: language, field: field, intents: intents))
      }
    }
    return out
  }
}
