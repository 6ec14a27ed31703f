import IntentBridgeEngine
import IntentBridgeText
import IntentBridgeTools
import Synchronization

extension MCPServer {
  /// The MCP form of a tool definition (`ToolDialect.mcp`), without `outputSchema`: calls
  /// without a handler return the resolved call (`{intent, arguments}`), not the intent's result,
  /// and SDK clients reject structured content that does not match a declared output schema.
  static func renderTool(_ tool: ToolDefinition) -> JSONValue {
    guard case .object(var object)? = ToolDialect.mcp.render([tool])["tools"]?[0] else { return .null }
    object["outputSchema"] = nil
    return .object(object)
  }

  // MARK: - tools/call

  /// `tools/call` (`CallToolMethod`): a meta-tool in compact mode, else the intent of the named tool.
  func callTool(
    _ params: CallToolMethod.Params, context: Context, progress: @escaping @Sendable (String) -> Void
  ) throws(RPCError) -> JSONObject {
    var context = context
    context.requestState = params.requestState
    context.inputResponses = params.inputResponses
    let name = params.name
    var arguments = params.arguments
    if mode == .compact {
      return try MetaTools(server: self).call(name, arguments: arguments, responses: params.inputResponses, context: context, progress: progress)
    }
    guard let index = toolsByName[name], let intent = catalog.intent(id: tools[index].intentID) else {
      throw unknownTool(name)
    }
    if context.stateless, context.clientCapabilities["elicitation"] != nil {
      switch try elicitMissing(intent, tool: tools[index], arguments: arguments, responses: params.inputResponses) {
      case .ask(let result): return result
      case .proceed(let merged): arguments = merged
      }
    }
    return callIntent(intent, tool: tools[index], arguments: arguments, context: context, progress: progress)
  }

  enum Elicitation {
    case ask(JSONObject)
    case proceed(JSONValue)
  }

  /// Stateless era, client declared `elicitation`: missing required parameters (of simple
  /// types) are asked for with `resultType: "input_required"` and one `elicitation/create`
  /// form; the retry's `inputResponses` are merged into the arguments.
  func elicitMissing(_ intent: Intent, tool: ToolDefinition, arguments: JSONValue, responses: JSONValue?) throws(RPCError) -> Elicitation {
    var given = arguments.objectValue ?? JSONObject()
    if let responses {
      guard case .object(let map) = responses else { throw .invalidParams("\"inputResponses\" must be an object") }
      if case .object(let answer)? = map[Self.elicitationKey] {
        if answer["action"] != "accept" {
          return .ask(Self.errorResult("The user declined to provide the missing arguments for \(callName(tool))."))
        }
        for (key, value) in answer["content"]?.objectValue ?? JSONObject() where given[key] == nil && intent.parameter(named: key) != nil {
          given[key] = value
        }
      }
    }
    let properties = tool.inputSchema["properties"]?.objectValue ?? JSONObject()
    let missing = intent.parameters.filter { $0.isRequired && given[$0.name] == nil }
    let simple = missing.allSatisfy { parameter in
      ["string", "number", "integer", "boolean"].contains(properties[parameter.name]?["type"]?.stringValue ?? "")
    }
    guard !missing.isEmpty, simple else { return .proceed(.object(given)) }
    var requested = JSONObject()
    for parameter in missing {
      var property = JSONObject()
      for key in ["type", "title", "description", "enum", "minimum", "maximum", "format"] {
        if let value = properties[parameter.name]?[key] { property[key] = value }
      }
      requested[parameter.name] = .object(property)
    }
    let questions = ParameterQuestions(catalog: catalog, language: language)
    let message = missing.map(questions.missing).joined(separator: " ")
    let form: JSONValue = [
      "method": "elicitation/create",
      "params": [
        "mode": "form", "message": .string(message),
        "requestedSchema": ["type": "object", "properties": .object(requested), "required": .array(missing.map { .string($0.name) })],
      ],
    ]
    var result = JSONObject()
    result["resultType"] = "input_required"
    result["inputRequests"] = .object(JSONObject([(Self.elicitationKey, form)]))
    return .ask(result)
  }

  static let elicitationKey = "missing-arguments"

  func unknownTool(_ name: String) -> RPCError {
    let names = mode == .compact ? MetaTools.names : tools.map(\.name)
    let suggestion = DidYouMean.closest(to: name, in: names)
    return .invalidParams("unknown tool \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "; see tools/list"))
  }

  /// How replies name the call of `tool`: its tool name, or in compact mode (where intents are
  /// not tools) the intent through `run_intent`.
  func callName(_ tool: ToolDefinition) -> String {
    mode == .compact ? "intent \(tool.intentID) (run_intent)" : tool.name
  }

  /// Validates and runs one intent: missing parameters → the question to ask; invalid arguments →
  /// field, expected form and example; then the handler, or the resolved call as structured content.
  func callIntent(
    _ intent: Intent, tool: ToolDefinition, arguments: JSONValue, context: Context, progress: @escaping @Sendable (String) -> Void
  ) -> JSONObject {
    let given = arguments.objectValue ?? JSONObject()
    let missing = intent.parameters.filter { $0.isRequired && given[$0.name] == nil }
    if !missing.isEmpty {
      let questions = ParameterQuestions(catalog: catalog, language: language)
      var lines = ["Missing required argument\(missing.count == 1 ? "" : "s") for \(callName(tool)):"]
      for parameter in missing {
        lines.append("- \"\(parameter.name)\": ask the user: \(questions.missing(parameter))")
      }
      lines.append(
        mode == .compact
          ? "Call run_intent again with \"intent\": \"\(tool.intentID)\" and the answers in \"arguments\"."
          : "Call \(tool.name) again with the answers as arguments.")
      return Self.errorResult(lines.joined(separator: "\n"))
    }
    var errors = ArgumentValidator(catalog: catalog, language: language).validate(arguments, against: tool)
    let route = options.upstreams?.route(forIntent: intent.id)
    if route != nil {
      // Arguments the catalog does not know are for the upstream's own input schema to allow
      // or refuse (checked when the call is forwarded): a tool listed with `{}` or no schema takes any.
      errors.removeAll { !$0.argument.isEmpty && intent.parameter(named: $0.argument) == nil }
    }
    if !errors.isEmpty {
      var lines = ["Invalid arguments for \(callName(tool)):"]
      for error in errors {
        var line = "- " + (error.argument.isEmpty ? "" : "\"\(error.argument)\" (\(error.path)): ") + error.message
        line += "; expected \(error.expected)"
        if let example = error.example { line += "; example: \(example.compactText)" }
        lines.append(line)
      }
      return Self.errorResult(lines.joined(separator: "\n"))
    }
    if let upstreams = options.upstreams, let route {
      return forward(route, upstreams: upstreams, tool: tool, arguments: given, context: context, progress: progress)
    }
    var resolved = given
    for parameter in intent.parameters where resolved[parameter.name] == nil {
      if let value = parameter.defaultValue { resolved[parameter.name] = value }
    }
    if let handler = intent.handler {
      // Handlers may take long: report start and end when the client asked for progress.
      if let token = context.progressToken {
        progress(Self.progressNotification(token: token, progress: 0, message: "running \(tool.name)"))
      }
      let key = context.id.compactText
      let outcome = HandlerRunner(limits: options.handlerLimits).run(handler, arguments: .object(resolved)) { pid in
        // Cancelled before the child started: stop it at once; otherwise remember it for a cancel.
        let cancelled = state.withLock { state -> Bool in
          state.running[key] = pid
          return state.cancelled.contains(key)
        }
        if cancelled { RunningChildren.shared.kill(pid) }
      }
      state.withLock { _ = $0.running.removeValue(forKey: key) }
      if let token = context.progressToken {
        progress(Self.progressNotification(token: token, progress: 1, message: "finished"))
      }
      return outcome.toolResult()
    }
    var structured = JSONObject()
    structured["intent"] = .string(intent.id)
    structured["arguments"] = .object(resolved)
    var content: [JSONValue] = [["type": "text", "text": .string(JSONValue.object(structured).compactText)]]
    if let summary = renderedSummary(intent, arguments: resolved) {
      content.append(["type": "text", "text": .string(summary)])
    }
    var result = JSONObject()
    result["content"] = .array(content)
    result["structuredContent"] = .object(structured)
    result["isError"] = false
    return result
  }

  /// A call of a gateway's intent: forwarded to the upstream server's tool with the arguments
  /// as given (the server applies its own defaults), its result relayed as it is; a
  /// cancellation of the request gives the upstream call up too. The server's elicitation
  /// requests reach the client as its era and capabilities allow (`HostElicitation`); a
  /// stateless retry carrying the `requestState` of a held call continues that call.
  func forward(
    _ route: GatewayUpstreams.Route, upstreams: GatewayUpstreams, tool: ToolDefinition, arguments: JSONObject, context: Context,
    progress: @escaping @Sendable (String) -> Void
  ) -> JSONObject {
    let label = mode == .compact ? "\(tool.intentID) (run_intent)" : tool.name
    let capabilities: JSONObject? = context.stateless ? context.clientCapabilities : state.withLock { $0.clientCapabilities }
    let host = HostElicitation.mode(stateless: context.stateless, capabilities: capabilities, write: progress)
    var held: HeldCalls.Held?
    if context.stateless, let requestState = context.requestState {
      guard case .string(let token) = requestState, let found = upstreams.elicitation.held.take(token) else {
        return Self.errorResult(
          "The call of \(label) that waited for this input is no longer held (it ended, timed out after the gateway's --call-timeout, "
            + "or was answered); call \(label) again without requestState.")
      }
      held = found
    }
    let key = context.id.compactText
    let cancellation = held?.call.cancellation ?? UpstreamCancellation()
    let cancelled = state.withLock { state -> Bool in
      state.forwarded[key] = cancellation
      return state.cancelled.contains(key)
    }
    if cancelled { cancellation.cancel() }
    defer { state.withLock { _ = $0.forwarded.removeValue(forKey: key) } }
    if let held {
      return upstreams.resume(held, label: label, responses: context.inputResponses, host: host)
    }
    return upstreams.forward(
      route, label: label, arguments: arguments, progressToken: context.progressToken, send: progress, cancellation: cancellation, host: host)
  }

  /// The intent's parameter summary with the argument values filled in, e.g. `Add "Milk" to Groceries`.
  func renderedSummary(_ intent: Intent, arguments: JSONObject) -> String? {
    guard let summary = intent.parameterSummary?.resolved(for: language) else { return nil }
    var text = summary
    for (name, value) in arguments {
      let shown = value.stringValue ?? value.compactText
      text = text.replacingAll("${\(name)}", with: shown)
    }
    for parameter in intent.parameters { text = text.replacingAll("${\(parameter.name)}", with: "<\(parameter.name)>") }
    return text
  }

  static func progressNotification(token: JSONValue, progress: Int64, message: String) -> String {
    JSONRPC.notification(
      method: "notifications/progress",
      params: ["progressToken": token, "progress": .integer(progress), "total": 1, "message": .string(message)]
    ).compactText
  }

  static func errorResult(_ text: String) -> JSONObject {
    ["content": [["type": "text", "text": .string(text)]], "isError": true]
  }

  static func successResult(_ structured: JSONObject, text: String? = nil) -> JSONObject {
    var content: [JSONValue] = [["type": "text", "text": .string(JSONValue.object(structured).compactText)]]
    if let text { content.append(["type": "text", "text": .string(text)]) }
    return ["content": .array(content), "structuredContent": .object(structured), "isError": false]
  }
}

extension String {
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    out += rest
    return out
  }
}
