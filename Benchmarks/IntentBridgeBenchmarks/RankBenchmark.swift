import Foundation
import IntentBridgeTestSupport
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON

// rank: median and p99 of `IntentEngine.rank` per request on the Home Assistant `templates`
//       catalogs (their development requests) and on a synthetic 3,000-intent catalog, next
//       to Python `rank_bm25` on the same catalogs and requests, measured in the same run
//       (needs `Scripts/bench.sh`, which installs rank_bm25 into .build/venv-bench/).

private let root = BenchmarkData.root
private let percentile = BenchmarkData.percentile
private let queries = BenchmarkData.queries

/// Runs the Python baseline; nil when its environment is missing.
private func pythonBaseline(catalog: String, requests: String, language: String) -> (median: Double, p99: Double)? {
  let python = root + "/.build/venv-bench/bin/python"
  guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: python)
  process.arguments = [root + "/Benchmarks/python/bm25_baseline.py", catalog, requests, language]
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard let value = try? JSONParser.parse(bytes: [UInt8](data)), let median = value["median_ms"]?.doubleValue,
    let p99 = value["p99_ms"]?.doubleValue
  else { return nil }
  return (median, p99)
}

private func measure(engine: IntentEngine, requests: [String]) -> [Double] {
  for request in requests.prefix(20) { _ = engine.rank(request) }  // warm-up
  var times: [Double] = []
  for request in requests {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = engine.rank(request)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()
}

private func row(_ label: String, _ times: [Double], _ baseline: (median: Double, p99: Double)?) -> String {
  let ours = String(format: "%-28@ %6d  median %7.3f ms  p99 %7.3f ms", label, times.count, percentile(times, 0.5), percentile(times, 0.99))
  guard let baseline else { return ours + "   (rank_bm25 baseline not installed: run Scripts/bench.sh)" }
  return ours
    + String(
      format: "   rank_bm25 median %7.3f ms  p99 %7.3f ms   ratio (bm25/ours) %5.1fx", baseline.median, baseline.p99,
      baseline.median / percentile(times, 0.5))
}

func benchmarkRank() {
  var options = IntentEngine.Options()
  options.writeIndex = false
  print("rank benchmark: IntentEngine.rank per request (release build), top 5, embeddings + templates")
  for language in ["en", "de", "fi", "sk", "zh-CN"] {
    let catalog = DevData.homeAssistantCatalog("templates", language)
    let requestsPath = DevData.homeAssistantRequests(language)
    guard let engine = try? IntentEngine.load(catalogPath: catalog, options: options) else {
      print("  cannot load \(catalog): \(DevData.skipNote("ha"))")
      continue
    }
    let times = measure(engine: engine, requests: queries(requestsPath))
    print(row("HA templates \(language)", times, pythonBaseline(catalog: catalog, requests: requestsPath, language: language)))
  }
  // Synthetic 3,000 intents: requests are intent titles with a filler word.
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-bench-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let catalogPath = directory.appendingPathComponent("synthetic.json").path
  let requestsPath = directory.appendingPathComponent("requests.jsonl").path
  let text = syntheticCatalog(intents: 3000)
  _ = FileManager.default.createFile(atPath: catalogPath, contents: Data(text.utf8))
  guard let document = try? JSONParser.parse(text), let intents = document["intents"]?.arrayValue else { return }
  var requestLines = ""
  for (i, intent) in intents.enumerated() where i % 6 == 0 {
    let title = intent["title"]?.stringValue ?? ""
    requestLines += JSONValue.object(["query": .string("please " + title)]).compactText + "\n"
  }
  _ = FileManager.default.createFile(atPath: requestsPath, contents: Data(requestLines.utf8))
  let loadStart = DispatchTime.now().uptimeNanoseconds
  guard let engine = try? IntentEngine.load(catalogPath: catalogPath, options: options) else {
    print("  cannot load the synthetic catalog")
    return
  }
  let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
  let times = measure(engine: engine, requests: queries(requestsPath))
  print(row("synthetic 3,000 intents", times, pythonBaseline(catalog: catalogPath, requests: requestsPath, language: "en")))
  print(String(format: "  (synthetic catalog: load + index + vector file build %.0f ms)", loadMs))
}
