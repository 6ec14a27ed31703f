import IntentBridgeJSON

/// A catalog value type plus the parameter fields that come with it.
struct MappedType {
  var type: JSONValue
  var array = false
  var dateKind: String?
  var unit: JSONObject?

  /// Whether the type says more than a bare catalog `type` can (for `returns` and entity
  /// properties, which have nothing else): an array, a unit, or a date kind other than the
  /// date-and-time a `date` means by default.
  var hasDetailsBeyondType: Bool {
    array || unit != nil || (dateKind != nil && dateKind != "dateTime")
  }
}

/// `valueType` tagged unions and tagged scalar values (defaults) of actionsdata.
extension ActionsDataConverter {
  /// `primitive` typeIdentifier → catalog type and date kind.
  static let primitiveTypes: [Int64: (type: String, dateKind: String?)] = [
    0: ("string", nil),  // String
    1: ("boolean", nil),  // Bool
    2: ("integer", nil), 3: ("integer", nil), 4: ("integer", nil), 5: ("integer", nil), 6: ("integer", nil),  // Int widths
    7: ("number", nil),  // Double
    8: ("date", "dateTime"),  // Date
    9: ("date", "date"),  // DateComponents
    10: ("placemark", nil),  // CLPlacemark
    11: ("url", nil),  // URL
    12: ("string", nil),  // AttributedString: formatting is not kept
  ]

  /// `intents` typeIdentifier (Intents framework types) → catalog type.
  static let intentsTypes: [Int64: String] = [3: "person", 12: "file", 14: "currency"]

  /// Swift types that appear as "codable entities" but are plain values in the catalog.
  static let builtinTypeNames: [String: (type: String, dateKind: String?)] = [
    "Swift.Duration": ("duration", nil), "Swift.String": ("string", nil), "Swift.Bool": ("boolean", nil),
    "Swift.Int": ("integer", nil), "Swift.Double": ("number", nil), "Foundation.URL": ("url", nil),
    "Foundation.Date": ("date", "dateTime"),
  ]

  /// `Measurement` unitType 7 is a duration; other unit types are not identified yet.
  static let durationUnitType: Int64 = 7

  static let defaultValueKey = "LNValueTypeSpecificMetadataKeyDefaultValue"
  static let defaultUnitKey = "LNValueTypeMetadataKeyMeasurementDefaultUnitSymbol"

  /// Maps a `valueType`; when anything in it cannot be mapped, the whole value type is kept
  /// raw at `rawKeys` once and each problem is warned at its own path.
  ///
  /// - Returns: the mapped type, or `nil` when there is none (the caller decides the fallback).
  mutating func valueType(_ value: JSONValue, path: JSONPath, rawKeys: [String]) -> MappedType? {
    var issues: [ImportIssue] = []
    let mapped = Self.mapValueType(value, path: path, issues: &issues, nested: false)
    recorder.keep(value, at: rawKeys, issues: issues)
    return mapped
  }

  static func mapValueType(_ value: JSONValue, path: JSONPath, issues: inout [ImportIssue], nested: Bool) -> MappedType? {
    guard case .object(let object) = value, object.count == 1, let (tag, payload) = object.first else {
      issues.append(
        ImportIssue(
          path: path,
          message: "expected a one-key value type such as {\"primitive\": {\"wrapper\": {\"typeIdentifier\": 0}}}, \(value.foundDescription)"))
      return nil
    }
    let tagPath = path / tag
    guard case .object(let payloadObject) = payload, case .object(let wrapper)? = payloadObject["wrapper"] else {
      issues.append(ImportIssue(path: tagPath, message: "expected {\"wrapper\": {…}} in the '\(tag)' value type, \(payload.foundDescription)"))
      return nil
    }
    for (key, extra) in payloadObject where key != "wrapper" && !extra.isEmptyValue {
      issues.append(ImportIssue(path: tagPath / key, message: "'\(key)' (\(extra.briefDescription)) of the value type has no catalog equivalent"))
    }
    let wrapperPath = tagPath / "wrapper"
    var known: Set<String> = []
    defer {
      for (key, extra) in wrapper where !known.contains(key) && !extra.isEmptyValue {
        let what = extra.integerValue != nil ? "unknown integer field '\(key)' = \(extra.briefDescription)" : "'\(key)' (\(extra.briefDescription))"
        issues.append(ImportIssue(path: wrapperPath / key, message: "\(what) of the '\(tag)' value type has no catalog equivalent"))
      }
    }

    switch tag {
    case "primitive", "intents":
      known.insert("typeIdentifier")
      guard let identifier = wrapper["typeIdentifier"]?.integerValue else {
        issues.append(
          ImportIssue(
            path: wrapperPath / "typeIdentifier",
            message: "expected an integer typeIdentifier, \((wrapper["typeIdentifier"] ?? .null).foundDescription)"))
        return nil
      }
      if tag == "primitive" {
        guard let (type, dateKind) = primitiveTypes[identifier] else {
          issues.append(ImportIssue(path: wrapperPath / "typeIdentifier", message: "unknown primitive typeIdentifier \(identifier)"))
          return nil
        }
        return MappedType(type: .string(type), dateKind: dateKind)
      }
      if identifier == 13 {
        issues.append(
          ImportIssue(
            path: wrapperPath / "typeIdentifier",
            message: "intents typeIdentifier 13 (payment method) has no catalog type; imported as a string"))
        return MappedType(type: "string")
      }
      guard let type = intentsTypes[identifier] else {
        issues.append(ImportIssue(path: wrapperPath / "typeIdentifier", message: "unknown intents typeIdentifier \(identifier)"))
        return nil
      }
      return MappedType(type: .string(type))

    case "linkEnumeration":
      known.insert("identifier")
      guard case .string(let identifier)? = wrapper["identifier"], !identifier.isEmpty else {
        issues.append(
          ImportIssue(
            path: wrapperPath / "identifier", message: "expected the enum identifier, \((wrapper["identifier"] ?? .null).foundDescription)"))
        return nil
      }
      return MappedType(type: ["enum": .string(identifier)])

    case "entity":
      known.insert("typeName")
      guard case .string(let typeName)? = wrapper["typeName"], !typeName.isEmpty else {
        issues.append(
          ImportIssue(
            path: wrapperPath / "typeName", message: "expected the entity type name, \((wrapper["typeName"] ?? .null).foundDescription)"))
        return nil
      }
      if let (type, dateKind) = builtinTypeNames[typeName] {
        known.insert("codable")  // describes the Swift type itself; nothing beyond the type name
        return MappedType(type: .string(type), dateKind: dateKind)
      }
      if wrapper["codable"] != nil {
        known.insert("codable")
        issues.append(ImportIssue(path: wrapperPath / "codable", message: "the codable value type \(typeName) has no catalog equivalent"))
        return nil
      }
      return MappedType(type: ["entity": .string(typeName)])

    case "array":
      known.insert("memberValueType")
      guard !nested else {
        issues.append(ImportIssue(path: tagPath, message: "arrays of arrays have no catalog equivalent"))
        return nil
      }
      guard let member = wrapper["memberValueType"] else {
        issues.append(ImportIssue(path: wrapperPath / "memberValueType", message: "the array value type has no memberValueType"))
        return nil
      }
      guard var mapped = mapValueType(member, path: wrapperPath / "memberValueType", issues: &issues, nested: true) else { return nil }
      mapped.array = true
      return mapped

    case "measurement":
      known.insert("unitType")
      guard let unitType = wrapper["unitType"]?.integerValue else {
        issues.append(
          ImportIssue(
            path: wrapperPath / "unitType", message: "expected an integer unitType, \((wrapper["unitType"] ?? .null).foundDescription)"))
        return nil
      }
      if unitType == durationUnitType { return MappedType(type: "duration") }
      issues.append(
        ImportIssue(
          path: wrapperPath / "unitType",
          message: "measurement unitType \(unitType) is not identified; imported as a measurement with dimension 'unitType \(unitType)'"))
      return MappedType(type: "measurement", unit: JSONObject([("dimension", .string("unitType \(unitType)"))]))

    default:
      known = Set(wrapper.keys)
      issues.append(ImportIssue(path: tagPath, message: "unknown value type kind '\(tag)'"))
      return nil
    }
  }

  /// A tagged scalar such as `{"string": {"wrapper": "top"}}`, `{"int": {"wrapper": 1}}`,
  /// `{"array": {"elements": […]}}` or `{"enumeration": {"identifier": …, "value": …}}`.
  static func taggedValue(_ value: JSONValue, path: JSONPath, issues: inout [ImportIssue], depth: Int = 0) -> JSONValue? {
    guard case .object(let object) = value, object.count == 1, let (tag, payload) = object.first else {
      issues.append(
        ImportIssue(path: path, message: "expected a tagged value such as {\"string\": {\"wrapper\": \"top\"}}, \(value.foundDescription)"))
      return nil
    }
    let inner = payload["wrapper"] ?? payload
    let innerPath = payload["wrapper"] == nil ? path / tag : path / tag / "wrapper"
    func wrong(_ expected: String) -> JSONValue? {
      issues.append(ImportIssue(path: innerPath, message: "expected \(expected) in the '\(tag)' value, \(inner.foundDescription)"))
      return nil
    }
    switch tag {
    case "string", "url":
      guard case .string = inner else { return wrong("a string") }
      return inner
    case "int", "integer", "int64", "uint":
      guard let number = inner.integerValue else { return wrong("an integer") }
      return .integer(number)
    case "double", "float", "number", "decimal":
      guard let number = inner.doubleValue else { return wrong("a number") }
      return .number(number)
    case "bool", "boolean":
      switch inner {
      case .bool: return inner
      case .integer(0): return false
      case .integer(1): return true
      default: return wrong("true or false")
      }
    case "enumeration":
      guard case .string(let caseName)? = payload["value"] else {
        issues.append(
          ImportIssue(path: path / tag / "value", message: "expected the enum case identifier, \((payload["value"] ?? .null).foundDescription)"))
        return nil
      }
      return .string(caseName)
    case "staticDeferredLocalizedString":
      guard case .string(let key)? = inner["key"] ?? (inner.stringValue.map { .string($0) }) else { return wrong("a localized string") }
      return .string(key)
    case "array":
      guard depth < 8 else {
        issues.append(ImportIssue(path: path / tag, message: "tagged arrays nested deeper than 8 levels are not imported"))
        return nil
      }
      guard case .array(let elements)? = payload["elements"] else {
        issues.append(
          ImportIssue(path: path / tag / "elements", message: "expected an array of elements, \((payload["elements"] ?? .null).foundDescription)"))
        return nil
      }
      var values: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        guard let converted = taggedValue(element, path: path / tag / "elements" / index, issues: &issues, depth: depth + 1) else { return nil }
        values.append(converted)
      }
      return .array(values)
    default:
      issues.append(ImportIssue(path: path / tag, message: "unknown tagged value kind '\(tag)'"))
      return nil
    }
  }

  /// A default value in the shape the parameter's type expects (`{"int": 1}` on a Bool is `true`).
  static func coerce(_ value: JSONValue, to type: MappedType?) -> JSONValue {
    switch (type?.type.stringValue, value) {
    case ("boolean", .integer(0)): return false
    case ("boolean", .integer(1)): return true
    case ("integer", .number(let number)): return value.integerValue.map { .integer($0) } ?? .number(number)
    default: return value
    }
  }

  /// A parameter's flat `typeSpecificMetadata` list `[key, value, key, value, …]`: the
  /// default value and the default measurement unit are mapped, the rest is kept raw.
  mutating func parameterMetadata(_ value: JSONValue?, path: JSONPath, rawKeys: [String], type: MappedType?) -> (
    defaultValue: JSONValue?, unitSymbol: String?
  ) {
    guard let value, !value.isEmptyValue else { return (nil, nil) }
    guard case .array(let list) = value else {
      invalid(value, rawKeys: rawKeys, path: path, expected: "a flat [key, value, …] list")
      return (nil, nil)
    }
    var defaultValue: JSONValue?
    var unitSymbol: String?
    var leftovers: [JSONValue] = []
    var issues: [ImportIssue] = []
    var index = 0
    while index < list.count {
      let keyValue = list[index]
      guard index + 1 < list.count else {
        issues.append(
          ImportIssue(path: path / index, message: "the list has an odd length; its last element \(keyValue.briefDescription) has no value"))
        leftovers.append(keyValue)
        break
      }
      let entry = list[index + 1]
      let entryPath = path / (index + 1)
      var entryIssues: [ImportIssue] = []
      switch keyValue.stringValue {
      case Self.defaultValueKey?:
        if let converted = Self.taggedValue(entry, path: entryPath, issues: &entryIssues) {
          defaultValue = Self.coerce(converted, to: type)
        }
      case Self.defaultUnitKey?:
        if let symbol = Self.taggedValue(entry, path: entryPath, issues: &entryIssues) {
          if case .string(let text) = symbol {
            unitSymbol = text
          } else {
            entryIssues.append(ImportIssue(path: entryPath, message: "expected a unit symbol string, found \(symbol.briefDescription)"))
          }
        }
      case let key?:
        entryIssues.append(ImportIssue(path: path / index, message: "metadata '\(key)' (value \(entry.briefDescription)) has no catalog equivalent"))
      case nil:
        entryIssues.append(ImportIssue(path: path / index, message: "expected a metadata key string, \(keyValue.foundDescription)"))
      }
      if !entryIssues.isEmpty {
        leftovers += [keyValue, entry]
        issues += entryIssues
      }
      index += 2
    }
    recorder.keep(.array(leftovers), at: rawKeys, issues: issues)
    return (defaultValue, unitSymbol)
  }
}
