import IntentBridgeJSON

/// `autoShortcuts` → `appShortcuts`, `negativePhrases` → `negativePhrases`.
extension ActionsDataConverter {
  static let shortcutKeyOrder = ["intent", "phrases", "shortTitle", "systemImageName", "parameter"]
  static let applicationNameSlot = "${applicationName}"

  /// App Shortcuts. A phrase template without exactly one `${applicationName}` cannot be an
  /// App Shortcut phrase in the catalog; it is added to its intent's `phrases` instead.
  mutating func convertShortcuts(_ value: JSONValue?, intents: inout [JSONObject]) -> [JSONObject] {
    let path = JSONPath.root / "autoShortcuts"
    guard let value, !value.isNull else { return [] }
    guard case .array(let elements) = value else {
      invalid(value, rawKeys: ["autoShortcuts"], path: path, expected: "an array of App Shortcuts", consequence: "no App Shortcuts were imported")
      return []
    }
    var shortcuts: [JSONObject] = []
    for (index, element) in elements.enumerated() {
      let elementPath = path / index
      let rawKeys = ["autoShortcuts", String(index)]
      guard case .object(let object) = element, case .string(let intentId)? = object["actionIdentifier"], !intentId.isEmpty else {
        invalid(
          element, rawKeys: rawKeys, path: elementPath, expected: "an App Shortcut {\"actionIdentifier\", \"phraseTemplates\", …}",
          consequence: "the App Shortcut was not imported")
        continue
      }
      var members = Members(object, path: elementPath, rawKeys: rawKeys)
      _ = members.take("actionIdentifier")
      let intentIndex = intents.firstIndex { $0["id"] == .string(intentId) }
      if intentIndex == nil {
        recorder.warn(elementPath / "actionIdentifier", "the App Shortcut names '\(intentId)', which is not an imported intent")
      }
      var shortcut = JSONObject()
      shortcut["intent"] = .string(intentId)
      var phrases: [String] = []
      var intentPhrases: [String] = []
      let templates = textList(members.take("phraseTemplates"), path: elementPath / "phraseTemplates", rawKeys: rawKeys + ["phraseTemplates"])
      for phrase in templates {
        if Self.occurrences(of: Self.applicationNameSlot, in: phrase) == 1 {
          phrases.append(phrase)
        } else {
          intentPhrases.append(phrase)
        }
      }
      shortcut["phrases"] = .array(phrases.map { .string($0) })
      if !intentPhrases.isEmpty {
        let list = intentPhrases.map { JSONWriter.quoted($0) }.joined(separator: ", ")
        if let intentIndex {
          var existing = intents[intentIndex]["phrases"]?.arrayValue ?? []
          for phrase in intentPhrases where !existing.contains(.string(phrase)) { existing.append(.string(phrase)) }
          intents[intentIndex]["phrases"] = .array(existing)
          intents[intentIndex] = intents[intentIndex].ordered(Self.intentKeyOrder)
          recorder.warn(
            elementPath / "phraseTemplates",
            "App Shortcut phrases need exactly one ${applicationName}; \(list) became phrases of the intent '\(intentId)' instead")
        } else {
          recorder.keep(
            .array(intentPhrases.map { .string($0) }), at: rawKeys + ["phraseTemplates"], from: elementPath / "phraseTemplates",
            reason: "App Shortcut phrases need exactly one ${applicationName}, and there is no intent to give \(list) to")
        }
      }
      if let title = text(members.take("shortTitle"), path: elementPath / "shortTitle", rawKeys: rawKeys + ["shortTitle"]) {
        shortcut["shortTitle"] = .string(title)
      }
      if let image = string(members.take("systemImageName"), path: elementPath / "systemImageName", rawKeys: rawKeys + ["systemImageName"]) {
        shortcut["systemImageName"] = .string(image)
      }
      if let parameter = shortcutParameter(
        members.take("parameterPresentation"), path: elementPath / "parameterPresentation", rawKeys: rawKeys + ["parameterPresentation"])
      {
        shortcut["parameter"] = .string(parameter)
      }
      checkAvailability(&members)
      finish(members)
      shortcuts.append(shortcut.ordered(Self.shortcutKeyOrder))
    }
    return shortcuts
  }

  /// How often `needle` occurs in `text` (non-overlapping).
  static func occurrences(of needle: String, in text: String) -> Int {
    let pattern = Array(needle.utf8)
    let bytes = Array(text.utf8)
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return 0 }
    var count = 0
    var index = 0
    while index + pattern.count <= bytes.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        count += 1
        index += pattern.count
      } else {
        index += 1
      }
    }
    return count
  }

  /// `parameterPresentation` → the parameter's name; the rest of the presentation is kept raw.
  private mutating func shortcutParameter(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> String? {
    switch value {
    case nil, .null?:
      return nil
    case .string(let name)? where !name.isEmpty:
      return name
    case .object(let object)?:
      var members = Members(object, path: path, rawKeys: rawKeys)
      var name: String?
      for key in ["parameterIdentifier", "parameter", "parameterName", "identifier"] {
        if let text = string(members.take(key), path: path / key, rawKeys: rawKeys + [key]), name == nil { name = text }
      }
      if name == nil { recorder.warn(path, "the parameter presentation names no parameter") }
      finish(members)
      return name
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "a parameter presentation {\"parameterIdentifier\", …}")
      return nil
    }
  }

  /// `[{"phrase": <localized>}]` (or localized strings, or strings) → phrase texts.
  mutating func convertNegativePhrases(_ value: JSONValue?) -> [String] {
    let path = JSONPath.root / "negativePhrases"
    guard let value, !value.isNull else { return [] }
    guard case .array(let elements) = value else {
      invalid(value, rawKeys: ["negativePhrases"], path: path, expected: "an array of phrases", consequence: "no negative phrases were imported")
      return []
    }
    var phrases: [String] = []
    for (index, element) in elements.enumerated() {
      let rawKeys = ["negativePhrases", String(index)]
      if case .object(let object) = element, let phrase = object["phrase"] {
        var members = Members(object, path: path / index, rawKeys: rawKeys)
        _ = members.take("phrase")
        if let text = text(phrase, path: path / index / "phrase", rawKeys: rawKeys + ["phrase"]) { phrases.append(text) }
        finish(members)
      } else if let text = text(element, path: path / index, rawKeys: rawKeys) {
        phrases.append(text)
      }
    }
    return phrases
  }
}
