import IntentBridgeJSON
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The outcome of loading a catalog: the catalog (when it could be built) and every diagnostic.
public struct CatalogLoadResult: Sendable {
  /// Present unless the document could not be read or parsed; check `diagnostics.hasErrors`
  /// before using it.
  public var catalog: Catalog?
  /// Every diagnostic of reading, decoding, validation and (when asked for) lint, in the order
  /// they were found; `sortedForOutput()` orders them for people.
  public var diagnostics: [Diagnostic]

  /// The catalog when there are no errors.
  public var validCatalog: Catalog? { diagnostics.hasErrors ? nil : catalog }
}

/// A catalog file read, parsed and decoded but not yet validated (`CatalogLoader.decode`);
/// `CatalogLoader.validate` finishes the load. Work on `catalog` may start while it is
/// validated, as long as its result is used only when the validation finds no error.
public struct DecodedCatalog: Sendable {
  /// The decoded catalog with its content hash; nil when the file could not be read or parsed.
  public let catalog: Catalog?
  /// The diagnostics of reading, parsing and decoding.
  public let diagnostics: [Diagnostic]
  let file: String?
  /// The file's bytes, to locate diagnostics (nil for a document decoded in memory).
  fileprivate(set) var bytes: [UInt8]?
  /// The parsed document (nil when it did not parse).
  let document: JSONValue?
}

/// Reads catalog files: parse (strict JSON), decode (types, fields, defaults), validate
/// (references, duplicates, templates, defaults). Diagnostics get file:line:column.
///
/// Limits protect against hostile input: 64 MiB per file, 256 levels of nesting.
public enum CatalogLoader {
  /// The largest catalog or instances file read, in bytes (64 MiB); a larger file is an
  /// `unreadable-file` error.
  public static let maximumFileSize = 64 << 20

  /// Loads and validates the catalog at `path`; with `lint`, also runs the warning rules
  /// (`CatalogLinter`) when there are no errors. Diagnostics get line:column.
  public static func load(path: String, lint: Bool = false) -> CatalogLoadResult {
    validate(decode(path: path), lint: lint)
  }

  /// Loads and validates a catalog from bytes; `file` names it in diagnostics and anchors
  /// relative `instancesFile` paths.
  public static func load(bytes: [UInt8], file: String? = nil, lint: Bool = false) -> CatalogLoadResult {
    validate(decode(bytes: bytes, file: file), lint: lint)
  }

  /// Decodes and validates an already parsed catalog document.
  public static func load(document: JSONValue, file: String? = nil) -> CatalogLoadResult {
    validate(decode(document: document, file: file))
  }

  /// Reads, parses and decodes the catalog at `path` (with its content hash), without
  /// validating it: `validate` finishes the load.
  public static func decode(path: String) -> DecodedCatalog {
    switch readFile(path) {
    case .failure(let failure):
      let unreadable = Diagnostic(
        .error, rule: DiagnosticRule.unreadableFile.rawValue, "cannot read catalog: \(failure.reason)", hint: "check the path", file: path)
      return DecodedCatalog(catalog: nil, diagnostics: [unreadable], file: path, bytes: nil, document: nil)
    case .success(let bytes):
      return decode(bytes: bytes, file: path)
    }
  }

  /// Parses and decodes a catalog from bytes, without validating it.
  public static func decode(bytes: [UInt8], file: String? = nil) -> DecodedCatalog {
    do {
      var decoded = decode(document: try JSONParser.parse(bytes: bytes), file: file)
      decoded.bytes = bytes
      return decoded
    } catch {
      let syntax = Diagnostic(
        .error, rule: DiagnosticRule.jsonSyntax.rawValue, error.message, hint: DiagnosticRule.jsonSyntax.hint, file: file,
        location: error.location)
      return DecodedCatalog(catalog: nil, diagnostics: [syntax], file: file, bytes: bytes, document: nil)
    }
  }

  /// Decodes an already parsed catalog document, without validating it.
  public static func decode(document: JSONValue, file: String? = nil) -> DecodedCatalog {
    let directory = file.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } ?? "."
    var decoder = CatalogDecoder(file: file) { relative in
      readFile(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }
    var catalog = decoder.decode(document)
    if let decoded = catalog { catalog?.contentHash = contentHash(document: document, catalog: decoded) }
    return DecodedCatalog(catalog: catalog, diagnostics: decoder.diagnostics, file: file, bytes: nil, document: document)
  }

  /// Finishes loading `decoded`: validates its catalog (references, duplicates, templates,
  /// defaults); with `lint`, also runs the warning rules when there are no errors. Each
  /// diagnostic gets the source it was imported from and, for a catalog read from bytes,
  /// its line:column.
  /// - Complexity: O(catalog size); the validation is about half of a load.
  public static func validate(_ decoded: DecodedCatalog, lint: Bool = false) -> CatalogLoadResult {
    var result = CatalogLoadResult(catalog: decoded.catalog, diagnostics: decoded.diagnostics)
    guard let document = decoded.document else { return result }
    if let catalog = decoded.catalog {
      var validator = CatalogValidator(catalog: catalog, file: decoded.file)
      result.diagnostics += validator.validate()
    }
    if lint, let catalog = result.catalog, !result.diagnostics.hasErrors {
      result.diagnostics += CatalogLinter(catalog: catalog, file: decoded.file).lint()
    }
    SourceOrigins.attach(to: &result.diagnostics, source: document["source"])
    if let bytes = decoded.bytes, !result.diagnostics.isEmpty {
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

  /// Reads a catalog (or instances) file of at most `maximumFileSize` bytes, under
  /// `FileReader`'s policy: a regular file over the limit is refused by its size, unread (a
  /// 235 MB file was read whole before); a pipe is read up to one byte past the limit.
  static func readFile(_ path: String) -> Result<[UInt8], CatalogFileError> {
    do {
      return .success(try FileReader.read(path, what: "a catalog", limit: maximumFileSize, streams: true))
    } catch {
      return .failure(CatalogFileError(reason: error.description))
    }
  }
}
