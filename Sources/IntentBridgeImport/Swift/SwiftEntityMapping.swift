import IntentBridgeJSON

/// `AppEntity` types → catalog `entities` (the type, its `@Property`s and its query kind;
/// instances live in the app's data, not in its source).
extension SwiftCatalogBuilder {
  static let propertyAttributes: Set<String> = ["Property", "ComputedProperty", "DeferredProperty", "EntityProperty"]
  /// Most specific first: the kind of a query that conforms to several protocols.
  static let queryKindOrder = ["enumerable", "property", "string", "id"]

  mutating func convertEntity(_ info: SwiftTypeIndex.TypeInfo, id: String, path: JSONPath) -> JSONObject {
    let primary = info.primary
    let rawKeys = ["entities", id]
    note(path, sources[primary.file], primary.nameToken)
    var result = JSONObject()
    result["id"] = .string(id)
    if let title = typeTitle(of: info, id: id, rawKeys: rawKeys, path: path / "title") { result["title"] = title }

    var properties: [JSONValue] = []
    for declaration in declarations(of: info) {
      let source = sources[declaration.file]
      for member in declaration.members where member.kind == .variable && !member.isStatic {
        guard let attribute = member.attributes.first(where: { Self.propertyAttributes.contains($0.name) }) else { continue }
        let propertyPath = path / "properties" / properties.count
        note(propertyPath, source, member.nameToken)
        let what = "property '\(member.name)' of '\(id)'"
        var property = JSONObject()
        property["name"] = .string(member.name)
        let arguments = attribute.arguments.map { SwiftExpressionParser.arguments(source, $0) } ?? []
        var titleArgument = arguments.first { $0.label == "title" }?.value
        if titleArgument == nil, let first = arguments.first, first.label == nil { titleArgument = first.value }
        if let titleArgument {
          property["title"] = textValue(
            titleArgument, in: source, what: "the title of \(what)", rawKeys: rawKeys + ["properties", member.name, "title"],
            path: propertyPath / "title")
        }
        if let typeRange = member.type, let type = SwiftTypeReference.parse(source, typeRange),
          let mapped = mapType(
            type, in: source, at: typeRange.lowerBound, what: "the \(what)", rawKeys: rawKeys + ["properties", member.name, "type"])
        {
          property["type"] = mapped.type
          if mapped.isArray {
            recorder.keep(
              .string(source.text(from: typeRange.lowerBound, to: typeRange.upperBound)), at: rawKeys + ["properties", member.name, "array"],
              location: source.location(typeRange.lowerBound), reason: "the \(what) is a list; catalog entity properties have a single type")
          }
          if mapped.isOptional { property["optional"] = true }
        }
        properties.append(.object(property))
      }
    }
    if !properties.isEmpty { result["properties"] = .array(properties) }

    if let (member, source) = member("defaultQuery", of: info), let expression = value(of: member, in: source) {
      if let kind = queryKind(expression) {
        result["query"] = ["kind": .string(kind)]
        note(path / "query", source, expression.tokens.lowerBound)
      } else {
        keepRaw(
          expression, in: source, at: rawKeys + ["defaultQuery"], reason: "the defaultQuery of '\(id)' is not a query type declared in these sources")
      }
    }
    return result
  }

  /// `TrailQuery()` → the kind of `TrailQuery`'s most specific query protocol.
  private func queryKind(_ expression: SwiftExpression) -> String? {
    let name: String?
    switch expression.kind {
    case .call(let callee, _, _): name = callee.lastName
    case .name(let typeName): name = typeName
    default: name = nil
    }
    guard let name, let info = index.info(name) else { return nil }
    let kinds = Set(info.conformances.compactMap { SwiftTypeIndex.queryKinds[$0] })
    return Self.queryKindOrder.first { kinds.contains($0) }
  }
}
