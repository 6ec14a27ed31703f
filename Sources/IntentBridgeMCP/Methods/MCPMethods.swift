/// The request methods the server answers, one type each: which methods exist, in which era,
/// which need a session or the catalog, which run long, and the capabilities declared for
/// them are all read from `all`.
enum MCPMethods {
  /// Every method, in the order of the capabilities they declare.
  static let all: [any MCPMethod.Type] = [
    PingMethod.self, InitializeMethod.self, DiscoverMethod.self,
    ListToolsMethod.self, CallToolMethod.self,
    ListPromptsMethod.self, GetPromptMethod.self,
    CompleteMethod.self,
  ]

  private static let byName: [String: any MCPMethod.Type] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The method named `name`; nil when the server has none.
  static func named(_ name: String) -> (any MCPMethod.Type)? { byName[name] }

  /// Methods of the handshake era that the server does not answer, which the stateless era
  /// removed: a stateless request for one is told it is not part of that version.
  static let unansweredHandshakeMethods: Set<String> = ["logging/setLevel"]
}
