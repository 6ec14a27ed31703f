import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif
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

  /// Reads a catalog (or instances) file of at most `maximumFileSize` bytes. A regular file
  /// over the limit is refused by its size, unread (a 235 MB file was read whole before);
  /// other files (a pipe) are read up to one byte past the limit.
  static func readFile(_ path: String) -> Result<[UInt8], CatalogFileError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return .failure(CatalogFileError(reason: "no such file: \(path)")) }
      return .failure(CatalogFileError(reason: "\(path): \(String(cString: strerror(errno)))"))
    }
    defer { _ = close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(CatalogFileError(reason: "\(path): \(String(cString: strerror(errno)))")) }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { return .failure(CatalogFileError(reason: "\(path) is a directory, expected a JSON file")) }
    if type == S_IFREG, info.st_size > maximumFileSize {
      return .failure(CatalogFileError(reason: "\(path) is \(info.st_size) bytes; the limit is \(maximumFileSize) bytes"))
    }
    var bytes = [UInt8](repeating: 0, count: type == S_IFREG ? Int(info.st_size) + 1 : 1 << 16)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumFileSize + 1 - count)) }
      // `bytes` is never empty (at least one byte is asked for), so its base address exists.
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(CatalogFileError(reason: "\(path): \(String(cString: strerror(errno)))"))
      }
      if n == 0 { break }
      count += n
      if count > maximumFileSize {
        return .failure(CatalogFileError(reason: "\(path) is more than \(maximumFileSize) bytes; the limit is \(maximumFileSize) bytes"))
      }
    }
    return .success(Array(bytes[..<count]))
  }
}
