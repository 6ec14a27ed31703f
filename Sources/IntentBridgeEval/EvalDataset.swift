import IntentBridgeEngine
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A labelled request set read from JSON Lines: every row checked against the docs/EVAL.md format.
public struct EvalDataset: Sendable {
  /// A row (or the file) that does not follow the format: where, and what was expected.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the row comes from, as given.
    public var file: String
    /// 1-based line; 0 for the whole file.
    public var line: Int
    /// JSON path inside the row (e.g. `$.arguments`), empty for the line itself.
    public var path: String
    /// What is wrong, and what was expected.
    public var message: String

    /// A problem at `file`, `line` (0: the whole file) and JSON `path` (empty: the line itself).
    public init(file: String, line: Int, path: String, message: String) {
      self.file = file
      self.line = line
      self.path = path
      self.message = message
    }

    public var description: String {
      let place = line > 0 ? "\(file):\(line)" : file
      return path.isEmpty ? "\(place): error: \(message)" : "\(place): error: \(path): \(message)"
    }
  }

  /// The file the rows were read from, as given.
  public var path: String
  /// The rows, in file order.
  public var requests: [LabelledRequest]

  /// A set of `requests` named `path` (not read from anywhere).
  public init(path: String, requests: [LabelledRequest]) {
    self.path = path
    self.requests = requests
  }

  /// The largest request set read: 1 GiB.
  public static let maximumBytes = 1 << 30

  /// Reads `path` (`FileReader`'s policy: also from a pipe such as `/dev/stdin`, at most
  /// `maximumBytes`). Rows that break the format are all reported (the dataset is refused:
  /// an evaluation that silently skipped rows would report wrong figures).
  public static func load(path: String) throws(MultipleProblems) -> EvalDataset {
    let data: [UInt8]
    do {
      data = try FileReader.read(path, what: "a request set", limit: maximumBytes, streams: true)
    } catch {
      throw MultipleProblems(problems: [Problem(file: path, line: 0, path: "", message: error.reason)])
    }
    return try parse(bytes: data, file: path).get()
  }

  /// Parses JSON Lines; returns the dataset, or every problem found (in line order).
  public static func parse(bytes: [UInt8], file: String) -> Result<EvalDataset, MultipleProblems> {
    var requests: [LabelledRequest] = []
    var problems: [Problem] = []
    for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let lineNumber = number + 1
      let value: JSONValue
      do {
        value = try JSONParser.parse(bytes: Array(line))
      } catch {
        problems.append(Problem(file: file, line: lineNumber, path: "", message: "invalid JSON at column \(error.location.column): \(error.message)"))
        continue
      }
      switch row(value, file: file, line: lineNumber) {
      case .success(let request): requests.append(request)
      case .failure(let problem): problems.append(problem)
      }
    }
    if !problems.isEmpty { return .failure(MultipleProblems(problems: problems)) }
    if requests.isEmpty {
      return .failure(
        MultipleProblems(problems: [Problem(file: file, line: 0, path: "", message: "no rows; expected JSON Lines with one request per line")]))
    }
    return .success(EvalDataset(path: file, requests: requests))
  }

  /// Every problem of a file, for reports that list them all.
  public struct MultipleProblems: Error, Sendable, Hashable {
    /// The problems, in file order.
    public var problems: [Problem]
  }

  static let knownFields: Set<String> = ["query", "id", "lang", "intent", "arguments", "ignore", "tags", "context"]

  static func row(_ value: JSONValue, file: String, line: Int) -> Result<LabelledRequest, Problem> {
    func problem(_ path: String, _ message: String) -> Result<LabelledRequest, Problem> {
      .failure(Problem(file: file, line: line, path: path, message: message))
    }
    guard let object = value.objectValue else { return problem("", "expected a JSON object, found \(value.typeName)") }
    if let unknown = object.keys.first(where: { !knownFields.contains($0) && !$0.hasPrefix("x-") }) {
      return problem("$.\(unknown)", "unknown field; expected one of \(knownFields.sorted().joined(separator: ", ")) (or an x- extension)")
    }
    guard let query = object["query"]?.stringValue else {
      return problem("$.query", object["query"] == nil ? "missing; every row needs the request text" : "expected a string")
    }
    var id = "\(file):\(line)"
    if let value = object["id"] {
      guard let text = value.stringValue else { return problem("$.id", "expected a string, found \(value.typeName)") }
      id = text
    }
    var language: String?
    if let value = object["lang"] {
      guard let text = value.stringValue, !text.isEmpty else { return problem("$.lang", "expected a BCP 47 tag such as \"en\" or \"zh-CN\"") }
      language = text
    }
    let intent: LabelledRequest.ExpectedIntent
    switch object["intent"] {
    case nil: return problem("$.intent", "missing; expected an intent id, an array of ids, or null for \"no intent should match\"")
    case .null?: intent = .noMatch
    case .string(let text)?: intent = .anyOf([text])
    case .array(let items)?:
      let ids = items.compactMap(\.stringValue)
      guard ids.count == items.count, !ids.isEmpty else { return problem("$.intent", "expected a non-empty array of intent id strings") }
      intent = .anyOf(ids)
    case let other?: return problem("$.intent", "expected a string, an array of strings or null, found \(other.typeName)")
    }
    var arguments = JSONObject()
    if let value = object["arguments"] {
      guard let parsed = value.objectValue else { return problem("$.arguments", "expected an object of parameter values") }
      for (name, expected) in parsed {
        if let alternatives = expected.objectValue, alternatives.contains(key: "$anyOf") {
          guard alternatives.count == 1, let list = alternatives["$anyOf"]?.arrayValue, !list.isEmpty else {
            return problem("$.arguments.\(name)", "expected {\"$anyOf\": [value, …]} with a non-empty array and no other keys")
          }
        }
      }
      arguments = parsed
    }
    func strings(_ key: String) -> [String]?? {
      guard let value = object[key] else { return .some(nil) }
      guard let items = value.arrayValue else { return nil }
      let texts = items.compactMap(\.stringValue)
      return texts.count == items.count ? .some(texts) : nil
    }
    guard let ignore = strings("ignore") else { return problem("$.ignore", "expected an array of parameter names") }
    guard let tags = strings("tags") else { return problem("$.tags", "expected an array of strings") }
    var context = JSONObject()
    if let value = object["context"] {
      guard let parsed = value.objectValue else { return problem("$.context", "expected an object") }
      context = parsed
    }
    return .success(
      LabelledRequest(
        query: query, id: id, language: language, intent: intent, arguments: arguments, ignore: ignore ?? [], tags: tags ?? [], context: context,
        source: file, line: line))
  }
}
