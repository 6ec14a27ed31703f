import IntentBridgeCatalog
import IntentBridgeText

/// The questions a resolver asks for a parameter the request left empty or ambiguous, in the
/// catalog language, from what the catalog says about the parameter:
///
/// 1. its `requestValueDialog` / `requestDisambiguationDialog`, when written, as is;
/// 2. otherwise a question built from its **title** (or, without one, its name made
///    readable: `duration_minutes` → "duration in minutes", `post_id` → "post ID"), with the
///    values to choose from when an enum has at most five ("Which calendar: work, personal or
///    family?") or the candidates of an ambiguous value ("Which area do you mean: Kitchen or
///    Kitchenette?");
/// 3. a parameter without a title gets its **description** as a hint after the question
///    ("What is the duration in minutes? How long the event lasts, in minutes."), since its
///    name alone is a programmer's word.
///
/// Phrasings exist for en, de, fi, sk and zh; other languages are asked in English.
///
///     ParameterQuestions(catalog: catalog, language: "de").missing(parameter)
///     // "Welcher Wert für „Kalender“: Arbeit, Privat oder Familie?"
package struct ParameterQuestions: Sendable {
  package let catalog: Catalog
  package let language: String

  package init(catalog: Catalog, language: String) {
    self.catalog = catalog
    self.language = language
  }

  /// At most this many enum values are listed in a question.
  static let listedChoices = 5

  /// The question for a required parameter the request did not give.
  package func missing(_ parameter: Parameter) -> String {
    if let dialog = parameter.requestValueDialog?.resolved(for: language) { return dialog }
    let phrasing = Phrasing.forLanguage(language)
    let title = phrasing.inSentence(self.title(parameter))
    var question: String
    if parameter.type == .boolean {
      question = phrasing.yesNo(title)
    } else if let choices = choices(parameter), choices.count <= Self.listedChoices, choices.count > 1 {
      question = phrasing.choose(title, phrasing.list(choices))
    } else if case .entity = parameter.type {
      question = phrasing.which(title)
    } else if case .enumeration = parameter.type {
      question = phrasing.which(title)
    } else {
      question = phrasing.what(title)
    }
    if parameter.title == nil, let hint = hint(parameter) { question += " " + hint + (hint.last.map { ".!?。".contains($0) } ?? true ? "" : ".") }
    return question
  }

  /// The question for a parameter whose words name several values (`candidates`: ids or
  /// enum values, shown by their titles).
  package func ambiguous(_ parameter: Parameter, candidates: [String]) -> String {
    if let dialog = parameter.requestDisambiguationDialog?.resolved(for: language) { return dialog }
    let phrasing = Phrasing.forLanguage(language)
    let shown = candidates.map { valueTitle($0, of: parameter) }
    return phrasing.whichOf(phrasing.inSentence(title(parameter)), phrasing.list(shown))
  }

  /// The parameter's title in the catalog language, or its name made readable.
  package func title(_ parameter: Parameter) -> String {
    if let title = parameter.title?.resolved(for: language), !title.isEmpty { return title }
    return Self.readableName(parameter.name)
  }

  /// `duration_minutes` → "duration in minutes", `post_id` → "post ID", `checkInDate` →
  /// "check in date", `url` → "URL".
  package static func readableName(_ name: String) -> String {
    var parts = ParameterCues.nameParts(name).map { part -> String in acronyms.contains(part) ? part.uppercased() : part }
    if parts.count >= 2, let last = parts.last, units.contains(last), !parts.dropLast().contains(where: units.contains) {
      parts.insert("in", at: parts.count - 1)
    }
    return parts.joined(separator: " ")
  }

  static let acronyms: Set<String> = ["id", "url", "uri", "ip", "api", "sku", "isbn", "vat", "iban", "pin", "sms", "gps", "pdf", "csv"]
  static let units: Set<String> = ["seconds", "minutes", "hours", "days", "weeks", "months", "years", "kg", "km", "meters", "usd", "eur", "percent"]

  /// The description, trimmed, when it says more than the title.
  func hint(_ parameter: Parameter) -> String? {
    guard let description = parameter.description?.resolved(for: language).trimmingSpaces, !description.isEmpty else { return nil }
    return description.lowercased() == title(parameter).lowercased() ? nil : description
  }

  /// The titles of an enum parameter's values (nil for other types).
  func choices(_ parameter: Parameter) -> [String]? {
    guard case .enumeration(let id) = parameter.type, let enumeration = catalog.enumType(id: id) else { return nil }
    return enumeration.cases.map { $0.title?.resolved(for: language) ?? $0.value }
  }

  /// How a value of the parameter is shown: an enum case's or instance's title, else as given.
  func valueTitle(_ value: String, of parameter: Parameter) -> String {
    switch parameter.type {
    case .enumeration(let id):
      return catalog.enumType(id: id)?.cases.first { $0.value == value }?.title?.resolved(for: language) ?? value
    case .entity(let id):
      return catalog.entityType(id: id)?.instances.first { $0.id == value }?.title?.resolved(for: language) ?? value
    default:
      return value
    }
  }

  /// The sentence shapes of one language.
  struct Phrasing {
    var what: (String) -> String
    var yesNo: (String) -> String
    var which: (String) -> String
    var choose: (String, String) -> String
    var whichOf: (String, String) -> String
    /// "a, b or c".
    var or: String
    var separator = ", "
    /// English writes a title inside a sentence in lower case ("What is the due date?").
    var lowercasesTitles = false

    func inSentence(_ title: String) -> String { lowercasesTitles ? title.lowercasedFirstWordUnlessAcronym : title }

    func list(_ items: [String]) -> String {
      guard items.count > 1 else { return items.first ?? "" }
      return items.dropLast().joined(separator: separator) + or + items[items.count - 1]
    }

    static func forLanguage(_ language: String) -> Phrasing {
      switch LanguageTag.primary(language) {
      case "de":
        Phrasing(
          what: { "Wie lautet „\($0)“?" }, yesNo: { "„\($0)“: ja oder nein?" }, which: { "Welcher Wert für „\($0)“ ist gemeint?" },
          choose: { "Welcher Wert für „\($0)“: \($1)?" }, whichOf: { "Welcher Wert für „\($0)“ ist gemeint: \($1)?" }, or: " oder ")
      case "fi":
        Phrasing(
          what: { "Mikä on \($0)?" }, yesNo: { "\($0.capitalizedFirst): kyllä vai ei?" }, which: { "Mitä tarkoitat: \($0)?" },
          choose: { "\($0.capitalizedFirst): \($1)?" },
          whichOf: { "Mitä tarkoitat (\($0)): \($1)?" }, or: " vai ")
      case "sk":
        Phrasing(
          what: { "Aká je hodnota „\($0)“?" }, yesNo: { "„\($0)“: áno alebo nie?" }, which: { "Ktorú hodnotu „\($0)“ myslíte?" },
          choose: { "Ktorá hodnota „\($0)“: \($1)?" }, whichOf: { "Ktorú hodnotu „\($0)“ myslíte: \($1)?" }, or: " alebo ")
      case "zh":
        Phrasing(
          what: { "\($0)是什么？" }, yesNo: { "\($0)：是还是否？" }, which: { "您指的是哪个\($0)？" }, choose: { "\($0)选哪个：\($1)？" },
          whichOf: { "您指的是哪个\($0)：\($1)？" }, or: "还是", separator: "、")
      default:
        Phrasing(
          what: { "What is the \($0)?" }, yesNo: { "\($0.capitalizedFirst): yes or no?" }, which: { "Which \($0) do you mean?" },
          choose: { "Which \($0): \($1)?" }, whichOf: { "Which \($0) do you mean: \($1)?" }, or: " or ", lowercasesTitles: true)
      }
    }
  }
}

extension String {
  /// The text with its first word lowercased ("Due date" → "due date"), unless that word is
  /// an acronym or a name written in capitals ("URL", "HTTP method").
  fileprivate var lowercasedFirstWordUnlessAcronym: String {
    let first = prefix { $0 != " " }
    if first.count > 1, first.allSatisfy({ $0.isUppercase || $0.isNumber }) { return self }
    guard let head = first.first, head.isUppercase, first.dropFirst().allSatisfy({ !$0.isUppercase }) else { return self }
    return head.lowercased() + dropFirst()
  }

  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
  }
}
