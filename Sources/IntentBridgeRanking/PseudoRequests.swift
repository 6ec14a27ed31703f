import IntentBridgeCatalog
import IntentBridgeText

/// Requests made of a catalog itself, to fit its confidence (`ConfidenceFitter`) when its
/// index is built, without any labelled data:
/// - **samples of phrase templates** (slots filled with the catalog's own values), with a
///   word dropped or two neighbours swapped now and then, as people say them;
/// - **literal example phrases, held out**: each is ranked against the catalog without it
///   (`fold`: the examples of every intent are split into two folds, and each fold's are
///   ranked by a catalog compiled without them), as a real request the catalog has not seen;
/// - **descriptions, titles and keywords** of intents that have no phrases, with about half
///   of their words dropped (requests share some words with a tool's description, rarely
///   all of them);
/// - **off-domain requests** (`OffDomainSamples`), which no intent should answer.
/// `ConfidenceFitter` also ranks each in-domain request with its own intent left out: a
/// request near the catalog's domain that no remaining intent answers.
///
/// Deterministic: the same catalog and seed give the same requests.
/// - Complexity: O(intents × phrases × samples), capped by `limit`.
package struct PseudoRequest: Sendable, Hashable {
  package enum Source: String, Sendable, Hashable {
    case template, example, description, title, keywords, offDomain
  }

  package var text: String
  /// The intent it stands for; nil for off-domain requests.
  package var intent: Int?
  /// For held-out examples: the fold whose catalog lacks this example.
  package var fold: Int?
  package var source: Source
}

package enum PseudoRequests {
  /// How many folds literal examples are split into (folds `0..<folds`); intents without
  /// phrases are split into as many more (`folds..<2 × folds`), whose catalogs lack those
  /// intents' titles, descriptions and keywords.
  package static let folds = 2

  /// The pseudo-requests of `compiled`, at most `perIntent` per intent and `limit` in all
  /// (default: fewer for big catalogs, `defaultLimit`), from intents drawn evenly when there
  /// are more than the limit, plus up to `offDomain` off-domain requests, most of them in the
  /// catalog's language.
  package static func make(
    compiled: CompiledCatalog, perIntent: Int = 6, limit: Int? = nil, offDomain: Int = 120, seed: UInt64 = 0x1B
  ) -> [PseudoRequest] {
    let catalog = compiled.catalog
    let language = compiled.language
    var random = SeededRandom(seed: seed)
    var discoverable = catalog.intents.indices.filter { catalog.intents[$0].isDiscoverable }
    let limit = limit ?? defaultLimit(intents: discoverable.count)
    if discoverable.count > limit { discoverable = discoverable.shuffled(using: &random).prefix(limit).sorted() }
    let budget = max(1, min(perIntent, limit / max(1, discoverable.count)))
    // Large catalogs: every intent gets at least one request while the limit lasts.
    var out: [PseudoRequest] = []
    let vocabulary = fillerWords(catalog, language: language)
    let context = OffDomainSamples.contentWords(for: language)
    for index in discoverable {
      var mine: [PseudoRequest] = []
      let intent = catalog.intents[index]
      var phrases = intent.phrases.resolved(for: language)
      for shortcut in catalog.appShortcuts where shortcut.intent == intent.id { phrases += shortcut.phrases.resolved(for: language) }
      let parsed = phrases.compactMap { try? PhraseTemplate.parse($0) }
      var literalCount = 0
      for template in parsed {
        if template.isLiteral {
          mine.append(PseudoRequest(text: template.source, intent: index, fold: literalCount % folds, source: .example))
          literalCount += 1
        } else {
          let values = slotValues(intent, catalog: catalog, language: language, random: &random, filler: vocabulary)
          for sample in template.samples(
            rules: compiled.rules.template(named:), slotText: { values[$0] ?? "" }, applicationName: appName(catalog, language), limit: 2)
          {
            mine.append(PseudoRequest(text: perturb(sample, random: &random, strength: 0.25), intent: index, fold: nil, source: .template))
          }
        }
      }
      if parsed.isEmpty {
        // Half of them ranked against the catalog as it is, half against one that lacks
        // the intent's texts: requests share some words with them, seldom all.
        let heldOut = folds + index % folds
        // Requests also name things the catalog does not know ("a paper on quantum
        // computing"): a few words from elsewhere go in.
        func request(_ text: String) -> String { withContext(text, words: context, random: &random) }
        if let description = intent.description?.resolved(for: language), !description.isEmpty {
          mine.append(
            PseudoRequest(text: request(dropWords(description, keep: 0.6, random: &random)), intent: index, fold: nil, source: .description))
          mine.append(
            PseudoRequest(text: request(dropWords(description, keep: 0.6, random: &random)), intent: index, fold: heldOut, source: .description))
        }
        let title = intent.title.resolved(for: language)
        mine.append(PseudoRequest(text: request(title), intent: index, fold: nil, source: .title))
        mine.append(PseudoRequest(text: request(title), intent: index, fold: heldOut, source: .title))
        let keywords = intent.searchKeywords.resolved(for: language)
        if keywords.count >= 2 {
          mine.append(
            PseudoRequest(
              text: request(keywords.shuffled(using: &random).prefix(2).joined(separator: " ")), intent: index, fold: heldOut, source: .keywords))
        }
      }
      mine = Array(Set(mine)).sorted { ($0.source.rawValue, $0.text) < ($1.source.rawValue, $1.text) }
      out += mine.shuffled(using: &random).prefix(budget)
      if out.count >= limit { break }
    }
    out += OffDomainSamples.requests(for: language, count: offDomain, random: &random).map {
      PseudoRequest(text: $0, intent: nil, fold: nil, source: .offDomain)
    }
    return out
  }

  /// 900 in-domain requests, fewer for catalogs of over 330 intents (at least 250): each is
  /// ranked twice per signal choice when the index is built.
  package static func defaultLimit(intents: Int) -> Int { max(250, min(900, 300_000 / max(1, intents))) }

  /// `catalog` without what fold `fold`'s pseudo-requests were made of: the literal examples
  /// of the fold (`fold < folds`), or the titles, descriptions and keywords of the fold's
  /// intents that have no phrases.
  package static func catalog(_ catalog: Catalog, without fold: Int, language: String) -> Catalog {
    var copy = catalog
    if fold >= folds {
      for i in copy.intents.indices where i % folds == fold - folds && copy.intents[i].phrases.resolved(for: language).isEmpty {
        copy.intents[i].title = LocalizedText("", language: language)
        copy.intents[i].description = nil
        copy.intents[i].categoryName = nil
        copy.intents[i].searchKeywords = .empty
      }
      return copy
    }
    for i in copy.intents.indices {
      var literal = 0
      let kept = copy.intents[i].phrases.filtered(for: language) { phrase in
        guard let template = try? PhraseTemplate.parse(phrase), template.isLiteral else { return true }
        defer { literal += 1 }
        return literal % folds != fold
      }
      copy.intents[i].phrases = kept
    }
    return copy
  }

  static func appName(_ catalog: Catalog, _ language: String) -> String {
    catalog.app.name?.resolved(for: language) ?? "app"
  }

  /// A value for each slot of the intent: an enum case or entity instance title, a number, a
  /// date word, or a couple of words from elsewhere in the catalog for free text.
  static func slotValues(
    _ intent: Intent, catalog: Catalog, language: String, random: inout SeededRandom, filler: [String]
  ) -> [String: String] {
    var values: [String: String] = [:]
    for parameter in intent.parameters {
      switch parameter.type {
      case .enumeration(let id):
        let cases = catalog.enumType(id: id)?.cases ?? []
        if let c = cases.randomElement(using: &random) { values[parameter.name] = c.title?.resolved(for: language) ?? c.value }
      case .entity(let id):
        let instances = catalog.entityType(id: id)?.instances ?? []
        if let instance = instances.randomElement(using: &random) { values[parameter.name] = instance.title?.resolved(for: language) ?? instance.id }
      case .integer, .number, .duration, .measurement, .currency:
        let low = Int(parameter.minimum ?? 1)
        let high = Int(parameter.maximum ?? 60)
        values[parameter.name] = String(low < high ? Int.random(in: low...high, using: &random) : low)
      default:
        values[parameter.name] = (0..<2).compactMap { _ in filler.randomElement(using: &random) }.joined(separator: " ")
      }
    }
    return values
  }

  /// Content words of the catalog's titles, for free-text slots (sorted, deduplicated).
  static func fillerWords(_ catalog: Catalog, language: String) -> [String] {
    let words = catalog.intents.flatMap { $0.title.resolved(for: language).split(separator: " ").map { $0.lowercased() } }
    let list = Set(words.filter { $0.count >= 4 }).sorted()
    return list.isEmpty ? ["item"] : list
  }

  /// With probability `strength` each: drop one word, swap two neighbours.
  static func perturb(_ text: String, random: inout SeededRandom, strength: Double) -> String {
    var words = text.split(separator: " ").map(String.init)
    if words.count >= 4, Double.random(in: 0..<1, using: &random) < strength { words.remove(at: Int.random(in: 0..<words.count, using: &random)) }
    if words.count >= 3, Double.random(in: 0..<1, using: &random) < strength {
      let i = Int.random(in: 0..<(words.count - 1), using: &random)
      words.swapAt(i, i + 1)
    }
    return words.joined(separator: " ")
  }

  /// `text` with one to three of `words` inserted at random places.
  static func withContext(_ text: String, words: [String], random: inout SeededRandom) -> String {
    var (out, separator) = units(text)
    guard !words.isEmpty else { return text }
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      out.insert(words[Int.random(in: 0..<words.count, using: &random)], at: Int.random(in: 0...out.count, using: &random))
    }
    return out.joined(separator: separator)
  }

  /// About `keep` of the words, in their order; at least two when there are two.
  static func dropWords(_ text: String, keep: Double, random: inout SeededRandom) -> String {
    let (words, separator) = units(text)
    guard words.count > 3 else { return words.joined(separator: separator) }
    var kept = words.filter { _ in Double.random(in: 0..<1, using: &random) < keep }
    if kept.count < 2 { kept = Array(words.prefix(2)) }
    return kept.joined(separator: separator)
  }

  /// The words of `text`, and what joins them again: a space, or nothing for text written
  /// without spaces (Chinese, Japanese), whose "words" are then runs of two characters.
  static func units(_ text: String) -> (units: [String], separator: String) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    guard words.count <= 1, let only = words.first, only.unicodeScalars.contains(where: { $0.value >= 0x3040 }) else { return (words, " ") }
    let characters = Array(only)
    return (stride(from: 0, to: characters.count, by: 2).map { String(characters[$0..<min($0 + 2, characters.count)]) }, "")
  }
}

extension PhraseTemplate {
  /// Whether the template is plain text: no alternatives, optional parts, slots, rules or
  /// application name (an example request rather than a grammar).
  package var isLiteral: Bool {
    func literal(_ node: Node) -> Bool {
      switch node {
      case .text: true
      case .sequence(let nodes): nodes.allSatisfy(literal)
      default: false
      }
    }
    return literal(root)
  }
}
