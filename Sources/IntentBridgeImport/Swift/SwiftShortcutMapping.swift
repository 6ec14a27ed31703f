import IntentBridgeJSON

/// `AppShortcutsProvider` types → catalog `appShortcuts` and `negativePhrases`.
///
/// Phrases become templates: `\(.applicationName)` → `${applicationName}`, `\(\.$trail)` →
/// `${trail}`, other literal text escaped; their translations come from the `AppShortcuts`
/// strings table, keyed by the phrase in that `${…}` form, as Xcode writes it.
extension SwiftCatalogBuilder {
  mutating func convertShortcutsProvider(_ info: SwiftTypeIndex.TypeInfo, into shortcuts: inout [JSONObject], negativePhrases: inout JSONValue) {
    let providerName = info.primary.simpleName
    if let (member, source) = member("appShortcuts", of: info), let range = member.body ?? member.initializer {
      var p = range.lowerBound
      while p + 1 < range.upperBound {
        guard source.isWord(p, "AppShortcut"), source.kind(p + 1) == .leftParen, source.kind(p - 1) != .period else {
          p += 1
          continue
        }
        var parser = SwiftExpressionParser(source: source, range: p..<range.upperBound)
        let call = parser.parseExpression(depth: 0)
        let index = shortcuts.count
        if let shortcut = convertShortcut(call, in: source, index: index) { shortcuts.append(shortcut) }
        p = max(call.tokens.upperBound, p + 1)
      }
    }
    if let (member, source) = member("negativePhrases", of: info), let expression = builderValue(of: member, in: source) {
      let path = JSONPath.root / "negativePhrases"
      if let list = phraseList(
        expression, in: source, what: "the negativePhrases of '\(providerName)'", rawKeys: ["appShortcuts", providerName, "negativePhrases"],
        path: path)
      {
        negativePhrases = list.value
      }
    }
    if let (member, source) = member("shortcutTileColor", of: info), let expression = value(of: member, in: source) {
      keepRaw(
        expression, in: source, at: ["appShortcuts", providerName, "shortcutTileColor"],
        reason: "the shortcutTileColor of '\(providerName)' has no catalog equivalent")
    }
  }

  private mutating func convertShortcut(_ call: SwiftExpression, in source: SwiftSource, index: Int) -> JSONObject? {
    let path = JSONPath.root / "appShortcuts" / index
    let rawKeys = ["appShortcuts", String(index)]
    guard case .call(_, let arguments, _) = call.kind else {
      keepRaw(call, in: source, at: rawKeys, reason: "an AppShortcut(…) that cannot be read was not imported")
      return nil
    }
    guard let intentExpression = arguments.first(where: { $0.label == "intent" })?.value,
      let typeName = intentExpression.calleeName ?? intentExpression.lastName,
      let full = self.index.resolve(typeName), let intentID = intentIDs[full]
    else {
      keepRaw(
        call, in: source, at: rawKeys, reason: "the AppShortcut's intent is not an app intent of these sources; the App Shortcut was not imported")
      return nil
    }
    note(path, source, call.tokens.lowerBound)
    shortcutLocations.append(source.location(call.tokens.lowerBound))
    var shortcut = JSONObject()
    shortcut["intent"] = .string(intentID)
    if case .call(_, let intentArguments, _) = intentExpression.kind, !intentArguments.isEmpty {
      keepRaw(
        intentExpression, in: source, at: rawKeys + ["intent"],
        reason: "the App Shortcut for '\(intentID)' presets parameters, which the catalog cannot express")
    }
    var slots: [String] = []
    if let phrases = arguments.first(where: { $0.label == "phrases" })?.value,
      let list = phraseList(
        phrases, in: source, what: "the phrases of the App Shortcut for '\(intentID)'", rawKeys: rawKeys + ["phrases"], path: path / "phrases")
    {
      shortcut["phrases"] = list.value
      slots = list.slots.filter { $0 != "applicationName" }
    } else {
      shortcut["phrases"] = []
    }
    for argument in arguments {
      switch argument.label {
      case "intent", "phrases":
        break
      case "shortTitle":
        shortcut["shortTitle"] = textValue(
          argument.value, in: source, what: "the shortTitle of the App Shortcut for '\(intentID)'", rawKeys: rawKeys + ["shortTitle"],
          path: path / "shortTitle")
      case "systemImageName":
        if case .string(let literal) = argument.value.kind, let name = literal.plainText, !name.isEmpty {
          shortcut["systemImageName"] = .string(name)
        } else {
          keepRaw(
            argument.value, in: source, at: rawKeys + ["systemImageName"],
            reason: "the systemImageName of the App Shortcut for '\(intentID)' is not a string literal")
        }
      default:
        keepRaw(
          argument.value, in: source, at: rawKeys + [argument.label ?? "_"],
          reason: "'\(argument.label ?? "_")' of the App Shortcut for '\(intentID)' has no catalog equivalent")
      }
    }
    if slots.count == 1 {
      shortcut["parameter"] = .string(slots[0])
    } else if slots.count > 1 {
      recorder.warn(
        source.location(call.tokens.lowerBound),
        "the phrases of the App Shortcut for '\(intentID)' use the parameters \(slots.joined(separator: ", ")); an App Shortcut has at most one")
    }
    return shortcut.ordered(["intent", "phrases", "shortTitle", "systemImageName", "parameter"])
  }

  /// Phrases (`["Start \(.applicationName)"]`, `AppShortcutPhrase<X>("…")`,
  /// `NegativeAppShortcutPhrase("…")`) → a `TextList` of templates, with the slot names used.
  ///
  /// A translation whose slots differ from the phrase's (a lost `${applicationName}`, a
  /// renamed parameter) is not used: it would not run the shortcut.
  private mutating func phraseList(
    _ expression: SwiftExpression, in source: SwiftSource, what: String, rawKeys: [String], path: JSONPath
  ) -> (value: JSONValue, slots: [String])? {
    guard case .array(let elements) = expression.kind else {
      keepRaw(expression, in: source, at: rawKeys, reason: "\(what) are not an array literal")
      return nil
    }
    var perLanguage: [String: [String]] = [:]
    var slots: [String] = []
    var defaults: [(text: String, location: FileLocation)] = []
    for (elementIndex, element) in elements.enumerated() {
      let text: SwiftText
      switch readText(element, in: source) {
      case .success(let read): text = read
      case .failure(let problem):
        keepRaw(
          element, in: source, at: rawKeys + [String(elementIndex)], reason: "a phrase of \(what): \(problem.reason); the phrase was not imported")
        continue
      }
      let phraseSlots = ActionsDataConverter.slots(in: text.key)
      for slot in phraseSlots where !slots.contains(slot) { slots.append(slot) }
      let values = translations(of: text, defaultTable: "AppShortcuts", path: path)
      for value in values {
        if value.language != defaultLanguage, ActionsDataConverter.slots(in: value.text).sorted() != phraseSlots.sorted() {
          recorder.warn(
            value.location,
            "the \(value.language) translation \(JSONWriter.quoted(value.text)) of the phrase \(JSONWriter.quoted(text.key)) has other ${…} slots than the phrase; it was not imported"
          )
          continue
        }
        let position = perLanguage[value.language]?.count ?? 0
        perLanguage[value.language, default: []].append(Self.templateEscaped(value.text))
        if value.language == defaultLanguage {
          defaults.append((value.text, text.location))
        } else {
          note(path / value.language / position, value.location)
        }
      }
    }
    guard let items = perLanguage[defaultLanguage], !items.isEmpty else { return nil }
    if perLanguage.count == 1 {
      for (i, item) in defaults.enumerated() { note(path / i, item.location) }
      return (.array(items.map(JSONValue.string)), slots)
    }
    var object = JSONObject()
    for language in languages { if let list = perLanguage[language] { object[language] = .array(list.map(JSONValue.string)) } }
    for (i, item) in defaults.enumerated() { note(path / defaultLanguage / i, item.location) }
    return (.object(object), slots)
  }

  /// A variable's value; a result-builder body of several expressions reads as an array of them.
  private func builderValue(of member: SwiftMember, in source: SwiftSource) -> SwiftExpression? {
    guard member.initializer == nil, let body = member.body else { return value(of: member, in: source) }
    var parser = SwiftExpressionParser(source: source, range: body)
    var items: [SwiftExpression] = []
    while parser.p < body.upperBound {
      let before = parser.p
      let item = parser.parseExpression(depth: 0)
      if parser.p == before { break }
      items.append(item)
    }
    if items.count == 1, case .array = items[0].kind { return items[0] }
    return SwiftExpression(kind: .array(items), tokens: body)
  }

  /// App Shortcut phrases need exactly one `${applicationName}`; others become phrases of
  /// their intent (as Siri would not accept them as App Shortcut phrases).
  mutating func moveShortcutPhrasesWithoutApplicationName(_ shortcuts: inout [JSONObject], intents: inout [JSONValue]) {
    for (index, shortcut) in shortcuts.enumerated() {
      guard case .string(let intentID)? = shortcut["intent"] else { continue }
      var moved: [String] = []
      var updated = shortcut
      switch shortcut["phrases"] {
      case .array(let phrases)?:
        let keep = phrases.filter { ActionsDataConverter.slots(in: $0.stringValue ?? "").filter { $0 == "applicationName" }.count == 1 }
        moved = phrases.compactMap(\.stringValue).filter { phrase in !keep.contains(.string(phrase)) }
        updated["phrases"] = .array(keep)
      case .object(let languages)?:
        var kept = JSONObject()
        for (language, list) in languages {
          let items = list.arrayValue ?? []
          let good = items.filter { ActionsDataConverter.slots(in: $0.stringValue ?? "").filter { $0 == "applicationName" }.count == 1 }
          if language == defaultLanguage { moved = items.compactMap(\.stringValue).filter { !good.contains(.string($0)) } }
          if !good.isEmpty { kept[language] = .array(good) }
        }
        updated["phrases"] = kept.isEmpty ? [] : .object(kept)
      default:
        break
      }
      guard !moved.isEmpty else { continue }
      shortcuts[index] = updated
      recorder.warn(
        shortcutLocations[index],
        "App Shortcut phrases need exactly one ${applicationName}; \(moved.map { JSONWriter.quoted($0) }.joined(separator: ", ")) became phrases of the intent '\(intentID)' instead"
      )
      guard let intentIndex = intents.firstIndex(where: { $0["id"] == .string(intentID) }), case .object(var intent) = intents[intentIndex] else {
        continue
      }
      var phrases = intent["phrases"]?.arrayValue ?? []
      for phrase in moved where !phrases.contains(.string(phrase)) { phrases.append(.string(phrase)) }
      intent["phrases"] = .array(phrases)
      intents[intentIndex] = .object(intent.ordered(Self.intentKeyOrder))
    }
  }

  static let intentKeyOrder = [
    "id", "title", "description", "categoryName", "searchKeywords", "resultValueName", "phrases", "parameters",
    "parameterSummary", "supportedModes", "isDiscoverable", "assistantOnly", "authenticationPolicy", "requiresConfirmation",
    "effects", "systemProtocols", "schema", "returns",
  ]
}
