import Foundation
import IntentBridgeCatalog
import IntentBridgeEmbedding
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeTestSupport
import Testing

/// A load reads the index file while it validates the catalog: an invalid catalog is still
/// reported as such (before a missing model or an unknown language), whatever index file
/// lies beside it, and an index file is used only for a valid catalog.
@Suite struct LoadOrderTests {
  /// A copy of the notes example in a new temporary folder with its index file built, then
  /// the catalog edited by `edit` (nil: left valid).
  static func indexedCopy(edit: ((inout String) -> Void)? = nil) throws -> (folder: URL, catalog: String) {
    let (folder, catalog) = try StoredCompiledCatalogTests.copy("Examples/notes/notes.en.json")
    _ = try IntentEngine.load(catalogPath: catalog)
    #expect(FileManager.default.fileExists(atPath: IndexFile.path(forCatalog: catalog, language: "en")))
    if let edit {
      var text = try String(contentsOfFile: catalog, encoding: .utf8)
      edit(&text)
      try text.write(toFile: catalog, atomically: true, encoding: .utf8)
    }
    return (folder, catalog)
  }

  /// The notes catalog with a phrase naming a parameter the intent lacks: it decodes, and
  /// only the validation refuses it.
  static func breakPhrase(_ text: inout String) {
    let phrase = "take a note ${title}"
    #expect(text.contains(phrase))
    text = text.replacingOccurrences(of: phrase, with: "take a note ${noSuchParameter}")
  }

  static func load(_ catalog: String, options: IntentEngine.Options = IntentEngine.Options()) -> Result<IntentEngine, IntentEngine.LoadError> {
    do throws(IntentEngine.LoadError) {
      return .success(try IntentEngine.load(catalogPath: catalog, options: options))
    } catch {
      return .failure(error)
    }
  }

  static func isInvalidCatalog(_ result: Result<IntentEngine, IntentEngine.LoadError>) -> Bool {
    if case .failure(.invalidCatalog(let diagnostics)) = result { return diagnostics.hasErrors }
    return false
  }

  @Test func anInvalidCatalogBesideItsIndexFileIsReportedAsInvalid() throws {
    let (folder, catalog) = try Self.indexedCopy(edit: Self.breakPhrase)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = Self.load(catalog)
    #expect(Self.isInvalidCatalog(result), "\(result)")
    if case .failure(.invalidCatalog(let diagnostics)) = result {
      #expect(diagnostics.errors.contains { $0.description.contains("noSuchParameter") }, "\(diagnostics)")
    }
  }

  @Test func anInvalidCatalogIsReportedBeforeAMissingModelOrAnUnknownLanguage() throws {
    let (folder, catalog) = try Self.indexedCopy(edit: Self.breakPhrase)
    defer { try? FileManager.default.removeItem(at: folder) }
    var noModel = IntentEngine.Options()
    noModel.embedding = .staticModel(directory: folder.appendingPathComponent("no-model").path)
    #expect(Self.isInvalidCatalog(Self.load(catalog, options: noModel)))
    var otherLanguage = IntentEngine.Options()
    otherLanguage.language = "xx"
    #expect(Self.isInvalidCatalog(Self.load(catalog, options: otherLanguage)))
  }

  @Test func aValidCatalogReportsTheMissingModelOrTheUnknownLanguage() throws {
    let (folder, catalog) = try Self.indexedCopy()
    defer { try? FileManager.default.removeItem(at: folder) }
    var noModel = IntentEngine.Options()
    noModel.embedding = .staticModel(directory: folder.appendingPathComponent("no-model").path)
    let missing = Self.load(catalog, options: noModel)
    guard case .failure(let error) = missing, !Self.isInvalidCatalog(missing) else {
      Issue.record("expected a model error, got \(missing)")
      return
    }
    #expect("\(error)".contains("no-model") || "\(error)".contains("model"), "\(error)")
    var otherLanguage = IntentEngine.Options()
    otherLanguage.language = "xx"
    let unknown = Self.load(catalog, options: otherLanguage)
    guard case .failure(.unknownLanguage(let requested, _)) = unknown else {
      Issue.record("expected an unknown language, got \(unknown)")
      return
    }
    #expect(requested == "xx")
    // And the index file beside it is used when all is well.
    #expect(try IntentEngine.load(catalogPath: catalog).compiled.isReadFromIndexFile)
  }

  /// `.automatic` reads the catalog before it chooses the model, then loads the model beside
  /// the validation: the same order of errors, and the index file of the model it chose.
  @Test func theAutomaticChoiceReportsInTheSameOrder() throws {
    var automatic = IntentEngine.Options()
    automatic.embedding = .automatic
    let (brokenFolder, broken) = try Self.indexedCopy(edit: Self.breakPhrase)
    defer { try? FileManager.default.removeItem(at: brokenFolder) }
    #expect(Self.isInvalidCatalog(Self.load(broken, options: automatic)))
    var automaticOtherLanguage = automatic
    automaticOtherLanguage.language = "xx"
    #expect(Self.isInvalidCatalog(Self.load(broken, options: automaticOtherLanguage)))

    let (folder, catalog) = try Self.indexedCopy()
    defer { try? FileManager.default.removeItem(at: folder) }
    let unknown = Self.load(catalog, options: automaticOtherLanguage)
    guard case .failure(.unknownLanguage(let requested, _)) = unknown else {
      Issue.record("expected an unknown language, got \(unknown)")
      return
    }
    #expect(requested == "xx")
    // A template grammar: the static model, whose index file the first load wrote.
    let engine = try IntentEngine.load(catalogPath: catalog, options: automatic)
    #expect(engine.compiled.isReadFromIndexFile)
    #expect(engine.embedder is StaticEmbeddingModel)
    #expect(engine.rank("add a note to buy milk").candidates.first?.intentID == "AddNoteIntent")
  }
}
