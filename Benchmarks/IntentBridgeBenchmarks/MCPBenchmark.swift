import Foundation
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeMCP
import IntentBridgeTestSupport

// mcp: server-side latency of `resolve_request` (compact mode) and `tools/call` (full mode,
//      no handler) on the Home Assistant `templates` catalogs: MCPServer.handle per JSON-RPC
//      line, median and p99 (target: median ≤ 1 ms). Baseline in the same run: `ping`, the
//      cheapest request, which measures the JSON-RPC parse/dispatch/write floor.

private let benchRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url = url.deletingLastPathComponent() }
  return url.path
}()

private func timed(_ server: MCPServer, _ lines: [String]) -> [Double] {
  var times: [Double] = []
  for line in lines {
    let bytes = Array(line.utf8)
    let start = DispatchTime.now().uptimeNanoseconds
    _ = server.handle(line: bytes)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()
}

private func summary(_ times: [Double]) -> String {
  String(format: "median %6.3f ms  p99 %6.3f ms", times[times.count / 2], times[min(times.count - 1, Int(Double(times.count) * 0.99))])
}

func benchmarkMCP() {
  var engineOptions = IntentEngine.Options()
  engineOptions.writeIndex = false
  let initialize =
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}"#
  print("mcp benchmark: MCPServer.handle per request, server side (release build)")
  for language in ["en", "de", "fi", "sk", "zh-CN"] {
    let catalogPath = DevData.homeAssistantCatalog("templates", language)
    guard let engine = try? IntentEngine.load(catalogPath: catalogPath, options: engineOptions),
      let data = FileManager.default.contents(atPath: DevData.homeAssistantRequests(language))
    else {
      print("  cannot load \(language): \(DevData.skipNote("ha"))")
      continue
    }
    let queries = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      (try? JSONParser.parse(String($0)))?["query"]?.stringValue
    }
    func server(_ mode: MCPToolMode) -> MCPServer {
      var options = MCPServer.Options()
      options.mode = mode
      let server = MCPServer(engine: engine, options: options)
      _ = server.handle(line: Array(initialize.utf8))
      _ = server.handle(line: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
      return server
    }
    let compact = server(.compact)
    let resolve = queries.enumerated().map { i, q in
      JSONValue.object([
        "jsonrpc": "2.0", "id": .integer(Int64(i + 1)), "method": "tools/call",
        "params": ["name": "resolve_request", "arguments": ["request": .string(q)]],
      ]).compactText
    }
    _ = timed(compact, Array(resolve.prefix(20)))
    let resolveTimes = timed(compact, resolve)
    let full = server(.full)
    // tools/call of the first intent with its example arguments (validation + resolved-call result).
    let tool = full.handle(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8)).first
      .flatMap { try? JSONParser.parse($0) }?["result"]?["tools"]?[0]
    let name = tool?["name"]?.stringValue ?? ""
    let arguments = JSONSchemaExample.example(for: tool?["inputSchema"] ?? [:])
    let call = JSONValue.object(["jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": ["name": .string(name), "arguments": arguments]])
      .compactText
    let callTimes = timed(full, Array(repeating: call, count: 500))
    let pingTimes = timed(full, Array(repeating: #"{"jsonrpc":"2.0","id":5,"method":"ping"}"#, count: 500))
    print(
      "  \(language.padding(toLength: 6, withPad: " ", startingAt: 0)) resolve_request (\(resolveTimes.count) requests) \(summary(resolveTimes))   tools/call \(name) \(summary(callTimes))   baseline ping \(summary(pingTimes))"
    )
  }
}
