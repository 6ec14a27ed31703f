import Dispatch
import IntentBridgeBinary
import IntentBridgeEngine
import IntentBridgeEval
import IntentBridgeSystem

/// The batch form shared by `rank` and `resolve`: a JSON Lines file of rows in the request-set
/// format of docs/EVAL.md (`{"query", "id"?, "lang"?, "context"?, …}`; labelled sets work
/// too), one output line per row.
enum RequestsFile {
  /// Lines longer than this are reported and skipped without being parsed (as the server does).
  static let lineLimit = LineFramer.standardLimit
  /// After this many bad rows the file is not read further: a stream that is not JSON Lines
  /// at all (`/dev/urandom`, a binary file) ends with one message instead of never ending.
  static let badRowLimit = 100

  /// Calls `answer` for every row's query (and the whole row, for fields such as `context`),
  /// timing it, and writes `id`, `line` (the row's line number, so rows without an id can be
  /// matched), the answer's fields, `latency_ms`, then the answer's `trailing` fields (e.g. an
  /// explanation). A row that breaks the format is reported with its line, column or field
  /// and what was expected (exit 65); the other rows are still answered.
  ///
  /// The file is read as a stream, a chunk at a time (also from a pipe such as `/dev/stdin`);
  /// reading stops after `badRowLimit` bad rows. A request longer than
  /// `RequestLimit.windowBytes` is answered on its window, with a `notice` field.
  /// - Complexity: O(file size) plus the answers; memory holds one line at a time.
  static func run(_ file: String, console: Console, answer: (String, JSONObject) -> (fields: JSONObject, trailing: JSONObject)) -> ExitCode {
    // `FileReader`'s policy for the kind of path (a stream such as /dev/stdin is welcome; the
    // size is not limited, since rows are read one at a time).
    do {
      _ = try FileReader.status(file, what: "a request file", limit: .max, streams: true)
    } catch {
      console.err("\(file): error: \(error.reason)\n")
      return .dataError
    }
    let requests: FileDescriptor
    do {
      requests = try FileDescriptor.open(forReading: file)
    } catch {
      console.err("\(file): error: cannot read the request file: \(error)\n")
      return .dataError
    }
    defer { requests.closeIgnoringErrors() }
    var status = ExitCode.success
    var framer = LineFramer(limit: lineLimit)
    var lineNumber = 0
    var badRows = 0
    func process(_ events: [LineFramer.Event]) {
      for event in events where badRows < badRowLimit {
        lineNumber += 1
        switch event {
        case .tooLong:
          report(EvalDataset.Problem(file: file, line: lineNumber, path: "", message: "the line is longer than \(lineLimit) bytes; it was skipped"))
        case .line(let bytes):
          if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
          switch row(bytes, file: file, line: lineNumber) {
          case .failure(let problem): report(problem)
          case .success(let (query, row)): write(query: query, row: row, line: lineNumber)
          }
        }
      }
    }
    func report(_ problem: EvalDataset.Problem) {
      console.err("\(problem)\n")
      status = .dataError
      badRows += 1
      if badRows == badRowLimit {
        console.err(
          "\(file): error: stopped reading at line \(lineNumber) after \(badRowLimit) bad rows; is it a JSON Lines request file (docs/EVAL.md)?\n")
      }
    }
    func write(query: String, row: JSONObject, line: Int) {
      let start = DispatchTime.now().uptimeNanoseconds
      let window = RequestLimit.window(query)
      let (fields, trailing) = answer(window.text, row)
      let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      var object = JSONObject()
      object["id"] = row["id"] ?? .null
      object["line"] = .integer(Int64(line))
      for (key, value) in fields { object[key] = value }
      object["latency_ms"] = .number((milliseconds * 10000).rounded() / 10000)
      if let notice = window.notice { object["notice"] = .string(notice) }
      for (key, value) in trailing { object[key] = value }
      console.out(JSONValue.object(object).compactText + "\n")
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        count = try requests.read(into: &buffer)
      } catch {
        console.err("\(file): error: reading stopped after line \(lineNumber): \(error)\n")
        return .dataError
      }
      if count == 0 { break }
      process(framer.append(buffer[0..<count]))
      if badRows >= badRowLimit { return .dataError }
    }
    process(framer.finish())
    return status
  }

  /// A row's query and fields, or what is wrong with it (in the words `eval` uses).
  static func row(_ bytes: [UInt8], file: String, line: Int) -> Result<(String, JSONObject), EvalDataset.Problem> {
    func problem(_ path: String, _ message: String) -> Result<(String, JSONObject), EvalDataset.Problem> {
      .failure(EvalDataset.Problem(file: file, line: line, path: path, message: message))
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: bytes)
    } catch {
      return problem("", "invalid JSON at column \(error.location.column): \(error.message)")
    }
    guard let object = value.objectValue else { return problem("", "expected a JSON object with a string \"query\", found \(value.typeName)") }
    guard let given = object["query"] else { return problem("$.query", "missing; every row needs the request text") }
    guard let query = given.stringValue else { return problem("$.query", "expected a string, found \(given.typeName)") }
    if let tooLong = RequestLimit.check(query) { return problem("$.query", "\(tooLong)") }
    if let language = object["lang"], language.stringValue?.isEmpty ?? true {
      return problem("$.lang", "expected a BCP 47 tag such as \"en\" or \"zh-CN\", found \(language.shortPreview)")
    }
    if let context = object["context"], context.objectValue == nil {
      return problem("$.context", "expected an object of known parameter values, found \(context.typeName)")
    }
    return .success((query, object))
  }
}
