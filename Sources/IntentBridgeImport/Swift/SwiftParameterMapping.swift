import IntentBridgeJSON

/// `@Parameter` properties → catalog parameters, and Swift types → catalog value types.
extension SwiftCatalogBuilder {
  /// Swift type names → catalog primitive types.
  static let primitiveTypes: [String: String] = [
    "String": "string", "Substring": "string", "Character": "string", "AttributedString": "string",
    "Int": "integer", "Int8": "integer", "Int16": "integer", "Int32": "integer", "Int64": "integer",
    "UInt": "integer", "UInt8": "integer", "UInt16": "integer", "UInt32": "integer", "UInt64": "integer",
    "Double": "number", "Float": "number", "Float32": "number", "Float64": "number", "CGFloat": "number", "Decimal": "number",
    "Bool": "boolean", "Date": "date", "DateComponents": "date", "URL": "url", "Duration": "duration",
    "IntentFile": "file", "IntentPerson": "person", "CLPlacemark": "placemark", "IntentCurrencyAmount": "currency",
  ]

  /// A catalog type with the parameter fields that come with it.
  struct MappedSwiftType {
    var type: JSONValue
    var isArray = false
    var isOptional = false
    var unit: JSONObject?
    var dateKind: String?
    /// The enum (type name) of an enum parameter, for its default value.
    var enumType: String?
  }

  /// Maps a Swift type; an unknown one is reported, kept raw and mapped to `json`.
  mutating func mapType(_ type: SwiftTypeReference, in source: SwiftSource, at token: Int, what: String, rawKeys: [String]) -> MappedSwiftType? {
    let element = type.element
    var mapped = MappedSwiftType(type: "json", isArray: type.isCollection, isOptional: type.isOptional)
    if element.isCollection {
      recorder.keep(
        .string(source.text(from: token, to: token + 1)), at: rawKeys, location: source.location(token),
        reason: "\(what) is a list of lists, which the catalog cannot express; imported as type 'json'")
      return mapped
    }
    if let primitive = Self.primitiveTypes[element.name] {
      mapped.type = .string(primitive)
      if primitive == "date" { mapped.dateKind = "dateTime" }
      return mapped
    }
    if element.name == "Measurement", let unit = element.arguments.first?.name {
      if unit == "UnitDuration" {
        mapped.type = "duration"
      } else {
        mapped.type = "measurement"
        var dimension = unit.hasPrefix("Unit") ? String(unit.dropFirst(4)) : unit
        if let first = dimension.first { dimension = first.lowercased() + dimension.dropFirst() }
        mapped.unit = JSONObject([("dimension", .string(dimension))])
      }
      return mapped
    }
    if let full = index.resolve(element.name) {
      if let id = enumIDs[full] {
        mapped.type = ["enum": .string(id)]
        mapped.enumType = full
        return mapped
      }
      if let id = entityIDs[full] {
        mapped.type = ["entity": .string(id)]
        return mapped
      }
    }
    recorder.keep(
      .string(element.name), at: rawKeys, location: source.location(token),
      reason:
        "\(what) has the type '\(element.name)', which is not a catalog value type, nor an AppEnum or AppEntity of these sources; imported as type 'json' (any value)"
    )
    return mapped
  }

  /// Labels of `@Parameter(…)` this importer maps.
  static let parameterLabels: Set<String> = [
    "title", "description", "default", "inclusiveRange", "requestValueDialog", "inputOptions", "kind", "defaultUnit",
    "supportsNegativeNumbers",
  ]

  mutating func convertParameter(_ member: SwiftMember, attribute: SwiftAttribute, in source: SwiftSource, intentID: String, path: JSONPath)
    -> JSONObject
  {
    let name = member.name
    let rawKeys = ["intents", intentID, "parameters", name]
    note(path, source, member.nameToken)
    let arguments = attribute.arguments.map { SwiftExpressionParser.arguments(source, $0) } ?? []
    let what = "parameter '\(name)' of '\(intentID)'"
    var parameter = JSONObject()
    parameter["name"] = .string(name)

    var titleArgument = arguments.first { $0.label == "title" }?.value
    if titleArgument == nil, let first = arguments.first, first.label == nil { titleArgument = first.value }
    if let titleArgument {
      parameter["title"] = textValue(titleArgument, in: source, what: "the title of \(what)", rawKeys: rawKeys + ["title"], path: path / "title")
    }
    if let description = arguments.first(where: { $0.label == "description" })?.value {
      parameter["description"] = textValue(
        description, in: source, what: "the description of \(what)", rawKeys: rawKeys + ["description"], path: path / "description")
    }

    // Type.
    var mapped: MappedSwiftType?
    if let typeRange = member.type, let type = SwiftTypeReference.parse(source, typeRange) {
      mapped = mapType(type, in: source, at: typeRange.lowerBound, what: "the \(what)", rawKeys: rawKeys + ["type"])
    } else {
      let text = member.type.map { source.text(from: $0.lowerBound, to: $0.upperBound) } ?? ""
      recorder.keep(
        .string(text), at: rawKeys + ["type"], location: source.location(member.nameToken),
        reason: "the type of \(what) \(text.isEmpty ? "is not written" : "'\(text)' cannot be read"); imported as type 'json' (any value)")
    }
    parameter["type"] = mapped?.type ?? "json"
    if mapped?.isArray == true { parameter["array"] = true }
    if mapped?.isOptional == true { parameter["optional"] = true }

    var unit = mapped?.unit
    var dateKind = mapped?.dateKind
    var minimum: JSONValue?
    var maximum: JSONValue?
    for argument in arguments {
      switch argument.label {
      case "default":
        if let value = defaultValue(argument.value, type: mapped, in: source, what: what, rawKeys: rawKeys + ["default"], unit: &unit) {
          parameter["default"] = value
          note(path / "default", source, argument.value.tokens.lowerBound)
        }
      case "inclusiveRange":
        if case .tuple(let bounds) = argument.value.kind, bounds.count == 2,
          let low = Self.number(bounds[0].value), let high = Self.number(bounds[1].value)
        {
          minimum = low
          maximum = high
        } else {
          keepRaw(argument.value, in: source, at: rawKeys + ["inclusiveRange"], reason: "the inclusiveRange of \(what) is not two number literals")
        }
      case "requestValueDialog":
        parameter["requestValueDialog"] = textValue(
          argument.value, in: source, what: "the requestValueDialog of \(what)", rawKeys: rawKeys + ["requestValueDialog"],
          path: path / "requestValueDialog")
      case "inputOptions":
        if let options = inputOptions(argument.value, in: source, what: what, rawKeys: rawKeys + ["inputOptions"]) {
          parameter["inputOptions"] = .object(options)
        }
      case "kind":
        if let kind = Self.caseName(argument.value), ["date", "time", "dateTime"].contains(kind) {
          dateKind = kind
        } else {
          keepRaw(argument.value, in: source, at: rawKeys + ["kind"], reason: "the kind of \(what) is not .date, .time or .dateTime")
        }
      case "defaultUnit":
        if let symbol = Self.caseName(argument.value) {
          if unit != nil {
            unit?["default"] = .string(symbol)
          } else if mapped?.type == "duration" {
            keepRaw(
              argument.value, in: source, at: rawKeys + ["defaultUnit"],
              reason: "the default unit of \(what) has no catalog field: catalog durations are in seconds")
          } else {
            keepRaw(argument.value, in: source, at: rawKeys + ["defaultUnit"], reason: "a default unit on \(what), which is not a measurement")
          }
        } else {
          keepRaw(argument.value, in: source, at: rawKeys + ["defaultUnit"], reason: "the defaultUnit of \(what) is not a unit like .kilometers")
        }
      case "supportsNegativeNumbers":
        if case .boolean(false) = argument.value.kind, minimum == nil { minimum = 0 }
      case "title", "description", nil:
        break
      case let label?:
        let reason =
          label == "optionsProvider"
          ? "the options of \(what) come from \(source.text(from: argument.value.tokens.lowerBound, to: argument.value.tokens.upperBound)) at run time"
          : "'\(label)' of \(what) has no catalog equivalent"
        keepRaw(argument.value, in: source, at: rawKeys + [label], reason: reason)
      }
    }
    if let minimum { parameter["minimum"] = minimum }
    if let maximum { parameter["maximum"] = maximum }
    if let unit { parameter["unit"] = .object(unit) }
    if let dateKind, mapped?.type == "date" { parameter["dateKind"] = .string(dateKind) }
    return parameter.ordered([
      "name", "title", "description", "type", "array", "optional", "default", "minimum", "maximum", "unit", "dateKind",
      "inputOptions", "requestValueDialog",
    ])
  }

  // MARK: Values

  static func number(_ expression: SwiftExpression) -> JSONValue? {
    switch expression.kind {
    case .integer(let text): return Int64(text).map(JSONValue.integer) ?? Double(text).map(JSONValue.number)
    case .float(let text): return Double(text).map(JSONValue.number)
    case .negated(let inner):
      switch number(inner) {
      case .integer(let value)?: return .integer(-value)
      case .number(let value)?: return .number(-value)
      default: return nil
      }
    default: return nil
    }
  }

  /// Seconds per `UnitDuration` member.
  static let secondsPerDurationUnit: [String: Double] = [
    "seconds": 1, "minutes": 60, "hours": 3600, "milliseconds": 0.001, "microseconds": 0.000_001, "nanoseconds": 0.000_000_001,
  ]

  /// A default value as JSON of the parameter's catalog type.
  private mutating func defaultValue(
    _ expression: SwiftExpression, type: MappedSwiftType?, in source: SwiftSource, what: String, rawKeys: [String], unit: inout JSONObject?
  ) -> JSONValue? {
    func unreadable(_ why: String) -> JSONValue? {
      keepRaw(expression, in: source, at: rawKeys, reason: "the default of \(what) \(why)")
      return nil
    }
    if let values = Self.elements(expression), type?.isArray == true {
      var items: [JSONValue] = []
      for element in values {
        var ignored: JSONObject?
        guard let item = scalarDefault(element, type: type, unit: &ignored) else { return unreadable("has an item that cannot be read statically") }
        items.append(item)
      }
      return .array(items)
    }
    if let value = scalarDefault(expression, type: type, unit: &unit) { return value }
    return unreadable("cannot be read statically")
  }

  private static func elements(_ expression: SwiftExpression) -> [SwiftExpression]? {
    if case .array(let elements) = expression.kind { return elements }
    return nil
  }

  /// Literals; `.case` of an enum (its raw value); `Measurement(value:unit:)` (the number,
  /// in seconds for durations, the unit becoming the default unit otherwise).
  private func scalarDefault(_ expression: SwiftExpression, type: MappedSwiftType?, unit: inout JSONObject?) -> JSONValue? {
    switch expression.kind {
    case .string(let literal):
      return literal.plainText.map(JSONValue.string)
    case .boolean(let flag):
      return .bool(flag)
    case .integer, .float, .negated:
      return Self.number(expression)
    case .implicitMember(let name), .member(_, let name):
      guard let enumType = type?.enumType else { return nil }
      return caseValue(name, ofEnum: enumType).map(JSONValue.string)
    case .call(let callee, let arguments, _) where callee.lastName == "Measurement" || callee.lastName == "init":
      guard let value = arguments.first(where: { $0.label == "value" }).flatMap({ Self.number($0.value) }),
        let unitName = arguments.first(where: { $0.label == "unit" }).flatMap({ Self.caseName($0.value) })
      else { return nil }
      let amount = value.doubleValue ?? 0
      if type?.type == "duration" {
        guard let factor = Self.secondsPerDurationUnit[unitName] else { return nil }
        return ParameterNumber.json(amount * factor)
      }
      if unit != nil, unit?["default"] == nil { unit?["default"] = .string(unitName) }
      return value
    default:
      return nil
    }
  }

  /// The catalog value of case `name` of an enum type: its raw value, else its name.
  func caseValue(_ name: String, ofEnum typeName: String) -> String? {
    guard let info = index.types[typeName] else { return nil }
    for declaration in declarations(of: info) {
      for member in declaration.members where member.kind == .enumCase && member.name == name {
        if let raw = member.initializer, case .string(let literal) = SwiftExpressionParser.parse(sources[declaration.file], raw).kind {
          return literal.plainText ?? name
        }
        return name
      }
    }
    return nil
  }

  /// `String.IntentInputOptions(keyboardType:capitalizationType:multiline:autocorrect:…)`.
  private mutating func inputOptions(_ expression: SwiftExpression, in source: SwiftSource, what: String, rawKeys: [String]) -> JSONObject? {
    guard case .call(_, let arguments, _) = expression.kind, expression.calleeName == "IntentInputOptions" || expression.calleeName == "init" else {
      keepRaw(expression, in: source, at: rawKeys, reason: "the inputOptions of \(what) are not a String.IntentInputOptions(…) call")
      return nil
    }
    var options = JSONObject()
    for argument in arguments {
      switch (argument.label, argument.value.kind) {
      case ("keyboardType", _):
        if let name = Self.caseName(argument.value) { options["keyboard"] = .string(name) }
      case ("capitalizationType", _):
        if let name = Self.caseName(argument.value) { options["capitalization"] = .string(name) }
      case ("multiline", .boolean(let flag)):
        options["multiline"] = .bool(flag)
      case ("autocorrect", .boolean(let flag)):
        options["autocorrect"] = .bool(flag)
      default:
        keepRaw(
          argument.value, in: source, at: rawKeys + [argument.label ?? "_"],
          reason: "the input option '\(argument.label ?? "_")' of \(what) has no catalog equivalent")
      }
    }
    return options.isEmpty ? nil : options.ordered(["multiline", "capitalization", "keyboard", "autocorrect"])
  }
}

/// Whole numbers print as integers (`600`, not `600.0`).
enum ParameterNumber {
  static func json(_ value: Double) -> JSONValue {
    if abs(value) < 9e15, value == value.rounded() { return .integer(Int64(value)) }
    return .number(value)
  }
}
