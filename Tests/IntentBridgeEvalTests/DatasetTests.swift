import IntentBridgeEval
import IntentBridgeJSON
import Testing

@Suite struct DatasetTests {
  static func parse(_ text: String) -> Result<EvalDataset, EvalDataset.MultipleProblems> {
    EvalDataset.parse(bytes: Array(text.utf8), file: "set.jsonl")
  }

  @Test func rowsOfEveryShape() throws {
    let text = """
      {"query": "turn on the light", "id": "r1", "lang": "en", "intent": "TurnOn", "arguments": {"area": {"$anyOf": ["kitchen", "hall"]}}, "ignore": ["name"], "tags": ["clean"]}

      {"query": "what is the capital of peru", "intent": null}
      {"query": "stop", "intent": ["Stop", "Pause"], "context": {"area": "kitchen"}, "x-note": "kept"}
      """
    let dataset = try Self.parse(text).get()
    #expect(dataset.requests.count == 3)
    #expect(dataset.requests[0].intent == .anyOf(["TurnOn"]))
    #expect(dataset.requests[0].ignore == ["name"] && dataset.requests[0].tags == ["clean"] && dataset.requests[0].language == "en")
    #expect(dataset.requests[1].intent == .noMatch)
    #expect(dataset.requests[1].id == "set.jsonl:3")
    #expect(dataset.requests[2].intent.accepts("Pause") && !dataset.requests[2].intent.accepts(nil))
    #expect(dataset.requests[2].line == 4)
  }

  @Test(arguments: [
    (#"{"query": "x", "intent": "A""#, 1, "", "invalid JSON"),
    (#"["x"]"#, 1, "", "expected a JSON object"),
    (#"{"intent": "A"}"#, 1, "$.query", "missing"),
    (#"{"query": 5, "intent": "A"}"#, 1, "$.query", "expected a string"),
    (#"{"query": "x"}"#, 1, "$.intent", "missing"),
    (#"{"query": "x", "intent": 3}"#, 1, "$.intent", "found integer"),
    (#"{"query": "x", "intent": []}"#, 1, "$.intent", "non-empty array"),
    (#"{"query": "x", "intent": "A", "arguments": []}"#, 1, "$.arguments", "expected an object"),
    (#"{"query": "x", "intent": "A", "arguments": {"n": {"$anyOf": 5}}}"#, 1, "$.arguments.n", "$anyOf"),
    (#"{"query": "x", "intent": "A", "ignore": "n"}"#, 1, "$.ignore", "array of parameter names"),
    (#"{"query": "x", "intent": "A", "tags": [1]}"#, 1, "$.tags", "array of strings"),
    (#"{"query": "x", "intent": "A", "lang": ""}"#, 1, "$.lang", "BCP 47"),
    (#"{"query": "x", "intent": "A", "intnet": "B"}"#, 1, "$.intnet", "unknown field"),
  ])
  func badRowsAreNamed(row: String, line: Int, path: String, message: String) throws {
    guard case .failure(let failure) = Self.parse(row) else {
      Issue.record("accepted \(row)")
      return
    }
    let problem = try #require(failure.problems.first)
    #expect(problem.line == line)
    #expect(problem.path == path)
    #expect(problem.message.contains(message), "\(problem.message)")
    #expect(problem.description.hasPrefix("set.jsonl:\(line): error:"))
  }

  @Test func everyBadRowIsReportedAndEmptyFilesAreRefused() {
    guard case .failure(let failure) = Self.parse("{\"query\": \"a\", \"intent\": \"A\"}\nnope\n{\"intent\": null}\n") else {
      Issue.record("accepted a file with bad rows")
      return
    }
    #expect(failure.problems.map(\.line) == [2, 3])
    guard case .failure(let empty) = Self.parse("\n  \n") else {
      Issue.record("accepted an empty file")
      return
    }
    #expect(empty.problems.first?.message.contains("no rows") == true)
  }
}
