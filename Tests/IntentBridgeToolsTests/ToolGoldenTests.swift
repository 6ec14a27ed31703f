import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeTools
import Testing

/// Golden files pin the bytes of every dialect. Re-record with INTENTBRIDGE_RECORD_GOLDEN=1.
@Suite struct ToolGoldenTests {
  /// (label, dialect, strict)
  static let variants: [(String, ToolDialect, Bool)] = [
    ("mcp", .mcp, false), ("openai", .openai, false), ("openai-strict", .openai, true), ("anthropic", .anthropic, false),
    ("gemini", .gemini, false), ("generation-schema", .generationSchema, false),
  ]

  static func load(_ relative: String) throws -> Catalog {
    let result = CatalogLoader.load(path: Repository.path(relative))
    guard let catalog = result.validCatalog else {
      throw TestFailure("\(relative) did not load: \(result.diagnostics.errors.map(\.description))")
    }
    return catalog
  }

  static func render(_ catalog: Catalog, _ dialect: ToolDialect, strict: Bool, language: String? = nil) -> String {
    JSONWriter.pretty(dialect.render(ToolDefinitionBuilder(catalog: catalog, language: language).tools(), strict: strict))
  }

  @Test(arguments: ["en", "fi", "sk"])
  func notesCatalogGoldens(_ language: String) throws {
    let catalog = try Self.load("Examples/notes/notes.\(language).json")
    for (label, dialect, strict) in Self.variants {
      let text = Self.render(catalog, dialect, strict: strict)
      if let difference = Repository.compareGolden(text, file: "Tests/IntentBridgeToolsTests/Golden/notes.\(language).\(label).json") {
        Issue.record(Comment(rawValue: difference))
      }
    }
  }

  /// The smart-home catalogs are pinned by a manifest of SHA-256 digests (one line per
  /// catalog and dialect) so that the repository does not carry a golden file per dialect.
  @Test func smartHomeManifest() throws {
    var lines: [String] = []
    for path in Repository.files(in: "Examples/smart-home", suffix: ".json") {
      let relative = String(path.dropFirst(Repository.root.count + 1))
      let catalog = try Self.load(relative)
      for (label, dialect, strict) in Self.variants {
        let text = Self.render(catalog, dialect, strict: strict)
        lines.append("\(SHA256.hex(Array(text.utf8)))  \(relative) \(label)")
      }
    }
    #expect(lines.count == 6 * Self.variants.count, "five one-language catalogs and the merged one")
    if let difference = Repository.compareGolden(lines.joined(separator: "\n") + "\n", file: "Tests/IntentBridgeToolsTests/Golden/smart-home.sha256")
    {
      Issue.record(Comment(rawValue: difference))
    }
  }

  @Test func outputIsIdenticalAcrossRuns() throws {
    let catalog = try Self.load("Examples/smart-home/smart-home.de.json")
    for (_, dialect, strict) in Self.variants {
      let first = Self.render(catalog, dialect, strict: strict)
      let again = Self.render(try Self.load("Examples/smart-home/smart-home.de.json"), dialect, strict: strict)
      #expect(first == again)
    }
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
