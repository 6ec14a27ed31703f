import IntentBridgeJSON
import IntentBridgeText

/// `duplicate-synonym`: a synonym (or a title and a synonym) on two cases of one enum or two
/// instances of one entity type. The later item gets the warning.
///
///     notes.json: warning: synonym "crimson" of case "scarlet" of enum "Color" is also a synonym of case "red"; the value is ambiguous [duplicate-synonym]
///       at $.enums[0].cases[1].synonyms[0]
struct DuplicateSynonymRule: LintRule {
  static let rule = DiagnosticRule.duplicateSynonym
  static let info = RuleInfo.warning("one synonym on two cases makes the value ambiguous", fix: "keep the synonym on one case only")

  /// The duplicates among the cases or instances of the enum or entity type being walked, in
  /// item order, and the index of the next one to report.
  private var duplicates: [SynonymTable.Duplicate] = []
  private var next = 0

  mutating func check(_ enumType: EnumType, in context: inout LintContext) {
    duplicates = SynonymTable.duplicates(in: enumType.cases.map { ($0.title, $0.synonyms, $0.path) })
    next = 0
  }

  mutating func check(_ enumCase: EnumType.Case, at index: Int, of enumType: EnumType, in context: inout LintContext) {
    report(item: index, noun: "case", of: "enum \"\(enumType.id)\"", ambiguous: "the value", id: { enumType.cases[$0].value }, in: &context)
  }

  mutating func check(_ entity: EntityType, in context: inout LintContext) {
    duplicates = SynonymTable.duplicates(in: entity.instances.map { ($0.title, $0.synonyms, $0.path) })
    next = 0
  }

  mutating func check(_ instance: EntityType.Instance, at index: Int, of entity: EntityType, in context: inout LintContext) {
    report(
      item: index, noun: "instance", of: "entity type \"\(entity.id)\"", ambiguous: "the instance", id: { entity.instances[$0].id }, in: &context)
  }

  /// Reports the duplicates on item `index` (the `noun` with id `id(index)` of `owner`), which
  /// make `ambiguous` ambiguous.
  private mutating func report(
    item index: Int, noun: String, of owner: String, ambiguous: String, id: (Int) -> String, in context: inout LintContext
  ) {
    // The list is sorted by item.
    while next < duplicates.count && duplicates[next].item == index {
      let duplicate = duplicates[next]
      next += 1
      let (mine, other) = (id(index), id(duplicate.earlierItem))
      context.report(
        Self.self,
        "\(duplicate.kind) \"\(duplicate.text)\"\(duplicate.languageNote) of \(noun) \"\(mine)\" of \(owner) is also \(duplicate.earlierKind == "title" ? "the title" : "a synonym") of \(noun) \"\(other)\"; \(ambiguous) is ambiguous",
        hint: "keep \"\(duplicate.text)\" on one \(noun) only: remove it from \"\(mine)\" or \"\(other)\"", at: duplicate.path)
    }
  }
}

/// Finds one synonym (or title vs synonym) used on two items of one enum or entity type.
private enum SynonymTable {
  struct Duplicate {
    /// The later item, which gets the warning.
    var item: Int
    var earlierItem: Int
    /// "synonym" or "title" (of the later item), and the same for the earlier one.
    var kind: String
    var earlierKind: String
    var text: String
    var languageNote: String
    var path: JSONPath
  }

  /// Duplicates in item order, then in the order of the titles and synonyms of an item.
  /// Comparison is per language, case-insensitive, after trimming; two equal titles are not
  /// reported (that is not a synonym clash).
  static func duplicates(in items: [(title: LocalizedText?, synonyms: LocalizedTextList, path: JSONPath)]) -> [Duplicate] {
    struct Occurrence {
      var item: Int
      var isTitle: Bool
    }
    var table: [String: [Occurrence]] = [:]
    var out: [Duplicate] = []
    for (index, item) in items.enumerated() {
      var names: [(language: String, text: String, isTitle: Bool, note: String, path: JSONPath)] = []
      if let title = item.title {
        for entry in title.entries {
          names.append(
            (
              entry.language, entry.text, true, title.isPlain ? "" : " (\(entry.language))",
              title.isPlain ? item.path / "title" : item.path / "title" / entry.language
            ))
        }
      }
      let list = item.synonyms
      for entry in list.entries {
        // Same convention as CatalogValidator: a single default-language list is a plain array.
        let plain = list.entries.count == 1 && entry.language == list.defaultLanguage
        let base = plain ? item.path / "synonyms" : item.path / "synonyms" / entry.language
        for (i, text) in entry.items.enumerated() {
          names.append((entry.language, text, false, plain ? "" : " (\(entry.language))", base / i))
        }
      }
      var added: [(String, Occurrence)] = []
      for name in names {
        let normalized = name.text.trimmingSpaces.lowercased()
        guard !normalized.isEmpty else { continue }
        let key = name.language.lowercased() + "\u{0}" + normalized
        if let earlier = table[key]?.first(where: { $0.item != index && !($0.isTitle && name.isTitle) }) {
          out.append(
            Duplicate(
              item: index, earlierItem: earlier.item, kind: name.isTitle ? "title" : "synonym",
              earlierKind: earlier.isTitle ? "title" : "synonym", text: String(name.text.trimmingSpaces), languageNote: name.note, path: name.path))
        }
        added.append((key, Occurrence(item: index, isTitle: name.isTitle)))
      }
      for (key, occurrence) in added {
        // Keep at most one title and one synonym occurrence per key; that is enough to report.
        var list = table[key, default: []]
        if !list.contains(where: { $0.isTitle == occurrence.isTitle }) {
          list.append(occurrence)
          table[key] = list
        }
      }
    }
    return out
  }
}
