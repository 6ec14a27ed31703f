import IntentBridgeJSON
import Testing

@testable import IntentBridgeMCP

/// The registries of request methods (`MCPMethods`) and meta-tools (`MetaTools`): names once
/// each, and every registered method answered in its eras.
@Suite struct MethodRegistryTests {
  @Test func methodNamesAreUnique() {
    let names = MCPMethods.all.map { $0.name }
    #expect(Set(names).count == names.count, "\(names)")
    #expect(MCPMethods.unansweredHandshakeMethods.isDisjoint(with: names))
    for method in MCPMethods.all {
      #expect(MCPMethods.named(method.name).map(ObjectIdentifier.init) == ObjectIdentifier(method))
      #expect(!method.eras.isEmpty, "\(method.name) is answered in no era")
    }
  }

  @Test func metaToolNamesAreUnique() {
    let names = MetaTools.all.map { $0.name }
    #expect(Set(names).count == names.count, "\(names)")
    #expect(MetaTools.names == names)
    #expect(MetaTools.definitions.map { $0["name"]?.stringValue } == names)
  }

  /// Every method is found in each of its eras: its reply is a result or an error other than
  /// "method not found" (params the method refuses are fine here).
  @Test(arguments: MCPMethods.all.map { $0.name })
  func everyMethodIsAnswered(_ name: String) throws {
    let method = try #require(MCPMethods.named(name))
    if method.eras.contains(.handshake) {
      let client = Client(server: Fixture.server())
      if name != InitializeMethod.name { client.initialize() }
      let reply = client.request(name, id: 7, params: name == InitializeMethod.name ? ["protocolVersion": "2025-06-18"] : nil)
      #expect(reply["id"] == 7)
      #expect(reply.errorCode != RPCError.methodNotFoundCode, "\(name) (handshake era): \(reply.compactText)")
    } else {
      let client = Client(server: Fixture.server())
      client.initialize()
      #expect(client.request(name, id: 7).errorCode == RPCError.invalidParamsCode, "\(name) outside the handshake era: no session")
    }
    let reply = Client(server: Fixture.server()).modern(name, id: 8)
    #expect(reply["id"] == 8)
    if method.eras.contains(.stateless) {
      #expect(reply.errorCode != RPCError.methodNotFoundCode, "\(name) (stateless era): \(reply.compactText)")
    } else {
      let message = reply["error"]?["message"]?.stringValue ?? ""
      #expect(message == "Method not found: \(name); not part of protocol version 2026-07-28", "\(reply.compactText)")
    }
  }

  @Test func compactModeListsTheMetaToolDefinitions() {
    let client = Client(server: Fixture.server(mode: .compact))
    client.initialize()
    #expect(client.request("tools/list").result?["tools"]?.arrayValue == MetaTools.definitions)
  }
}
