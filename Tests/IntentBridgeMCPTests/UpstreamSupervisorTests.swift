import Dispatch
import Foundation
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport
import Synchronization
import Testing

@testable import IntentBridgeMCP

/// The back-off schedule of restarts, without sleeping.
@Suite struct RestartBackOffTests {
  @Test func delaysDoubleFromHalfASecondToThirtySeconds() {
    var backOff = RestartBackOff()
    let delays = (0..<9).map { _ in backOff.delay(afterRunningFor: nil) }
    #expect(delays == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
    #expect(backOff.failures == 9)
  }

  @Test func aServerThatRanAMinuteStartsTheCountAnew() {
    var backOff = RestartBackOff()
    #expect(backOff.delay(afterRunningFor: 2) == 0.5)
    #expect(backOff.delay(afterRunningFor: 5) == 1)
    #expect(backOff.delay(afterRunningFor: 59.9) == 2)
    #expect(backOff.delay(afterRunningFor: 60) == 0.5)
    #expect(backOff.delay(afterRunningFor: nil) == 1)
  }

  @Test func hugeCountsAndOddSettingsStayBounded() {
    #expect(RestartBackOff.delay(failures: Int.max, initial: 0.5, maximum: 30) == 30)
    #expect(RestartBackOff.delay(failures: 0, initial: 0.5, maximum: 30) == 0.5)
    #expect(RestartBackOff.delay(failures: 1_000_000, initial: 0, maximum: 30) == 0)
    #expect(RestartBackOff.delay(failures: 3, initial: 50, maximum: 30) == 30)
  }
}

/// A supervised fake server (a `/bin/sh` script) that exits after its first listing is
/// started again, re-listed, and its new tools reach the listener; meanwhile it is unavailable.
@Suite struct UpstreamSupervisorTests {
  /// Collects lines and values from other threads.
  final class Box<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func update(_ change: (inout Value) -> Void) { value.withLock { change(&$0) } }
    var current: Value { value.withLock { $0 } }
  }

  /// Run 1 lists tool `a` and exits with status 3 once the file `gate` exists; run 2 lists `a`
  /// and `b` and stays.
  static func script(counter: String, gate: String) -> String {
    #"""
    n=$(cat '\#(counter)' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\#(counter)'
    read line
    echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true}},"serverInfo":{"name":"fake","version":"1"}}}'
    read line
    read line
    if [ "$n" = 1 ]; then
      echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a"}]}}'
      while [ ! -e '\#(gate)' ]; do sleep 0.05; done
      echo "run $n ends" >&2
      exit 3
    fi
    echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a"},{"name":"b"}]}}'
    while read line; do :; done
    """#
  }

  /// `endsAtOnce`: run 1 exits right after its listing (before or after the supervisor has
  /// installed it: either way it is supervised and restarted), else when the test says so.
  @Test(arguments: [false, true])
  func anEndedServerIsRestartedAndItsNewToolsReachTheListener(endsAtOnce: Bool) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-supervisor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    if endsAtOnce { try Data().write(to: folder.appendingPathComponent("gate")) }
    let server = UpstreamServer(
      name: "fake", command: "/bin/sh",
      arguments: ["-c", Self.script(counter: folder.appendingPathComponent("runs").path, gate: folder.appendingPathComponent("gate").path)])
    let log = Box<[String]>([])
    let slept = Box<[(delay: Double, availability: String)]>([])
    let supervisorBox = Box<UpstreamSupervisor?>(nil)
    let listed = Box<[[String]]>([])
    let done = DispatchSemaphore(value: 0)
    let supervisor = UpstreamSupervisor(
      server: server, options: MCPClient.Options(), log: { line in log.update { $0.append(line) } },
      sleep: { delay in
        // No sleeping: record the delay and what a caller would be told meanwhile.
        var seen = "available"
        if case .unavailable(let reason)? = supervisorBox.current?.availability { seen = reason }
        slept.update { $0.append((delay, seen)) }
      })
    supervisorBox.update { $0 = supervisor }
    defer { supervisor.stop(grace: 0) }
    supervisor.onToolsListed { listing in
      listed.update { $0.append(listing.tools.compactMap { $0["name"]?.stringValue }) }
      done.signal()
    }
    let first = try supervisor.start()
    #expect(first.tools.compactMap { $0["name"]?.stringValue } == ["a"])
    if !endsAtOnce {
      guard case .available = supervisor.availability else {
        Issue.record("not available after its start")
        return
      }
      // Now run 1 ends.
      try Data().write(to: folder.appendingPathComponent("gate"))
    }
    let delivered = await withinHangGuard(seconds: 600) { done.wait(timeout: .now() + 500) == .success }
    #expect(delivered == true, "no listing after the restart; log: \(log.current.joined())")
    #expect(listed.current == [["a", "b"]])
    #expect(slept.current.map(\.delay) == [0.5])
    #expect(slept.current.first?.availability.contains("MCP server 'fake' is restarting") == true, "\(slept.current)")
    guard case .available = supervisor.availability else {
      Issue.record("not available after the restart")
      return
    }
    let text = log.current.joined()
    #expect(text.contains("[fake] run 1 ends"))
    #expect(text.contains("[fake] gateway: the server exited with status 3"), "\(text)")
    #expect(text.contains("[fake] gateway: restarted (attempt 1); 2 tools available again"), "\(text)")
  }
}

extension UpstreamSupervisorTests {
  /// A listing made around the time the listener is set (a restart while the gateway still
  /// starts) reaches it exactly once, whichever comes first: a listing made before is handed
  /// over when the listener is set.
  @Test func aListingMadeBeforeTheListenerIsNotLost() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-supervisor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("gate"))
    let restarted = DispatchSemaphore(value: 0)
    let supervisor = UpstreamSupervisor(
      server: UpstreamServer(
        name: "fake", command: "/bin/sh",
        arguments: ["-c", Self.script(counter: folder.appendingPathComponent("runs").path, gate: folder.appendingPathComponent("gate").path)]),
      options: MCPClient.Options(), log: { line in if line.contains("gateway: restarted") { restarted.signal() } }, sleep: { _ in })
    defer { supervisor.stop(grace: 0) }
    let names = Box<[[String]]>([])
    let listed = DispatchSemaphore(value: 0)
    let ok = await withinHangGuard(seconds: 600) { () -> Bool in
      guard (try? supervisor.start()) != nil, restarted.wait(timeout: .now() + 100) == .success else { return false }
      supervisor.onToolsListed { listing in
        names.update { $0.append(listing.tools.compactMap { $0["name"]?.stringValue }) }
        listed.signal()
      }
      return listed.wait(timeout: .now() + 100) == .success
    }
    #expect(ok == true)
    #expect(names.current == [["a", "b"]])
  }
}

/// Behind the gateway, a server that is restarting: search finds its tools marked unavailable,
/// and a call answers at once with `isError` naming the server.
@Suite struct UnavailableUpstreamTests {
  @Test func searchMarksTheToolsAndCallsAnswerAtOnce() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-unavailable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Lists `shout` once, then ends; the restart waits (the injected sleep) until the test ends.
    let script =
      GatewayTests.handshake + #"""
        read line
        echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"shout"}]}}'
        """#
    let restarting = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let supervisor = UpstreamSupervisor(
      server: UpstreamServer(name: "fake", command: "/bin/sh", arguments: ["-c", script]), options: MCPClient.Options(), log: { _ in },
      sleep: { _ in
        restarting.signal()
        release.wait()
      })
    defer {
      supervisor.stop(grace: 0)
      release.signal()
    }
    let catalog = GatewayTests.catalog()
    let reply = await withinHangGuard(seconds: 600) { () -> (search: JSONValue, call: JSONValue)? in
      guard (try? supervisor.start()) != nil, restarting.wait(timeout: .now() + 100) == .success else { return nil }
      var options = MCPServer.Options()
      options.mode = .compact
      options.upstreams = GatewayUpstreams(
        routes: ["fake__shout": GatewayUpstreams.Route(server: "fake", tool: "shout")], supervisors: [supervisor], callTimeout: 60,
        progress: UpstreamProgressRelay())
      let host = Client(server: MCPServer(engine: IntentEngine(catalog: catalog), options: options))
      _ = host.initialize()
      let search = host.request("tools/call", id: 2, params: ["name": "search_intents", "arguments": ["query": "shout a text"]])
      let call = host.request(
        "tools/call", id: 3, params: ["name": "run_intent", "arguments": ["intent": "fake__shout", "arguments": ["text": "hi"]]])
      return (search, call)
    }
    let (search, call) = try #require(reply ?? nil)
    let row = search["result"]?["structuredContent"]?["results"]?[0]
    #expect(row?["intent"] == "fake__shout")
    #expect(row?["available"] == false)
    #expect(
      row?["unavailable"]?.stringValue?.hasPrefix("MCP server 'fake' is restarting: it exited with status 0") == true, "\(String(describing: row))")
    let searchText = search["result"]?["content"]?[1]?["text"]?.stringValue ?? ""
    #expect(searchText.hasPrefix("Unavailable for now: fake__shout. MCP server 'fake' is restarting"), "\(searchText)")
    #expect(call["result"]?["isError"] == true)
    let callText = call["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(
      callText.contains("MCP server 'fake' is restarting") && callText.contains("fake__shout (run_intent) cannot be called until it is back"),
      "\(callText)")
  }
}

extension UpstreamSupervisorTests {
  /// Servers start side by side: the first of the configuration answers `initialize` only
  /// once the second has started (it waits for the file the second writes), which one after
  /// the other would never happen; a server that fails is reported in its place.
  @Test func serversStartSideBySide() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-start-all-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("second-started").path
    func answer(_ tool: String) -> String {
      #"""
      read line
      echo '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}'
      read line
      read line
      echo '{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"\#(tool)"}]}}'
      while read line; do :; done
      """#
    }
    // At most 60 s of waiting for the marker (a hang guard, not a timing bound).
    let waiting = "i=0; while [ ! -e '\(marker)' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done; [ -e '\(marker)' ] || exit 4\n"
    let first = UpstreamServer(name: "first", command: "/bin/sh", arguments: ["-c", waiting + answer("a")])
    let second = UpstreamServer(name: "second", command: "/bin/sh", arguments: ["-c", "touch '\(marker)'\n" + answer("b")])
    let broken = UpstreamServer(name: "broken", command: "/bin/sh", arguments: ["-c", "exit 3"])
    let supervisors = [first, broken, second].map { UpstreamSupervisor(server: $0, options: MCPClient.Options(), log: { _ in }) }
    defer { for supervisor in supervisors { supervisor.stop(grace: 0) } }
    let results = try #require(await withinHangGuard(seconds: 600) { UpstreamSupervisor.startAll(supervisors) })
    #expect(results.count == 3)
    let names = results.map { result in (try? result.get())?.tools.compactMap { $0["name"]?.stringValue } }
    #expect(names[0] == ["a"], "the first server waited for the second, which started meanwhile")
    #expect(names[1] == nil)
    #expect(names[2] == ["b"])
    if case .failure(let error) = results[1] { #expect("\(error)".contains("broken")) }
  }
}
