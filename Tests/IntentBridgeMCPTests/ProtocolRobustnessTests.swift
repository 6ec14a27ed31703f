import IntentBridgeJSON
import IntentBridgeMCP
import Testing

/// Ids and dispatch under hostile input.
@Suite struct ProtocolRobustnessTests {
  /// The reply's `id` is the request's JSON text, byte for byte.
  @Test(arguments: [
    "9223372036854775808", "0.1e-400", "1.0", "-0", "1E2", "12345678901234567890123456789", #""\u0041""#, #""\ud83d\ude00""#, #""""#, "-1.5e+3",
  ])
  func idsComeBackAsWritten(_ id: String) throws {
    let server = Fixture.server()
    let replies = server.handle(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#.utf8))
    #expect(replies == [#"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#])
    let failing = server.handle(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"no/such"}"#.utf8))
    #expect(failing.first?.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"error":"#) == true, "\(failing)")
  }

  @Test func idsInABatchComeBackAsWritten() {
    let client = Client(server: Fixture.server())
    client.initialize("2025-03-26")
    let replies = client.server.handle(
      line: Array(#"[{"jsonrpc":"2.0","id":1.50,"method":"ping"},{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}]"#.utf8))
    #expect(replies == [#"[{"jsonrpc":"2.0","id":1.50,"result":{}},{"jsonrpc":"2.0","id":9223372036854775808,"result":{}}]"#])
  }

  /// Only a parsed `tools/call` request runs on a worker: text that merely contains
  /// "tools/call" does not (an `initialize` of a client so named was answered after the
  /// next request, which then found no session).
  @Test func dispatchComesFromTheParsedMessage() {
    let server = Fixture.server()
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tools/call client","version":"1"}}}"#
    #expect(!server.receive(line: Array(initialize.utf8)).runsLong)
    #expect(!server.receive(line: Array(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"note":"tools/call"}}"#.utf8)).runsLong)
    #expect(!server.receive(line: Array(#"{"jsonrpc":"2.0","method":"tools/call"}"#.utf8)).runsLong, "a notification")
    #expect(!server.receive(line: Array(#"{"jsonrpc":"2.0","id":3,"method":"tools/call""#.utf8)).runsLong, "not JSON")
    #expect(server.receive(line: Array(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"x"}}"#.utf8)).runsLong)
    #expect(server.receive(line: Array(#"[{"jsonrpc":"2.0","id":5,"method":"ping"},{"jsonrpc":"2.0","id":6,"method":"tools/call"}]"#.utf8)).runsLong)
  }
}
