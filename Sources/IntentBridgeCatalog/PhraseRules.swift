/// A catalog's `phraseRules` in one language, each parsed once: the resolver that phrase
/// templates, synonyms and skip words use for their `<rule>` references.
///
///     let rules = PhraseRules(catalog: catalog, language: "de")
///     template.expansions(rules: rules.template(named:), slotText: { _ in "" }, limit: 64)
///
/// A rule whose text does not parse resolves to nil (the validator reports it as an error).
/// - Complexity: building parses every rule once; a lookup is one dictionary access.
package struct PhraseRules: Sendable {
  private let parsed: [String: PhraseTemplate]

  package init(catalog: Catalog, language: String?) {
    var parsed: [String: PhraseTemplate] = [:]
    var seen = Set<String>()
    // The first rule of a name wins, as `Catalog.phraseRule(named:)` has it.
    for rule in catalog.phraseRules where seen.insert(rule.name).inserted {
      if let template = try? PhraseTemplate.parse(rule.text.resolved(for: language)) { parsed[rule.name] = template }
    }
    self.parsed = parsed
  }

  /// The parsed rule `name`, nil when the catalog has none of that name or it does not parse.
  package func template(named name: String) -> PhraseTemplate? { parsed[name] }
}
