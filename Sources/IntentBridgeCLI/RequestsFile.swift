import Dispatch
import Foundation
import IntentBridgeEngine

/// The batch form shared by `rank` and `resolve`: a JSON Lines file of rows in the docs/EVAL.md
/// format (`{"query", "id"?, "lang"?, …}`), one output line per row.
enum RequestsFile {
  /// Calls `answer` for every row's query (and the whole row, for fields such as `context`),
  /// timing it, and writes `id`, the answer's fields,
  /// `latency_ms`, then the answer's `trailing` fields (e.g. an explanation). Unreadable rows
  /// are reported with their line number (exit 65) and the other rows are still answered.
  static func run(_ file: String, console: Console, answer: (String, JSONObject) -> (fields: JSONObject, trailing: JSONObject)) -> ExitCode {
    guard let data = FileManager.default.contents(atPath: file) else {
      console.err("\(file): error: cannot read the requests file\n")
      return .dataError
    }
    var status = ExitCode.success
    for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      guard let row = try? JSONParser.parse(bytes: Array(line)), let query = row["query"]?.stringValue else {
        console.err("\(file):\(number + 1): error: expected a JSON object with a string \"query\" (see docs/EVAL.md)\n")
        status = .dataError
        continue
      }
      let start = DispatchTime.now().uptimeNanoseconds
      let (fields, trailing) = answer(query, row.objectValue ?? JSONObject())
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      var object = JSONObject()
      object["id"] = row["id"] ?? .null
      for (key, value) in fields { object[key] = value }
      object["latency_ms"] = .number((milliseconds * 10000).rounded() / 10000)
      for (key, value) in trailing { object[key] = value }
      console.out(JSONValue.object(object).compactText + "\n")
    }
    return status
  }
}
