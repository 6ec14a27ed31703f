/// The two eras of the protocol the server speaks (`MCPVersion`): the handshake era opens a
/// session with `initialize`; in the stateless era every request carries its protocol version
/// and the client's capabilities in `params._meta`.
enum MCPEra: Sendable, Hashable {
  case handshake
  case stateless
}
