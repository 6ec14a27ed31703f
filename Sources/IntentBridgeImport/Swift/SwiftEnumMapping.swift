import IntentBridgeJSON

/// `AppEnum` types → catalog `enums`.
extension SwiftCatalogBuilder {
  /// The declared cases of a type (`case a, b = "x"`), in order, with their catalog values.
  func enumCases(of info: SwiftTypeIndex.TypeInfo) -> [(name: String, value: String, member: SwiftMember, source: SwiftSource)] {
    var cases: [(name: String, value: String, member: SwiftMember, source: SwiftSource)] = []
    for declaration in declarations(of: info) {
      let source = sources[declaration.file]
      for member in declaration.members where member.kind == .enumCase && !cases.contains(where: { $0.name == member.name }) {
        var value = member.name
        if let raw = member.initializer, case .string(let literal) = SwiftExpressionParser.parse(source, raw).kind, let text = literal.plainText {
          value = text
        }
        cases.append((member.name, value, member, source))
      }
    }
    return cases
  }

  mutating func convertEnum(_ info: SwiftTypeIndex.TypeInfo, id: String, path: JSONPath) -> JSONObject {
    let primary = info.primary
    let rawKeys = ["enums", id]
    note(path, sources[primary.file], primary.nameToken)
    var result = JSONObject()
    result["id"] = .string(id)
    if let title = typeTitle(of: info, id: id, rawKeys: rawKeys, path: path / "title") { result["title"] = title }

    // caseDisplayRepresentations: [.case: DisplayRepresentation] (also `Self.case:`).
    var representations: [String: (SwiftExpression, SwiftSource)] = [:]
    if let (member, source) = member("caseDisplayRepresentations", of: info), let expression = value(of: member, in: source) {
      if case .dictionary(let entries) = expression.kind {
        for entry in entries {
          guard let name = Self.caseName(entry.key) else {
            keepRaw(
              entry.key, in: source, at: rawKeys + ["caseDisplayRepresentations", "key"],
              reason: "a key of the caseDisplayRepresentations of '\(id)' is not a case like .easy")
            continue
          }
          representations[name] = (entry.value, source)
        }
      } else {
        keepRaw(
          expression, in: source, at: rawKeys + ["caseDisplayRepresentations"],
          reason: "the caseDisplayRepresentations of '\(id)' are not a dictionary literal [.case: …]")
      }
    }
    let cases = enumCases(of: info)
    var converted: [JSONValue] = []
    for (index, item) in cases.enumerated() {
      let casePath = path / "cases" / index
      note(casePath, item.source, item.member.nameToken)
      var object = JSONObject()
      object["value"] = .string(item.value)
      if let (expression, source) = representations[item.name] {
        displayRepresentation(
          expression, in: source, what: "case '\(item.name)' of '\(id)'", rawKeys: rawKeys + ["cases", item.name], path: casePath, into: &object)
      }
      converted.append(.object(object.ordered(["value", "title", "subtitle", "synonyms", "image"])))
    }
    for (name, (expression, source)) in representations.sorted(by: { $0.key < $1.key }) where !cases.contains(where: { $0.name == name }) {
      keepRaw(
        expression, in: source, at: rawKeys + ["caseDisplayRepresentations", name],
        reason: "caseDisplayRepresentations of '\(id)' name '\(name)', which is not a declared case")
    }
    result["cases"] = .array(converted)
    return result
  }

  /// `typeDisplayRepresentation`: a text, `TypeDisplayRepresentation(name: …, numericFormat: …)` or `.init(name:)`.
  mutating func typeTitle(of info: SwiftTypeIndex.TypeInfo, id: String, rawKeys: [String], path: JSONPath) -> JSONValue? {
    guard let (member, source) = member("typeDisplayRepresentation", of: info), let expression = value(of: member, in: source) else {
      return nil
    }
    guard case .call(let callee, let arguments, _) = expression.kind, callee.lastName == "TypeDisplayRepresentation" || callee.lastName == "init",
      let name = arguments.first(where: { $0.label == "name" || $0.label == nil || $0.label == "stringLiteral" })?.value
    else {
      return textValue(expression, in: source, what: "the typeDisplayRepresentation of '\(id)'", rawKeys: rawKeys + ["title"], path: path)
    }
    for argument in arguments where argument.label == "numericFormat" {
      keepRaw(argument.value, in: source, at: rawKeys + ["numericFormat"], reason: "the numericFormat of '\(id)' has no catalog equivalent")
    }
    return textValue(name, in: source, what: "the typeDisplayRepresentation of '\(id)'", rawKeys: rawKeys + ["title"], path: path)
  }

  /// A `DisplayRepresentation` (a text, or `DisplayRepresentation(title:subtitle:image:synonyms:)`)
  /// → `title`, `subtitle`, `image`, `synonyms` of `object`.
  mutating func displayRepresentation(
    _ expression: SwiftExpression, in source: SwiftSource, what: String, rawKeys: [String], path: JSONPath, into object: inout JSONObject
  ) {
    guard case .call(let callee, let arguments, _) = expression.kind,
      callee.lastName == "DisplayRepresentation" || callee.lastName == "init",
      arguments.contains(where: { $0.label == "title" || $0.label == "stringLiteral" })
    else {
      if let title = textValue(expression, in: source, what: "the title of \(what)", rawKeys: rawKeys + ["title"], path: path / "title") {
        object["title"] = title
      }
      return
    }
    for argument in arguments {
      switch argument.label {
      case "title", "stringLiteral":
        object["title"] = textValue(argument.value, in: source, what: "the title of \(what)", rawKeys: rawKeys + ["title"], path: path / "title")
      case "subtitle":
        object["subtitle"] = textValue(
          argument.value, in: source, what: "the subtitle of \(what)", rawKeys: rawKeys + ["subtitle"], path: path / "subtitle")
      case "synonyms":
        object["synonyms"] = textList(
          argument.value, in: source, what: "the synonyms of \(what)", rawKeys: rawKeys + ["synonyms"], path: path / "synonyms", template: true)
      case "image":
        // `.init(systemName: "leaf")`, `DisplayRepresentation.Image(named: "Trail")`
        if case .call(_, let imageArguments, _) = argument.value.kind,
          let name = imageArguments.first(where: { $0.label == "systemName" || $0.label == "named" }),
          case .string(let literal) = name.value.kind, let text = literal.plainText
        {
          object["image"] = .string(text)
        } else {
          keepRaw(
            argument.value, in: source, at: rawKeys + ["image"], reason: "the image of \(what) is not .init(systemName: \"…\") or .init(named: \"…\")"
          )
        }
      default:
        keepRaw(
          argument.value, in: source, at: rawKeys + [argument.label ?? "_"],
          reason: "'\(argument.label ?? "_")' of the display representation of \(what) has no catalog equivalent")
      }
    }
  }
}
