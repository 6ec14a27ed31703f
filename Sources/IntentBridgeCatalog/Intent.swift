import IntentBridgeJSON

/// One action of the app (`AppIntent`).
public struct Intent: Sendable, Hashable {
  public var id: String
  /// The tool name: the catalog's `toolName`, or derived from `id` (see `ToolName.derive`).
  public var toolName: String
  /// True when `toolName` was written in the catalog rather than derived.
  public var hasExplicitToolName: Bool
  public var title: LocalizedText
  public var description: LocalizedText?
  public var categoryName: LocalizedText?
  public var searchKeywords: LocalizedTextList
  public var resultValueName: LocalizedText?
  public var phrases: LocalizedTextList
  /// Parameters in declaration order.
  public var parameters: [Parameter]
  public var parameterSummary: LocalizedText?
  public var supportedModes: [IntentMode]
  public var isDiscoverable: Bool
  public var assistantOnly: Bool
  public var authenticationPolicy: AuthenticationPolicy?
  public var requiresConfirmation: Bool
  public var effects: Effects?
  public var systemProtocols: [String]
  public var schema: String?
  public var returns: ReturnValue?
  public var deprecation: Deprecation?
  public var handler: Handler?
  /// The JSON path of this intent in its catalog (for diagnostics).
  public var path: JSONPath

  public init(id: String, title: LocalizedText, parameters: [Parameter] = [], path: JSONPath = .root) {
    self.id = id
    self.toolName = ToolName.derive(fromIdentifier: id)
    self.hasExplicitToolName = false
    self.title = title
    self.description = nil
    self.categoryName = nil
    self.searchKeywords = .empty
    self.resultValueName = nil
    self.phrases = .empty
    self.parameters = parameters
    self.parameterSummary = nil
    self.supportedModes = []
    self.isDiscoverable = true
    self.assistantOnly = false
    self.authenticationPolicy = nil
    self.requiresConfirmation = false
    self.effects = nil
    self.systemProtocols = []
    self.schema = nil
    self.returns = nil
    self.deprecation = nil
    self.handler = nil
    self.path = path
  }

  public func parameter(named name: String) -> Parameter? {
    parameters.first { $0.name == name }
  }
}

public enum IntentMode: String, Sendable, Hashable, CaseIterable {
  case background, foreground
}

public enum AuthenticationPolicy: String, Sendable, Hashable, CaseIterable {
  case alwaysAllowed, requiresAuthentication, requiresLocalDeviceAuthentication
}

/// Behaviour hints (`effects`); `nil` members mean "not stated".
public struct Effects: Sendable, Hashable {
  public var readOnly: Bool?
  public var destructive: Bool?
  public var idempotent: Bool?
  public var openWorld: Bool?

  public init(readOnly: Bool? = nil, destructive: Bool? = nil, idempotent: Bool? = nil, openWorld: Bool? = nil) {
    self.readOnly = readOnly
    self.destructive = destructive
    self.idempotent = idempotent
    self.openWorld = openWorld
  }
}

/// `returns`: the intent's result value.
public struct ReturnValue: Sendable, Hashable {
  public var type: ValueType?
  public var isArray: Bool
  public var dialog: LocalizedText?
  public var snippet: Bool?
}

public struct Deprecation: Sendable, Hashable {
  public var message: LocalizedText?
  public var replacedBy: String?
}

/// How `tools/call` executes the intent: an argv array (never a shell).
public struct Handler: Sendable, Hashable {
  public enum Input: String, Sendable, Hashable, CaseIterable {
    case jsonStdin = "json-stdin"
    case none
  }

  public var command: [String]
  public var input: Input
  public var timeoutSeconds: Double
  /// Extra environment variables, in catalog order.
  public var environment: [(name: String, value: String)]

  public static func == (lhs: Handler, rhs: Handler) -> Bool {
    lhs.command == rhs.command && lhs.input == rhs.input && lhs.timeoutSeconds == rhs.timeoutSeconds
      && lhs.environment.map(\.name) == rhs.environment.map(\.name)
      && lhs.environment.map(\.value) == rhs.environment.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(command)
    hasher.combine(input)
  }
}
