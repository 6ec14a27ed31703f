import FoundationEssentials
import IntentBridgeJSON

/// The outcome of loading a catalog: the catalog (when it could be built) and every diagnostic.
public struct CatalogLoadResult: Sendable {
  /// Present unless the document could not be read or parsed; check `diagnostics.hasErrors`
  /// before using it.
  public var catalog: Catalog?
  public var diagnostics: [Diagnostic]

  /// The catalog when there are no errors.
  public var validCatalog: Catalog? { diagnostics.hasErrors ? nil : catalog }
}

/// Reads catalog files: parse (strict JSON), decode (types, fields, defaults), validate
/// (references, duplicates, templates, defaults). Diagnostics get file:line:column.
///
/// Limits protect against hostile input: 64 MiB per file, 256 levels of nesting.
public enum CatalogLoader {
  public static let maximumFileSize = 64 << 20

  /// Loads and validates the catalog at `path`; with `lint`, also runs the warning rules
  /// (`CatalogLinter`) when there are no errors. Diagnostics get line:column.
  public static func load(path: String, lint: Bool = false) -> CatalogLoadResult {
    switch readFile(path) {
    case .failure(let failure):
      return CatalogLoadResult(
        catalog: nil,
        diagnostics: [
          Diagnostic(.error, rule: DiagnosticRule.unreadableFile.rawValue, "cannot read catalog: \(failure.reason)", hint: "check the path", file: path)
        ])
    case .success(let bytes):
      return load(bytes: bytes, file: path, lint: lint)
    }
  }

  /// Loads and validates a catalog from bytes; `file` names it in diagnostics and anchors
  /// relative `instancesFile` paths.
  public static func load(bytes: [UInt8], file: String? = nil, lint: Bool = false) -> CatalogLoadResult {
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes: bytes)
    } catch {
      return CatalogLoadResult(
        catalog: nil,
        diagnostics: [
          Diagnostic(
            .error, rule: DiagnosticRule.jsonSyntax.rawValue, error.message, hint: DiagnosticRule.jsonSyntax.hint, file: file,
            location: error.location)
        ])
    }
    var result = load(document: document, file: file)
    if lint, let catalog = result.catalog, !result.diagnostics.hasErrors {
      result.diagnostics += CatalogLinter(catalog: catalog, file: file).lint()
    }
    SourceOrigins.attach(to: &result.diagnostics, source: document["source"])
    if !result.diagnostics.isEmpty {
      // Only on the error path: parse again recording where each value starts.
      if let (_, locations) = try? JSONParser.parseWithLocations(bytes: bytes) {
        for i in result.diagnostics.indices where result.diagnostics[i].location == nil {
          guard var path = result.diagnostics[i].path else { continue }
          while true {
            if let location = locations[path] {
              result.diagnostics[i].location = location
              break
            }
            guard !path.components.isEmpty else { break }
            path.components.removeLast()
          }
        }
      }
    }
    return result
  }

  /// Decodes and validates an already parsed catalog document.
  public static func load(document: JSONValue, file: String? = nil) -> CatalogLoadResult {
    let directory = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "."
    var decoder = CatalogDecoder(file: file) { relative in
      readFile(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }
    var catalog = decoder.decode(document)
    var diagnostics = decoder.diagnostics
    if let decoded = catalog { catalog?.contentHash = contentHash(document: document, catalog: decoded) }
    if let catalog {
      var validator = CatalogValidator(catalog: catalog, file: file)
      diagnostics += validator.validate()
    }
    SourceOrigins.attach(to: &diagnostics, source: document["source"])
    return CatalogLoadResult(catalog: catalog, diagnostics: diagnostics)
  }

  /// See `Catalog.contentHash`.
  static func contentHash(document: JSONValue, catalog: Catalog) -> String {
    var text = JSONWriter.compact(document)
    for entity in catalog.entities where entity.instancesFile != nil {
      var instances: [JSONValue] = []
      for instance in entity.instances {
        instances.append([
          .string(instance.id), .string(instance.title?.resolved() ?? ""), .array(instance.synonyms.allItems.map(JSONValue.string)),
          .object(instance.properties),
        ])
      }
      text += "\n" + entity.id + "\n" + JSONWriter.compact(.array(instances))
    }
    return SHA256.hex(Array(text.utf8))
  }

  static func readFile(_ path: String) -> Result<[UInt8], CatalogFileError> {
    let url = URL(fileURLWithPath: path)
    var isDirectory = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory {
      return .failure(CatalogFileError(reason: "\(path) is a directory, expected a JSON file"))
    }
    do {
      let data = try Data(contentsOf: url)
      guard data.count <= maximumFileSize else {
        return .failure(CatalogFileError(reason: "\(path) is \(data.count) bytes; the limit is \(maximumFileSize) bytes"))
      }
      return .success([UInt8](data))
    } catch {
      if !FileManager.default.fileExists(atPath: path) {
        return .failure(CatalogFileError(reason: "no such file: \(path)"))
      }
      return .failure(CatalogFileError(reason: "\(path): \(error)"))
    }
  }
}
