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

  /// The kind of `compiled`: `grammar` when its phrases are a template grammar; else
  /// `phrases` when at least half of the discoverable intents have phrases in the catalog
  /// language, else `descriptions` when at least half have a description, else `titles`.
  /// - Complexity: O(intents).
  package init(_ compiled: CompiledCatalog) {
    hasEntityInstances = compiled.catalog.entities.contains { !$0.instances.isEmpty }
    guard !compiled.isGrammar else {
      kind = .grammar
      return
    }
    let intents = compiled.catalog.intents.filter(\.isDiscoverable)
    let half = max(1, (intents.count + 1) / 2)
    let withPhrases = intents.count { !$0.phrases.resolved(for: compiled.language).isEmpty }
    let withDescriptions = intents.count { !($0.description?.resolved(for: compiled.language).isEmpty ?? true) }
    kind = withPhrases >= half ? .phrases : (withDescriptions >= half ? .descriptions : .titles)
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
