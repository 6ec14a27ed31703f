import IntentBridgeJSON
import IntentBridgeText

/// The error-level rules of docs/CATALOG.md that need the whole catalog: duplicate ids, dangling
/// references, tool-name collisions, template syntax and slots, App Shortcut rules, defaults.
///
/// - Complexity: O(n) in the catalog size plus the template text.
struct CatalogValidator {
  let catalog: Catalog
  let file: String?
  private var diagnostics: [Diagnostic] = []
  /// `inlinedNesting` of each phrase rule's text (deepest language), with the rules it goes
  /// through (`tracing`), and its depth alone (not tracing).
  private var ruleNesting: [String: (depth: Int, through: [String])] = [:]
  private var ruleDepths: [String: Int] = [:]
  private var rulesBeingMeasured: Set<String> = []

  init(catalog: Catalog, file: String?) {
    self.catalog = catalog
    self.file = file
  }

  mutating func validate() -> [Diagnostic] {
    checkDuplicates()
    checkPhraseRules()
    for intent in catalog.intents { check(intent) }
    checkToolNames()
    checkEnumsAndEntities()
    checkShortcuts()
    checkCatalogTemplates()
    return diagnostics
  }

  private mutating func report(_ rule: DiagnosticRule, _ message: String, hint: String? = nil, at path: JSONPath) {
    diagnostics.append(Diagnostic(rule.severity, rule: rule.rawValue, message, hint: hint ?? rule.hint, path: path, file: file))
  }

  // MARK: Duplicates

  private mutating func checkDuplicates() {
    func duplicates<T>(_ items: [T], id: (T) -> String, path: (T) -> JSONPath, rule: DiagnosticRule, kind: String) {
      var first: [String: JSONPath] = [:]
      for item in items {
        let key = id(item)
        if let earlier = first[key] {
          report(
            rule, "duplicate \(kind) \"\(key)\" (first declared at \(earlier))", hint: "rename one of them; \(kind)s must be unique", at: path(item))
        } else {
          first[key] = path(item)
        }
      }
    }
    duplicates(catalog.intents, id: \.id, path: { $0.path / "id" }, rule: .duplicateIntentID, kind: "intent id")
    duplicates(catalog.enums, id: \.id, path: { $0.path / "id" }, rule: .duplicateEnumID, kind: "enum id")
    duplicates(catalog.entities, id: \.id, path: { $0.path / "id" }, rule: .duplicateEntityID, kind: "entity type id")
    for intent in catalog.intents {
      duplicates(intent.parameters, id: \.name, path: { $0.path / "name" }, rule: .duplicateParameterName, kind: "parameter name")
    }
    for enumType in catalog.enums {
      duplicates(enumType.cases, id: \.value, path: { $0.path / "value" }, rule: .duplicateEnumCase, kind: "case value")
    }
    for entity in catalog.entities {
      duplicates(entity.instances, id: \.id, path: { $0.path / "id" }, rule: .duplicateInstanceID, kind: "instance id")
    }
  }

  // MARK: Templates

  /// Parses every text of `list` as a template; reports syntax errors, unknown rules, and
  /// slots not in `parameters` (nil = no slots allowed here).
  @discardableResult
  private mutating func checkTemplates(_ list: LocalizedTextList, at path: JSONPath, parameters: [String]?, context: String) -> [PhraseTemplate] {
    var parsed: [PhraseTemplate] = []
    for entry in list.entries {
      let entryPath = list.isPlain ? path : path / entry.language
      for (i, text) in entry.items.enumerated() {
        if let template = checkTemplate(text, at: entryPath / i, parameters: parameters, context: context) {
          parsed.append(template)
        }
      }
    }
    return parsed
  }

  @discardableResult
  private mutating func checkTemplate(_ text: String, at path: JSONPath, parameters: [String]?, context: String) -> PhraseTemplate? {
    let template: PhraseTemplate
    do {
      template = try PhraseTemplate.parse(text)
    } catch {
      report(.templateSyntax, "invalid template \"\(Self.quoted(text))\": \(error)", at: path)
      return nil
    }
    let depth = inlinedNesting(template.root, isRoot: true).depth
    if depth > PhraseTemplate.maximumNesting {
      let nesting = inlinedNesting(template.root, isRoot: true, tracing: true)
      report(
        .templateSyntax,
        "template \"\(Self.quoted(text))\" nests \(depth) levels deep with its phrase rules inlined "
          + "(\(nesting.through.map { "<\($0)>" }.joined(separator: " → "))); groups and rule references nest at most \(PhraseTemplate.maximumNesting) deep",
        hint: "flatten the template or the rules it refers to", at: path)
      return nil
    }
    for rule in Set(template.rules).sorted() where catalog.phraseRule(named: rule) == nil {
      let known = catalog.phraseRules.map(\.name)
      let suggestion = DidYouMean.closest(to: rule, in: known)
      report(
        .unknownPhraseRule, "template \"\(text)\" refers to <\(rule)>, which phraseRules does not define",
        hint: suggestion.map { "did you mean <\($0)>?" } ?? "define \"\(rule)\" in phraseRules", at: path)
    }
    for slot in template.slots {
      // Rules may hold slots (Home Assistant's `<name>` → `${name}`); they are checked where used.
      if context.hasPrefix("phrase rule") { continue }
      guard let parameters else {
        report(.phraseSlotNotParameter, "\(context) may not contain the slot ${\(slot)}", hint: "slots belong in intent phrases; remove it", at: path)
        continue
      }
      if !parameters.contains(slot) {
        let suggestion = DidYouMean.closest(to: slot, in: parameters)
        report(
          .phraseSlotNotParameter, "slot ${\(slot)} in \"\(text)\" is not a parameter of \(context)",
          hint: suggestion.map { "did you mean ${\($0)}?" }
            ?? (parameters.isEmpty
              ? "the intent has no parameters; remove the slot" : "use one of: \(parameters.map { "${\($0)}" }.joined(separator: ", "))"),
          at: path)
      }
    }
    return template
  }

  /// A template as messages quote it: whole, or by its first 60 characters when longer than
  /// 80 (a crafted one may run to megabytes).
  private static func quoted(_ text: String) -> String {
    text.count > 80 ? String(text.prefix(60)) + "…" : text
  }

  /// How deep `node` nests with phrase rules inlined: a group is one level, a rule reference
  /// one level plus the rule's own nesting (its deepest language); the template's top-level
  /// `a|b` is no group. Returns the rules of the deepest path too. Cycles count once (they
  /// are reported as `recursive-phrase-rule`).
  /// - Complexity: O(size of the template), each rule measured once per validation.
  /// `tracing` false: the depth alone, `through` empty (no array per rule reference; the
  /// walk every template takes); a template found too deep is walked again with `tracing`.
  /// Each mode has its own cache of rule nestings.
  private mutating func inlinedNesting(_ node: PhraseTemplate.Node, isRoot: Bool = false, tracing: Bool = false) -> (
    depth: Int, through: [String]
  ) {
    switch node {
    case .text, .slot, .applicationName:
      return (0, [])
    case .sequence(let nodes):
      return deepest(nodes, tracing: tracing)
    case .alternatives(let nodes):
      let inner = deepest(nodes, tracing: tracing)
      return isRoot ? inner : (inner.depth + 1, inner.through)
    case .optional(let inner):
      return inlinedNesting(inner, tracing: tracing)
    case .rule(let name):
      if let known = tracing ? ruleNesting[name] : ruleDepths[name].map({ ($0, []) }) {
        return (known.depth + 1, tracing ? [name] + known.through : [])
      }
      guard !rulesBeingMeasured.contains(name), let text = catalog.phraseRule(named: name) else { return (1, tracing ? [name] : []) }
      rulesBeingMeasured.insert(name)
      var measured: (depth: Int, through: [String]) = (0, [])
      for entry in text.entries {
        guard let rule = try? PhraseTemplate.parse(entry.text) else { continue }
        let nesting = inlinedNesting(rule.root, isRoot: true, tracing: tracing)
        if nesting.depth > measured.depth { measured = nesting }
      }
      rulesBeingMeasured.remove(name)
      if tracing { ruleNesting[name] = measured } else { ruleDepths[name] = measured.depth }
      return (measured.depth + 1, tracing ? [name] + measured.through : [])
    }
  }

  private mutating func deepest(_ nodes: [PhraseTemplate.Node], tracing: Bool) -> (depth: Int, through: [String]) {
    var best: (depth: Int, through: [String]) = (0, [])
    for node in nodes {
      let nesting = inlinedNesting(node, tracing: tracing)
      if nesting.depth > best.depth { best = nesting }
    }
    return best
  }

  private mutating func checkPhraseRules() {
    var references: [String: [String]] = [:]
    for (name, text) in catalog.phraseRules {
      var rules: [String] = []
      for entry in text.entries {
        let path = JSONPath.root / "phraseRules" / name
        let entryPath = text.isPlain ? path : path / entry.language
        if let template = checkTemplate(entry.text, at: entryPath, parameters: nil, context: "phrase rule <\(name)>") {
          rules += template.rules
        }
      }
      references[name] = rules
    }
    // Cycle detection by depth-first search over rule references.
    var state: [String: Int] = [:]  // 1 = visiting, 2 = done
    func visit(_ name: String, _ trail: [String]) -> [String]? {
      if state[name] == 2 { return nil }
      if state[name] == 1 { return trail + [name] }
      state[name] = 1
      for next in references[name] ?? [] where references[next] != nil {
        if let cycle = visit(next, trail + [name]) { return cycle }
      }
      state[name] = 2
      return nil
    }
    for (name, _) in catalog.phraseRules {
      if let cycle = visit(name, []) {
        report(
          .recursivePhraseRule, "phrase rules refer to each other in a cycle: \(cycle.map { "<\($0)>" }.joined(separator: " → "))",
          at: .root / "phraseRules" / cycle[0])
        break
      }
    }
  }

  private mutating func checkCatalogTemplates() {
    checkTemplates(catalog.negativePhrases, at: .root / "negativePhrases", parameters: nil, context: "a negative phrase")
    checkTemplates(catalog.skipWords, at: .root / "skipWords", parameters: nil, context: "a skip word")
  }

  // MARK: Intents

  private mutating func check(_ intent: Intent) {
    let names = intent.parameters.map(\.name)
    checkTemplates(intent.phrases, at: intent.path / "phrases", parameters: names, context: "intent \"\(intent.id)\"")
    if let summary = intent.parameterSummary {
      for entry in summary.entries {
        let path = summary.isPlain ? intent.path / "parameterSummary" : intent.path / "parameterSummary" / entry.language
        checkTemplate(entry.text, at: path, parameters: names, context: "intent \"\(intent.id)\"")
      }
    }
    for parameter in intent.parameters {
      checkTypeReference(parameter.type, at: parameter.path / "type")
      for (i, synonym) in parameter.valueSynonyms.enumerated() {
        checkTemplates(synonym.synonyms, at: parameter.path / "valueSynonyms" / i / "synonyms", parameters: nil, context: "a value synonym")
        checkValue(synonym.value, of: parameter, at: parameter.path / "valueSynonyms" / i / "value", what: "value synonym")
      }
      if let value = parameter.defaultValue {
        checkValue(value, of: parameter, at: parameter.path / "default", what: "default")
      }
    }
    if let returnType = intent.returns?.type {
      checkTypeReference(returnType, at: intent.path / "returns" / "type")
    }
    if let replacement = intent.deprecation?.replacedBy, catalog.intent(id: replacement) == nil {
      report(
        .unknownReplacement, "deprecation.replacedBy names \"\(replacement)\", which is not an intent of this catalog",
        at: intent.path / "deprecation" / "replacedBy")
    }
  }

  private mutating func checkTypeReference(_ type: ValueType, at path: JSONPath) {
    switch type {
    case .enumeration(let id) where catalog.enumType(id: id) == nil:
      let known = catalog.enums.map(\.id)
      report(
        .unknownTypeReference, "unknown type reference {\"enum\": \"\(id)\"}",
        hint: DidYouMean.closest(to: id, in: known).map { "did you mean \"\($0)\"?" }
          ?? (known.isEmpty
            ? "declare an enum with id \"\(id)\" in \"enums\"" : "declare it in \"enums\", or use one of: \(known.joined(separator: ", "))"),
        at: path)
    case .entity(let id) where catalog.entityType(id: id) == nil:
      let known = catalog.entities.map(\.id)
      report(
        .unknownTypeReference, "unknown type reference {\"entity\": \"\(id)\"}",
        hint: DidYouMean.closest(to: id, in: known).map { "did you mean \"\($0)\"?" }
          ?? (known.isEmpty
            ? "declare an entity type with id \"\(id)\" in \"entities\""
            : "declare it in \"entities\", or use one of: \(known.joined(separator: ", "))"),
        at: path)
    default: break
    }
  }

  /// Checks a default or value-synonym value against the parameter's canonical schema.
  private mutating func checkValue(_ value: JSONValue, of parameter: Parameter, at path: JSONPath, what: String) {
    if case .enumeration(let id) = parameter.type, catalog.enumType(id: id) == nil { return }
    let schema = ParameterSchema.schema(for: parameter, in: catalog)
    // A value synonym stands for one element of an array parameter.
    let target: JSONValue
    if what == "value synonym", parameter.isArray, case .object(let s) = JSONValue.object(schema), let items = s["items"] {
      target = items
    } else {
      target = .object(schema)
    }
    let violations = JSONSchemaValidator.validate(value, against: target)
    guard let first = violations.first else { return }
    report(
      .invalidDefault,
      "\(what) \(value.shortPreview) of parameter \"\(parameter.name)\" does not fit its type \(parameter.type)\(parameter.isArray ? " (array)" : ""): \(first.message)",
      hint: "change the \(what) to a valid value, e.g. \(JSONSchemaExample.example(for: target).shortPreview)", at: path)
  }

  // MARK: Tool names

  private mutating func checkToolNames() {
    var owners: [String: Intent] = [:]
    for intent in catalog.intents where intent.isDiscoverable {
      let key = intent.toolName
      if let other = owners[key], other.id != intent.id {
        report(
          .toolNameCollision, "intents \"\(other.id)\" and \"\(intent.id)\" both get the tool name \"\(key)\"",
          hint: "set a distinct \"toolName\" on \"\(intent.id)\"", at: intent.path / (intent.hasExplicitToolName ? "toolName" : "id"))
      } else {
        owners[key] = intent
      }
    }
  }

  // MARK: Enums and entities

  private mutating func checkEnumsAndEntities() {
    for enumType in catalog.enums {
      for enumCase in enumType.cases {
        checkTemplates(enumCase.synonyms, at: enumCase.path / "synonyms", parameters: nil, context: "an enum synonym")
      }
    }
    for entity in catalog.entities {
      for (i, property) in entity.properties.enumerated() {
        checkTypeReference(property.type, at: entity.path / "properties" / i / "type")
      }
      for instance in entity.instances {
        checkTemplates(instance.synonyms, at: instance.path / "synonyms", parameters: nil, context: "an entity synonym")
      }
    }
  }

  // MARK: App Shortcuts

  private mutating func checkShortcuts() {
    if catalog.appShortcuts.count > 10 {
      report(
        .tooManyShortcuts, "the catalog declares \(catalog.appShortcuts.count) App Shortcuts; App Intents allows at most 10",
        at: .root / "appShortcuts" / 10)
    }
    for shortcut in catalog.appShortcuts {
      guard let intent = catalog.intent(id: shortcut.intent) else {
        let suggestion = DidYouMean.closest(to: shortcut.intent, in: catalog.intents.map(\.id))
        report(
          .shortcutUnknownIntent, "App Shortcut runs \"\(shortcut.intent)\", which is not an intent of this catalog",
          hint: suggestion.map { "did you mean \"\($0)\"?" }, at: shortcut.path / "intent")
        continue
      }
      let names = intent.parameters.map(\.name)
      for entry in shortcut.phrases.entries {
        for (i, phrase) in entry.items.enumerated() {
          let path = shortcut.path / "phrases" / i
          guard let template = checkTemplate(phrase, at: path, parameters: names, context: "intent \"\(intent.id)\"") else { continue }
          if template.applicationNameCount != 1 {
            report(
              .shortcutApplicationName,
              "App Shortcut phrase \"\(phrase)\" has \(template.applicationNameCount) ${applicationName}; exactly one is required",
              at: path)
          }
          let slots = template.slots
          if slots.count > 1 {
            report(.shortcutSlotType, "App Shortcut phrase \"\(phrase)\" has \(slots.count) parameter slots; at most one is allowed", at: path)
          }
          for slot in slots {
            guard let parameter = intent.parameter(named: slot) else { continue }
            switch parameter.type {
            case .enumeration, .entity: break
            default:
              report(
                .shortcutSlotType,
                "App Shortcut slot ${\(slot)} is a \(parameter.type) parameter; only enum or entity parameters may appear in App Shortcut phrases",
                at: path)
            }
          }
        }
      }
      if let parameter = shortcut.parameter, intent.parameter(named: parameter) == nil {
        report(
          .phraseSlotNotParameter, "App Shortcut parameter \"\(parameter)\" is not a parameter of \"\(intent.id)\"", at: shortcut.path / "parameter")
      }
    }
  }
}
