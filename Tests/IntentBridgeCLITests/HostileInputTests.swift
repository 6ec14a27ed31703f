import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// Bad and hostile input at the command line: a clear error (file, line:column or field,
/// what was expected), never a crash or silent data loss.
@Suite struct HostileInputTests {
  let notes = Repository.path("Examples/notes/notes.en.json")

  /// A fresh folder for one test's files, removed afterwards by `defer`.
  static func scratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The notes catalog with a phrase template nested 6,000 groups deep added to its first intent.
  func deepTemplateCatalog(in directory: URL) throws -> String {
    var catalog = try JSONParser.parse(Repository.readText(notes)).objectValue ?? [:]
    var intents = catalog["intents"]?.arrayValue ?? []
    var first = intents[0].objectValue ?? [:]
    var phrases = first["phrases"]?.arrayValue ?? []
    phrases.append(.string(String(repeating: "(", count: 6000) + "note" + String(repeating: ")", count: 6000)))
    first["phrases"] = .array(phrases)
    intents[0] = .object(first)
    catalog["intents"] = .array(intents)
    let path = directory.appendingPathComponent("deep.json").path
    try Data(JSONValue.object(catalog).prettyText.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func deepTemplateIsALintErrorNamingTheTemplateAndTheLimit() throws {
    let directory = try Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = try deepTemplateCatalog(in: directory)
    let lint = CapturedRun(["lint", catalog])
    #expect(lint.status == 65, "\(lint.out)\(lint.err)")
    let report = lint.out + lint.err
    #expect(report.contains("[template-syntax]") && report.contains("deeper than 32 levels"), "\(report.prefix(2000))")
    #expect(report.contains("$.intents[0].phrases["), "the template is named by its JSON path")
    #expect(report.count < 4000, "the 12,000-character template is quoted by its beginning")
    for command in [["rank", catalog, "add a note", "--no-embeddings"], ["resolve", catalog, "add a note", "--no-embeddings"]] {
      let run = CapturedRun(command)
      #expect(run.status == 65, "\(command[0]): \(run.err)")
      #expect(run.err.contains("deeper than 32 levels"), "\(command[0]): \(run.err.prefix(2000))")
    }
  }
}
