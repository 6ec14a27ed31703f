import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeJSON
import IntentBridgeTemplates
import IntentBridgeText

/// Evidence from what a request's entities *are*: an entity instance's property values
/// (e.g. a device's `"domain": "vacuum"`) against the kinds of thing each intent says it acts
/// on (its title, description and keywords: "Starts a vacuum").
///
/// A *descriptor* is a property value of some instance whose words all occur in some
/// intent's text. An intent's descriptors are those its own text contains. For a request
/// that names instances of an entity type one of the intent's parameters takes:
/// - `+1` when one of those instances has a descriptor of the intent ("start Rover", Rover a
///   vacuum, "Starts a vacuum");
/// - `−1` when the intent has descriptors but none of the named instances has one of them
///   ("start Rover" for "Starts a lawn mower");
/// - `0` otherwise (generic intents such as "Turns on a device", or no instance named).
///
/// Built once per catalog and language. - Complexity: `affinities` is O(value spans of the
/// request + intents).
package struct EntityAffinity: Sendable {
  /// Per intent, its descriptors (indexes into `descriptorNames`).
  let intentDescriptors: [Set<Int>]
  /// Per intent, the lexicons of the entity types its parameters take.
  let intentLexicons: [Set<Int>]
  /// The lexicons of any intent's entity types, ascending (kept at init: `affinities` reads
  /// each one's spans on every request).
  let lexiconsInUse: [Int]
  /// Per lexicon, instance id → descriptors.
  let instanceDescriptors: [Int: [String: Set<Int>]]
  /// For explanations and tests.
  package let descriptorNames: [String]

  package init(catalog: Catalog, templates: IntentTemplates, analyzer: TextAnalyzer) {
    let words: @Sendable (String) -> [String] = { analyzer.tokens($0).filter { $0.kind != .cjkBigram }.map(\.folded) }
    // Every property value, split on commas ("cover,binary_sensor"), that names a kind of
    // thing: not a value a request fills a parameter with (an enum case: "high" priority is
    // a state, not a kind), not a reference to another instance, not a number or date.
    var excluded = Set<String>()
    for enumeration in catalog.enums {
      for enumCase in enumeration.cases {
        excluded.insert(enumCase.value.lowercased())
        for entry in enumCase.title?.entries ?? [] { excluded.insert(entry.text.lowercased()) }
        for item in enumCase.synonyms.allItems { excluded.insert(item.lowercased()) }
      }
    }
    for entity in catalog.entities { for instance in entity.instances { excluded.insert(instance.id.lowercased()) } }
    var values = Set<String>()
    for entity in catalog.entities {
      for instance in entity.instances {
        for candidate in Self.propertyValues(instance)
        where candidate.contains(where: \.isLetter) && !candidate.contains(where: \.isNumber) && !excluded.contains(candidate.lowercased()) {
          values.insert(candidate)
        }
      }
    }
    // The words of each intent's title, description and keywords (on every core), needed
    // only when there are values to look for in them.
    let intentWords: [Set<String>] =
      values.isEmpty
      ? []
      : concurrentMap(catalog.intents) { intent in
        var texts = intent.title.entries.map(\.text) + (intent.description?.entries.map(\.text) ?? [])
        texts += intent.searchKeywords.allItems
        return Set(texts.flatMap(words))
      }
    var names: [String] = []
    var descriptorIndex: [String: Int] = [:]
    var perIntent = [Set<Int>](repeating: [], count: catalog.intents.count)
    for value in values.sorted() {
      let valueWords = words(String(value.map { $0 == "_" ? " " : $0 }))
      guard !valueWords.isEmpty else { continue }
      for (i, known) in intentWords.enumerated() where valueWords.allSatisfy(known.contains) {
        let index =
          descriptorIndex[value]
          ?? {
            names.append(value)
            descriptorIndex[value] = names.count - 1
            return names.count - 1
          }()
        perIntent[i].insert(index)
      }
    }
    descriptorNames = names
    intentDescriptors = perIntent
    isEmpty = perIntent.allSatisfy(\.isEmpty)
    intentLexicons = catalog.intents.map { intent in
      Set(
        intent.parameters.compactMap { parameter in
          if case .entity = parameter.type { return templates.lexicon(for: parameter.type) }
          return nil
        })
    }
    var instances: [Int: [String: Set<Int>]] = [:]
    for entity in catalog.entities {
      guard let lexicon = templates.lexicon(for: .entity(entity.id)) else { continue }
      for instance in entity.instances {
        let set = Set(Self.propertyValues(instance).compactMap { descriptorIndex[$0] })
        if !set.isEmpty { instances[lexicon, default: [:]][instance.id] = set }
      }
    }
    instanceDescriptors = instances
    lexiconsInUse = Array(Set(intentLexicons.flatMap { $0 })).sorted()
  }

  /// An instance's string property values, split on commas and trimmed ("cover,
  /// binary_sensor" names two kinds).
  static func propertyValues(_ instance: EntityType.Instance) -> [String] {
    instance.properties.flatMap { _, value in
      (value.stringValue?.split(separator: ",") ?? []).map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    }
  }

  /// True when no intent has a descriptor (the signal is then always 0 and can be skipped).
  package let isEmpty: Bool

  /// The affinity (−1, 0, +1) of every intent for `request` (index = intent index).
  package func affinities(_ request: String, templates: IntentTemplates) -> [Int8] {
    affinities(templates.prepare(request), templates: templates)
  }

  /// `affinities` of a prepared request.
  package func affinities(_ prepared: TemplateMatcher.Prepared, templates: IntentTemplates) -> [Int8] {
    var out = [Int8](repeating: 0, count: intentDescriptors.count)
    guard !isEmpty else { return out }
    // Named instances per lexicon, with their descriptors (instances without any count too:
    // naming a lock in a "vacuum" intent's request is evidence against it).
    var named: [Int: [Set<Int>]] = [:]
    for lexicon in lexiconsInUse {
      let spans = templates.valueSpans(prepared, lexicon: lexicon)
      guard !spans.isEmpty else { continue }
      named[lexicon] = spans.map { instanceDescriptors[lexicon]?[$0.id] ?? [] }
    }
    guard !named.isEmpty else { return out }
    for i in out.indices where !intentDescriptors[i].isEmpty {
      var mentioned = false
      var matched = false
      for lexicon in intentLexicons[i] {
        guard let instances = named[lexicon] else { continue }
        mentioned = true
        if instances.contains(where: { !$0.isDisjoint(with: intentDescriptors[i]) }) { matched = true }
      }
      if matched {
        out[i] = 1
      } else if mentioned {
        out[i] = -1
      }
    }
    return out
  }
}
