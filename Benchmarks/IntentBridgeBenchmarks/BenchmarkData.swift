import Foundation
import IntentBridgeJSON

/// What the rank and resolve benchmarks share: where the checkout is, its request sets, and
/// the percentile rule every benchmark prints (`sorted[⌊n·p⌋]`, as the Python baselines).
enum BenchmarkData {
  /// The checkout root (the folder holding Package.swift).
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url = url.deletingLastPathComponent() }
    return url.path
  }()

  /// The `query` of every row of a JSON Lines request set.
  static func queries(_ path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      (try? JSONParser.parse(String($0)))?["query"]?.stringValue
    }
  }

  /// The value at percentile `p` (0…1) of ascending `sorted`.
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }
}
