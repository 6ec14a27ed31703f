import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTestSupport

// rank: median and p99 of `IntentEngine.rank` per request (three passes over the requests) on
//       the Home Assistant `templates`
//       catalogs (their development requests), on Seal-Tools' 4,076 imported tools, on a
//       synthetic 3,000-intent catalog and on synthetic tool lists of 3,000 and 30,000 tools
//       (`SyntheticToolCatalog`), next
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

/// How many times each row's requests are ranked: the median and p99 are over every pass, and
/// the row shows the lowest and highest median of a single pass, which tells how much this
/// machine's speed moved during the row.
private let passes = 3

/// The per-request times of `passes` passes over `requests` (after a warm-up of 20), sorted,
/// and the median of each pass.
private func measure(engine: IntentEngine, requests: [String]) -> (times: [Double], passMedians: [Double]) {
  for request in requests.prefix(20) { _ = engine.rank(request) }  // warm-up
  var times: [Double] = []
  var passMedians: [Double] = []
  for _ in 0..<passes {
    var pass: [Double] = []
    for request in requests {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = engine.rank(request)
      pass.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    passMedians.append(percentile(pass.sorted(), 0.5))
    times += pass
  }
  return (times.sorted(), passMedians)
}

private func row(_ label: String, _ measured: (times: [Double], passMedians: [Double]), _ baseline: (median: Double, p99: Double)?) -> String {
  let times = measured.times
  let spread = String(format: "(passes %.3f–%.3f)", measured.passMedians.min() ?? 0, measured.passMedians.max() ?? 0)
  let ours =
    String(format: "%-26@ %5d  median %7.3f ms  p99 %7.3f ms ", label, times.count / passes, percentile(times, 0.5), percentile(times, 0.99)) + spread
  guard let baseline else { return ours + "   (rank_bm25 baseline not installed: run Scripts/bench.sh)" }
  return ours
    + String(
      format: "   rank_bm25 median %7.3f ms  p99 %7.3f ms   ratio (bm25/ours) %5.1fx", baseline.median, baseline.p99,
      baseline.median / percentile(times, 0.5))
}

/// Resident memory of this process in MiB (Linux `/proc/self/statm`; nil elsewhere).
private func residentMiB() -> Double? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
  return pages * 4096 / 1_048_576
}

/// Loads `catalogPath`, ranks the rows of `requestsPath` and prints the row beside
/// rank_bm25 on the same catalog and requests; with `loadNote`, also the load time and the
/// memory the loaded engine added.
private func rankRow(_ label: String, catalogPath: String, requestsPath: String, language: String, options: IntentEngine.Options, loadNote: Bool) {
  guard rowFilter.map(label.contains) ?? true else { return }
  let before = residentMiB()
  let loadStart = DispatchTime.now().uptimeNanoseconds
  guard let engine = try? IntentEngine.load(catalogPath: catalogPath, options: options) else {
    print("  cannot load \(catalogPath)")
    return
  }
  let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
  let after = residentMiB()
  let times = measure(engine: engine, requests: queries(requestsPath))
  print(row(label, times, pythonBaseline(catalog: catalogPath, requests: requestsPath, language: language)))
  if loadNote {
    let memory = before.flatMap { b in after.map { String(format: ", resident memory +%.0f MiB", $0 - b) } } ?? ""
    print(String(format: "  (%@: load + index + vector build %.0f ms%@)", label, loadMs, memory))
  }
  withExtendedLifetime(engine) {}
}

/// `intentbridge-bench rank TEXT` measures only the rows whose label contains TEXT
/// (e.g. "30,000"); without it, every row.
private let rowFilter: String? = CommandLine.arguments.dropFirst(2).first

/// `intentbridge-bench synthetic-tools COUNT FOLDER` writes the synthetic tool list of the
/// rank benchmark (`SyntheticToolCatalog`) as FOLDER/tools-COUNT.json with its requests in
/// FOLDER/tools-COUNT.jsonl, for checking `intentbridge rank` on it.
func writeSyntheticTools() {
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  guard arguments.count == 2, let count = Int(arguments[0]), count > 0 else {
    FileHandle.standardError.write(Data("usage: intentbridge-bench synthetic-tools COUNT FOLDER\n".utf8))
    exit(64)
  }
  let tools = SyntheticToolCatalog.make(count: count, stride: max(1, count / 500))
  let base = arguments[1] + "/tools-\(count)"
  guard FileManager.default.createFile(atPath: base + ".json", contents: Data(tools.catalog.utf8)),
    FileManager.default.createFile(atPath: base + ".jsonl", contents: Data(tools.requests.utf8))
  else {
    FileHandle.standardError.write(Data("error: cannot write \(base).json or \(base).jsonl\n".utf8))
    exit(1)
  }
}

func benchmarkRank() {
  var options = IntentEngine.Options()
  options.writeIndex = false
  print("rank benchmark: IntentEngine.rank per request (release build), top 5, embeddings + templates")
  for language in ["en", "de", "fi", "sk", "zh-CN"] {
    let catalog = DevData.homeAssistantCatalog("templates", language)
    guard FileManager.default.fileExists(atPath: catalog) else {
      print("  cannot load \(catalog): \(DevData.skipNote("ha"))")
      continue
    }
    rankRow(
      "HA templates \(language)", catalogPath: catalog, requestsPath: DevData.homeAssistantRequests(language), language: language, options: options,
      loadNote: false)
  }
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-bench-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  // Seal-Tools: its 4,076 tools imported as `import tools` does, ranked on its development
  // requests (read in place; the imported catalog lives in the temporary folder).
  let sealTools = DevData.path("seal-tools/tools.openai.json")
  if let bytes = FileManager.default.contents(atPath: sealTools), let document = try? JSONParser.parse(bytes: [UInt8](bytes)) {
    let sealCatalog = directory.appendingPathComponent("seal-tools.json").path
    _ = FileManager.default.createFile(
      atPath: sealCatalog, contents: Data(JSONWriter.compact(ToolListImporter.importCatalog(document, fileName: "tools.openai.json").catalog).utf8))
    rankRow(
      "Seal-Tools 4,076 tools", catalogPath: sealCatalog, requestsPath: DevData.path("seal-tools/dev.jsonl"), language: "en", options: options,
      loadNote: true)
  } else {
    print("  cannot load \(sealTools): \(DevData.skipNote("seal-tools"))")
  }
  // Synthetic 3,000 intents: requests are intent titles with a filler word.
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
  rankRow("synthetic 3,000 intents", catalogPath: catalogPath, requestsPath: requestsPath, language: "en", options: options, loadNote: true)
  // Synthetic tool lists (`SyntheticToolCatalog`): 3,000 and 30,000 tools, the same kind of
  // tools and requests, so that their rows show how the cost grows with the catalog.
  for count in [3_000, 30_000] {
    let tools = SyntheticToolCatalog.make(count: count, stride: count / 500)
    let toolsCatalog = directory.appendingPathComponent("tools-\(count).json").path
    let toolsRequests = directory.appendingPathComponent("tools-\(count).jsonl").path
    _ = FileManager.default.createFile(atPath: toolsCatalog, contents: Data(tools.catalog.utf8))
    _ = FileManager.default.createFile(atPath: toolsRequests, contents: Data(tools.requests.utf8))
    rankRow(
      "synthetic \(count == 30_000 ? "30,000" : "3,000") tools", catalogPath: toolsCatalog, requestsPath: toolsRequests, language: "en",
      options: options, loadNote: true)
  }
}
