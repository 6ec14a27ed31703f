import IntentBridgeJSON
import IntentBridgeText

/// A problem found while reading, validating or linting a catalog.
///
/// Rendered like a compiler message, so editors can jump to it:
///
///     Examples/notes/notes.en.json:12:17: error: unknown type reference {"enum": "Priorty"} [unknown-type-reference]
///       at $.intents[0].parameters[2].type
///       fix: declare an enum with id "Priorty" in "enums", or use one of: NotePriority
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is; the raw value is its spelling in output. Sorts most serious
  /// first.
  public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// The catalog cannot be used: loading fails (`CatalogLoadResult.validCatalog` is nil).
    case error
    /// The catalog loads, but the problem is worth fixing; `intentbridge lint --strict` treats
    /// it as an error.
    case warning
    /// Information only; no catalog check reports it.
    case note

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .note: 2
      }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// How serious the problem is.
  public var severity: Severity
  /// Stable rule id (`unknown-field`, `duplicate-intent-id`, …); see `DiagnosticRule`.
  public var rule: String
  /// What is wrong, naming the value and what was expected.
  public var message: String
  /// How to fix it, one line.
  public var hint: String?
  /// The JSON path of the offending value (or of the object that lacks a field); nil when the
  /// problem has no place in the document (a catalog file that cannot be read or parsed).
  public var path: JSONPath?
  /// The catalog file, as given to the loader; nil for a catalog loaded from memory without a
  /// file name.
  public var file: String?
  /// The line and column of the offending value in `file`; nil when unknown (the loader finds
  /// it from `path` for a catalog read from a file or from bytes, not for a parsed document).
  public var location: SourceLocation?
  /// Where the offending value came from in an imported input (`Trails/StartHike.swift:14:19`),
  /// from the catalog's `source.locations`.
  public var origin: String?

  /// A diagnostic with no `origin`; `rule` is a `DiagnosticRule` raw value.
  public init(
    _ severity: Severity, rule: String, _ message: String, hint: String? = nil, path: JSONPath? = nil,
    file: String? = nil, location: SourceLocation? = nil
  ) {
    self.severity = severity
    self.rule = rule
    self.message = message
    self.hint = hint
    self.path = path
    self.file = file
    self.location = location
  }

  public var description: String {
    var head = ""
    if let file {
      head += file
      if let location { head += ":\(location.line):\(location.column)" }
      head += ": "
    } else if let location {
      head += "\(location.line):\(location.column): "
    }
    var text = "\(head)\(severity.rawValue): \(message) [\(rule)]"
    if let path, !path.components.isEmpty { text += "\n  at \(path)" }
    if let origin { text += "\n  from \(origin)" }
    if let hint { text += "\n  fix: \(hint)" }
    return text
  }

  /// The diagnostic as a JSON object (for `--json` output), keys in a fixed order.
  public var jsonValue: JSONValue {
    var object = JSONObject()
    object["severity"] = .string(severity.rawValue)
    object["rule"] = .string(rule)
    object["message"] = .string(message)
    if let hint { object["hint"] = .string(hint) }
    if let file { object["file"] = .string(file) }
    if let location {
      object["line"] = .integer(Int64(location.line))
      object["column"] = .integer(Int64(location.column))
    }
    if let path { object["path"] = .string(path.description) }
    if let origin { object["origin"] = .string(origin) }
    return .object(object)
  }
}

extension Array where Element == Diagnostic {
  public var hasErrors: Bool { contains { $0.severity == .error } }
  public var errors: [Diagnostic] { filter { $0.severity == .error } }
  public var warnings: [Diagnostic] { filter { $0.severity == .warning } }

  /// Sorted for output: by file, then location (or path), then rule; stable otherwise.
  public func sortedForOutput() -> [Diagnostic] {
    enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.file != y.file { return (x.file ?? "") < (y.file ?? "") }
      switch (x.location, y.location) {
      case (let l?, let r?) where l != r: return l < r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.offset < b.offset
      }
    }.map(\.element)
  }
}
