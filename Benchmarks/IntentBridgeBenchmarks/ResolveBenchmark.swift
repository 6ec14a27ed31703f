import Foundation
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport

// resolve: median and p99 of `IntentEngine.resolve` (rank + fill) per request on the Home
//          Assistant `templates` catalogs, clean and perturbed development sets, next to Home
//          Assistant's template matcher `hassil` (+ `home-assistant-intents`) recognising the
//          same requests, measured in the same run (needs `Scripts/bench.sh`, which installs
//          Benchmarks/python/requirements.txt into .build/venv-bench/). Target: median ≤ 0.3 ms and
//          ≥ 10× faster than hassil.

private let root = BenchmarkData.root
private let percentile = BenchmarkData.percentile
private let queries = BenchmarkData.queries

/// hassil's figures per set for one language: set → (median, p99, top-1); nil when the
/// baseline environment is missing.
private func hassil(language: String) -> [String: (median: Double, p99: Double, top1: Double)]? {
  let python = root + "/.build/venv-bench/bin/python"
  guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: python)
  process.arguments = [root + "/Benchmarks/python/hassil_baseline.py", "--langs", language]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  var out: [String: (Double, Double, Double)] = [:]
  for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
    guard let value = try? JSONParser.parse(String(line)), let set = value["set"]?.stringValue, let median = value["median_ms"]?.doubleValue,
      let p99 = value["p99_ms"]?.doubleValue, let top1 = value["top1"]?.doubleValue
    else { continue }
    out[set] = (median, p99, top1)
  }
  return out.isEmpty ? nil : out
}

func benchmarkResolve() {
  var options = IntentEngine.Options()
  options.writeIndex = false
  let clock = IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_795_950_000), utcOffsetSeconds: 3600)
  print("resolve benchmark: IntentEngine.resolve (rank + fill) per request, release build; hassil.recognize_best on the same requests")
  print("| catalog | set | requests | ours median / p99 ms | hassil median / p99 ms | hassil / ours |")
  print("|---|---|---|---|---|---|")
  for language in ["en", "de", "fi", "sk", "zh-CN"] {
    let catalog = DevData.homeAssistantCatalog("templates", language)
    guard let engine = try? IntentEngine.load(catalogPath: catalog, options: options) else {
      print("cannot load \(catalog): \(DevData.skipNote("ha"))")
      continue
    }
    let baseline = hassil(language: language)
    for (set, file) in [("dev", "\(language).dev.jsonl"), ("perturbed", "\(language).dev.perturbed.jsonl")] {
      let requests = queries(DevData.path("ha/" + file))
      for request in requests { _ = engine.resolve(request, clock: clock) }  // warm-up: one pass over the set
      var times: [Double] = []
      for request in requests {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = engine.resolve(request, clock: clock)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      times.sort()
      let median = percentile(times, 0.5)
      let p99 = percentile(times, 0.99)
      var line = String(format: "| HA templates %@ | %@ | %d | %.3f / %.3f |", language, set, times.count, median, p99)
      if let figures = baseline?[set] {
        line += String(format: " %.3f / %.3f | %.1f× |", figures.median, figures.p99, figures.median / median)
      } else {
        line += " (hassil not installed: run Scripts/bench.sh) | |"
      }
      print(line)
    }
  }
}
