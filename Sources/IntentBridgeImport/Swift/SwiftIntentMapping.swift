import IntentBridgeJSON

/// App intents (`AppIntent` and refinements) → catalog `intents`.
extension SwiftCatalogBuilder {
  /// Static members of an intent this importer reads; others (helpers, loggers) are not App Intents metadata.
  static let intentStaticMembers: Set<String> = [
    "title", "description", "parameterSummary", "openAppWhenRun", "supportedModes", "isDiscoverable", "isAssistantOnly",
    "authenticationPolicy",
  ]

  mutating func convertIntent(_ info: SwiftTypeIndex.TypeInfo, id: String, path: JSONPath) -> JSONObject {
    let primary = info.primary
    let source = sources[primary.file]
    let rawKeys = ["intents", id]
    note(path, source, primary.nameToken)
    var intent = JSONObject()
    intent["id"] = .string(id)

    // title
    var title: JSONValue?
    if let (member, memberSource) = member("title", of: info), let expression = value(of: member, in: memberSource) {
      title = textValue(expression, in: memberSource, what: "the title of '\(id)'", rawKeys: rawKeys + ["title"], path: path / "title")
    }
    if title == nil {
      let made = ActionsDataConverter.words(ofIdentifier: id)
      warn(primary, "the intent '\(id)' has no static title that can be read; used '\(made)' made from its type name")
      note(path / "title", location(primary))
      title = .string(made)
    }
    intent["title"] = title

    // description: IntentDescription(…) or a text
    if let (member, memberSource) = member("description", of: info), let expression = value(of: member, in: memberSource) {
      convertDescription(expression, in: memberSource, id: id, rawKeys: rawKeys, path: path, into: &intent)
    }

    // parameters, in declaration order
    var parameters: [JSONValue] = []
    for declaration in declarations(of: info) {
      let declarationSource = sources[declaration.file]
      for member in declaration.members where member.kind == .variable && !member.isStatic {
        guard let attribute = member.attribute("Parameter") ?? member.attribute("IntentParameter") else { continue }
        let parameterPath = path / "parameters" / parameters.count
        parameters.append(.object(convertParameter(member, attribute: attribute, in: declarationSource, intentID: id, path: parameterPath)))
      }
    }
    if !parameters.isEmpty { intent["parameters"] = .array(parameters) }

    // parameterSummary
    if let (member, memberSource) = member("parameterSummary", of: info), let expression = value(of: member, in: memberSource) {
      if let summary = convertSummary(expression, in: memberSource, id: id, rawKeys: rawKeys + ["parameterSummary"], path: path / "parameterSummary")
      {
        intent["parameterSummary"] = summary
      }
    }

    // supportedModes (and the older openAppWhenRun)
    if let modes = supportedModes(of: info, id: id, rawKeys: rawKeys, path: path) { intent["supportedModes"] = .array(modes.map(JSONValue.string)) }

    if let flag = staticBool("isDiscoverable", of: info, id: id, rawKeys: rawKeys, path: path / "isDiscoverable") {
      intent["isDiscoverable"] = .bool(flag)
    }
    if let flag = staticBool("isAssistantOnly", of: info, id: id, rawKeys: rawKeys, path: path / "assistantOnly") {
      intent["assistantOnly"] = .bool(flag)
    }
    if let (member, memberSource) = member("authenticationPolicy", of: info), let expression = value(of: member, in: memberSource) {
      let policies = ["alwaysAllowed", "requiresAuthentication", "requiresLocalDeviceAuthentication"]
      if let name = Self.caseName(expression), policies.contains(name) {
        intent["authenticationPolicy"] = .string(name)
        note(path / "authenticationPolicy", memberSource, expression.tokens.lowerBound)
      } else {
        keepRaw(
          expression, in: memberSource, at: rawKeys + ["authenticationPolicy"],
          reason: "the authenticationPolicy of '\(id)' is not one of .\(policies.joined(separator: ", ."))")
      }
    }

    // perform(): confirmation and result
    let perform = member("perform", of: info, isStatic: false, kind: .function)
    if let (member, memberSource) = perform, let body = member.body,
      let call = Self.firstCall(named: "requestConfirmation", in: memberSource, range: body)
    {
      intent["requiresConfirmation"] = true
      note(path / "requiresConfirmation", memberSource, call)
    }

    // protocols
    let protocols = info.conformances.intersection(SwiftTypeIndex.intentProtocols).subtracting(["AppIntent"]).sorted()
    if protocols.contains("DeleteIntent") { intent["effects"] = ["destructive": true] }
    if !protocols.isEmpty { intent["systemProtocols"] = .array(protocols.map(JSONValue.string)) }

    // @AppIntent(schema: .photos.openAsset)
    for declaration in declarations(of: info) {
      for attribute in declaration.attributes where attribute.name == "AppIntent" || attribute.name == "AssistantIntent" {
        let declarationSource = sources[declaration.file]
        guard let arguments = attribute.arguments,
          let schema = SwiftExpressionParser.arguments(declarationSource, arguments).first(where: { $0.label == "schema" })?.value
        else { continue }
        if let name = Self.memberPath(schema) {
          intent["schema"] = .string(name)
          note(path / "schema", declarationSource, attribute.token)
        } else {
          keepRaw(
            schema, in: declarationSource, at: rawKeys + ["schema"], reason: "the schema of '\(id)' is not a member path like .photos.openAsset")
        }
      }
    }

    if let (member, memberSource) = perform, let type = member.type,
      let returns = convertResult(
        type, body: member.body, in: memberSource, id: id, parameters: Self.parameterNames(parameters), rawKeys: rawKeys + ["returns"],
        path: path / "returns")
    {
      intent["returns"] = .object(returns)
      note(path / "returns", memberSource, type.lowerBound)
    }
    return intent
  }

  // MARK: Description

  private mutating func convertDescription(
    _ expression: SwiftExpression, in source: SwiftSource, id: String, rawKeys: [String], path: JSONPath, into intent: inout JSONObject
  ) {
    guard expression.calleeName == "IntentDescription" || (expression.calleeName == "init" && expression.argument("categoryName") != nil) else {
      if let text = textValue(
        expression, in: source, what: "the description of '\(id)'", rawKeys: rawKeys + ["description"], path: path / "description")
      {
        intent["description"] = text
      }
      return
    }
    var arguments = expression.arguments
    if let first = arguments.firstIndex(where: { $0.label == nil || $0.label == "stringLiteral" }) {
      if let text = textValue(
        arguments[first].value, in: source, what: "the description of '\(id)'", rawKeys: rawKeys + ["description"], path: path / "description")
      {
        intent["description"] = text
      }
      arguments.remove(at: first)
    }
    for argument in arguments {
      switch argument.label {
      case "categoryName":
        intent["categoryName"] = textValue(
          argument.value, in: source, what: "the categoryName of '\(id)'", rawKeys: rawKeys + ["categoryName"], path: path / "categoryName")
      case "searchKeywords":
        intent["searchKeywords"] = textList(
          argument.value, in: source, what: "the searchKeywords of '\(id)'", rawKeys: rawKeys + ["searchKeywords"], path: path / "searchKeywords",
          template: false)
      case "resultValueName":
        intent["resultValueName"] = textValue(
          argument.value, in: source, what: "the resultValueName of '\(id)'", rawKeys: rawKeys + ["resultValueName"], path: path / "resultValueName")
      default:
        keepRaw(
          argument.value, in: source, at: rawKeys + ["description", argument.label ?? "_"],
          reason: "IntentDescription's '\(argument.label ?? "_")' has no catalog equivalent")
      }
    }
    // Keep the catalog's key order: description before categoryName etc.
    intent = intent.ordered(["id", "title", "description", "categoryName", "searchKeywords", "resultValueName"])
  }

  // MARK: Parameter summary

  /// `Summary("Add \(\.$item)") { … }`; `When(…) { … } otherwise: { … }` and
  /// `Switch(…) { Case(…) { … } DefaultCase { … } }` use their default branch, kept raw.
  private mutating func convertSummary(_ expression: SwiftExpression, in source: SwiftSource, id: String, rawKeys: [String], path: JSONPath)
    -> JSONValue?
  {
    guard let (summary, branch) = Self.defaultSummary(expression, in: source, depth: 0) else {
      keepRaw(expression, in: source, at: rawKeys, reason: "the parameterSummary of '\(id)' has no Summary(\"…\") that can be read")
      return nil
    }
    if branch != "only" {
      keepRaw(
        expression, in: source, at: rawKeys,
        reason: "the parameterSummary of '\(id)' is conditional (When/Switch), which the catalog cannot express; used the \(branch) summary")
    } else if case .call(_, _, let trailing) = summary.kind, let closure = trailing.first, !closure.body.isEmpty {
      let shown = source.text(from: closure.body.lowerBound, to: closure.body.upperBound)
      recorder.keep(
        .string(shown), at: rawKeys + ["otherParameters"], location: source.location(closure.body.lowerBound),
        reason: "the parameters that '\(id)' shows beside its summary have no catalog equivalent")
    }
    guard let text = summary.argument(nil) else { return nil }
    return textValue(text, in: source, what: "the parameterSummary of '\(id)'", rawKeys: rawKeys + ["text"], path: path, template: true)
  }

  /// The `Summary(…)` call used when no condition applies, and which branch it is.
  static func defaultSummary(_ expression: SwiftExpression, in source: SwiftSource, depth: Int) -> (SwiftExpression, String)? {
    guard depth < 16, case .call(let callee, _, let trailing) = expression.kind else { return nil }
    switch callee.lastName {
    case "Summary", "ParameterSummary":
      return (expression, "only")
    case "When", "IntentParameterSummaryWhen":
      let ordered = trailing.filter { $0.label == "otherwise" } + trailing.filter { $0.label != "otherwise" }
      for closure in ordered {
        if let found = summary(inClosure: closure, source: source, depth: depth) {
          return (found.0, closure.label == "otherwise" ? "otherwise" : "when-branch")
        }
      }
    case "Switch":
      guard let body = trailing.first?.body else { return nil }
      var cases: [(SwiftExpression, Bool)] = []
      var parser = SwiftExpressionParser(source: source, range: body)
      while parser.p < body.upperBound {
        let before = parser.p
        let item = parser.parseExpression(depth: depth + 1)
        if let name = item.lastName ?? item.calleeName, name == "DefaultCase" || name == "Case" { cases.append((item, name == "DefaultCase")) }
        if parser.p == before { break }
      }
      for (item, isDefault) in cases.filter({ $0.1 }) + cases.filter({ !$0.1 }) {
        guard case .call(_, _, let closures) = item.kind, let closure = closures.first else { continue }
        if let found = summary(inClosure: closure, source: source, depth: depth) {
          return (found.0, isDefault ? "default-case" : "first-case")
        }
      }
    default:
      break
    }
    return nil
  }

  private static func summary(inClosure closure: SwiftClosure, source: SwiftSource, depth: Int) -> (SwiftExpression, String)? {
    var parser = SwiftExpressionParser(source: source, range: closure.body)
    let inner = parser.parseExpression(depth: depth + 1)
    return defaultSummary(inner, in: source, depth: depth + 1)
  }

  // MARK: Modes and flags

  private mutating func supportedModes(of info: SwiftTypeIndex.TypeInfo, id: String, rawKeys: [String], path: JSONPath) -> [String]? {
    var modes: [String]?
    if let (member, memberSource) = member("supportedModes", of: info), let expression = value(of: member, in: memberSource) {
      let items: [SwiftExpression]
      if case .array(let elements) = expression.kind { items = elements } else { items = [expression] }
      var background = false
      var foreground = false
      for item in items {
        switch Self.caseName(item) ?? item.calleeName {
        case "background": background = true
        case "foreground":
          foreground = true
          if let mode = item.argument(nil).flatMap(Self.caseName), mode != "immediate" {
            keepRaw(
              item, in: memberSource, at: rawKeys + ["supportedModes"],
              reason: "the foreground mode .\(mode) of '\(id)' is not told apart in the catalog; mapped to foreground")
          }
        default:
          keepRaw(
            item, in: memberSource, at: rawKeys + ["supportedModes"], reason: "a supportedModes value of '\(id)' is not .background or .foreground")
        }
      }
      if background || foreground {
        modes = (background ? ["background"] : []) + (foreground ? ["foreground"] : [])
        note(path / "supportedModes", memberSource, expression.tokens.lowerBound)
      }
    }
    if let opens = staticBool("openAppWhenRun", of: info, id: id, rawKeys: rawKeys, path: path / "supportedModes", record: modes == nil) {
      if var declared = modes {
        if opens, !declared.contains("foreground") {
          warn(info.primary, "openAppWhenRun is true but supportedModes of '\(id)' has no foreground mode; added foreground")
          declared.append("foreground")
          modes = declared
        }
      } else {
        modes = [opens ? "foreground" : "background"]
      }
    }
    return modes
  }

  /// A static Boolean member; a value that is not a literal is kept raw.
  private mutating func staticBool(
    _ name: String, of info: SwiftTypeIndex.TypeInfo, id: String, rawKeys: [String], path: JSONPath, record: Bool = true
  ) -> Bool? {
    guard let (member, memberSource) = member(name, of: info), let expression = value(of: member, in: memberSource) else { return nil }
    guard case .boolean(let flag) = expression.kind else {
      keepRaw(expression, in: memberSource, at: rawKeys + [name], reason: "\(name) of '\(id)' is not true or false")
      return nil
    }
    if record { note(path, memberSource, expression.tokens.lowerBound) }
    return flag
  }

  // MARK: Result

  /// `some IntentResult & ReturnsValue<T> & ProvidesDialog & ShowsSnippetView` → `returns`.
  ///
  /// With `ProvidesDialog`, the `dialog:` of the first `.result(…)` in `perform()` becomes the
  /// dialog template when its interpolations are parameters (`\(name)` → `${name}`), else
  /// `dialog: true` (the handler supplies it).
  private mutating func convertResult(
    _ range: Range<Int>, body: Range<Int>?, in source: SwiftSource, id: String, parameters: Set<String>, rawKeys: [String], path: JSONPath
  ) -> JSONObject? {
    var returns = JSONObject()
    var p = range.lowerBound
    while p < range.upperBound {
      if source.isWord(p, "ReturnsValue"), source.isOperator(p + 1, UInt8(ascii: "<")) {
        var depth = 0
        var close = p + 1
        while close < range.upperBound {
          if source.isOperator(close, UInt8(ascii: "<")) { depth += 1 }
          if source.isOperator(close, UInt8(ascii: ">")) {
            depth -= 1
            if depth == 0 { break }
          }
          close += 1
        }
        if let type = SwiftTypeReference.parse(source, (p + 2)..<close) {
          let mapped = mapType(type, in: source, at: p + 2, what: "the result of '\(id)'", rawKeys: rawKeys + ["type"])
          if let mapped {
            returns["type"] = mapped.type
            if type.isCollection {
              recorder.keep(
                .string(source.text(from: p + 2, to: close)), at: rawKeys + ["array"], location: source.location(p + 2),
                reason: "the result of '\(id)' is a list; the catalog's returns has only a type")
            }
          }
        }
        p = close + 1
        continue
      }
      if source.isWord(p, "ProvidesDialog") {
        returns["dialog"] = resultDialog(in: source, body: body, parameters: parameters, path: path / "dialog") ?? true
      }
      if source.isWord(p, "ShowsSnippetView") || source.isWord(p, "ShowsSnippetIntent") { returns["snippet"] = true }
      if source.isWord(p, "OpensIntent") {
        recorder.keep(
          .string("OpensIntent"), at: rawKeys + ["opensIntent"], location: source.location(p),
          reason: "the result of '\(id)' opens another intent, which the catalog cannot express")
      }
      p += 1
    }
    return returns.isEmpty ? nil : returns.ordered(["type", "dialog", "snippet"])
  }

  /// The dialog text of the first `.result(…, dialog: "…")` in `body`, when it can be read.
  private mutating func resultDialog(in source: SwiftSource, body: Range<Int>?, parameters: Set<String>, path: JSONPath) -> JSONValue? {
    guard let body else { return nil }
    var p = body.lowerBound
    while p + 2 < body.upperBound {
      defer { p += 1 }
      guard source.kind(p) == .period, source.isWord(p + 1, "result"), source.kind(p + 2) == .leftParen else { continue }
      var parser = SwiftExpressionParser(source: source, range: p..<body.upperBound)
      let call = parser.parseExpression(depth: 0)
      guard let dialog = call.argument("dialog") else { continue }
      var expression = dialog
      if expression.calleeName == "IntentDialog", let inner = expression.argument(nil) ?? expression.argument("full") { expression = inner }
      guard case .string(let literal) = expression.kind,
        case .success(let key) = readLiteral(literal, in: source, location: source.location(expression.tokens.lowerBound), parameters: parameters)
      else {
        return nil
      }
      return localized(SwiftText(key: key, defaultValue: nil, table: nil, location: source.location(expression.tokens.lowerBound)), path: path)
    }
    return nil
  }

  static func parameterNames(_ parameters: [JSONValue]) -> Set<String> {
    Set(parameters.compactMap { $0["name"]?.stringValue })
  }

  // MARK: Helpers

  /// `.requiresAuthentication`, `IntentAuthenticationPolicy.requiresAuthentication` → "requiresAuthentication".
  static func caseName(_ expression: SwiftExpression) -> String? {
    switch expression.kind {
    case .implicitMember(let name): name
    case .member(_, let name): name
    default: nil
    }
  }

  /// `.photos.openAsset` → "photos.openAsset".
  static func memberPath(_ expression: SwiftExpression) -> String? {
    switch expression.kind {
    case .implicitMember(let name): return name
    case .member(let base, let name): return memberPath(base).map { "\($0).\(name)" }
    default: return nil
    }
  }

  /// The token of the first call of `name(` in `range`.
  static func firstCall(named name: String, in source: SwiftSource, range: Range<Int>) -> Int? {
    var p = range.lowerBound
    while p + 1 < range.upperBound {
      if source.kind(p) == .identifier, source.kind(p + 1) == .leftParen, source.name(p) == name { return p }
      p += 1
    }
    return nil
  }
}
