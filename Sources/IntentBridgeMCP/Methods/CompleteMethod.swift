import IntentBridgeEngine

/// `completion/complete` for prompt arguments, by prefix: `intent` → discoverable intent ids;
/// `lang` → the catalog's languages; `parameter` → parameter names (of the intent in
/// `context.arguments`, when given); `value`, or an argument named like an enum parameter →
/// that enum's case values.
enum CompleteMethod: MCPMethod {
  static let name = "completion/complete"
  static let eras: Set<MCPEra> = [.handshake, .stateless]

  static func capability(of server: MCPServer) -> (name: String, value: JSONValue)? {
    ("completions", [:])
  }

  struct Params: MCPParams {
    /// `ref.type`: `ref/prompt` or `ref/resource`.
    var referenceType: String
    /// `ref.name`: the prompt's name, when it is a string.
    var referenceName: String?
    /// `argument.name` and `argument.value`: the argument being completed and its text so far.
    var argumentName: String
    var argumentValue: String
    /// `context.arguments`: the values of the prompt's other arguments; empty when not an object.
    var contextArguments: JSONObject

    init(params: JSONObject) throws(RPCError) {
      guard case .object(let ref)? = params["ref"], case .string(let type)? = ref["type"] else {
        throw .invalidParams("completion/complete needs \"ref\" ({\"type\": \"ref/prompt\", \"name\": …})")
      }
      guard case .object(let argument)? = params["argument"], case .string(let argumentName)? = argument["name"],
        case .string(let value)? = argument["value"]
      else {
        throw .invalidParams("completion/complete needs \"argument\" ({\"name\": …, \"value\": …})")
      }
      referenceType = type
      referenceName = ref["name"]?.stringValue
      self.argumentName = argumentName
      argumentValue = value
      contextArguments = params["context"]?["arguments"]?.objectValue ?? JSONObject()
    }
  }

  struct Result: MCPResult {
    /// Every matching value; the result lists the first 100.
    var values: [String]

    var jsonObject: JSONObject {
      var completion = JSONObject()
      completion["values"] = .array(values.prefix(100).map(JSONValue.string))
      completion["total"] = .integer(Int64(values.count))
      completion["hasMore"] = .bool(values.count > 100)
      return ["completion": .object(completion)]
    }
  }

  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> Result {
    switch params.referenceType {
    case "ref/prompt":
      guard let promptName = params.referenceName, let prompt = server.options.prompts.first(where: { $0.name == promptName }) else {
        throw .invalidParams("unknown prompt in \"ref\"")
      }
      guard prompt.arguments.contains(where: { $0.name == params.argumentName }) else { return Result(values: []) }
      return Result(values: values(for: params, in: server.catalog))
    case "ref/resource":
      throw .invalidParams("this server has no resources")
    default:
      throw .invalidParams("unknown reference type \"\(params.referenceType)\"")
    }
  }

  /// The completions of a prompt argument, in catalog order.
  static func values(for params: Params, in catalog: Catalog) -> [String] {
    let prefix = params.argumentValue.lowercased()
    let given = params.contextArguments
    let intent = given["intent"]?.stringValue.flatMap { catalog.intent(id: $0) }
    switch params.argumentName {
    case "intent":
      return catalog.intents.filter { $0.isDiscoverable && $0.id.lowercased().hasPrefix(prefix) }.map(\.id)
    case "lang":
      return catalog.languages.filter { $0.lowercased().hasPrefix(prefix) }
    case "parameter":
      let intents = intent.map { [$0] } ?? catalog.intents.filter(\.isDiscoverable)
      var seen = Set<String>()
      return intents.flatMap(\.parameters).map(\.name).filter { $0.lowercased().hasPrefix(prefix) && seen.insert($0).inserted }
    default:
      // Enum values: the argument names an enum parameter (of the intent in context, when
      // given), or it is "value" and the context names the parameter.
      let parameterName = params.argumentName == "value" ? given["parameter"]?.stringValue ?? "" : params.argumentName
      let intents = intent.map { [$0] } ?? catalog.intents.filter(\.isDiscoverable)
      var seen = Set<String>()
      var values: [String] = []
      for parameter in intents.flatMap(\.parameters) where parameter.name == parameterName {
        guard case .enumeration(let id) = parameter.type, let enumType = catalog.enumType(id: id) else { continue }
        for enumCase in enumType.cases where enumCase.value.lowercased().hasPrefix(prefix) && seen.insert(enumCase.value).inserted {
          values.append(enumCase.value)
        }
      }
      return values
    }
  }
}
