import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTools
import Testing

@Suite struct ArgumentValidatorTests {
  static func validate(_ arguments: JSONValue) throws -> [ArgumentError] {
    let catalog = try ToolDefinitionTests.catalog()
    guard let intent = catalog.intent(id: "AddNoteIntent") else { throw TestFailure("intent missing") }
    return ArgumentValidator(catalog: catalog).validate(arguments, for: intent)
  }

  @Test func acceptsAValidCall() throws {
    #expect(try Self.validate(["title": "Milk", "priority": "high", "due": "2026-12-01", "limit": 5.0, "tags": ["a"]]).isEmpty)
  }

  struct Case: Sendable, CustomStringConvertible {
    var arguments: JSONValue
    var argument: String
    var path: String
    var fragment: String
    var example: JSONValue?
    var description: String { arguments.compactText }
  }

  @Test(arguments: [
    Case(arguments: [:], argument: "title", path: "$.title", fragment: "missing required argument \"title\"", example: "text"),
    Case(arguments: ["title": 5], argument: "title", path: "$.title", fragment: "expected string", example: "text"),
    Case(arguments: ["title": "x", "priority": "urgentt"], argument: "priority", path: "$.priority", fragment: "urgentt", example: "low"),
    Case(arguments: ["title": "x", "limit": 0], argument: "limit", path: "$.limit", fragment: "0", example: 10),
    Case(arguments: ["title": "x", "limit": 2.5], argument: "limit", path: "$.limit", fragment: "integer", example: 10),
    Case(arguments: ["title": "x", "due": "2026-02-30"], argument: "due", path: "$.due", fragment: "date", example: "2026-01-31"),
    Case(arguments: ["title": "x", "tags": ["a", 1]], argument: "tags", path: "$.tags[1]", fragment: "expected string", example: "text"),
    Case(arguments: ["title": "x", "tags": ["1", "2", "3", "4", "5", "6"]], argument: "tags", path: "$.tags", fragment: "6", example: ["text"]),
    Case(arguments: ["title": "x", "link": "not a url"], argument: "link", path: "$.link", fragment: "URI", example: "https://example.com"),
    Case(arguments: ["title": "x", "colour": "red"], argument: "colour", path: "$.colour", fragment: "unknown argument \"colour\"", example: nil),
    Case(arguments: ["titel": "x"], argument: "titel", path: "$.titel", fragment: "did you mean \"title\"", example: nil),
  ])
  func reportsArgumentExpectedFormAndExample(_ testCase: Case) throws {
    let errors = try Self.validate(testCase.arguments)
    guard let error = errors.first(where: { $0.argument == testCase.argument }) else {
      Issue.record("no error for \(testCase.argument): \(errors)")
      return
    }
    #expect(error.path.description == testCase.path)
    #expect(error.message.contains(testCase.fragment), "\(error.message)")
    #expect(!error.expected.isEmpty)
    #expect(error.example == testCase.example)
  }

  @Test func rejectsNonObjects() throws {
    let errors = try Self.validate(["a", "b"])
    #expect(errors.count == 1)
    #expect(errors[0].message.contains("must be an object"))
  }

  @Test func examplesThemselvesValidate() throws {
    let catalog = try ToolDefinitionTests.catalog()
    let intent = try #require(catalog.intent(id: "AddNoteIntent"))
    let tool = ToolDefinitionBuilder(catalog: catalog).tool(for: intent)
    let example = JSONSchemaExample.example(for: .object(tool.inputSchema))
    #expect(ArgumentValidator(catalog: catalog).validate(example, for: intent).isEmpty, "\(example.compactText)")
  }
}
