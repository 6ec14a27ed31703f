import IntentBridgeJSON
import IntentBridgeText

/// Turns a parsed catalog document into a `Catalog`, applying defaults and reporting every
/// structural problem (wrong types, missing or unknown fields, bad enum strings) as a
/// diagnostic with its JSON path. Decoding goes on after an error so that one run shows
/// all problems; the catalog it returns is usable only when there are no errors.
///
/// - Complexity: O(n) in the size of the document.
struct CatalogDecoder {
  private(set) var diagnostics: [Diagnostic] = []
  private var defaultLanguage = "en"
  private let file: String?
  /// Resolves `instancesFile` paths; returns the file's bytes or throws a message.
  private let readFile: (String) -> Result<[UInt8], CatalogFileError>

  init(file: String?, readFile: @escaping (String) -> Result<[UInt8], CatalogFileError>) {
    self.file = file
    self.readFile = readFile
  }

  // MARK: Diagnostics

  private mutating func error(_ rule: DiagnosticRule, _ message: String, hint: String? = nil, at path: JSONPath) {
    diagnostics.append(Diagnostic(.error, rule: rule.rawValue, message, hint: hint ?? rule.hint, path: path, file: file))
  }

  private mutating func warning(_ rule: DiagnosticRule, _ message: String, hint: String? = nil, at path: JSONPath) {
    diagnostics.append(Diagnostic(.warning, rule: rule.rawValue, message, hint: hint ?? rule.hint, path: path, file: file))
  }

  private mutating func typeMismatch(_ value: JSONValue, expected: String, at path: JSONPath) {
    error(
      .wrongType, "\(path.lastKeyDescription) must be \(expected), found \(value.typeName) \(value.shortPreview)",
      hint: "write \(path.lastKeyDescription) as \(expected)", at: path)
  }

  /// Reports keys not in `known` (extension keys starting with `x-` are allowed).
  private mutating func checkKeys(_ object: JSONObject, known: [String], kind: String, at path: JSONPath) {
    for key in object.keys where !known.contains(key) && !key.hasPrefix("x-") {
      let suggestion = DidYouMean.closest(to: key, in: known)
      let hint =
        suggestion.map { "did you mean \"\($0)\"? Known fields of \(kind): \(known.joined(separator: ", "))" }
        ?? "remove it, or prefix an extension field with \"x-\"; known fields of \(kind): \(known.joined(separator: ", "))"
      error(.unknownField, "unknown field \"\(key)\" in \(kind)", hint: hint, at: path / key)
    }
  }

  // MARK: Primitive readers

  private mutating func object(_ value: JSONValue?, _ path: JSONPath, kind: String) -> JSONObject? {
    guard let value else { return nil }
    guard let object = value.objectValue else {
      typeMismatch(value, expected: "an object (\(kind))", at: path)
      return nil
    }
    return object
  }

  private mutating func string(_ value: JSONValue?, _ path: JSONPath, nonEmpty: Bool = false) -> String? {
    guard let value else { return nil }
    guard let text = value.stringValue else {
      typeMismatch(value, expected: "a string", at: path)
      return nil
    }
    if nonEmpty && text.trimmingSpaces.isEmpty {
      error(.emptyValue, "\(path.lastKeyDescription) must not be empty", hint: "write a non-empty string", at: path)
      return nil
    }
    return text
  }

  private mutating func requiredString(_ object: JSONObject, _ key: String, _ path: JSONPath, kind: String) -> String? {
    guard let value = object[key] else {
      error(.missingField, "\(kind) is missing the required field \"\(key)\"", hint: "add \"\(key)\": \"…\"", at: path)
      return nil
    }
    return string(value, path / key, nonEmpty: true)
  }

  private mutating func bool(_ value: JSONValue?, _ path: JSONPath) -> Bool? {
    guard let value else { return nil }
    guard let b = value.boolValue else {
      typeMismatch(value, expected: "true or false", at: path)
      return nil
    }
    return b
  }

  private mutating func number(_ value: JSONValue?, _ path: JSONPath) -> Double? {
    guard let value else { return nil }
    guard let d = value.doubleValue else {
      typeMismatch(value, expected: "a number", at: path)
      return nil
    }
    return d
  }

  private mutating func integer(_ value: JSONValue?, _ path: JSONPath, minimum: Int = 0) -> Int? {
    guard let value else { return nil }
    guard let i = value.integerValue, i >= minimum, i < Int64(Int32.max) else {
      typeMismatch(value, expected: "an integer ≥ \(minimum)", at: path)
      return nil
    }
    return Int(i)
  }

  private mutating func stringArray(_ value: JSONValue?, _ path: JSONPath) -> [String]? {
    guard let value else { return nil }
    guard let array = value.arrayValue else {
      typeMismatch(value, expected: "an array of strings", at: path)
      return nil
    }
    var out: [String] = []
    for (i, element) in array.enumerated() {
      if let s = string(element, path / i) { out.append(s) }
    }
    return out
  }

  private mutating func rawEnum<E: RawRepresentable & CaseIterable>(_ value: JSONValue?, _ path: JSONPath, _ type: E.Type) -> E?
  where E.RawValue == String {
    guard let text = string(value, path) else { return nil }
    if let e = E(rawValue: text) { return e }
    let allowed = E.allCases.map(\.rawValue)
    let suggestion = DidYouMean.closest(to: text, in: allowed)
    error(
      .invalidValue, "\(path.lastKeyDescription) has the value \"\(text)\", but the allowed values are: \(allowed.joined(separator: ", "))",
      hint: suggestion.map { "did you mean \"\($0)\"?" } ?? "use one of: \(allowed.joined(separator: ", "))", at: path)
    return nil
  }

  /// Reads a `Text`: a string, or an object of language tag → string.
  private mutating func text(_ value: JSONValue?, _ path: JSONPath) -> LocalizedText? {
    guard let value else { return nil }
    switch value {
    case .string(let s):
      return LocalizedText(s, language: defaultLanguage)
    case .object(let object):
      var entries: [LocalizedText.Entry] = []
      for (language, element) in object {
        guard checkLanguageTag(language, path / language) else { continue }
        if let s = string(element, path / language) { entries.append(.init(language: language, text: s)) }
      }
      if entries.isEmpty {
        error(
          .emptyValue, "\(path.lastKeyDescription) has no translations", hint: "write a string, or an object like {\"\(defaultLanguage)\": \"…\"}",
          at: path)
        return nil
      }
      return LocalizedText(entries: entries, defaultLanguage: defaultLanguage, isPlain: false)
    default:
      typeMismatch(value, expected: "a string or an object of language tag → string", at: path)
      return nil
    }
  }

  /// Reads a `TextList`: an array of strings, or an object of language tag → array of strings.
  private mutating func textList(_ value: JSONValue?, _ path: JSONPath) -> LocalizedTextList {
    guard let value else { return LocalizedTextList(defaultLanguage: defaultLanguage) }
    switch value {
    case .array:
      return LocalizedTextList(
        entries: [.init(language: defaultLanguage, items: stringArray(value, path) ?? [])], defaultLanguage: defaultLanguage)
    case .object(let object):
      var entries: [LocalizedTextList.Entry] = []
      for (language, element) in object {
        guard checkLanguageTag(language, path / language) else { continue }
        if let items = stringArray(element, path / language) { entries.append(.init(language: language, items: items)) }
      }
      return LocalizedTextList(entries: entries, defaultLanguage: defaultLanguage, isPlain: false)
    default:
      typeMismatch(value, expected: "an array of strings or an object of language tag → array of strings", at: path)
      return LocalizedTextList(defaultLanguage: defaultLanguage)
    }
  }

  private mutating func checkLanguageTag(_ tag: String, _ path: JSONPath) -> Bool {
    if LanguageTag.isWellFormed(tag) { return true }
    error(
      .invalidLanguageTag, "\"\(tag)\" is not a BCP 47 language tag",
      hint: "use a tag like \"en\", \"de\", \"fi\", \"sk\" or \"zh-CN\"", at: path)
    return false
  }

  private mutating func array(_ value: JSONValue?, _ path: JSONPath, of kind: String) -> [JSONValue] {
    guard let value else { return [] }
    guard let array = value.arrayValue else {
      typeMismatch(value, expected: "an array of \(kind)", at: path)
      return []
    }
    return array
  }

  // MARK: Catalog

  mutating func decode(_ document: JSONValue) -> Catalog? {
    let root = JSONPath.root
    guard let top = document.objectValue else {
      typeMismatch(document, expected: "an object with \"formatVersion\" and \"intents\"", at: root)
      return nil
    }
    checkKeys(
      top,
      known: [
        "$schema", "formatVersion", "app", "intents", "enums", "entities", "appShortcuts", "negativePhrases", "phraseRules", "skipWords", "source",
      ],
      kind: "the catalog", at: root)
    var formatVersion = 1
    if let version = top["formatVersion"] {
      if version.integerValue != 1 {
        error(
          .unsupportedVersion, "formatVersion is \(version.shortPreview); this version of IntentBridge reads format version 1",
          hint: "set \"formatVersion\": 1 (see docs/CATALOG.md)", at: root / "formatVersion")
      }
      formatVersion = Int(version.integerValue ?? 1)
    } else {
      error(.missingField, "the catalog is missing the required field \"formatVersion\"", hint: "add \"formatVersion\": 1", at: root)
    }
    let app = decodeApp(top["app"], root / "app")
    if top["intents"] == nil {
      error(.missingField, "the catalog is missing the required field \"intents\"", hint: "add \"intents\": [ … ] with at least one intent", at: root)
    }
    let intents = array(top["intents"], root / "intents", of: "intents").enumerated().compactMap { i, v in
      decodeIntent(v, root / "intents" / i)
    }
    let enums = array(top["enums"], root / "enums", of: "enums").enumerated().compactMap { i, v in
      decodeEnum(v, root / "enums" / i)
    }
    let entities = array(top["entities"], root / "entities", of: "entity types").enumerated().compactMap { i, v in
      decodeEntity(v, root / "entities" / i)
    }
    let shortcuts = array(top["appShortcuts"], root / "appShortcuts", of: "App Shortcuts").enumerated().compactMap { i, v in
      decodeShortcut(v, root / "appShortcuts" / i)
    }
    let negative = textList(top["negativePhrases"], root / "negativePhrases")
    var rules: [(name: String, text: LocalizedText)] = []
    if let object = object(top["phraseRules"], root / "phraseRules", kind: "rule name → Text") {
      for (name, value) in object {
        if let t = text(value, root / "phraseRules" / name) { rules.append((name, t)) }
      }
    }
    let skipWords = textList(top["skipWords"], root / "skipWords")
    var source: JSONValue?
    if let value = top["source"] {
      if let object = self.object(value, root / "source", kind: "source") {
        if let kind = object["kind"] { _ = string(kind, root / "source" / "kind") }
        source = .object(object)
      }
    }
    return Catalog(
      formatVersion: formatVersion, app: app, intents: intents, enums: enums, entities: entities,
      appShortcuts: shortcuts, negativePhrases: negative, phraseRules: rules, skipWords: skipWords,
      source: source, filePath: file)
  }

  private mutating func decodeApp(_ value: JSONValue?, _ path: JSONPath) -> AppInfo {
    guard let object = object(value, path, kind: "app") else { return AppInfo() }
    checkKeys(object, known: ["name", "alternativeNames", "bundleIdentifier", "defaultLanguage", "languages"], kind: "app", at: path)
    if let language = string(object["defaultLanguage"], path / "defaultLanguage", nonEmpty: true),
      checkLanguageTag(language, path / "defaultLanguage")
    {
      defaultLanguage = language
    }
    var languages: [String] = []
    for (i, tag) in (stringArray(object["languages"], path / "languages") ?? []).enumerated()
    where checkLanguageTag(tag, path / "languages" / i) {
      languages.append(tag)
    }
    return AppInfo(
      name: text(object["name"], path / "name"),
      alternativeNames: textList(object["alternativeNames"], path / "alternativeNames"),
      bundleIdentifier: string(object["bundleIdentifier"], path / "bundleIdentifier"),
      defaultLanguage: defaultLanguage, languages: languages)
  }

  // MARK: Intent

  private static let intentKeys = [
    "id", "toolName", "title", "description", "categoryName", "searchKeywords", "resultValueName", "phrases",
    "parameters", "parameterSummary", "supportedModes", "isDiscoverable", "assistantOnly", "authenticationPolicy",
    "requiresConfirmation", "effects", "systemProtocols", "schema", "returns", "deprecation", "handler",
  ]

  private mutating func decodeIntent(_ value: JSONValue, _ path: JSONPath) -> Intent? {
    guard let object = object(value, path, kind: "intent") else { return nil }
    checkKeys(object, known: Self.intentKeys, kind: "an intent", at: path)
    let id = requiredString(object, "id", path, kind: "intent")
    var title = text(object["title"], path / "title")
    if object["title"] == nil {
      error(
        .missingField, "intent \(id.map { "\"\($0)\"" } ?? "") is missing the required field \"title\"",
        hint: "add \"title\": \"…\" (the App Intents static title)", at: path)
    }
    if title == nil { title = LocalizedText(id ?? "", language: defaultLanguage) }
    var intent = Intent(id: id ?? "", title: title ?? LocalizedText("", language: defaultLanguage), path: path)
    if let toolName = string(object["toolName"], path / "toolName", nonEmpty: true) {
      intent.toolName = toolName
      intent.hasExplicitToolName = true
      if !ToolName.isValid(toolName) {
        error(
          .invalidToolName, "toolName \"\(toolName)\" does not match ^[a-zA-Z0-9_-]{1,64}$",
          hint: "use letters, digits, '_' and '-' only, at most 64 characters, e.g. \"\(ToolName.sanitize(toolName))\"",
          at: path / "toolName")
      }
    }
    intent.description = text(object["description"], path / "description")
    intent.categoryName = text(object["categoryName"], path / "categoryName")
    intent.searchKeywords = textList(object["searchKeywords"], path / "searchKeywords")
    intent.resultValueName = text(object["resultValueName"], path / "resultValueName")
    intent.phrases = textList(object["phrases"], path / "phrases")
    intent.parameters = array(object["parameters"], path / "parameters", of: "parameters").enumerated().compactMap { i, v in
      decodeParameter(v, path / "parameters" / i)
    }
    intent.parameterSummary = text(object["parameterSummary"], path / "parameterSummary")
    if let modes = array(object["supportedModes"], path / "supportedModes", of: "modes") as [JSONValue]? {
      intent.supportedModes = modes.enumerated().compactMap { i, v in rawEnum(v, path / "supportedModes" / i, IntentMode.self) }
    }
    intent.isDiscoverable = bool(object["isDiscoverable"], path / "isDiscoverable") ?? true
    intent.assistantOnly = bool(object["assistantOnly"], path / "assistantOnly") ?? false
    intent.authenticationPolicy = rawEnum(object["authenticationPolicy"], path / "authenticationPolicy", AuthenticationPolicy.self)
    intent.requiresConfirmation = bool(object["requiresConfirmation"], path / "requiresConfirmation") ?? false
    if let effects = self.object(object["effects"], path / "effects", kind: "effects") {
      let p = path / "effects"
      checkKeys(effects, known: ["readOnly", "destructive", "idempotent", "openWorld"], kind: "effects", at: p)
      intent.effects = Effects(
        readOnly: bool(effects["readOnly"], p / "readOnly"), destructive: bool(effects["destructive"], p / "destructive"),
        idempotent: bool(effects["idempotent"], p / "idempotent"), openWorld: bool(effects["openWorld"], p / "openWorld"))
    }
    intent.systemProtocols = stringArray(object["systemProtocols"], path / "systemProtocols") ?? []
    intent.schema = string(object["schema"], path / "schema")
    if let returns = self.object(object["returns"], path / "returns", kind: "returns") {
      let p = path / "returns"
      checkKeys(returns, known: ["type", "array", "dialog", "snippet"], kind: "returns", at: p)
      intent.returns = ReturnValue(
        type: returns["type"].flatMap { valueType($0, p / "type") }, isArray: bool(returns["array"], p / "array") ?? false,
        // `dialog: true` (the handler supplies it, as the schema allows) has no text to keep.
        dialog: returns["dialog"]?.boolValue != nil ? nil : text(returns["dialog"], p / "dialog"), snippet: bool(returns["snippet"], p / "snippet"))
    }
    if let deprecation = self.object(object["deprecation"], path / "deprecation", kind: "deprecation") {
      let p = path / "deprecation"
      checkKeys(deprecation, known: ["message", "replacedBy"], kind: "deprecation", at: p)
      intent.deprecation = Deprecation(
        message: text(deprecation["message"], p / "message"), replacedBy: string(deprecation["replacedBy"], p / "replacedBy"))
    }
    if let handler = self.object(object["handler"], path / "handler", kind: "handler") {
      intent.handler = decodeHandler(handler, path / "handler")
    }
    return id == nil ? nil : intent
  }

  private mutating func decodeHandler(_ object: JSONObject, _ path: JSONPath) -> Handler? {
    checkKeys(object, known: ["command", "input", "timeoutSeconds", "env"], kind: "handler", at: path)
    guard let command = object["command"] else {
      error(
        .missingField, "handler is missing the required field \"command\"",
        hint: "add \"command\": [\"/path/to/program\", \"arg\"] (an argv array, never a shell string)", at: path)
      return nil
    }
    guard let argv = stringArray(command, path / "command") else { return nil }
    if argv.isEmpty || argv[0].isEmpty {
      error(.emptyValue, "handler.command must name a program", hint: "write [\"/path/to/program\", \"arg\", …]", at: path / "command")
      return nil
    }
    let input = rawEnum(object["input"], path / "input", Handler.Input.self) ?? .jsonStdin
    var timeout = 30.0
    if let t = number(object["timeoutSeconds"], path / "timeoutSeconds") {
      if t > 0 && t <= 3600 {
        timeout = t
      } else {
        error(
          .outOfRange, "handler.timeoutSeconds is \(t); expected a number of seconds in (0, 3600]", hint: "use e.g. 30", at: path / "timeoutSeconds")
      }
    }
    var environment: [(name: String, value: String)] = []
    if let env = self.object(object["env"], path / "env", kind: "environment name → value") {
      for (name, value) in env {
        if let s = string(value, path / "env" / name) { environment.append((name, s)) }
      }
    }
    return Handler(command: argv, input: input, timeoutSeconds: timeout, environment: environment)
  }

  // MARK: Parameter

  private static let parameterKeys = [
    "name", "title", "description", "type", "array", "optional", "default", "minimum", "maximum", "minItems",
    "maxItems", "unit", "currencyCodes", "dateKind", "inputOptions", "requestValueDialog",
    "requestDisambiguationDialog", "valueSynonyms", "jsonSchema",
  ]

  private mutating func valueType(_ value: JSONValue, _ path: JSONPath) -> ValueType? {
    switch value {
    case .string(let name):
      if let type = ValueType(primitiveName: name) { return type }
      let suggestion = DidYouMean.closest(to: name, in: ValueType.primitiveNames)
      error(
        .invalidValue, "unknown type \"\(name)\"",
        hint: (suggestion.map { "did you mean \"\($0)\"? " } ?? "")
          + "use one of \(ValueType.primitiveNames.joined(separator: ", ")), {\"enum\": \"<enum id>\"} or {\"entity\": \"<entity id>\"}",
        at: path)
      return nil
    case .object(let object):
      if object.count == 1, let id = object["enum"] {
        return string(id, path / "enum", nonEmpty: true).map(ValueType.enumeration)
      }
      if object.count == 1, let id = object["entity"] {
        return string(id, path / "entity", nonEmpty: true).map(ValueType.entity)
      }
      error(
        .invalidValue, "a type reference must be {\"enum\": \"<id>\"} or {\"entity\": \"<id>\"}, found \(value.shortPreview)",
        hint: "write exactly one key, \"enum\" or \"entity\"", at: path)
      return nil
    default:
      typeMismatch(value, expected: "a type name string or {\"enum\"|\"entity\": id}", at: path)
      return nil
    }
  }

  private mutating func decodeParameter(_ value: JSONValue, _ path: JSONPath) -> Parameter? {
    guard let object = object(value, path, kind: "parameter") else { return nil }
    checkKeys(object, known: Self.parameterKeys, kind: "a parameter", at: path)
    let name = requiredString(object, "name", path, kind: "parameter")
    if let name, !ParameterName.isValid(name) {
      error(
        .invalidParameterName, "parameter name \"\(name)\" is not a valid property name",
        hint: "use letters, digits, '_' or '-' (at most 64 characters), e.g. \"\(ToolName.sanitize(name))\"", at: path / "name")
    }
    var type: ValueType?
    if let t = object["type"] {
      type = valueType(t, path / "type")
    } else {
      error(
        .missingField, "parameter \(name.map { "\"\($0)\" " } ?? "")is missing the required field \"type\"",
        hint: "add \"type\": \"string\" (or another ValueType)", at: path)
    }
    var parameter = Parameter(name: name ?? "", type: type ?? .string, path: path)
    parameter.title = text(object["title"], path / "title")
    parameter.description = text(object["description"], path / "description")
    parameter.isArray = bool(object["array"], path / "array") ?? false
    parameter.isOptional = bool(object["optional"], path / "optional") ?? false
    parameter.defaultValue = object["default"]
    parameter.minimum = number(object["minimum"], path / "minimum")
    parameter.maximum = number(object["maximum"], path / "maximum")
    if let lo = parameter.minimum, let hi = parameter.maximum, lo > hi {
      error(.outOfRange, "minimum \(lo) is greater than maximum \(hi)", hint: "swap them or fix one bound", at: path / "minimum")
    }
    parameter.minItems = integer(object["minItems"], path / "minItems")
    parameter.maxItems = integer(object["maxItems"], path / "maxItems")
    if let lo = parameter.minItems, let hi = parameter.maxItems, lo > hi {
      error(.outOfRange, "minItems \(lo) is greater than maxItems \(hi)", hint: "swap them or fix one bound", at: path / "minItems")
    }
    if let unit = self.object(object["unit"], path / "unit", kind: "unit") {
      let p = path / "unit"
      checkKeys(unit, known: ["dimension", "default", "allowed"], kind: "unit", at: p)
      parameter.unit = MeasurementUnit(
        dimension: string(unit["dimension"], p / "dimension"), defaultUnit: string(unit["default"], p / "default"),
        allowed: stringArray(unit["allowed"], p / "allowed") ?? [])
    }
    parameter.currencyCodes = stringArray(object["currencyCodes"], path / "currencyCodes") ?? []
    parameter.dateKind = rawEnum(object["dateKind"], path / "dateKind", DateKind.self)
    parameter.inputOptions = self.object(object["inputOptions"], path / "inputOptions", kind: "input options")
    if let options = parameter.inputOptions {
      checkKeys(options, known: ["multiline", "capitalization", "keyboard", "autocorrect"], kind: "inputOptions", at: path / "inputOptions")
    }
    parameter.requestValueDialog = text(object["requestValueDialog"], path / "requestValueDialog")
    parameter.requestDisambiguationDialog = text(object["requestDisambiguationDialog"], path / "requestDisambiguationDialog")
    for (i, element) in array(object["valueSynonyms"], path / "valueSynonyms", of: "value synonyms").enumerated() {
      let p = path / "valueSynonyms" / i
      guard let entry = self.object(element, p, kind: "value synonym") else { continue }
      checkKeys(entry, known: ["value", "synonyms"], kind: "a value synonym", at: p)
      guard let synonymValue = entry["value"] else {
        error(.missingField, "value synonym is missing \"value\"", hint: "write {\"value\": 100, \"synonyms\": [\"max\"]}", at: p)
        continue
      }
      parameter.valueSynonyms.append(ValueSynonym(value: synonymValue, synonyms: textList(entry["synonyms"], p / "synonyms")))
    }
    parameter.jsonSchema = self.object(object["jsonSchema"], path / "jsonSchema", kind: "JSON Schema")
    if let type { checkTypeDependentFields(object, type: type, isArray: parameter.isArray, path) }
    return name == nil || type == nil ? nil : parameter
  }

  /// Fields that belong to one parameter type (`Schemas/catalog.schema.json`'s
  /// `dependentSchemas`): `unit` to `measurement`, `dateKind` to `date`, `currencyCodes` to
  /// `currency`, `jsonSchema` to `json`, `minItems`/`maxItems` to arrays.
  private mutating func checkTypeDependentFields(_ object: JSONObject, type: ValueType, isArray: Bool, _ path: JSONPath) {
    let owners: [(field: String, type: ValueType, name: String)] = [
      ("unit", .measurement, "measurement"), ("dateKind", .date, "date"), ("currencyCodes", .currency, "currency"), ("jsonSchema", .json, "json"),
    ]
    for owner in owners where object[owner.field] != nil && type != owner.type {
      error(
        .invalidValue, "\"\(owner.field)\" applies to parameters of type \"\(owner.name)\" only",
        hint: "make the parameter's type \"\(owner.name)\", or remove \"\(owner.field)\" (say the unit in the title or description instead)",
        at: path / owner.field)
    }
    for field in ["minItems", "maxItems"] where object[field] != nil && !isArray {
      error(.invalidValue, "\"\(field)\" applies to array parameters only", hint: "add \"array\": true, or remove \"\(field)\"", at: path / field)
    }
  }

  // MARK: Enum

  private mutating func decodeEnum(_ value: JSONValue, _ path: JSONPath) -> EnumType? {
    guard let object = object(value, path, kind: "enum") else { return nil }
    checkKeys(object, known: ["id", "title", "cases"], kind: "an enum", at: path)
    let id = requiredString(object, "id", path, kind: "enum")
    if object["cases"] == nil {
      error(
        .missingField, "enum \(id.map { "\"\($0)\" " } ?? "")is missing the required field \"cases\"",
        hint: "add \"cases\": [{\"value\": \"…\", \"title\": \"…\"}]", at: path)
    }
    var cases: [EnumType.Case] = []
    for (i, element) in array(object["cases"], path / "cases", of: "cases").enumerated() {
      let p = path / "cases" / i
      guard let c = self.object(element, p, kind: "enum case") else { continue }
      checkKeys(c, known: ["value", "title", "subtitle", "synonyms", "image"], kind: "an enum case", at: p)
      guard let caseValue = requiredString(c, "value", p, kind: "enum case") else { continue }
      var enumCase = EnumType.Case(value: caseValue, title: text(c["title"], p / "title"), synonyms: textList(c["synonyms"], p / "synonyms"), path: p)
      enumCase.subtitle = text(c["subtitle"], p / "subtitle")
      enumCase.image = string(c["image"], p / "image")
      cases.append(enumCase)
    }
    if object["cases"] != nil && cases.isEmpty && diagnostics.errors.isEmpty {
      error(.emptyValue, "enum \(id ?? "") has no cases", hint: "add at least one case", at: path / "cases")
    }
    guard let id else { return nil }
    return EnumType(id: id, title: text(object["title"], path / "title"), cases: cases, path: path)
  }

  // MARK: Entity

  private mutating func decodeEntity(_ value: JSONValue, _ path: JSONPath) -> EntityType? {
    guard let object = object(value, path, kind: "entity type") else { return nil }
    checkKeys(object, known: ["id", "title", "description", "properties", "instances", "instancesFile", "query"], kind: "an entity type", at: path)
    let id = requiredString(object, "id", path, kind: "entity type")
    var properties: [EntityType.Property] = []
    for (i, element) in array(object["properties"], path / "properties", of: "properties").enumerated() {
      let p = path / "properties" / i
      guard let prop = self.object(element, p, kind: "entity property") else { continue }
      checkKeys(prop, known: ["name", "title", "description", "type", "optional"], kind: "an entity property", at: p)
      guard let name = requiredString(prop, "name", p, kind: "entity property") else { continue }
      let type = prop["type"].flatMap { valueType($0, p / "type") } ?? .string
      properties.append(
        .init(
          name: name, title: text(prop["title"], p / "title"), description: text(prop["description"], p / "description"),
          type: type, isOptional: bool(prop["optional"], p / "optional") ?? false))
    }
    var instances: [EntityType.Instance] = []
    for (i, element) in array(object["instances"], path / "instances", of: "instances").enumerated() {
      if let instance = decodeInstance(element, path / "instances" / i) { instances.append(instance) }
    }
    let instancesFile = string(object["instancesFile"], path / "instancesFile", nonEmpty: true)
    if let instancesFile {
      instances += loadInstancesFile(instancesFile, path / "instancesFile")
    }
    var queryKind: EntityType.QueryKind?
    if let query = self.object(object["query"], path / "query", kind: "query") {
      checkKeys(query, known: ["kind"], kind: "query", at: path / "query")
      queryKind = rawEnum(query["kind"], path / "query" / "kind", EntityType.QueryKind.self)
    }
    guard let id else { return nil }
    return EntityType(
      id: id, title: text(object["title"], path / "title"), description: text(object["description"], path / "description"),
      properties: properties, instances: instances, instancesFile: instancesFile, queryKind: queryKind, path: path)
  }

  private mutating func decodeInstance(_ value: JSONValue, _ path: JSONPath) -> EntityType.Instance? {
    guard let object = object(value, path, kind: "entity instance") else { return nil }
    checkKeys(object, known: ["id", "title", "subtitle", "synonyms", "properties"], kind: "an entity instance", at: path)
    guard let id = requiredString(object, "id", path, kind: "entity instance") else { return nil }
    return EntityType.Instance(
      id: id, title: text(object["title"], path / "title"), subtitle: text(object["subtitle"], path / "subtitle"),
      synonyms: textList(object["synonyms"], path / "synonyms"),
      properties: self.object(object["properties"], path / "properties", kind: "properties") ?? JSONObject(), path: path)
  }

  /// Reads a JSON Lines file of instances; each line's errors name `file:line`.
  private mutating func loadInstancesFile(_ relativePath: String, _ path: JSONPath) -> [EntityType.Instance] {
    let bytes: [UInt8]
    switch readFile(relativePath) {
    case .success(let b): bytes = b
    case .failure(let failure):
      error(
        .unreadableFile, "cannot read instancesFile \"\(relativePath)\": \(failure.reason)",
        hint: "the path is relative to the catalog file; check that it exists", at: path)
      return []
    }
    var instances: [EntityType.Instance] = []
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let linePath = JSONPath([.key("instancesFile:\(relativePath)"), .index(lineNumber)])
      do {
        let value = try JSONParser.parse(bytes: Array(line))
        let before = diagnostics.count
        if let instance = decodeInstance(value, linePath) { instances.append(instance) }
        for i in before..<diagnostics.count {
          diagnostics[i].message += " (in \(relativePath), line \(lineNumber))"
        }
      } catch {
        self.error(
          .jsonSyntax, "\(relativePath):\(lineNumber):\(error.location.column): \(error.message)",
          hint: "each line of an instances file is one JSON object", at: path)
      }
    }
    return instances
  }

  // MARK: App Shortcut

  private mutating func decodeShortcut(_ value: JSONValue, _ path: JSONPath) -> AppShortcut? {
    guard let object = object(value, path, kind: "App Shortcut") else { return nil }
    checkKeys(object, known: ["intent", "phrases", "shortTitle", "systemImageName", "parameter"], kind: "an App Shortcut", at: path)
    guard let intent = requiredString(object, "intent", path, kind: "App Shortcut") else { return nil }
    if object["phrases"] == nil {
      error(
        .missingField, "App Shortcut for \"\(intent)\" is missing the required field \"phrases\"",
        hint: "add \"phrases\": [\"… ${applicationName} …\"]", at: path)
    }
    return AppShortcut(
      intent: intent, phrases: textList(object["phrases"], path / "phrases"), shortTitle: text(object["shortTitle"], path / "shortTitle"),
      systemImageName: string(object["systemImageName"], path / "systemImageName"), parameter: string(object["parameter"], path / "parameter"),
      path: path)
  }
}

/// Why a file could not be read.
package struct CatalogFileError: Error, Sendable {
  package var reason: String
  package init(reason: String) { self.reason = reason }
}

enum ParameterName {
  static func isValid(_ name: String) -> Bool { ToolName.isValid(name) }
}

extension JSONPath {
  /// `"title"` for `$.intents[0].title`, `element 3 of "phrases"` for an index.
  var lastKeyDescription: String {
    switch components.last {
    case .key(let k)?: return "\"\(k)\""
    case .index(let i)?:
      if components.count >= 2, case .key(let k) = components[components.count - 2] { return "element \(i) of \"\(k)\"" }
      return "element \(i)"
    case nil: return "the document"
    }
  }
}

extension JSONValue {
  /// A short rendering of the value for messages (cut at 40 characters).
  public var shortPreview: String {
    let text = JSONWriter.compact(self)
    return text.count > 40 ? String(text.prefix(37)) + "…" : text
  }
}

extension String {
  var trimmingSpaces: Substring {
    var s = self[...]
    while let f = s.first, f.isWhitespace { s = s.dropFirst() }
    while let l = s.last, l.isWhitespace { s = s.dropLast() }
    return s
  }
}
