/// `ping` (handshake era, also before `initialize`): `{}`.
enum PingMethod: MCPMethod {
  static let name = "ping"
  static let eras: Set<MCPEra> = [.handshake]
  static let needsSession = false
  static let needsCatalog = false

  static func answer(
    _ params: NoParams, server: MCPServer, context: MCPServer.Context, progress: @escaping @Sendable (String) -> Void
  ) -> EmptyResult {
    EmptyResult()
  }
}
