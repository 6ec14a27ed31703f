import IntentBridgeEngine

extension MCPServer {
  func listPrompts() -> JSONObject {
    ["prompts": .array(options.prompts.map(\.listEntry))]
  }

  func getPrompt(_ params: JSONObject) throws(RPCError) -> JSONObject {
    guard case .string(let name)? = params["name"] else { throw .invalidParams("prompts/get needs \"name\" (a string)") }
    guard let prompt = options.prompts.first(where: { $0.name == name }) else {
      throw .invalidParams("unknown prompt \"\(name)\"; known: " + options.prompts.map(\.name).joined(separator: ", "))
    }
    var values: [String: String] = [:]
    if let given = params["arguments"], !given.isNull {
      guard case .object(let object) = given else { throw .invalidParams("\"arguments\" must be an object of strings") }
      for (key, value) in object {
        guard case .string(let text) = value else { throw .invalidParams("argument \"\(key)\" must be a string, found \(value.typeName)") }
        values[key] = text
      }
    }
    for argument in prompt.arguments where argument.required && (values[argument.name] ?? "").isEmpty {
      throw .invalidParams("prompt \"\(name)\" needs the argument \"\(argument.name)\" (\(argument.description))")
    }
    var result = JSONObject()
    result["description"] = .string(prompt.description)
    result["messages"] = [["role": "user", "content": ["type": "text", "text": .string(prompt.render(values))]]]
    return result
  }

  /// `completion/complete` for prompt arguments, by prefix: `intent` → discoverable intent
  /// ids; `lang` → the catalog's languages; `parameter` → parameter names (of the intent in
  /// `context.arguments`, when given); `value`, or an argument named like an enum
  /// parameter → that enum's case values.
  func complete(_ params: JSONObject) throws(RPCError) -> JSONObject {
    guard case .object(let ref)? = params["ref"], case .string(let type)? = ref["type"] else {
      throw .invalidParams("completion/complete needs \"ref\" ({\"type\": \"ref/prompt\", \"name\": …})")
    }
    guard case .object(let argument)? = params["argument"], case .string(let argumentName)? = argument["name"],
      case .string(let value)? = argument["value"]
    else {
      throw .invalidParams("completion/complete needs \"argument\" ({\"name\": …, \"value\": …})")
    }
    var values: [String] = []
    switch type {
    case "ref/prompt":
      guard case .string(let promptName)? = ref["name"], let prompt = options.prompts.first(where: { $0.name == promptName }) else {
        throw .invalidParams("unknown prompt in \"ref\"")
      }
      guard prompt.arguments.contains(where: { $0.name == argumentName }) else { break }
      let prefix = value.lowercased()
      let given = params["context"]?["arguments"]?.objectValue ?? JSONObject()
      let intent = given["intent"]?.stringValue.flatMap { catalog.intent(id: $0) }
      switch argumentName {
      case "intent":
        values = catalog.intents.filter { $0.isDiscoverable && $0.id.lowercased().hasPrefix(prefix) }.map(\.id)
      case "lang":
        values = catalog.languages.filter { $0.lowercased().hasPrefix(prefix) }
      case "parameter":
        let intents = intent.map { [$0] } ?? catalog.intents.filter(\.isDiscoverable)
        var seen = Set<String>()
        values = intents.flatMap(\.parameters).map(\.name).filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0).inserted }
      default:
        // Enum values: the argument names an enum parameter (of the intent in context, when
        // given), or it is "value" and the context names the parameter.
        let parameterName = argumentName == "value" ? given["parameter"]?.stringValue ?? "" : argumentName
        let intents = intent.map { [$0] } ?? catalog.intents.filter(\.isDiscoverable)
        var seen = Set<String>()
        for parameter in intents.flatMap(\.parameters) where parameter.name == parameterName {
          guard case .enumeration(let id) = parameter.type, let enumType = catalog.enumType(id: id) else { continue }
          for enumCase in enumType.cases where enumCase.value.lowercased().hasPrefix(prefix) && seen.insert(enumCase.value).inserted {
            values.append(enumCase.value)
          }
        }
      }
    case "ref/resource":
      throw .invalidParams("this server has no resources")
    default:
      throw .invalidParams("unknown reference type \"\(type)\"")
    }
    var completion = JSONObject()
    completion["values"] = .array(values.prefix(100).map(JSONValue.string))
    completion["total"] = .integer(Int64(values.count))
    completion["hasMore"] = .bool(values.count > 100)
    return ["completion": .object(completion)]
  }
}
