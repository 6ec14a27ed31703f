import IntentBridgeCatalog

/// What a catalog gives its intents to be found by, which decides how much the transformer
/// encoder should lead the ranking (docs/RANKING.md, "The transformer encoder"):
///
/// - `grammar`: phrase templates with slots and alternatives (Home Assistant style): the
///   template matcher leads, all signals stay;
/// - `phrases`: literal example phrases for most intents: the encoder alone ranks best;
/// - `titles`: titles (and categories) only: the encoder alone ranks best;
/// - `descriptions`: a description but no phrases for most intents (tool lists): keywords
///   find names and rare words the encoder misses, so all signals stay.
///
/// A catalog with entity instances (device and area names) keeps all signals whatever its
/// kind: the names are matched by keywords and entity affinity, which the encoder alone does
/// not use (Home Assistant's Finnish `examples` catalog: answered 48.4 % by the encoder
/// alone, 54.5 % with every signal).
///
///     CatalogEvidence(compiled).kind      // .phrases for CLINC150 examples5
package struct CatalogEvidence: Sendable, Equatable {
  package enum Kind: String, Sendable {
    case grammar
    case phrases
    case titles
    case descriptions
  }

  package let kind: Kind
  /// Whether some entity type of the catalog lists instances.
  package let hasEntityInstances: Bool
  /// The characters of catalog text up to which `--encoder auto` takes the transformer: about
  /// four times Seal-Tools' 4,076 tools (273,000 characters, indexed in about 45 seconds on
  /// two cores). The encoder's cost grows with the texts' length, so a catalog of longer
  /// texts would take minutes to index on first use (1,500 tools of 1,650-character
  /// descriptions: more than five minutes); it keeps the static model.
  package static let transformerCharacterBudget = 1_000_000

  /// The kind of `compiled`: `grammar` when its phrases are a template grammar; else
  /// `phrases` when at least half of the discoverable intents have phrases in the catalog
  /// language, else `descriptions` when at least half have a description, else `titles`.
  /// - Complexity: O(intents).
  package init(_ compiled: CompiledCatalog) {
    self.init(compiled.catalog, language: compiled.language, isGrammar: compiled.isGrammar)
  }

  /// The same for `catalog` in `language` before it is compiled (e.g. to choose the encoder
  /// it is indexed with). - Complexity: O(phrases), each template parsed once.
  package init(_ catalog: Catalog, language: String) {
    self.init(catalog, language: language, isGrammar: CompiledCatalog.isGrammar(catalog, language: language))
  }

  private init(_ catalog: Catalog, language: String, isGrammar: Bool) {
    hasEntityInstances = catalog.entities.contains { !$0.instances.isEmpty }
    guard !isGrammar else {
      kind = .grammar
      return
    }
    let intents = catalog.intents.filter(\.isDiscoverable)
    let half = max(1, (intents.count + 1) / 2)
    let withPhrases = intents.count { !$0.phrases.resolved(for: language).isEmpty }
    let withDescriptions = intents.count { !($0.description?.resolved(for: language).isEmpty ?? true) }
    kind = withPhrases >= half ? .phrases : (withDescriptions >= half ? .descriptions : .titles)
  }

  /// Whether the transformer encoder ranks this catalog better than the static model, as
  /// measured on the development sets (docs/RANKING.md, "Choosing the encoder"): catalogs of
  /// phrases, titles or descriptions without entity instances (CLINC150, xSID, MetaTool,
  /// Seal-Tools). Template grammars rank as well with the static model, which refuses more
  /// off-domain requests (Home Assistant German templates 92.7 % against 88.0 %), and
  /// catalogs with entity instances gain in some languages and lose in others (Home Assistant
  /// `none` English answered 65.0 → 69.5 %, Finnish 22.0 → 19.6 %), so both keep the static
  /// model. `IntentEngine.Options.Embedding.automatic` chooses by it (`autoChoosesTransformer`).
  package var transformerRanksBetter: Bool { kind != .grammar && !hasEntityInstances }

  /// What `--encoder auto` takes for `catalog` in `language`: the transformer where it ranks
  /// better and the catalog's texts are within `transformerCharacterBudget`.
  /// - Complexity: O(phrases), each template parsed once; the characters counted up to the budget.
  package static func autoChoosesTransformer(_ catalog: Catalog, language: String) -> Bool {
    CatalogEvidence(catalog, language: language).transformerRanksBetter && !exceedsTransformerBudget(catalog, language: language)
  }

  /// Whether the texts of `catalog` in `language` (titles, descriptions and phrases of its
  /// discoverable intents) exceed `transformerCharacterBudget` characters. Counted only when
  /// the encoder is chosen, not each time the evidence is read.
  /// - Complexity: O(characters counted), at most the budget plus one text.
  package static func exceedsTransformerBudget(_ catalog: Catalog, language: String) -> Bool {
    var characters = 0
    for intent in catalog.intents where intent.isDiscoverable {
      characters += intent.title.resolved(for: language).count + (intent.description?.resolved(for: language).count ?? 0)
      for phrase in intent.phrases.resolved(for: language) {
        characters += phrase.count
        if characters > transformerCharacterBudget { return true }
      }
      if characters > transformerCharacterBudget { return true }
    }
    return false
  }

  /// Whether the transformer encoder alone should rank (signals `embedding`) rather than
  /// fused with keywords and templates, as measured on the development sets: phrases or
  /// titles, and no entity instances.
  package var encoderLeads: Bool { (kind == .phrases || kind == .titles) && !hasEntityInstances }

  /// The factor of the keyword weight when the transformer encoder ranks fused with keywords
  /// (`RankingConfiguration.keywordScale`): a fifth on a tool list of descriptions without
  /// entity instances, 1 elsewhere. The transformer's cosines of a request with every tool
  /// lie close together, so at the static model's weight the keywords decide nearly alone;
  /// fused at a fifth they break the encoder's near-ties (names, rare words). Measured
  /// (docs/RANKING.md, "The transformer encoder"), R@1 / R@5: MetaTool 44.0 / 64.3 at 1,
  /// 48.2 / 68.3 at a fifth, 49.4 / 69.8 at a tenth, 40.2 / 59.9 without keywords; Seal-Tools
  /// (typed tools, whose names count more) 92.0 / 97.5 at 1, 92.5 / 97.0 at a fifth, 89.5 /
  /// 97.0 at a tenth. Catalogs with entity instances lose with less: the names are matched
  /// by keywords (Home Assistant `examples` en answered 80.3 → 73.6 % at a fifth).
  package var transformerKeywordScale: Double { kind == .descriptions && !hasEntityInstances ? 0.2 : 1 }
}
