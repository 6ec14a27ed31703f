import IntentBridgeJSON
import IntentBridgeText

/// The warning-level rules of docs/CATALOG.md (App Intents practice): descriptions, search
/// keywords, parameter summaries, confirmation of destructive actions, enum titles,
/// synonyms, near-duplicate intents, description length, localisation keys, translations.
///
///     let warnings = CatalogLinter(catalog: catalog, file: "notes.json").lint()
///     // notes.json: warning: intent "DeleteNote" is destructive but does not ask for confirmation [destructive-without-confirmation]
///     //   at $.intents[3].effects.destructive
///
/// Run it on a catalog that loaded without errors; the error-level rules live in
/// `CatalogValidator`. Every diagnostic names the object, carries the JSON path of the
/// offending value (or of the object that lacks a field) and a specific hint.
///
/// The heuristics are conservative: a warning should almost always be worth fixing.
///
/// - Complexity: O(n) in the catalog size, plus a near-duplicate search that uses an
///   inverted index with prefix filtering and a per-intent cap on candidate checks.
public struct CatalogLinter: Sendable {
  public let catalog: Catalog
  public let file: String?

  /// Descriptions longer than this are truncated by clients.
  public static let maximumDescriptionLength = 2048
  /// Two token sets are near-duplicates at this Jaccard similarity or above (as a fraction
  /// `numerator / denominator`, compared in integers).
  static let similarityNumerator = 4
  static let similarityDenominator = 5
  /// Jaccard similarity applies only when both intents have at least this many tokens.
  static let minimumTokens = 3
  /// At most this many earlier intents are compared with each intent.
  static let candidateCap = 128
  /// At most this many posting-list entries are scanned for each intent.
  static let postingScanCap = 8192
  /// At most this many near-duplicates are reported for one intent.
  static let reportCap = 5

  public init(catalog: Catalog, file: String?) {
    self.catalog = catalog
    self.file = file
  }

  /// Every warning, in catalog order of the objects (app, intents each followed by its
  /// parameters, enums each followed by its cases, entity types each followed by their
  /// instances, App Shortcuts), and for one object in `DiagnosticRule` order.
  public func lint() -> [Diagnostic] {
    var out = Output(file: file)
    checkKeys(app: catalog.app, into: &out)
    let nearDuplicates = findNearDuplicates()
    let phrasesExpected = Self.mostHavePhrases(catalog)
    for (index, intent) in catalog.intents.enumerated() {
      lint(intent, nearDuplicates: nearDuplicates[index] ?? [], phrasesExpected: phrasesExpected, into: &out)
      for parameter in intent.parameters { lint(parameter, of: intent, into: &out) }
    }
    for enumType in catalog.enums { lint(enumType, into: &out) }
    for entity in catalog.entities { lint(entity, into: &out) }
    for shortcut in catalog.appShortcuts {
      checkKey(shortcut.shortTitle, at: shortcut.path / "shortTitle", what: "shortTitle of the App Shortcut for \"\(shortcut.intent)\"", into: &out)
    }
    out.diagnostics += AppIntentsRules(catalog: catalog, file: file).lint()
    return out.diagnostics
  }

  // MARK: Output

  private struct Output {
    let file: String?
    var diagnostics: [Diagnostic] = []

    mutating func report(_ rule: DiagnosticRule, _ message: String, hint: String, at path: JSONPath) {
      diagnostics.append(Diagnostic(rule.severity, rule: rule.rawValue, message, hint: hint, path: path, file: file))
    }
  }

  // MARK: Intents

  private func lint(_ intent: Intent, nearDuplicates: [NearDuplicate], phrasesExpected: Bool, into out: inout Output) {
    let name = "intent \"\(intent.id)\""
    let description = intent.description.flatMap { $0.entries.contains { !$0.text.trimmingSpaces.isEmpty } ? $0 : nil }

    // missing-description
    if intent.isDiscoverable && description == nil {
      out.report(
        .missingDescription, "\(name) has no description; models choose tools by their descriptions",
        hint:
          "add \"description\": one sentence that starts with a verb (e.g. \"\(Self.exampleDescription(for: intent))\"), ends with a full stop and says what \"\(intent.title.resolved())\" does and when to use it",
        at: intent.path)
    }

    // description-not-sentence
    if let description {
      for entry in description.entries where !Self.isLocalizationKey(entry.text) {
        let problems = Self.sentenceProblems(entry.text, language: entry.language)
        guard !problems.isEmpty else { continue }
        let fixes = problems.map(\.fix).joined(separator: "; ")
        out.report(
          .descriptionNotSentence,
          "description of \(name)\(Self.languageNote(description, entry)) \(problems.map(\.message).joined(separator: " and ")): \"\(Self.preview(entry.text))\"",
          hint: fixes, at: Self.entryPath(description, entry, intent.path / "description"))
      }
    }

    // missing-search-keywords
    if intent.isDiscoverable && intent.searchKeywords.isEmpty {
      let words = Self.keywordSuggestions(for: intent)
      out.report(
        .missingSearchKeywords, "\(name) has no searchKeywords",
        hint:
          "add \"searchKeywords\": 3–6 words people use for this action\(words.isEmpty ? "" : ", e.g. [\(words.map { "\"\($0)\"" }.joined(separator: ", "))]")",
        at: intent.path)
    }

    // parameter-summary-incomplete
    checkParameterSummary(intent, into: &out)

    // destructive-without-confirmation
    if intent.effects?.destructive == true && !intent.requiresConfirmation {
      out.report(
        .destructiveWithoutConfirmation, "\(name) is destructive but does not ask for confirmation",
        hint: "set \"requiresConfirmation\": true on \(name) so people confirm before it runs",
        at: intent.path / "effects" / "destructive")
    }

    // near-duplicate-intents
    for duplicate in nearDuplicates {
      let earlier = catalog.intents[duplicate.earlier]
      let why =
        switch duplicate.reason {
        case .sameTitle(let title): "has the same title \"\(title)\" as"
        case .similar(let percent): "has a title and description \(percent)% similar to those of"
        }
      out.report(
        .nearDuplicateIntents, "\(name) \(why) intent \"\(earlier.id)\" (at \(earlier.path)); models will confuse them",
        hint:
          "make the titles and descriptions of \"\(earlier.id)\" and \"\(intent.id)\" say what differs, merge them, or hide one with \"isDiscoverable\": false",
        at: intent.path / "title")
    }

    // description-too-long
    if let description {
      for entry in description.entries where entry.text.count > Self.maximumDescriptionLength {
        out.report(
          .descriptionTooLong,
          "description of \(name)\(Self.languageNote(description, entry)) has \(entry.text.count) characters; clients truncate at \(Self.maximumDescriptionLength)",
          hint: "shorten it by at least \(entry.text.count - Self.maximumDescriptionLength) characters; move details into parameter descriptions",
          at: Self.entryPath(description, entry, intent.path / "description"))
      }
    }

    // unresolved-localization-key
    checkKey(intent.title, at: intent.path / "title", what: "title of \(name)", into: &out)
    checkKey(intent.description, at: intent.path / "description", what: "description of \(name)", into: &out)
    checkKey(intent.categoryName, at: intent.path / "categoryName", what: "categoryName of \(name)", into: &out)
    checkKey(intent.resultValueName, at: intent.path / "resultValueName", what: "resultValueName of \(name)", into: &out)
    checkKey(intent.parameterSummary, at: intent.path / "parameterSummary", what: "parameterSummary of \(name)", into: &out)
    checkKey(intent.returns?.dialog, at: intent.path / "returns" / "dialog", what: "returns.dialog of \(name)", into: &out)
    checkKey(intent.deprecation?.message, at: intent.path / "deprecation" / "message", what: "deprecation.message of \(name)", into: &out)

    // missing-translation
    checkTranslations(intent.title, field: "title", of: intent, into: &out)
    if let description { checkTranslations(description, field: "description", of: intent, into: &out) }

    // intent-without-phrases
    if intent.isDiscoverable && phrasesExpected && !Self.hasPhrases(intent, in: catalog) {
      out.report(
        .intentWithoutPhrases,
        "\(name) has no phrases, while most intents of the catalog have some: requests are matched against phrases, so it is rarely chosen",
        hint:
          "add \"phrases\" to \(name): a few ways people ask for \"\(intent.title.resolved())\" (templates with (a|b), [optional] words and ${parameter} slots count as many)",
        at: intent.path)
    }
  }

  /// Whether the intent has phrases of its own or App Shortcut phrases.
  private static func hasPhrases(_ intent: Intent, in catalog: Catalog) -> Bool {
    !intent.phrases.allItems.isEmpty || catalog.appShortcuts.contains { $0.intent == intent.id && !$0.phrases.allItems.isEmpty }
  }

  /// At least half of the discoverable intents (and at least two) have phrases.
  /// - Complexity: O(intents × App Shortcuts).
  private static func mostHavePhrases(_ catalog: Catalog) -> Bool {
    let discoverable = catalog.intents.filter(\.isDiscoverable)
    let with = discoverable.filter { hasPhrases($0, in: catalog) }.count
    return with >= 2 && 2 * with >= discoverable.count
  }

  private func checkParameterSummary(_ intent: Intent, into out: inout Output) {
    let name = "intent \"\(intent.id)\""
    guard let summary = intent.parameterSummary else {
      if intent.isDiscoverable && !intent.parameters.isEmpty {
        let example = ([intent.title.resolved()] + Self.summaryParameters(of: intent).map { "${\($0.name)}" }).joined(separator: " ")
        out.report(
          .parameterSummaryIncomplete,
          "\(name) has \(intent.parameters.count) parameter\(intent.parameters.count == 1 ? "" : "s") but no parameterSummary",
          hint: "add \"parameterSummary\": a phrase with a ${slot} for each required parameter, e.g. \"\(example)\"",
          at: intent.path)
      }
      return
    }
    let required = intent.parameters.filter(\.isRequired).map(\.name)
    guard !required.isEmpty else { return }
    for entry in summary.entries {
      // Syntax errors are the validator's to report.
      guard let template = try? PhraseTemplate.parse(entry.text) else { continue }
      let slots = Set(template.slots)
      let missing = required.filter { !slots.contains($0) }
      guard !missing.isEmpty else { continue }
      let list = missing.map { "${\($0)}" }.joined(separator: ", ")
      out.report(
        .parameterSummaryIncomplete,
        "parameterSummary of \(name)\(Self.languageNote(summary, entry)) does not mention the required parameter\(missing.count == 1 ? "" : "s") \(list): \"\(Self.preview(entry.text))\"",
        hint: "add \(list) to the summary, e.g. \"\(entry.text.trimmingSpaces) \(list)\"; or make the parameter optional or give it a default",
        at: Self.entryPath(summary, entry, intent.path / "parameterSummary"))
    }
  }

  private func checkTranslations(_ text: LocalizedText, field: String, of intent: Intent, into out: inout Output) {
    let declared = catalog.app.languages
    let others = Self.uniqueLanguages(declared.filter { !LanguageTag.equal($0, catalog.defaultLanguage) })
    guard !others.isEmpty else { return }
    let missing: [String]
    if text.isPlain {
      // A plain string is in the default language only; it counts as untranslated when the
      // app declares several languages.
      guard declared.count > 1 else { return }
      missing = others
    } else {
      missing = others.filter { !text.hasTranslation(for: $0) }
    }
    guard !missing.isEmpty else { return }
    let list = missing.joined(separator: ", ")
    let hint: String
    if text.isPlain {
      let pairs = ["\"\(catalog.defaultLanguage)\": \"\(Self.preview(text.resolved(), limit: 30))\""] + missing.map { "\"\($0)\": \"…\"" }
      hint = "write the \(field) as a language map {\(pairs.joined(separator: ", "))}, or remove \(list) from app.languages"
    } else {
      hint = "add \(missing.map { "\"\($0)\": \"…\"" }.joined(separator: ", ")) to the \(field), or remove \(list) from app.languages"
    }
    out.report(
      .missingTranslation,
      "\(field) of intent \"\(intent.id)\" has no translation for \(list) (app.languages declares \(missing.count == 1 ? "it" : "them"))",
      hint: hint, at: intent.path / field)
  }

  // MARK: Parameters

  private func lint(_ parameter: Parameter, of intent: Intent, into out: inout Output) {
    let name = "parameter \"\(parameter.name)\" of intent \"\(intent.id)\""
    // missing-parameter-description
    if parameter.description.map({ $0.entries.allSatisfy { $0.text.trimmingSpaces.isEmpty } }) ?? true {
      let titleNote = parameter.title.map { " (its title \"\($0.resolved())\" alone does not tell a model what to give)" } ?? ""
      out.report(
        .missingParameterDescription, "\(name) has no description\(titleNote)",
        hint: "add \"description\" to \(name): what value to give, its format or unit, and what happens when it is left out",
        at: parameter.path)
    }
    // unresolved-localization-key
    checkKey(parameter.title, at: parameter.path / "title", what: "title of \(name)", into: &out)
    checkKey(parameter.description, at: parameter.path / "description", what: "description of \(name)", into: &out)
    checkKey(parameter.requestValueDialog, at: parameter.path / "requestValueDialog", what: "requestValueDialog of \(name)", into: &out)
    checkKey(
      parameter.requestDisambiguationDialog, at: parameter.path / "requestDisambiguationDialog",
      what: "requestDisambiguationDialog of \(name)", into: &out)
  }

  // MARK: Enums and entities

  private func lint(_ enumType: EnumType, into out: inout Output) {
    checkKey(enumType.title, at: enumType.path / "title", what: "title of enum \"\(enumType.id)\"", into: &out)
    let duplicates = SynonymTable.duplicates(
      in: enumType.cases.map { ($0.title, $0.synonyms, $0.path) }, defaultLanguage: catalog.defaultLanguage)
    var next = 0
    for (index, enumCase) in enumType.cases.enumerated() {
      let name = "case \"\(enumCase.value)\" of enum \"\(enumType.id)\""
      // enum-case-without-title
      if enumCase.title.map({ $0.entries.allSatisfy { $0.text.trimmingSpaces.isEmpty } }) ?? true {
        out.report(
          .enumCaseWithoutTitle, "\(name) has no title; people and models see titles, not raw values",
          hint: "add \"title\": \"\(Self.humanized(enumCase.value))\" (or the wording people use) to \(name)", at: enumCase.path)
      }
      // duplicate-synonym (the list is sorted by item)
      while next < duplicates.count && duplicates[next].item == index {
        let duplicate = duplicates[next]
        next += 1
        let other = enumType.cases[duplicate.earlierItem]
        out.report(
          .duplicateSynonym,
          "\(duplicate.kind) \"\(duplicate.text)\"\(duplicate.languageNote) of \(name) is also \(duplicate.earlierKind == "title" ? "the title" : "a synonym") of case \"\(other.value)\"; the value is ambiguous",
          hint: "keep \"\(duplicate.text)\" on one case only: remove it from \"\(enumCase.value)\" or \"\(other.value)\"", at: duplicate.path)
      }
      // unresolved-localization-key
      checkKey(enumCase.title, at: enumCase.path / "title", what: "title of \(name)", into: &out)
      checkKey(enumCase.subtitle, at: enumCase.path / "subtitle", what: "subtitle of \(name)", into: &out)
    }
  }

  private func lint(_ entity: EntityType, into out: inout Output) {
    let entityName = "entity type \"\(entity.id)\""
    checkKey(entity.title, at: entity.path / "title", what: "title of \(entityName)", into: &out)
    checkKey(entity.description, at: entity.path / "description", what: "description of \(entityName)", into: &out)
    for (i, property) in entity.properties.enumerated() {
      let path = entity.path / "properties" / i
      checkKey(property.title, at: path / "title", what: "title of property \"\(property.name)\" of \(entityName)", into: &out)
      checkKey(property.description, at: path / "description", what: "description of property \"\(property.name)\" of \(entityName)", into: &out)
    }
    let duplicates = SynonymTable.duplicates(
      in: entity.instances.map { ($0.title, $0.synonyms, $0.path) }, defaultLanguage: catalog.defaultLanguage)
    var next = 0
    for (index, instance) in entity.instances.enumerated() {
      let name = "instance \"\(instance.id)\" of \(entityName)"
      // duplicate-synonym (the list is sorted by item)
      while next < duplicates.count && duplicates[next].item == index {
        let duplicate = duplicates[next]
        next += 1
        let other = entity.instances[duplicate.earlierItem]
        out.report(
          .duplicateSynonym,
          "\(duplicate.kind) \"\(duplicate.text)\"\(duplicate.languageNote) of \(name) is also \(duplicate.earlierKind == "title" ? "the title" : "a synonym") of instance \"\(other.id)\"; the instance is ambiguous",
          hint: "keep \"\(duplicate.text)\" on one instance only: remove it from \"\(instance.id)\" or \"\(other.id)\"", at: duplicate.path)
      }
      // unresolved-localization-key
      checkKey(instance.title, at: instance.path / "title", what: "title of \(name)", into: &out)
      checkKey(instance.subtitle, at: instance.path / "subtitle", what: "subtitle of \(name)", into: &out)
    }
  }

  // MARK: Localisation keys

  private func checkKeys(app: AppInfo, into out: inout Output) {
    checkKey(app.name, at: .root / "app" / "name", what: "app name", into: &out)
  }

  private func checkKey(_ text: LocalizedText?, at path: JSONPath, what: String, into out: inout Output) {
    guard let text else { return }
    for entry in text.entries where Self.isLocalizationKey(entry.text) {
      out.report(
        .unresolvedLocalizationKey,
        "\(what)\(Self.languageNote(text, entry)) is \"\(entry.text)\", which looks like an unresolved localisation key",
        hint: "replace \"\(entry.text)\" with the text itself (resolve it from the strings file), e.g. {\"\(entry.language)\": \"…\"}",
        at: Self.entryPath(text, entry, path))
    }
  }

  /// Whether `text` matches `^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`.
  static func isLocalizationKey(_ text: String) -> Bool {
    var previous: Unicode.Scalar?
    var underscores = 0
    for (i, s) in text.unicodeScalars.enumerated() {
      let upper = s >= "A" && s <= "Z"
      let digit = s >= "0" && s <= "9"
      if i == 0 {
        guard upper else { return false }
      } else if s == "_" {
        guard previous != "_" else { return false }
        underscores += 1
      } else if !(upper || digit) {
        return false
      }
      previous = s
    }
    return underscores > 0 && previous != "_"
  }

  // MARK: Sentences

  struct SentenceProblem: Equatable {
    var message: String
    var fix: String
  }

  /// What keeps `text` (in `language`) from being a sentence that starts with a verb.
  static func sentenceProblems(_ text: String, language: String) -> [SentenceProblem] {
    let trimmed = text.trimmingSpaces
    guard let first = trimmed.unicodeScalars.first else { return [] }
    let primary = LanguageTag.primary(language)
    // CJK scripts have no letter case and end sentences with "。" or nothing at all.
    if ["zh", "ja", "ko", "yue"].contains(primary) || isCJK(first) { return [] }
    var problems: [SentenceProblem] = []
    if let character = trimmed.first, character.isLetter, character.isLowercase {
      problems.append(SentenceProblem(message: "does not start with a capital letter", fix: "start with a capital letter"))
    }
    if !endsLikeSentence(trimmed) {
      problems.append(SentenceProblem(message: "does not end with \".\", \"!\" or \"?\"", fix: "end it with a full stop"))
    }
    if primary == "en", let word = firstWord(of: trimmed), !isVerbLike(word) {
      let lower = word.lowercased()
      let fix =
        ["a", "an", "the", "this", "that", "these", "those"].contains(lower)
        ? "start with what the intent does, e.g. \"Creates …\" rather than \"\(word) …\""
        : "start with a verb in the third person or the imperative, e.g. \"Creates …\", \"Opens …\" or \"Show …\""
      problems.append(SentenceProblem(message: "does not start with a verb (\"\(word)\")", fix: fix))
    }
    return problems
  }

  private static func endsLikeSentence(_ text: Substring) -> Bool {
    var rest = text
    // Closing quotes and brackets may follow the end punctuation: `Says "Hi."`.
    while let last = rest.last, "\"'”’»)]".contains(last) { rest = rest.dropLast() }
    guard let last = rest.last else { return false }
    return ".!?。！？…".contains(last)
  }

  private static func isCJK(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
      true
    default: false
    }
  }

  /// The first word with surrounding quotes and punctuation removed; nil when it contains
  /// digits or no letters (no verb check then).
  private static func firstWord(of text: Substring) -> String? {
    var word = text.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
    while let f = word.first, !f.isLetter { word = word.dropFirst() }
    while let l = word.last, !l.isLetter { word = word.dropLast() }
    guard !word.isEmpty, !word.contains(where: \.isNumber) else { return nil }
    return String(word)
  }

  /// Heuristic: a third-person verb ("Creates"), or a common imperative ("Create"), or a word
  /// with a verb suffix ("Summarize", "Simplify", "Activate").
  static func isVerbLike(_ word: String) -> Bool {
    var lower = word.lowercased()
    lower.removeAll { $0 == "’" || $0 == "'" }
    // "Re-opens", "Pre-fill": judge the last part.
    if let last = lower.split(separator: "-").last, last.count < lower.count { lower = String(last) }
    if nonVerbs.contains(lower) { return false }
    if lower.hasSuffix("s") && lower.count > 2 { return true }
    if imperativeVerbs.contains(lower) { return true }
    return lower.count > 4 && ["ize", "ise", "ify", "ate"].contains { lower.hasSuffix($0) }
  }

  /// Words ending in "s" (or with a verb suffix) that do not start a verb-led sentence.
  private static let nonVerbs: Set<String> = [
    "a", "an", "the", "this", "that", "these", "those", "its", "his", "hers", "ours", "yours", "theirs", "is", "was",
    "as", "us", "thus", "plus", "various", "previous", "always", "perhaps", "less", "unless", "whereas", "yes",
    "private", "ultimate", "intermediate", "appropriate", "immediate", "accurate", "adequate",
  ]

  /// Common imperative verbs that start descriptions ("Add a note.", "Turn on the light.").
  private static let imperativeVerbs: Set<String> = [
    "accept", "access", "activate", "add", "adjust", "allow", "append", "apply", "archive", "arm", "ask", "assign",
    "attach", "book", "bookmark", "boost", "broadcast", "browse", "build", "buy", "calculate", "call", "cancel",
    "capture", "change", "charge", "check", "choose", "clean", "clear", "click", "close", "collect", "compare",
    "compose", "compute", "configure", "confirm", "connect", "continue", "convert", "copy", "count", "create", "crop",
    "cut", "decline", "decrease", "delete", "describe", "deselect", "detect", "dial", "dim", "disable", "disarm",
    "disconnect", "dismiss", "display", "do", "download", "draft", "draw", "drop", "duplicate", "edit", "eject",
    "email", "empty", "enable", "end", "enter", "erase", "estimate", "evaluate", "exit", "expand", "explain", "export",
    "extract", "favorite", "favourite", "fetch", "fill", "filter", "find", "finish", "fix", "flag", "flip", "follow",
    "forward", "generate", "get", "give", "go", "hang", "help", "hide", "highlight", "identify", "ignore", "import",
    "increase", "insert", "install", "invite", "join", "jump", "keep", "launch", "leave", "like", "list", "load",
    "locate", "lock", "log", "look", "lookup", "lower", "make", "manage", "map", "mark", "merge", "message", "minimize",
    "move", "mute", "name", "navigate", "note", "notify", "open", "order", "organize", "organise", "pair", "paste",
    "pause", "pay", "pick", "pin", "ping", "place", "play", "post", "predict", "prepare", "present", "preview", "print",
    "provide", "publish", "pull", "push", "put", "query", "queue", "raise", "rate", "read", "reboot", "receive",
    "record", "redo", "refresh", "register", "reject", "reload", "remind", "remove", "rename", "reorder", "repeat",
    "reply", "report", "request", "reserve", "reset", "resize", "restart", "restore", "resume", "retrieve", "return",
    "reverse", "review", "rewind", "rotate", "run", "save", "scan", "schedule", "scroll", "search", "see", "seek",
    "select", "send", "set", "share", "show", "shuffle", "shut", "sign", "skip", "sleep", "snooze", "sort", "speak",
    "split", "start", "stop", "store", "stream", "submit", "subscribe", "suggest", "summarize", "summarise", "switch",
    "sync", "take", "tell", "test", "text", "track", "transfer", "translate", "trigger", "trim", "turn", "undo",
    "unfollow", "uninstall", "unlock", "unmute", "unpin", "unsubscribe", "update", "upload", "use", "validate",
    "verify", "view", "visit", "wake", "watch", "write", "zoom",
  ]

  // MARK: Near-duplicate intents

  struct NearDuplicate: Equatable {
    enum Reason: Equatable {
      case sameTitle(String)
      case similar(percent: Int)
    }
    var earlier: Int
    var reason: Reason
  }

  /// Near-duplicate pairs among discoverable intents, keyed by the later intent's index.
  ///
  /// Equal titles (case-insensitive, per language) are found by hashing. Similar token sets
  /// (Jaccard ≥ 0.8 over title + description in the default language) are found with prefix
  /// filtering: each token set is ordered rarest token first, and two sets with Jaccard ≥ t
  /// always share a token among their first |x| − ⌈t·|x|⌉ + 1 tokens, so only those
  /// prefixes go into the inverted index. Candidates are verified exactly: at most
  /// `candidateCap` per intent, and at most `reportCap` pairs are reported per intent
  /// (the earliest intents first).
  ///
  /// - Complexity: O(n · (t + p)) for n intents of t tokens, p ≤ `postingScanCap`.
  func findNearDuplicates() -> [Int: [NearDuplicate]] {
    var comparisons = 0
    return findNearDuplicates(comparisons: &comparisons)
  }

  /// `findNearDuplicates()`, also counting the candidate pairs compared (at most
  /// `candidateCap` per intent), so a test can show the search is not all-pairs.
  func findNearDuplicates(comparisons: inout Int) -> [Int: [NearDuplicate]] {
    let intents = catalog.intents
    let (num, den) = (Self.similarityNumerator, Self.similarityDenominator)

    // Per intent: normalised titles ("lang\0title") and the token set as sorted interned ids.
    var titles: [[(key: String, title: String)]] = Array(repeating: [], count: intents.count)
    var sets: [[Int]] = Array(repeating: [], count: intents.count)
    var tokenIDs: [String: Int] = [:]
    var frequency: [Int] = []
    for (i, intent) in intents.enumerated() where intent.isDiscoverable {
      for entry in intent.title.entries {
        let title = String(entry.text.trimmingSpaces)
        guard !title.isEmpty else { continue }
        let key = entry.language.lowercased() + "\u{0}" + title.lowercased()
        if !titles[i].contains(where: { $0.key == key }) { titles[i].append((key, title)) }
      }
      var text = intent.title.resolved(for: catalog.defaultLanguage)
      if let description = intent.description { text += " " + description.resolved(for: catalog.defaultLanguage) }
      var ids = Set<Int>()
      for token in Self.tokens(text) {
        if let id = tokenIDs[token] {
          ids.insert(id)
        } else {
          tokenIDs[token] = frequency.count
          ids.insert(frequency.count)
          frequency.append(0)
        }
      }
      guard ids.count >= Self.minimumTokens else { continue }
      for id in ids { frequency[id] += 1 }
      sets[i] = ids.sorted()
    }

    var titleOwners: [String: [Int]] = [:]
    var postings: [[Int]] = Array(repeating: [], count: frequency.count)
    var seen = [Int](repeating: -1, count: intents.count)
    var result: [Int: [NearDuplicate]] = [:]

    for (i, intent) in intents.enumerated() where intent.isDiscoverable {
      var candidates: [Int] = []
      // Equal titles, per language.
      collect: for (key, _) in titles[i] {
        for j in titleOwners[key] ?? [] where seen[j] != i {
          guard candidates.count < Self.candidateCap else { break collect }
          seen[j] = i
          candidates.append(j)
        }
      }
      // Similar token sets: probe the prefix, rarest tokens first.
      let set = sets[i]
      var prefix: [Int] = []
      if !set.isEmpty {
        let ordered = set.sorted { (frequency[$0], $0) < (frequency[$1], $1) }
        let required = (num * ordered.count + den - 1) / den  // ⌈t·|x|⌉
        prefix = Array(ordered.prefix(ordered.count - required + 1))
        var scanned = 0
        probe: for token in prefix {
          for j in postings[token] where seen[j] != i {
            scanned += 1
            guard scanned <= Self.postingScanCap, candidates.count < Self.candidateCap else { break probe }
            // Size filter: Jaccard ≤ min/max.
            let other = sets[j].count
            if den * min(other, set.count) < num * max(other, set.count) { continue }
            seen[j] = i
            candidates.append(j)
          }
        }
      }
      // Verify, earliest first.
      var found: [NearDuplicate] = []
      comparisons += candidates.count
      for j in candidates.sorted() {
        if let title = titles[i].first(where: { mine in titles[j].contains { $0.key == mine.key } })?.title {
          found.append(NearDuplicate(earlier: j, reason: .sameTitle(title)))
        } else if !set.isEmpty, !sets[j].isEmpty {
          let shared = Self.intersectionCount(set, sets[j])
          let union = set.count + sets[j].count - shared
          if den * shared >= num * union {
            found.append(NearDuplicate(earlier: j, reason: .similar(percent: shared * 100 / union)))
          }
        }
        if found.count == Self.reportCap { break }
      }
      if !found.isEmpty { result[i] = found }
      // Index this intent for the later ones.
      for (key, _) in titles[i] { titleOwners[key, default: []].append(i) }
      for token in prefix { postings[token].append(i) }
    }
    return result
  }

  private static func intersectionCount(_ a: [Int], _ b: [Int]) -> Int {
    var (i, j, count) = (0, 0, 0)
    while i < a.count && j < b.count {
      if a[i] == b[j] {
        count += 1
        i += 1
        j += 1
      } else if a[i] < b[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return count
  }

  /// Lowercased runs of letters and digits longer than two characters.
  static func tokens(_ text: String) -> [String] {
    var out: [String] = []
    var current = String.UnicodeScalarView()
    func flush() {
      if current.count > 2 { out.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    for s in text.lowercased().unicodeScalars {
      let isWordScalar: Bool
      if s.isASCII {
        isWordScalar = (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || (s >= "A" && s <= "Z")
      } else {
        let p = s.properties
        isWordScalar =
          p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark
      }
      if isWordScalar {
        current.append(s)
      } else if !current.isEmpty {
        flush()
      }
    }
    flush()
    return out
  }

  // MARK: Helpers

  /// The path of one translation: the field itself for a plain string, else `field/<tag>`.
  private static func entryPath(_ text: LocalizedText, _ entry: LocalizedText.Entry, _ path: JSONPath) -> JSONPath {
    text.isPlain ? path : path / entry.language
  }

  /// ` (de)` for an entry of a language map, nothing for a plain string.
  private static func languageNote(_ text: LocalizedText, _ entry: LocalizedText.Entry) -> String {
    text.isPlain ? "" : " (\(entry.language))"
  }

  private static func preview(_ text: some StringProtocol, limit: Int = 60) -> String {
    let flat = text.trimmingSpacesAndNewlines
    return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
  }

  private static func uniqueLanguages(_ languages: [String]) -> [String] {
    var out: [String] = []
    for language in languages where !out.contains(where: { LanguageTag.equal($0, language) }) { out.append(language) }
    return out
  }

  /// Parameters to show in an example summary: the required ones, else all.
  private static func summaryParameters(of intent: Intent) -> [Parameter] {
    let required = intent.parameters.filter(\.isRequired)
    return required.isEmpty ? intent.parameters : required
  }

  /// The start of an example description: the title's verb in the third person
  /// ("Add Note" → "Adds …"), else "Creates …".
  private static func exampleDescription(for intent: Intent) -> String {
    let words = intent.title.resolved().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    guard let verb = words.first, imperativeVerbs.contains(verb.lowercased()) else { return "Creates …" }
    let lower = verb.lowercased()
    let third = lower.hasSuffix("s") || lower.hasSuffix("sh") || lower.hasSuffix("ch") || lower.hasSuffix("x") ? verb + "es" : verb + "s"
    return "\(third) …"
  }

  /// Up to four lowercased title words as a starting point for search keywords.
  private static func keywordSuggestions(for intent: Intent) -> [String] {
    var words: [String] = []
    for token in tokens(intent.title.resolved()) where !words.contains(token) && words.count < 4 { words.append(token) }
    return words
  }

  /// `darkMode`, `dark_mode`, `dark-mode` → "Dark mode".
  static func humanized(_ value: String) -> String {
    var words: [String] = []
    var current = ""
    var previous: Character?
    for c in value {
      if c == "_" || c == "-" || c == " " || c == "." {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else if c.isUppercase, let p = previous, p.isLowercase || p.isNumber {
        words.append(current)
        current = String(c)
      } else {
        current.append(c)
      }
      previous = c
    }
    if !current.isEmpty { words.append(current) }
    let sentence = words.map { $0.lowercased() }.joined(separator: " ")
    return sentence.prefix(1).uppercased() + sentence.dropFirst()
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
  static func duplicates(in items: [(title: LocalizedText?, synonyms: LocalizedTextList, path: JSONPath)], defaultLanguage: String) -> [Duplicate] {
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

extension StringProtocol {
  /// The text with surrounding whitespace removed and inner runs of whitespace as one space.
  fileprivate var trimmingSpacesAndNewlines: String {
    split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
