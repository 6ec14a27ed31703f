import IntentBridgeJSON

/// What an importer produced: a catalog v1 document plus everything it could not map.
///
/// Importers never fail and never drop data silently: a value they cannot express in the
/// catalog is kept under `source.raw` of the catalog and reported as a warning.
public struct ImportResult: Sendable {
  /// The catalog v1 JSON document (an object; keys in the order docs/CATALOG.md lists them).
  public var catalog: JSONValue
  /// What could not be mapped, or was mapped with a fallback, in the order it was found.
  public var warnings: [ImportWarning]
  /// Set when the document is not of the importer's kind at all (`{"foo": 1}` given as a
  /// tool list): the catalog then has no intents, and `intentbridge import` exits 65 with
  /// this message instead of writing it.
  public var notRecognized: ImportWarning?

  /// A result; `notRecognized` is nil unless the input is not of the importer's kind.
  public init(catalog: JSONValue, warnings: [ImportWarning], notRecognized: ImportWarning? = nil) {
    self.catalog = catalog
    self.warnings = warnings
    self.notRecognized = notRecognized
  }
}

/// One thing an importer could not map faithfully, located in the *input*: a JSON path for
/// JSON inputs, a file location for text inputs (Swift sources, String Catalogs).
///
///     $.actions.OpenMoonIntent.outputFlags: unknown integer field 'outputFlags' = 8 has no
///     catalog equivalent; kept under source.raw.actions.OpenMoonIntent.outputFlags
///     Trails/StartHike.swift:14:19: the title is computed …; kept under source.raw.intents.StartHike.title
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
  /// Where the value sits in the input document (`$` for the document itself, and for text inputs).
  public var path: JSONPath
  /// What happened to it, naming the value, and where it was kept.
  public var message: String
  /// `file:line:column` in a text input.
  public var location: FileLocation?

  /// A warning at `path` in a JSON input, or at `location` in a text input.
  public init(path: JSONPath, message: String, location: FileLocation? = nil) {
    self.path = path
    self.message = message
    self.location = location
  }

  public var description: String { "\(location?.description ?? path.description): \(message)" }
}
