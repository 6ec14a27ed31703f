import IntentBridgeCatalog
import IntentBridgeJSON

/// Model-facing descriptions: the intent's own text enriched with what a model needs to call
/// it well, always within `limit` characters (clients truncate tool descriptions there).
///
/// Tool description, in this order (each part only when the catalog has it, later parts
/// dropped first when space runs out):
///
///     Creates a new note with a title and optional body.
///     Usage: Add note <title> to <folder>
///     Keywords: note, write, jot down.
///
/// Property description: the parameter's description (or title), then for enums
/// `Values: "high" (High; also "important", "urgent"), …` when cases have titles or
/// synonyms, for entities `Give the id of a Note, e.g. "note-1" (Groceries), …`, for value
/// synonyms `Words: "max" = 100`, and units or currencies where they apply.
public struct ToolDescription: Sendable {
  /// The longest description, in characters: later parts are dropped first, and a first part
  /// that is longer still is cut to end with "…".
  public static let limit = 2048
  /// How many entity instances a property description lists at most.
  public static let instanceListLimit = 20

  let catalog: Catalog
  let language: String?

  /// Descriptions of `catalog`'s intents and parameters in `language` (nil: the catalog's default
  /// language).
  public init(catalog: Catalog, language: String?) {
    self.catalog = catalog
    self.language = language
  }

  /// The tool description of `intent` as above, at most `limit` characters.
  public func toolDescription(for intent: Intent) -> String {
    var base = (intent.description ?? intent.title).resolved(for: language)
    if base.count > Self.limit { base = String(base.prefix(Self.limit - 1)) + "…" }
    var parts = [base]
    if let summary = intent.parameterSummary {
      parts.append("Usage: " + renderSummary(summary.resolved(for: language)))
    }
    let keywords = intent.searchKeywords.resolved(for: language)
    if !keywords.isEmpty {
      parts.append("Keywords: " + keywords.joined(separator: ", ") + ".")
    }
    return join(parts)
  }

  /// `${name}` → `<name>`; the rest of the summary verbatim.
  func renderSummary(_ summary: String) -> String {
    guard let template = try? PhraseTemplate.parse(summary) else { return summary }
    func render(_ node: PhraseTemplate.Node) -> String {
      switch node {
      case .text(let t): return t
      case .sequence(let nodes): return nodes.map(render).joined()
      case .alternatives(let nodes): return nodes.count == 1 ? render(nodes[0]) : "(" + nodes.map(render).joined(separator: "|") + ")"
      case .optional(let inner): return "[" + render(inner) + "]"
      case .slot(let name): return "<\(name)>"
      case .applicationName: return catalog.app.name?.resolved(for: language) ?? "the app"
      case .rule(let name): return "<\(name)>"
      }
    }
    return render(template.root)
  }

  /// The property description of `parameter` as above (empty when the catalog says nothing of it),
  /// at most `limit` characters.
  public func propertyDescription(for parameter: Parameter) -> String {
    var parts: [String] = []
    if let description = parameter.description?.resolved(for: language) ?? parameter.title?.resolved(for: language) {
      parts.append(description)
    }
    switch parameter.type {
    case .enumeration(let id):
      if let enumType = catalog.enumType(id: id), let values = enumValues(enumType) { parts.append(values) }
    case .entity(let id):
      if let entity = catalog.entityType(id: id), let hint = entityHint(entity) { parts.append(hint) }
    case .duration:
      parts.append("Duration in seconds.")
    case .measurement:
      if let unit = parameter.unit?.defaultUnit { parts.append("Value in \(unit).") }
    case .currency:
      if parameter.currencyCodes.count == 1 { parts.append("Amount in \(parameter.currencyCodes[0]).") }
    default: break
    }
    if !parameter.valueSynonyms.isEmpty {
      let words = parameter.valueSynonyms.flatMap { synonym in
        readable(synonym.synonyms.resolved(for: language), excluding: []).map { "\"\($0)\" = \(synonym.value.compactText)" }
      }
      if !words.isEmpty { parts.append("Words: " + words.joined(separator: ", ") + ".") }
    }
    return join(parts)
  }

  private func enumValues(_ enumType: EnumType) -> String? {
    let described = enumType.cases.contains { c in
      (c.title.map { $0.resolved(for: language) != c.value } ?? false) || !c.synonyms.resolved(for: language).isEmpty
    }
    guard described else { return nil }
    let items = enumType.cases.map { c -> String in
      var details: [String] = []
      if let title = c.title?.resolved(for: language), title != c.value { details.append(title) }
      let title = c.title?.resolved(for: language)
      let synonyms = readable(c.synonyms.resolved(for: language), excluding: [c.value, title].compactMap { $0 })
      if !synonyms.isEmpty { details.append("also " + synonyms.map { "\"\($0)\"" }.joined(separator: ", ")) }
      return details.isEmpty ? "\"\(c.value)\"" : "\"\(c.value)\" (\(details.joined(separator: "; ")))"
    }
    return "Values: " + items.joined(separator: ", ") + "."
  }

  /// Synonym templates as people read them: optional parts left out, alternatives as `a/b`
  /// (`"low [priority]"` → `low`, `"(closed|shut)"` → `closed/shut`); duplicates and words
  /// equal to `excluding` (case-insensitive) dropped, order kept.
  func readable(_ templates: [String], excluding: [String]) -> [String] {
    var seen = Set(excluding.map { $0.lowercased() })
    var out: [String] = []
    for source in templates {
      guard let template = try? PhraseTemplate.parse(source) else { continue }
      let text = render(template.root, depth: 0).split(separator: " ").joined(separator: " ")
      if !text.isEmpty, seen.insert(text.lowercased()).inserted { out.append(text) }
    }
    return out
  }

  private func render(_ node: PhraseTemplate.Node, depth: Int) -> String {
    switch node {
    case .text(let t): return t
    case .sequence(let nodes): return nodes.map { render($0, depth: depth) }.joined()
    case .alternatives(let nodes): return nodes.map { render($0, depth: depth) }.filter { !$0.isEmpty }.joined(separator: "/")
    case .optional: return ""
    case .slot(let name): return "<\(name)>"
    case .applicationName: return catalog.app.name?.resolved(for: language) ?? "the app"
    case .rule(let name):
      // Rule cycles are catalog errors; the depth bound keeps a hand-built catalog safe too.
      guard depth < 16, let rule = catalog.phraseRule(named: name)?.resolved(for: language),
        let template = try? PhraseTemplate.parse(rule)
      else {
        return "<\(name)>"
      }
      return render(template.root, depth: depth + 1)
    }
  }

  private func entityHint(_ entity: EntityType) -> String? {
    let kind = entity.title?.resolved(for: language) ?? entity.id
    guard !entity.instances.isEmpty else { return "The id of a \(kind)." }
    let shown = entity.instances.prefix(Self.instanceListLimit).map { instance -> String in
      let title = instance.title?.resolved(for: language)
      return title.map { $0 == instance.id ? "\"\(instance.id)\"" : "\"\(instance.id)\" (\($0))" } ?? "\"\(instance.id)\""
    }
    let more = entity.instances.count > Self.instanceListLimit ? ", … (\(entity.instances.count - Self.instanceListLimit) more)" : ""
    return "The id of a \(kind), e.g. " + shown.joined(separator: ", ") + more + "."
  }

  /// Joins parts with newlines, dropping trailing parts that would exceed the limit.
  private func join(_ parts: [String]) -> String {
    var out = ""
    for part in parts where !part.isEmpty {
      let candidate = out.isEmpty ? part : out + "\n" + part
      if candidate.count > Self.limit {
        if out.isEmpty { return String(part.prefix(Self.limit - 1)) + "…" }
        break
      }
      out = candidate
    }
    return out
  }
}
