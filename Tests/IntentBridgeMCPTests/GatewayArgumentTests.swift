import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeMCP

/// Which arguments a forwarded call may carry: the catalog's parameters are checked as in
/// `serve`, and any other argument is for the upstream tool's own input schema to allow (a
/// tool listed with `{}` or no schema takes any) or refuse (`additionalProperties: false`).
@Suite struct GatewayArgumentTests {
  static let answer = #"""
    read line; echo "$line" >&2
    echo '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok"}],"isError":false}}'
    read line

    """#

  static func call(schema: JSONValue, arguments: JSONValue, log: UpstreamLog) async -> JSONValue? {
    await withinHangGuard(seconds: 600) { () -> JSONValue? in
      guard let (server, client) = try? GatewayTests.gateway(GatewayTests.handshake + answer, schema: schema, log: log) else { return nil }
      defer { client.close() }
      let host = Client(server: server)
      host.initialize()
      return host.request("tools/call", id: 3, params: ["name": "fake__shout", "arguments": arguments])
    } ?? nil
  }

  @Test func argumentsTheCatalogDoesNotKnowGoToAnUpstreamWhoseSchemaTakesThem() async throws {
    let log = UpstreamLog()
    let reply = try #require(await Self.call(schema: [:], arguments: ["text": "hi", "loud": true], log: log))
    #expect(reply["result"]?["isError"] == false, "\(reply)")
    #expect(log.text.contains(#""params":{"name":"shout","arguments":{"text":"hi","loud":true}}"#), "\(log.text)")
  }

  @Test func anUpstreamSchemaWithoutAdditionalPropertiesRefusesThem() async throws {
    let log = UpstreamLog()
    let schema: JSONValue = ["type": "object", "properties": ["text": ["type": "string"]], "additionalProperties": false]
    let reply = try #require(await Self.call(schema: schema, arguments: ["text": "hi", "loud": true], log: log))
    let text = reply["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(reply["result"]?["isError"] == true && text.contains(#"the input schema of tool "shout" of MCP server 'fake'"#), "\(reply)")
    #expect(!log.text.contains("tools/call"), "forwarded although refused: \(log.text)")
  }

  @Test func theCatalogsOwnParametersAreStillChecked() async throws {
    let log = UpstreamLog()
    let reply = try #require(await Self.call(schema: [:], arguments: ["text": 5], log: log))
    let text = reply["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(reply["result"]?["isError"] == true && text.contains(#""text""#), "\(reply)")
    #expect(!log.text.contains("tools/call"))
  }
}
