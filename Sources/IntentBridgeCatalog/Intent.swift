import IntentBridgeJSON

/// One action of the app (`AppIntent`).
public struct Intent: Sendable, Hashable {
  /// The unique identifier (`id`: the App Intent's type name, actionsdata `identifier`); tool
  /// names map back to it.
  public var id: String
  /// The tool name: the catalog's `toolName`, or derived from `id` (see `ToolName.derive`).
  public var toolName: String
  /// True when `toolName` was written in the catalog rather than derived.
  public var hasExplicitToolName: Bool
  /// The short title (`title`, the App Intents `static title`); the tool's `title`.
  public var title: LocalizedText
  /// What the intent does (`description`, IntentDescription); starts the tool's `description`.
  /// Nil when absent.
  public var description: LocalizedText?
  /// The category (`categoryName`, IntentDescription.categoryName), used for grouping and
  /// ranking; nil when absent.
  public var categoryName: LocalizedText?
  /// Words people use for the action (`searchKeywords`, IntentDescription.searchKeywords), used
  /// for ranking; empty when absent.
  public var searchKeywords: LocalizedTextList
  /// The name of the result value (`resultValueName`, IntentDescription.resultValueName), the
  /// title of the output; nil when absent.
  public var resultValueName: LocalizedText?
  /// Example requests as phrase templates (`phrases`, with `${param}` slots and `<rule>`
  /// references): the ranking exemplars and slot templates. Empty when absent.
  public var phrases: LocalizedTextList
  /// Parameters in declaration order.
  public var parameters: [Parameter]
  /// A sentence template with `${param}` slots (`parameterSummary`, ParameterSummary), rendered
  /// in the description and in results; nil when absent.
  public var parameterSummary: LocalizedText?
  /// Where the intent runs (`supportedModes`, IntentModes), in catalog order; empty when absent.
  public var supportedModes: [IntentMode]
  /// Whether the intent is exposed (`isDiscoverable`); hidden intents are not tools. True when
  /// absent.
  public var isDiscoverable: Bool
  /// Whether only the assistant may run the intent (`assistantOnly`, isAssistantOnly); false
  /// when absent.
  public var assistantOnly: Bool
  /// The authentication needed to run the intent (`authenticationPolicy`); nil when absent.
  public var authenticationPolicy: AuthenticationPolicy?
  /// Whether people confirm before the intent runs (`requiresConfirmation`,
  /// requestConfirmation); false when absent.
  public var requiresConfirmation: Bool
  /// The side-effect hints (`effects`), mapped to MCP tool annotations; nil when absent.
  public var effects: Effects?
  /// The App Intents system protocols the intent adopts (`systemProtocols`, e.g. `OpenIntent`,
  /// `DeleteIntent`), as written; empty when absent.
  public var systemProtocols: [String]
  /// The assistant schema (`schema`, `@AppIntent(schema:)`, e.g. `mail.sendDraft`), kept
  /// verbatim; nil when absent.
  public var schema: String?
  /// What the intent returns (`returns`), which becomes the tool's `outputSchema`; nil when
  /// absent.
  public var returns: ReturnValue?
  /// The deprecation notice (`deprecation`); nil when the intent is not deprecated.
  public var deprecation: Deprecation?
  /// How MCP `tools/call` runs the intent (`handler`); nil when the catalog gives none.
  public var handler: Handler?
  /// The JSON path of this intent in its catalog (for diagnostics).
  public var path: JSONPath

  /// An intent with the defaults of a catalog that gives only `id`, `title` and `parameters`:
  /// the tool name derived from `id`, discoverable, every optional field absent.
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

  /// The first parameter whose `name` is `name`; nil when the intent has none.
  public func parameter(named name: String) -> Parameter? {
    parameters.first { $0.name == name }
  }
}

/// Where an intent runs (an element of `supportedModes`, App Intents `IntentModes`); the raw
/// value is the catalog spelling.
public enum IntentMode: String, Sendable, Hashable, CaseIterable {
  /// `background`: the intent runs without opening the app.
  case background
  /// `foreground`: the intent opens the app (`openAppWhenRun`).
  case foreground
}

/// The authentication an intent needs to run (`authenticationPolicy`, App Intents
/// `IntentAuthenticationPolicy`); the raw value is the catalog spelling.
public enum AuthenticationPolicy: String, Sendable, Hashable, CaseIterable {
  /// `alwaysAllowed`: the intent runs without authentication.
  case alwaysAllowed
  /// `requiresAuthentication`: the intent runs only when the person is authenticated.
  case requiresAuthentication
  /// `requiresLocalDeviceAuthentication`: the intent runs only when the person is
  /// authenticated on this device.
  case requiresLocalDeviceAuthentication
}

/// Behaviour hints (`effects`); `nil` members mean "not stated".
public struct Effects: Sendable, Hashable {
  /// Whether the intent changes nothing (`readOnly`; MCP `readOnlyHint`).
  public var readOnly: Bool?
  /// Whether the intent may delete or overwrite data (`destructive`; MCP `destructiveHint`);
  /// lint warns when it is true without `requiresConfirmation`.
  public var destructive: Bool?
  /// Whether running the intent again with the same arguments has no further effect
  /// (`idempotent`; MCP `idempotentHint`).
  public var idempotent: Bool?
  /// Whether the intent interacts with things outside the app, such as the network or other
  /// people (`openWorld`; MCP `openWorldHint`).
  public var openWorld: Bool?

  /// Hints with the given values; nil leaves a hint unstated.
  public init(readOnly: Bool? = nil, destructive: Bool? = nil, idempotent: Bool? = nil, openWorld: Bool? = nil) {
    self.readOnly = readOnly
    self.destructive = destructive
    self.idempotent = idempotent
    self.openWorld = openWorld
  }
}

/// `returns`: the intent's result value.
public struct ReturnValue: Sendable, Hashable {
  /// The type of the returned value (`type`); nil when absent.
  public var type: ValueType?
  /// Whether the intent returns a list of values (`array`); false when absent.
  public var isArray: Bool
  /// The result dialog template (`dialog`, ProvidesDialog); nil when absent or `true` (the
  /// handler supplies the dialog).
  public var dialog: LocalizedText?
  /// Whether the result shows a visual snippet (`snippet`, ShowsSnippetView); nil when absent.
  public var snippet: Bool?
}

/// `deprecation`: why an intent is deprecated and what replaces it (`deprecationMetadata`).
public struct Deprecation: Sendable, Hashable {
  /// Why the intent is deprecated and what to use instead (`message`); nil when absent.
  public var message: LocalizedText?
  /// The id of the intent that replaces this one (`replacedBy`); nil when absent. Validation
  /// reports an id that names no intent of the catalog.
  public var replacedBy: String?
}

/// How `tools/call` executes the intent: an argv array (never a shell).
public struct Handler: Sendable, Hashable {
  /// How the arguments reach the program (`input`); the raw value is the catalog spelling.
  public enum Input: String, Sendable, Hashable, CaseIterable {
    /// `json-stdin`: the arguments object is written as JSON to the program's standard input.
    case jsonStdin = "json-stdin"
    /// `none`: the program gets no input.
    case none
  }

  /// The program and its arguments (`command`, an argv array run without a shell); never
  /// empty, and the first element names the program.
  public var command: [String]
  /// How the arguments reach the program (`input`); `.jsonStdin` when absent.
  public var input: Input
  /// The time limit of one run in seconds (`timeoutSeconds`), in (0, 3600]; 30 when absent.
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
