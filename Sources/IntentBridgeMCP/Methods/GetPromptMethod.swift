import IntentBridgeEngine

/// `prompts/get`: one prompt rendered with the client's argument values.
enum GetPromptMethod: MCPMethod {
  static let name = "prompts/get"
  static let eras: Set<MCPEra> = [.handshake, .stateless]

  struct Params: MCPParams {
    /// The prompt's name.
    var name: String
    /// The `arguments` member as sent, read by `argumentValues()` once the prompt is known (an
    /// unknown prompt is reported before malformed arguments).
    var arguments: JSONValue?

    init(params: JSONObject) throws(RPCError) {
      guard case .string(let name)? = params["name"] else { throw .invalidParams("prompts/get needs \"name\" (a string)") }
      self.name = name
      arguments = params["arguments"]
    }

    /// The argument values by name; empty when `arguments` is absent or null.
    func argumentValues() throws(RPCError) -> [String: String] {
      var values: [String: String] = [:]
      guard let arguments, !arguments.isNull else { return values }
      guard case .object(let object) = arguments else { throw .invalidParams("\"arguments\" must be an object of strings") }
      for (key, value) in object {
        guard case .string(let text) = value else { throw .invalidParams("argument \"\(key)\" must be a string, found \(value.typeName)") }
        values[key] = text
      }
      return values
    }
  }

  struct Result: MCPResult {
    var description: String
    /// The rendered prompt, sent as one user message.
    var text: String

    var jsonObject: JSONObject {
      var result = JSONObject()
      result["description"] = .string(description)
      result["messages"] = [["role": "user", "content": ["type": "text", "text": .string(text)]]]
      return result
    }
  }

  static func answer(
    _ params: Params, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> Result {
    let prompts = server.options.prompts
    guard let prompt = prompts.first(where: { $0.name == params.name }) else {
      throw .invalidParams("unknown prompt \"\(params.name)\"; known: " + prompts.map(\.name).joined(separator: ", "))
    }
    let values = try params.argumentValues()
    for argument in prompt.arguments where argument.required && (values[argument.name] ?? "").isEmpty {
      throw .invalidParams("prompt \"\(params.name)\" needs the argument \"\(argument.name)\" (\(argument.description))")
    }
    return Result(description: prompt.description, text: prompt.render(values))
  }
}
