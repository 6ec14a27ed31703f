import IntentBridgeJSON

/// `enums`, `entities` and `queries` → catalog `enums` and `entities`.
extension ActionsDataConverter {
  static let enumKeyOrder = ["id", "title", "cases"]
  static let caseKeyOrder = ["value", "title", "subtitle", "synonyms", "image"]
  static let entityKeyOrder = ["id", "title", "description", "properties", "query"]
  static let propertyKeyOrder = ["name", "title", "description", "type", "optional"]

  // MARK: Enums

  mutating func convertEnums(_ value: JSONValue?) -> [JSONObject] {
    let path = JSONPath.root / "enums"
    var enums: [JSONObject] = []
    switch value {
    case nil, .null?:
      break
    case .array(let elements)?:
      for (index, element) in elements.enumerated() {
        if let converted = convertEnum(element, key: nil, index: index, path: path / index) { enums.append(converted) }
      }
    case .object(let elements)?:
      recorder.warn(path, "expected an array of enums, found an object; imported its members as enums")
      for (index, (key, element)) in elements.enumerated() {
        if let converted = convertEnum(element, key: key, index: index, path: path / key) { enums.append(converted) }
      }
    case let other?:
      invalid(other, rawKeys: ["enums"], path: path, expected: "an array of enums", consequence: "no enums were imported")
    }
    return enums
  }

  private mutating func convertEnum(_ value: JSONValue, key: String?, index: Int, path: JSONPath) -> JSONObject? {
    guard case .object(let object) = value else {
      invalid(value, rawKeys: ["enums", key ?? String(index)], path: path, expected: "an enum object", consequence: "the enum was not imported")
      return nil
    }
    let identifier = object["identifier"]?.stringValue
    let id = typeIdentifier(preferred: identifier ?? key, object: object, fallbackPrefix: "Enum", index: index, path: path)
    let rawKeys = ["enums", id]
    var members = Members(object, path: path, rawKeys: rawKeys)
    if let original = members.take("identifier"), identifier == nil, !original.isNull {
      invalid(original, rawKeys: rawKeys + ["identifier"], path: path / "identifier", expected: "the enum identifier")
    }
    var result = JSONObject()
    result["id"] = .string(id)
    if let title = text(members.take("displayTypeName"), path: path / "displayTypeName", rawKeys: rawKeys + ["displayTypeName"]) {
      result["title"] = .string(title)
    }
    var cases: [JSONValue] = []
    switch members.take("cases") {
    case nil, .null?: break
    case .array(let elements)?:
      for (index, element) in elements.enumerated() {
        if let converted = convertCase(element, path: path / "cases" / index, enumRawKeys: rawKeys, index: index) { cases.append(.object(converted)) }
      }
    case let other?:
      invalid(other, rawKeys: rawKeys + ["cases"], path: path / "cases", expected: "an array of cases", consequence: "the enum has no cases")
    }
    if cases.isEmpty { recorder.warn(path, "the enum '\(id)' has no cases") }
    result["cases"] = .array(cases)
    if let system = members.take("isSystem"), system != false {
      recorder.keep(
        system, at: rawKeys + ["isSystem"], from: path / "isSystem",
        reason: system == true
          ? "a system enum (defined by App Intents, not the app) has no catalog flag" : "expected true or false, \(system.foundDescription)")
    }
    checkTypeNames(&members, id: id)
    checkAvailability(&members)
    checkDefaultVisibility(&members)
    finish(members)
    return result.ordered(Self.enumKeyOrder)
  }

  private mutating func convertCase(_ value: JSONValue, path: JSONPath, enumRawKeys: [String], index: Int) -> JSONObject? {
    guard case .object(let object) = value, case .string(let identifier)? = object["identifier"], !identifier.isEmpty else {
      invalid(
        value, rawKeys: enumRawKeys + ["cases", String(index)], path: path, expected: "a case {\"identifier\", \"displayRepresentation\"}",
        consequence: "the case was not imported")
      return nil
    }
    let rawKeys = enumRawKeys + ["cases", identifier]
    var members = Members(object, path: path, rawKeys: rawKeys)
    _ = members.take("identifier")
    var result = JSONObject()
    result["value"] = .string(identifier)
    switch members.take("displayRepresentation") {
    case nil, .null?: break
    case .object(let display)?:
      displayRepresentation(display, path: path / "displayRepresentation", rawKeys: rawKeys + ["displayRepresentation"], into: &result)
    case let other?:
      invalid(
        other, rawKeys: rawKeys + ["displayRepresentation"], path: path / "displayRepresentation", expected: "an object {\"title\", \"synonyms\", …}")
    }
    finish(members)
    return result.ordered(Self.caseKeyOrder)
  }

  /// `{title, subtitle, synonyms, image, imageV2}` → case `title`, `subtitle`, `synonyms`, `image`.
  private mutating func displayRepresentation(_ object: JSONObject, path: JSONPath, rawKeys: [String], into result: inout JSONObject) {
    var members = Members(object, path: path, rawKeys: rawKeys)
    if let title = text(members.take("title"), path: path / "title", rawKeys: rawKeys + ["title"]) { result["title"] = .string(title) }
    if let subtitle = text(members.take("subtitle"), path: path / "subtitle", rawKeys: rawKeys + ["subtitle"]) {
      result["subtitle"] = .string(subtitle)
    }
    let synonyms = textList(members.take("synonyms"), path: path / "synonyms", rawKeys: rawKeys + ["synonyms"])
    if !synonyms.isEmpty { result["synonyms"] = .array(synonyms.map { .string($0) }) }
    let image = members.take("image")
    if let name = imageName(image, path: path / "image", rawKeys: rawKeys + ["image"]) { result["image"] = .string(name) }
    // `imageV2` repeats `image` in current files.
    if let second = members.take("imageV2"), !second.isEmptyValue, second != image {
      recorder.keep(second, at: rawKeys + ["imageV2"], from: path / "imageV2", reason: "imageV2 \(second.briefDescription) differs from image")
    }
    finish(members)
  }

  /// `{"systemImageName": {"_0": "cloud.sun"}}` (or another image kind with a name) → `"cloud.sun"`.
  private mutating func imageName(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> String? {
    guard let value, !value.isEmptyValue else { return nil }
    if case .string(let name) = value { return name }
    if case .object(let object) = value, object.count == 1, let (_, payload) = object.first {
      switch payload {
      case .string(let name) where !name.isEmpty:
        return name
      case .object(let inner) where inner.count == 1:
        if case .string(let name)? = inner["_0"] ?? inner["name"] ?? inner["systemName"], !name.isEmpty { return name }
      default:
        break
      }
    }
    invalid(value, rawKeys: rawKeys, path: path, expected: "an image {\"systemImageName\": {\"_0\": name}}")
    return nil
  }

  // MARK: Entities

  mutating func convertEntities(_ value: JSONValue?) -> [JSONObject] {
    let path = JSONPath.root / "entities"
    var entities: [JSONObject] = []
    switch value {
    case nil, .null?:
      break
    case .object(let elements)?:
      for (index, (key, element)) in elements.enumerated() {
        if let converted = convertEntity(element, key: key, index: index, path: path / key) { entities.append(converted) }
      }
    case .array(let elements)?:
      recorder.warn(path, "expected an object keyed by entity type name, found an array; imported its elements as entities")
      for (index, element) in elements.enumerated() {
        if let converted = convertEntity(element, key: nil, index: index, path: path / index) { entities.append(converted) }
      }
    case let other?:
      invalid(other, rawKeys: ["entities"], path: path, expected: "an object keyed by entity type name", consequence: "no entities were imported")
    }
    return entities
  }

  private mutating func convertEntity(_ value: JSONValue, key: String?, index: Int, path: JSONPath) -> JSONObject? {
    guard case .object(let object) = value else {
      invalid(
        value, rawKeys: ["entities", key ?? String(index)], path: path, expected: "an entity object", consequence: "the entity was not imported")
      return nil
    }
    let typeName = object["typeName"]?.stringValue
    let id = typeIdentifier(preferred: key ?? typeName, object: object, fallbackPrefix: "Entity", index: index, path: path)
    entityTypeNames.insert(id)
    let rawKeys = ["entities", id]
    var members = Members(object, path: path, rawKeys: rawKeys)
    if let original = members.take("typeName"), original != .string(id), !original.isEmptyValue {
      recorder.keep(
        original, at: rawKeys + ["typeName"], from: path / "typeName",
        reason: "the typeName \(original.briefDescription) differs from the entity's member name '\(id)'")
    }
    var result = JSONObject()
    result["id"] = .string(id)
    if let title = text(members.take("displayTypeName"), path: path / "displayTypeName", rawKeys: rawKeys + ["displayTypeName"]) {
      result["title"] = .string(title)
    }
    switch members.take("properties") {
    case nil, .null?: break
    case .array(let elements)?:
      var names: Set<String> = []
      var properties: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        if let property = convertProperty(element, index: index, path: path / "properties" / index, entityRawKeys: rawKeys, names: &names) {
          properties.append(.object(property))
        }
      }
      if !properties.isEmpty { result["properties"] = .array(properties) }
    case let other?:
      invalid(other, rawKeys: rawKeys + ["properties"], path: path / "properties", expected: "an array of properties")
    }
    if let query = string(
      members.take("defaultQueryIdentifier"), path: path / "defaultQueryIdentifier", rawKeys: rawKeys + ["defaultQueryIdentifier"])
    {
      pendingDefaultQueries[id] = (query, path / "defaultQueryIdentifier")
    }
    checkTypeNames(&members, id: id)
    checkAvailability(&members)
    checkDefaultVisibility(&members)
    finish(members)
    return result.ordered(Self.entityKeyOrder)
  }

  private mutating func convertProperty(_ value: JSONValue, index: Int, path: JSONPath, entityRawKeys: [String], names: inout Set<String>)
    -> JSONObject?
  {
    guard case .object(let object) = value, case .string(let name)? = object["identifier"], !name.isEmpty else {
      invalid(
        value, rawKeys: entityRawKeys + ["properties", String(index)], path: path, expected: "a property {\"identifier\", \"title\", \"valueType\"}",
        consequence: "the property was not imported")
      return nil
    }
    let rawKeys = entityRawKeys + ["properties", names.insert(name).inserted ? name : "\(name)#\(index)"]
    var members = Members(object, path: path, rawKeys: rawKeys)
    _ = members.take("identifier")
    var result = JSONObject()
    result["name"] = .string(name)
    if let title = text(members.take("title"), path: path / "title", rawKeys: rawKeys + ["title"]) { result["title"] = .string(title) }
    var type: JSONValue = "json"
    if let valueType = members.take("valueType"), !valueType.isNull,
      let mapped = self.valueType(valueType, path: path / "valueType", rawKeys: rawKeys + ["valueType"])
    {
      type = mapped.type
      if mapped.hasDetailsBeyondType {
        recorder.keep(
          valueType, at: rawKeys + ["valueType"], from: path / "valueType",
          reason: "entity properties have only a type in the catalog; the array, unit or date kind of \(valueType.briefDescription) is not kept there"
        )
      }
    } else {
      recorder.warn(path / "valueType", "the property's type is missing or could not be mapped; imported as type 'json' (any value)")
    }
    result["type"] = type
    if let optional = bool(members.take("isOptional"), path: path / "isOptional", rawKeys: rawKeys + ["isOptional"]) {
      result["optional"] = .bool(optional)
    }
    finish(members)
    return result.ordered(Self.propertyKeyOrder)
  }

  // MARK: Queries

  /// Infers an entity's `query.kind` from its default query in `queries`.
  ///
  /// - comparators (`parameters`) or the capability flag 8 → `"property"` (an
  ///   `EntityPropertyQuery`; Weather's location query has capabilities 78 = 0b1001110 and a
  ///   comparator on `name`);
  /// - else the capability flag 4 → `"string"` (an `EntityStringQuery`; Voice Memos'
  ///   `…StringQuery` types have 70 = 0b1000110);
  /// - else → `"id"` (a plain `EntityQuery`; Reminders' list query has 66 = 0b1000010).
  ///
  /// `"enumerable"` is never inferred: no sample shows which bit marks an `EnumerableEntityQuery`.
  /// The capabilities number, comparators and sorting options are kept raw.
  static func queryKind(capabilities: Int64?, hasComparators: Bool) -> String {
    let mask = capabilities ?? 0
    if hasComparators || mask & 8 != 0 { return "property" }
    if mask & 4 != 0 { return "string" }
    return "id"
  }

  mutating func attachQueries(_ value: JSONValue?, to entities: inout [JSONObject]) {
    let path = JSONPath.root / "queries"
    var queries: [(key: String, value: JSONValue)] = []
    switch value {
    case nil, .null?: break
    case .object(let object)?: queries = Array(object)
    case let other?:
      invalid(other, rawKeys: ["queries"], path: path, expected: "an object keyed by query name", consequence: "no entity query kinds were imported")
    }
    for (key, query) in queries {
      attachQuery(query, key: key, path: path / key, to: &entities)
    }
    for (id, pending) in pendingDefaultQueries.sorted(by: { $0.key < $1.key }) {
      recorder.keep(
        .string(pending.value), at: ["entities", id, "defaultQueryIdentifier"], from: pending.path,
        reason: "the default query \(pending.value) is not in $.queries, so the entity's query kind is unknown")
    }
    pendingDefaultQueries = [:]
  }

  private mutating func attachQuery(_ value: JSONValue, key: String, path: JSONPath, to entities: inout [JSONObject]) {
    guard case .object(let object) = value else {
      invalid(value, rawKeys: ["queries", key], path: path, expected: "a query object", consequence: "the query was not imported")
      return
    }
    let rawKeys = ["queries", key]
    var members = Members(object, path: path, rawKeys: rawKeys)
    let entityType = string(members.take("entityType"), path: path / "entityType", rawKeys: rawKeys + ["entityType"])
    let qualified = object["fullyQualifiedIdentifier"]?.stringValue
    let isDefault = bool(members.take("defaultQueryForEntity"), path: path / "defaultQueryForEntity", rawKeys: rawKeys + ["defaultQueryForEntity"])
    for name in ["identifier", "queryType"] {
      if let value = members.take(name), value != .string(key), !value.isEmptyValue {
        recorder.keep(
          value, at: rawKeys + [name], from: path / name,
          reason: "the query's \(name) \(value.briefDescription) differs from its member name '\(key)'")
      }
    }
    if let result = members.take("resultValueType"), !result.isEmptyValue,
      result != ["entity": ["wrapper": ["typeName": .string(entityType ?? "")]]]
    {
      recorder.keep(
        result, at: rawKeys + ["resultValueType"], from: path / "resultValueType",
        reason: "the query's result type \(result.briefDescription) is not its entity type")
    }
    checkTypeNames(&members, id: key, qualifiedKey: "fullyQualifiedIdentifier")
    checkAvailability(&members)
    checkDefaultVisibility(&members)

    let capabilities = members.take("capabilities")
    let comparators = members.take("parameters")
    let index = entityType.flatMap { type in entities.firstIndex { $0["id"] == .string(type) } }
    let namedAsDefault = entityType.flatMap { pendingDefaultQueries[$0]?.value }.map { $0 == qualified || $0 == key } ?? false
    var kindNote = ""
    if let index, let entityType, isDefault == true || namedAsDefault, entities[index]["query"] == nil {
      let kind = Self.queryKind(capabilities: capabilities?.integerValue, hasComparators: comparators.map { !$0.isEmptyValue } ?? false)
      entities[index]["query"] = ["kind": .string(kind)]
      if namedAsDefault { pendingDefaultQueries[entityType] = nil }
      kindNote = " (the entity's query kind '\(kind)' was inferred from it)"
    } else {
      recorder.warn(path, "the query is not the default query of an imported entity; its kind was not imported")
    }
    if let capabilities, !capabilities.isNull {
      recorder.keep(
        capabilities, at: rawKeys + ["capabilities"], from: path / "capabilities",
        reason: "unknown integer field 'capabilities' = \(capabilities.briefDescription) has no catalog equivalent\(kindNote)")
    }
    if let comparators, !comparators.isEmptyValue {
      recorder.keep(
        comparators, at: rawKeys + ["parameters"], from: path / "parameters",
        reason: "the query's property comparators (\(comparators.briefDescription)) have no catalog equivalent")
    }
    finish(members)
  }
}
