import Foundation
import IntentBridgeJSON

/// Requests taken from a labelled requests file (JSON lines with a `query`), for tests that
/// compare two forms of one catalog request by request.
package enum SampledRequests {
  /// About `count` queries of the file at `path`, spread evenly over it, then `extra`.
  package static func queries(_ path: String, count: Int, extra: [String] = []) throws -> [String] {
    let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .compactMap { try? JSONParser.parse(String($0))["query"]?.stringValue }
    let step = max(1, rows.count / count)
    return Array(stride(from: 0, to: rows.count, by: step).map { rows[$0] }.prefix(count)) + extra
  }
}
