import IntentBridgeJSON

/// A text as the Swift source writes it: a localisation key (with `${name}` for the
/// parameter and application-name tokens it interpolates), its default value and table.
struct SwiftText {
  var key: String
  var defaultValue: String?
  var table: String?
  var location: FileLocation
}

/// Reading texts in every form App Intents accepts, and resolving them through the String
/// Catalogs into catalog `Text` / `TextList` values.
///
/// Forms: a string literal; `LocalizedStringResource("key", defaultValue: "…", table: "T",
/// comment: "…")` and `.init(…)`; `LocalizedStringResource(stringLiteral:)`;
/// `String(localized: "key", defaultValue:, table:)`; `IntentDialog("…")`,
/// `IntentDialog(full: "…", supporting: "…")`; `NSLocalizedString("key", tableName:, value:, comment:)`.
/// Interpolations: `\(.applicationName)` → `${applicationName}`, `\(\.$trail)` → `${trail}`;
/// anything else is computed at run time and makes the text unreadable.
extension SwiftCatalogBuilder {
  static let textInitializers: Set<String> = [
    "LocalizedStringResource", "init", "LocalizedStringKey", "IntentDialog", "String", "NSLocalizedString",
    "AppShortcutPhrase", "NegativeAppShortcutPhrase", "IntentDescription",
  ]

  /// The text an expression writes, or why it cannot be read statically.
  func readText(_ expression: SwiftExpression, in source: SwiftSource) -> Result<SwiftText, TextProblem> {
    let location = source.location(expression.tokens.lowerBound)
    switch expression.kind {
    case .string(let literal):
      return readLiteral(literal, in: source, location: location).map { SwiftText(key: $0, defaultValue: nil, table: nil, location: location) }
    case .call(let callee, let arguments, _) where Self.textInitializers.contains(callee.lastName ?? ""):
      let keyArgument =
        arguments.first { $0.label == nil } ?? arguments.first { ["localized", "stringLiteral", "full"].contains($0.label ?? "") }
      guard let keyArgument, case .string(let literal) = keyArgument.value.kind else {
        return .failure(TextProblem(reason: "\(callee.lastName ?? "the call") is not given a string literal"))
      }
      let key: String
      switch readLiteral(literal, in: source, location: location) {
      case .success(let text): key = text
      case .failure(let problem): return .failure(problem)
      }
      var text = SwiftText(key: key, defaultValue: nil, table: nil, location: location)
      for argument in arguments {
        switch argument.label {
        case "defaultValue", "value":
          if case .string(let value) = argument.value.kind, case .success(let resolved) = readLiteral(value, in: source, location: location) {
            text.defaultValue = resolved
          }
        case "table", "tableName":
          if case .string(let value) = argument.value.kind { text.table = value.plainText }
        default:
          break
        }
      }
      return .success(text)
    case .opaque(let reason):
      return .failure(TextProblem(reason: "the text is \(reason), which cannot be read statically"))
    case .call(let callee, _, _):
      let name = source.text(from: callee.tokens.lowerBound, to: callee.tokens.upperBound)
      return .failure(TextProblem(reason: "the text is the result of \(name)(…), computed at run time"))
    case .name, .member:
      let name = source.text(from: expression.tokens.lowerBound, to: expression.tokens.upperBound)
      return .failure(TextProblem(reason: "the text is the value of \(name), known only at run time"))
    default:
      return .failure(TextProblem(reason: "the text is not a string literal or a LocalizedStringResource"))
    }
  }

  struct TextProblem: Error {
    var reason: String
  }

  /// A literal's key text: literal segments verbatim, recognised interpolations as `${…}`
  /// (with `parameters`, a plain `\(name)` of one of them counts too: result dialogs).
  func readLiteral(_ literal: SwiftStringLiteral, in source: SwiftSource, location: FileLocation, parameters: Set<String> = []) -> Result<
    String, TextProblem
  > {
    var key = ""
    for segment in literal.segments {
      switch segment {
      case .text(let text):
        key += text
      case .interpolation(let range):
        guard let slot = Self.placeholder(inInterpolation: Array(source.bytes[range]), parameters: parameters) else {
          let written = String(decoding: source.bytes[range], as: UTF8.self)
          return .failure(TextProblem(reason: "the interpolation \\(\(written)) is computed at run time"))
        }
        key += "${\(slot)}"
      }
    }
    return .success(key)
  }

  /// `applicationName` for `.applicationName` / `AppShortcutPhraseToken.applicationName`,
  /// the parameter name for `\.$trail`, `\Self.$trail`, `\.trail`; nil otherwise.
  static func placeholder(inInterpolation bytes: [UInt8], parameters: Set<String> = []) -> String? {
    let source = SwiftSource(name: "", bytes: bytes)
    let expression = SwiftExpressionParser.parse(source, 0..<source.tokens.count)
    switch expression.kind {
    case .name(let name) where parameters.contains(name):
      return name
    case .implicitMember("applicationName"):
      return "applicationName"
    case .member(let base, "applicationName") where base.lastName == "AppShortcutPhraseToken":
      return "applicationName"
    case .keyPath(let root, let components) where root == nil || root == "Self":
      guard components.count == 1, let name = components.first else { return nil }
      return name.hasPrefix("$") ? String(name.dropFirst()) : name
    default:
      return nil
    }
  }

  // MARK: Localisation

  /// The catalog `Text` for a text: a plain string when only the default language has it,
  /// else an object of language → text (default language first). With `template`, literal
  /// characters that phrase templates treat specially are escaped.
  mutating func localized(_ text: SwiftText, defaultTable: String = "Localizable", template: Bool = false, path: JSONPath) -> JSONValue {
    let values = translations(of: text, defaultTable: defaultTable, path: path)
    note(path, text.location)
    func escape(_ text: String) -> String { template ? Self.templateEscaped(text) : text }
    if values.count == 1 { return .string(escape(values[0].text)) }
    var object = JSONObject()
    for value in values {
      object[value.language] = .string(escape(value.text))
      if value.language != defaultLanguage { note(path / value.language, value.location) }
    }
    return .object(object)
  }

  /// The text in each catalog language that has it, default language first.
  mutating func translations(of text: SwiftText, defaultTable: String, path: JSONPath) -> [LocalizedStrings.Value] {
    let table = text.table ?? defaultTable
    let fallback = LocalizedStrings.Value(language: defaultLanguage, text: text.defaultValue ?? text.key, location: text.location)
    guard let entry = strings.entry(table: table, key: text.key) else { return [fallback] }
    if !entry.variations.isEmpty {
      recorder.warn(
        text.location,
        "the strings entry \(JSONWriter.quoted(text.key)) of \(table) has \(entry.variations.joined(separator: ", ")) variations; used the 'other' form of each language"
      )
    }
    var values = [
      entry.value(for: defaultLanguage).map { LocalizedStrings.Value(language: defaultLanguage, text: $0.text, location: text.location) } ?? fallback
    ]
    guard entry.shouldTranslate else { return values }
    for language in languages.dropFirst() {
      if let value = entry.value(for: language), !value.text.isEmpty { values.append(value) }
    }
    return values
  }

  /// Escapes `\ ( ) [ ] { } < > | $` for phrase templates, keeping `${name}` slots.
  static func templateEscaped(_ text: String) -> String {
    var out = ""
    let characters = Array(text)
    var i = 0
    while i < characters.count {
      let c = characters[i]
      if c == "$", i + 1 < characters.count, characters[i + 1] == "{",
        let close = characters[(i + 2)...].firstIndex(of: "}"), close > i + 2,
        characters[(i + 2)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
      {
        out += String(characters[i...close])
        i = close + 1
        continue
      }
      if "\\()[]{}<>|$".contains(c) { out.append("\\") }
      out.append(c)
      i += 1
    }
    return out
  }

  /// A text or, when it cannot be read, a warning with the expression kept raw.
  mutating func textValue(
    _ expression: SwiftExpression, in source: SwiftSource, what: String, rawKeys: [String], path: JSONPath,
    defaultTable: String = "Localizable", template: Bool = false
  ) -> JSONValue? {
    switch readText(expression, in: source) {
    case .success(let text):
      return localized(text, defaultTable: defaultTable, template: template, path: path)
    case .failure(let problem):
      keepRaw(expression, in: source, at: rawKeys, reason: "\(what): \(problem.reason)")
      return nil
    }
  }

  /// A list of texts (`searchKeywords`, `synonyms`) → a catalog `TextList`: an array when
  /// only the default language has items, else language → array.
  mutating func textList(
    _ expression: SwiftExpression, in source: SwiftSource, what: String, rawKeys: [String], path: JSONPath, template: Bool
  ) -> JSONValue? {
    guard case .array(let elements) = expression.kind else {
      keepRaw(expression, in: source, at: rawKeys, reason: "\(what) is not an array literal")
      return nil
    }
    var perLanguage: [String: [String]] = [:]
    var unreadable: [SwiftExpression] = []
    for element in elements {
      guard case .success(let text) = readText(element, in: source) else {
        unreadable.append(element)
        continue
      }
      let index = perLanguage[defaultLanguage]?.count ?? 0
      for value in translations(of: text, defaultTable: "Localizable", path: path) {
        let escaped = template ? Self.templateEscaped(value.text) : value.text
        perLanguage[value.language, default: []].append(escaped)
      }
      note(path / index, text.location)
    }
    for element in unreadable {
      keepRaw(
        element, in: source, at: rawKeys + [String(elements.firstIndex { $0.tokens == element.tokens } ?? 0)],
        reason: "an item of \(what) is computed at run time")
    }
    guard let defaults = perLanguage[defaultLanguage], !defaults.isEmpty else { return nil }
    if perLanguage.count == 1 { return .array(defaults.map(JSONValue.string)) }
    var object = JSONObject()
    for language in languages { if let items = perLanguage[language] { object[language] = .array(items.map(JSONValue.string)) } }
    return .object(object)
  }
}
