import IntentBridgeJSON

/// `actions` → catalog `intents`.
extension ActionsDataConverter {
  static let intentKeyOrder = [
    "id", "title", "description", "categoryName", "searchKeywords", "resultValueName", "phrases", "parameters",
    "parameterSummary", "supportedModes", "isDiscoverable", "assistantOnly", "authenticationPolicy", "effects",
    "systemProtocols", "schema", "returns", "deprecation",
  ]
  static let parameterKeyOrder = ["name", "title", "description", "type", "array", "optional", "default", "unit", "dateKind"]
  static let authenticationPolicies: [Int64: String] = [
    0: "alwaysAllowed", 1: "requiresAuthentication", 2: "requiresLocalDeviceAuthentication",
  ]
  static let systemProtocolPrefix = "com.apple.link.systemProtocol."

  /// `actions` is an object keyed by identifier; a list of actions is accepted with a warning.
  mutating func convertActions(_ value: JSONValue?) -> [JSONObject] {
    let path = JSONPath.root / "actions"
    var intents: [JSONObject] = []
    switch value {
    case nil, .null?:
      return []
    case .object(let actions)?:
      for (index, (key, action)) in actions.enumerated() {
        if let intent = convertAction(action, key: key, index: index, path: path / key) { intents.append(intent) }
      }
    case .array(let actions)?:
      recorder.warn(path, "expected an object keyed by intent identifier, found an array; imported its elements as actions")
      for (index, action) in actions.enumerated() {
        if let intent = convertAction(action, key: nil, index: index, path: path / index) { intents.append(intent) }
      }
    case let other?:
      invalid(other, rawKeys: ["actions"], path: path, expected: "an object keyed by intent identifier", consequence: "no intents were imported")
    }
    return intents.map { $0.ordered(Self.intentKeyOrder) }
  }

  /// The intent id: `identifier`, else the member name, else the demangled type name.
  private mutating func actionIdentifier(_ object: JSONObject, key: String?, index: Int, path: JSONPath) -> String {
    if case .string(let identifier)? = object["identifier"], !identifier.isEmpty {
      if let key, key != identifier {
        recorder.warn(path / "identifier", "the identifier '\(identifier)' differs from the member name '\(key)'; used the identifier")
      }
      return identifier
    }
    if let key, !key.isEmpty {
      recorder.warn(path, "the action has no string identifier; used its member name '\(key)'")
      return key
    }
    return typeIdentifier(preferred: nil, object: object, fallbackPrefix: "Intent", index: index, path: path)
  }

  mutating func convertAction(_ value: JSONValue, key: String?, index: Int, path: JSONPath) -> JSONObject? {
    guard case .object(let object) = value else {
      invalid(
        value, rawKeys: ["actions", key ?? String(index)], path: path, expected: "an action object", consequence: "the action was not imported")
      return nil
    }
    let id = actionIdentifier(object, key: key, index: index, path: path)
    let rawKeys = ["actions", id]
    var members = Members(object, path: path, rawKeys: rawKeys)
    _ = members.take("identifier")
    var intent = JSONObject()
    intent["id"] = .string(id)

    if let title = text(members.take("title"), path: path / "title", rawKeys: rawKeys + ["title"]) {
      intent["title"] = .string(title)
    } else {
      let title = Self.words(ofIdentifier: id)
      recorder.warn(path / "title", "the action has no title; used '\(title)' made from its identifier")
      intent["title"] = .string(title)
    }
    if let metadata = members.take("descriptionMetadata") {
      descriptionMetadata(metadata, path: path / "descriptionMetadata", rawKeys: rawKeys + ["descriptionMetadata"], into: &intent)
    }
    switch members.take("parameters") {
    case nil, .null?: break
    case .array(let parameters)?:
      var names: Set<String> = []
      var converted: [JSONValue] = []
      for (index, parameter) in parameters.enumerated() {
        if let result = convertParameter(parameter, index: index, path: path / "parameters" / index, actionRawKeys: rawKeys, names: &names) {
          converted.append(.object(result))
        }
      }
      if !converted.isEmpty { intent["parameters"] = .array(converted) }
    case let other?:
      invalid(
        other, rawKeys: rawKeys + ["parameters"], path: path / "parameters", expected: "an array of parameters",
        consequence: "no parameters were imported")
    }
    if let configuration = members.take("actionConfiguration"),
      let summary = parameterSummary(configuration, path: path / "actionConfiguration", rawKeys: rawKeys + ["actionConfiguration"])
    {
      intent["parameterSummary"] = .string(summary)
    }
    if let modes = supportedModes(
      members.take("supportedModes"), openAppWhenRun: members.take("openAppWhenRun"), path: path, rawKeys: rawKeys)
    {
      intent["supportedModes"] = .array(modes.map { .string($0) })
    }
    visibility(&members, into: &intent)
    if let policy = members.take("authenticationPolicy"), !policy.isNull {
      if let name = policy.integerValue.flatMap({ Self.authenticationPolicies[$0] }) {
        intent["authenticationPolicy"] = .string(name)
      } else {
        invalid(policy, rawKeys: rawKeys + ["authenticationPolicy"], path: path / "authenticationPolicy", expected: "authenticationPolicy 0, 1 or 2")
      }
    }
    // `isAuthPolExplicit` only tells whether the policy was spelled out in code; the
    // policy itself is mapped above, so a boolean here carries nothing more.
    _ = bool(members.take("isAuthPolExplicit"), path: path / "isAuthPolExplicit", rawKeys: rawKeys + ["isAuthPolExplicit"])
    let protocols = systemProtocols(&members, into: &intent)
    schema(
      members.take("assistantDefinedSchemas"), path: path / "assistantDefinedSchemas", rawKeys: rawKeys + ["assistantDefinedSchemas"], into: &intent)
    if let deprecation = members.take("deprecationMetadata"), !deprecation.isNull {
      intent["deprecation"] = .object(
        deprecationMetadata(deprecation, path: path / "deprecationMetadata", rawKeys: rawKeys + ["deprecationMetadata"]))
    }
    if let output = members.take("outputType"), !output.isEmptyValue {
      if let returned = valueType(output, path: path / "outputType", rawKeys: rawKeys + ["outputType"]) {
        if returned.hasDetailsBeyondType {
          recorder.keep(
            output, at: rawKeys + ["outputType"], from: path / "outputType",
            reason: "the catalog's returns has only a type; the array, unit or date kind of the output type is not kept there")
        }
        intent["returns"] = ["type": returned.type]
      }
    }
    actionTypeMetadata(members.take("typeSpecificMetadata"), path: path / "typeSpecificMetadata", rawKeys: rawKeys + ["typeSpecificMetadata"])
    checkTypeNames(&members, id: id)
    checkAvailability(&members)
    // Copies of `systemProtocols` in the metadata lists are redundant; payloads are not.
    for key in ["systemProtocolMetadata", "systemProtocolMetadataV2"] {
      protocolMetadata(members.take(key), protocols: protocols, path: path / key, rawKeys: rawKeys + [key])
    }
    finish(members)
    return intent
  }

  /// "OpenMoonIntent" → "Open Moon Intent".
  static func words(ofIdentifier identifier: String) -> String {
    var result = ""
    var previous: Character?
    for character in identifier {
      if character == "_" || character == "-" {
        result.append(" ")
      } else {
        if let previous, character.isUppercase, previous.isLowercase || previous.isNumber { result.append(" ") }
        result.append(character)
      }
      previous = character
    }
    return result.isEmpty ? identifier : result
  }

  private mutating func descriptionMetadata(_ value: JSONValue, path: JSONPath, rawKeys: [String], into intent: inout JSONObject) {
    guard case .object(let object) = value else {
      if !value.isNull { invalid(value, rawKeys: rawKeys, path: path, expected: "an object {\"descriptionText\", \"searchKeywords\", …}") }
      return
    }
    var members = Members(object, path: path, rawKeys: rawKeys)
    if let description = text(members.take("descriptionText"), path: path / "descriptionText", rawKeys: rawKeys + ["descriptionText"]) {
      intent["description"] = .string(description)
    }
    // `categoryName` is a localized string, or `{"title": <localized string>}` in newer files.
    var category = members.take("categoryName")
    var categoryPath = path / "categoryName"
    var categoryRawKeys = rawKeys + ["categoryName"]
    if case .object(let wrapper)? = category, wrapper.count == 1, let title = wrapper["title"] {
      category = title
      categoryPath = categoryPath / "title"
      categoryRawKeys += ["title"]
    }
    if let name = text(category, path: categoryPath, rawKeys: categoryRawKeys) { intent["categoryName"] = .string(name) }
    let keywords = textList(members.take("searchKeywords"), path: path / "searchKeywords", rawKeys: rawKeys + ["searchKeywords"])
    if !keywords.isEmpty { intent["searchKeywords"] = .array(keywords.map { .string($0) }) }
    if let name = text(members.take("resultValueName"), path: path / "resultValueName", rawKeys: rawKeys + ["resultValueName"]) {
      intent["resultValueName"] = .string(name)
    }
    finish(members)
  }

  // MARK: Parameters

  private mutating func convertParameter(_ value: JSONValue, index: Int, path: JSONPath, actionRawKeys: [String], names: inout Set<String>)
    -> JSONObject?
  {
    guard case .object(let object) = value else {
      invalid(
        value, rawKeys: actionRawKeys + ["parameters", String(index)], path: path, expected: "a parameter object",
        consequence: "the parameter was not imported")
      return nil
    }
    var name: String
    if case .string(let text)? = object["name"], !text.isEmpty {
      name = text
    } else {
      name = "parameter\(index + 1)"
      recorder.warn(path / "name", "the parameter has no string name; named it '\(name)'")
    }
    // Parameters are kept raw by name; a repeated name (a lint error) falls back to the index.
    let rawName = names.insert(name).inserted ? name : "\(name)#\(index)"
    let rawKeys = actionRawKeys + ["parameters", rawName]
    var members = Members(object, path: path, rawKeys: rawKeys)
    if let original = members.take("name"), original.stringValue == nil || original.stringValue == "" {
      if !original.isNull {
        recorder.keep(original, at: rawKeys + ["name"], from: path / "name", reason: "expected the parameter name, \(original.foundDescription)")
      }
    }
    var parameter = JSONObject()
    parameter["name"] = .string(name)
    if let title = text(members.take("title"), path: path / "title", rawKeys: rawKeys + ["title"]) { parameter["title"] = .string(title) }
    if let description = text(members.take("parameterDescription"), path: path / "parameterDescription", rawKeys: rawKeys + ["parameterDescription"])
    {
      parameter["description"] = .string(description)
    }
    var mapped: MappedType?
    if let valueType = members.take("valueType"), !valueType.isNull {
      mapped = self.valueType(valueType, path: path / "valueType", rawKeys: rawKeys + ["valueType"])
      if mapped == nil { recorder.warn(path / "valueType", "the parameter's type could not be mapped; imported as type 'json' (any value)") }
    } else {
      recorder.warn(path, "the parameter has no valueType; imported as type 'json' (any value)")
    }
    parameter["type"] = mapped?.type ?? "json"
    if mapped?.array == true { parameter["array"] = true }
    if let optional = bool(members.take("isOptional"), path: path / "isOptional", rawKeys: rawKeys + ["isOptional"]) {
      parameter["optional"] = .bool(optional)
    }
    let metadata = parameterMetadata(
      members.take("typeSpecificMetadata"), path: path / "typeSpecificMetadata", rawKeys: rawKeys + ["typeSpecificMetadata"], type: mapped)
    if let defaultValue = metadata.defaultValue { parameter["default"] = defaultValue }
    var unit = mapped?.unit
    if let symbol = metadata.unitSymbol {
      if unit == nil, mapped?.type == "duration" { unit = JSONObject([("dimension", "duration")]) }
      if unit == nil {
        recorder.warn(path / "typeSpecificMetadata", "a default unit '\(symbol)' on a parameter that is not a measurement was not imported")
      }
      unit?["default"] = .string(symbol)
    }
    if let unit { parameter["unit"] = .object(unit) }
    if let dateKind = mapped?.dateKind { parameter["dateKind"] = .string(dateKind) }
    finish(members)
    return parameter.ordered(Self.parameterKeyOrder)
  }

  // MARK: Parameter summary

  /// `actionConfiguration` → `parameterSummary`.
  ///
  /// A plain `actionSummary` maps to its `formatString` (already `${param}` syntax). A
  /// `whenClause` or `switchStatement` (ParameterSummary's `When`/`Switch`) has no catalog
  /// equivalent: its `otherwise` branch (for `When`) or default case (for `Switch`) is used,
  /// and the whole conditional is kept raw.
  private mutating func parameterSummary(_ value: JSONValue, path: JSONPath, rawKeys: [String]) -> String? {
    guard case .object(let object) = value, !object.isEmpty else {
      if !value.isEmptyValue { invalid(value, rawKeys: rawKeys, path: path, expected: "an object {\"actionSummary\": …}") }
      return nil
    }
    if object.count == 1, let summary = object["actionSummary"] {
      return plainSummary(summary, path: path / "actionSummary", rawKeys: rawKeys + ["actionSummary"])
    }
    let chosen = Self.defaultSummary(in: value, depth: 0)
    let conditions = Self.conditionParameters(in: value, depth: 0)
    let about = conditions.isEmpty ? "" : " on " + conditions.map { "'\($0)'" }.joined(separator: ", ")
    if let chosen {
      recorder.keep(
        value, at: rawKeys, from: path,
        reason:
          "the parameter summary is conditional (When/Switch\(about)), which the catalog cannot express; used the \(chosen.branch) summary \(JSONWriter.quoted(chosen.format))"
      )
      return chosen.format
    }
    recorder.keep(
      value, at: rawKeys, from: path, reason: "no parameter summary could be read from the action configuration \(value.briefDescription)")
    return nil
  }

  private mutating func plainSummary(_ value: JSONValue, path: JSONPath, rawKeys: [String]) -> String? {
    guard case .object(let outer) = value, case .object(let wrapper)? = outer["wrapper"], outer.count == 1,
      case .object(let summaryString)? = wrapper["summaryString"], case .string(let format)? = summaryString["formatString"]
    else {
      invalid(value, rawKeys: rawKeys, path: path, expected: "{\"wrapper\": {\"summaryString\": {\"formatString\": …}}}")
      return nil
    }
    let wrapperPath = path / "wrapper"
    var members = Members(wrapper, path: wrapperPath, rawKeys: rawKeys + ["wrapper"])
    var stringMembers = Members(summaryString, path: wrapperPath / "summaryString", rawKeys: rawKeys + ["wrapper", "summaryString"])
    _ = members.take("summaryString")
    _ = stringMembers.take("formatString")
    // `parameterIdentifiers` lists the `${…}` slots of the format; kept only if it says more.
    if let identifiers = stringMembers.take("parameterIdentifiers"), !identifiers.isEmptyValue,
      identifiers != .array(Self.slots(in: format).map { .string($0) })
    {
      recorder.keep(
        identifiers, at: stringMembers.rawKeys + ["parameterIdentifiers"], from: stringMembers.path / "parameterIdentifiers",
        reason: "parameterIdentifiers \(identifiers.briefDescription) do not match the slots of the format string")
    }
    if let table = members.take("table")?.stringValue, !table.isEmpty, !stringTables.contains(table) { stringTables.append(table) }
    if let others = members.take("otherParameterIdentifiers"), !others.isEmptyValue {
      recorder.keep(
        others, at: members.rawKeys + ["otherParameterIdentifiers"], from: wrapperPath / "otherParameterIdentifiers",
        reason: "the parameters shown beside the summary (\(others.briefDescription)) have no catalog equivalent")
    }
    finish(stringMembers)
    finish(members)
    return format.isEmpty ? nil : format
  }

  /// The `${name}` slots of a format string, in order.
  static func slots(in format: String) -> [String] {
    var names: [String] = []
    var rest = Substring(format)
    while let dollar = rest.firstIndex(of: "$") {
      rest = rest[rest.index(after: dollar)...]
      guard rest.first == "{", let end = rest.firstIndex(of: "}") else { continue }
      names.append(String(rest[rest.index(after: rest.startIndex)..<end]))
      rest = rest[rest.index(after: end)...]
    }
    return names
  }

  /// The summary used when no condition applies: `When` → `otherwise`, `Switch` → its
  /// default case (else its first case); nested conditionals are followed.
  static func defaultSummary(in configuration: JSONValue, depth: Int) -> (format: String, branch: String)? {
    guard depth < 16 else { return nil }
    if case .string(let format)? = configuration["actionSummary"]?["wrapper"]?["summaryString"]?["formatString"] {
      return (format, "only")
    }
    if let when = configuration["whenClause"]?["wrapper"] {
      if let otherwise = when["otherwise"], let found = defaultSummary(in: otherwise, depth: depth + 1) {
        return (found.format, "otherwise")
      }
      if let branch = when["when"], let found = defaultSummary(in: branch, depth: depth + 1) {
        return (found.format, "when-branch")
      }
    }
    if case .array(let cases)? = configuration["switchStatement"]?["wrapper"]?["cases"] {
      let ordered = cases.filter { $0["isDefaultCase"] == true } + cases.filter { $0["isDefaultCase"] != true }
      for option in ordered {
        if let nested = option["configuration"], let found = defaultSummary(in: nested, depth: depth + 1) {
          return (found.format, option["isDefaultCase"] == true ? "default-case" : "first-case")
        }
      }
    }
    return nil
  }

  /// The parameters the conditions of a summary test, for the warning.
  static func conditionParameters(in configuration: JSONValue, depth: Int) -> [String] {
    guard depth < 16 else { return [] }
    var names: [String] = []
    func add(_ name: JSONValue?) {
      if case .string(let text)? = name, !names.contains(text) { names.append(text) }
    }
    if let when = configuration["whenClause"]?["wrapper"] {
      add(when["condition"]?["parameterIdentifier"])
      for branch in [when["when"], when["otherwise"]].compactMap({ $0 }) {
        for name in conditionParameters(in: branch, depth: depth + 1) { add(.string(name)) }
      }
    }
    if let switchStatement = configuration["switchStatement"]?["wrapper"] {
      add(switchStatement["parameterIdentifier"])
      for option in switchStatement["cases"]?.arrayValue ?? [] {
        if let nested = option["configuration"] {
          for name in conditionParameters(in: nested, depth: depth + 1) { add(.string(name)) }
        }
      }
    }
    return names
  }

  // MARK: Modes, visibility, protocols

  /// `supportedModes` (an undocumented bitmask) and `openAppWhenRun` → `supportedModes`.
  ///
  /// Interpretation, cross-checked against `openAppWhenRun` in the Weather sample (every
  /// action with `openAppWhenRun: false` has 1, every one with `true` has 2) and in Voice
  /// Memos' metadata (4 only on actions that open the app and adopt `ForegroundContinuable`):
  /// - bit 1 (value 1): `background`;
  /// - bit 2 (value 2): `foreground` (opens the app right away);
  /// - bits 3–4 (values 4, 8): `foreground` as well, in a variant (`IntentModes`'
  ///   `.foreground(.dynamic/.deferred)`) the catalog cannot tell apart, so the number is
  ///   also kept raw;
  /// - other bits: unknown, kept raw;
  /// - 0 or absent: nothing declared; `openAppWhenRun` alone decides (`true` → foreground,
  ///   `false` → background).
  ///
  /// `openAppWhenRun: true` always adds `foreground`; a mask without a foreground bit is
  /// then reported as inconsistent.
  private mutating func supportedModes(_ modes: JSONValue?, openAppWhenRun: JSONValue?, path: JSONPath, rawKeys: [String]) -> [String]? {
    let opensApp = bool(openAppWhenRun, path: path / "openAppWhenRun", rawKeys: rawKeys + ["openAppWhenRun"])
    var background = false
    var foreground = false
    var declared = false
    switch modes {
    case nil, .null?:
      break
    case let value? where value.integerValue.map({ $0 >= 0 }) == true:
      let mask = value.integerValue ?? 0
      declared = mask != 0
      background = mask & 1 != 0
      foreground = mask & 0b1110 != 0
      var notes: [String] = []
      if mask & 0b1100 != 0 { notes.append("bits 4/8 (a foreground variant the catalog cannot express)") }
      if mask & ~0b1111 != 0 { notes.append("unknown bits \(mask & ~0b1111)") }
      if !notes.isEmpty {
        recorder.keep(
          value, at: rawKeys + ["supportedModes"], from: path / "supportedModes",
          reason: "supportedModes \(mask) has \(notes.joined(separator: " and ")); mapped the known bits")
      }
    case let other?:
      invalid(other, rawKeys: rawKeys + ["supportedModes"], path: path / "supportedModes", expected: "a supportedModes bitmask (an integer)")
    }
    if opensApp == true {
      if declared, !foreground {
        recorder.warn(
          path / "supportedModes",
          "openAppWhenRun is true but supportedModes \(modes?.briefDescription ?? "") has no foreground bit; added foreground")
      }
      foreground = true
    } else if !declared, opensApp == false {
      background = true
    }
    guard background || foreground else { return nil }
    return (background ? ["background"] : []) + (foreground ? ["foreground"] : [])
  }

  /// `visibilityMetadata {isDiscoverable, assistantOnly}` (and the older top-level `isDiscoverable`).
  private mutating func visibility(_ members: inout Members, into intent: inout JSONObject) {
    let path = members.path
    let rawKeys = members.rawKeys
    let topLevel = bool(members.take("isDiscoverable"), path: path / "isDiscoverable", rawKeys: rawKeys + ["isDiscoverable"])
    var discoverable: Bool?
    switch members.take("visibilityMetadata") {
    case .object(let object)?:
      var visibility = Members(object, path: path / "visibilityMetadata", rawKeys: rawKeys + ["visibilityMetadata"])
      discoverable = bool(
        visibility.take("isDiscoverable"), path: visibility.path / "isDiscoverable", rawKeys: visibility.rawKeys + ["isDiscoverable"])
      if let assistantOnly = bool(
        visibility.take("assistantOnly"), path: visibility.path / "assistantOnly", rawKeys: visibility.rawKeys + ["assistantOnly"])
      {
        intent["assistantOnly"] = .bool(assistantOnly)
      }
      finish(visibility)
    case nil, .null?:
      break
    case let other?:
      invalid(
        other, rawKeys: rawKeys + ["visibilityMetadata"], path: path / "visibilityMetadata",
        expected: "an object {\"isDiscoverable\", \"assistantOnly\"}")
    }
    if let topLevel, let discoverable, topLevel != discoverable {
      recorder.keep(
        .bool(topLevel), at: rawKeys + ["isDiscoverable"], from: path / "isDiscoverable",
        reason: "isDiscoverable \(topLevel) contradicts visibilityMetadata.isDiscoverable \(discoverable); used the latter")
    }
    if let value = discoverable ?? topLevel { intent["isDiscoverable"] = .bool(value) }
  }

  /// `systemProtocols` → names without the `com.apple.link.systemProtocol.` prefix;
  /// `Delete…` protocols mark the intent destructive. Returns the full names.
  private mutating func systemProtocols(_ members: inout Members, into intent: inout JSONObject) -> [String] {
    let path = members.path / "systemProtocols"
    let rawKeys = members.rawKeys + ["systemProtocols"]
    switch members.take("systemProtocols") {
    case nil, .null?:
      return []
    case .array(let elements)?:
      var full: [String] = []
      var short: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        guard case .string(let name) = element, !name.isEmpty else {
          invalid(element, rawKeys: rawKeys + [String(index)], path: path / index, expected: "a protocol name")
          continue
        }
        full.append(name)
        let stripped = name.hasPrefix(Self.systemProtocolPrefix) ? String(name.dropFirst(Self.systemProtocolPrefix.count)) : name
        short.append(.string(stripped))
        if stripped.hasPrefix("Delete") { intent["effects"] = ["destructive": true] }
      }
      if !short.isEmpty { intent["systemProtocols"] = .array(short) }
      return full
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "an array of protocol names")
      return []
    }
  }

  /// `systemProtocolMetadata[V2]`: `[name, payload, …]`; pairs that repeat a listed protocol
  /// with an `{"empty": {}}` payload are redundant, others are kept raw.
  private mutating func protocolMetadata(_ value: JSONValue?, protocols: [String], path: JSONPath, rawKeys: [String]) {
    guard let value, !value.isEmptyValue else { return }
    guard case .array(let list) = value else {
      invalid(value, rawKeys: rawKeys, path: path, expected: "a flat [protocol, payload, …] list")
      return
    }
    var leftovers: [JSONValue] = []
    var issues: [ImportIssue] = []
    var index = 0
    while index < list.count {
      let name = list[index]
      let payload: JSONValue? = index + 1 < list.count ? list[index + 1] : nil
      let redundant = name.stringValue.map(protocols.contains) == true && payload == ["empty": [:]]
      if !redundant {
        leftovers.append(name)
        if let payload { leftovers.append(payload) }
        issues.append(
          ImportIssue(
            path: path / index,
            message: "protocol metadata \(name.briefDescription) with \(payload?.briefDescription ?? "no payload") has no catalog equivalent"))
      }
      index += 2
    }
    recorder.keep(.array(leftovers), at: rawKeys, issues: issues)
  }

  /// `assistantDefinedSchemas[0] {domain, name}` → `schema` `"domain.name"`.
  private mutating func schema(_ value: JSONValue?, path: JSONPath, rawKeys: [String], into intent: inout JSONObject) {
    guard let value, !value.isEmptyValue else { return }
    guard case .array(let schemas) = value else {
      invalid(value, rawKeys: rawKeys, path: path, expected: "an array of {\"domain\", \"name\"} schemas")
      return
    }
    for (index, element) in schemas.enumerated() {
      let elementPath = path / index
      let elementRawKeys = rawKeys + [String(index)]
      guard index == 0, case .object(let object) = element,
        case .string(let domain)? = object["domain"], case .string(let name)? = object["name"]
      else {
        if index == 0 {
          invalid(element, rawKeys: elementRawKeys, path: elementPath, expected: "a schema {\"domain\", \"name\"}")
        } else {
          recorder.keep(element, at: elementRawKeys, from: elementPath, reason: "only the first assistant schema maps to the catalog's schema")
        }
        continue
      }
      var members = Members(object, path: elementPath, rawKeys: elementRawKeys)
      _ = members.take("domain")
      _ = members.take("name")
      intent["schema"] = .string(domain.isEmpty ? name : "\(domain).\(name)")
      finish(members)
    }
  }

  private mutating func deprecationMetadata(_ value: JSONValue, path: JSONPath, rawKeys: [String]) -> JSONObject {
    var deprecation = JSONObject()
    guard case .object(let object) = value else {
      invalid(
        value, rawKeys: rawKeys, path: path, expected: "an object {\"messageText\", \"replacedByIntentIdentifier\"}",
        consequence: "the intent is marked deprecated without details")
      return deprecation
    }
    var members = Members(object, path: path, rawKeys: rawKeys)
    for key in ["messageText", "message"] {
      if let message = text(members.take(key), path: path / key, rawKeys: rawKeys + [key]), deprecation["message"] == nil {
        deprecation["message"] = .string(message)
      }
    }
    for key in ["replacedByIntentIdentifier", "replacedBy"] {
      if let replacement = string(members.take(key), path: path / key, rawKeys: rawKeys + [key]), deprecation["replacedBy"] == nil {
        deprecation["replacedBy"] = .string(replacement)
      }
    }
    finish(members)
    return deprecation
  }

  /// An action's own `typeSpecificMetadata` (`[key, value, …]`) has no catalog field. An
  /// embedded copy of an entity that `entities` also holds is replaced by a reference.
  private mutating func actionTypeMetadata(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) {
    guard let value, !value.isEmptyValue else { return }
    guard case .array(var list) = value else {
      invalid(value, rawKeys: rawKeys, path: path, expected: "a flat [key, value, …] list")
      return
    }
    var issues: [ImportIssue] = []
    var index = 0
    while index < list.count {
      let key = list[index].stringValue ?? list[index].briefDescription
      if index + 1 < list.count, case .string(let typeName)? = list[index + 1]["entityMetadata"]?["wrapper"]?["typeName"],
        entityTypeNames.contains(typeName)
      {
        list[index + 1] = .string("same as $.entities.\(typeName)")
      }
      issues.append(ImportIssue(path: path / index, message: "action metadata '\(key)' has no catalog equivalent"))
      index += 2
    }
    recorder.keep(.array(list), at: rawKeys, issues: issues)
  }
}
