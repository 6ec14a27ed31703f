import IntentBridgeJSON

/// Collects an importer's warnings and the values it keeps under `source.raw`.
///
/// Every value that cannot be mapped goes through `keep`, which stores it at a key path
/// inside `source.raw` and emits one warning naming the value's path in the input, so
/// nothing is dropped silently.
struct ImportRecorder {
  private(set) var warnings: [ImportWarning] = []
  private var raw = JSONObject()
  /// Values whose raw location was already taken (only with duplicate ids in the input).
  private var unplaced: [JSONValue] = []

  mutating func warn(_ path: JSONPath, _ message: String) {
    warnings.append(ImportWarning(path: path, message: message))
  }

  /// A warning located in a text input.
  mutating func warn(_ location: FileLocation, _ message: String) {
    warnings.append(ImportWarning(path: .root, message: message, location: location))
  }

  /// Stores `value` under `source.raw` at `rawKeys` and warns at a text location.
  mutating func keep(_ value: JSONValue, at rawKeys: [String], location: FileLocation, reason: String) {
    keep(value, at: rawKeys, issues: [ImportIssue(path: .root, message: reason, location: location)])
  }

  /// Stores `value` under `source.raw` at `rawKeys` and warns at `path`:
  /// "`reason`; kept under source.raw.…".
  mutating func keep(_ value: JSONValue, at rawKeys: [String], from path: JSONPath, reason: String) {
    keep(value, at: rawKeys, issues: [ImportIssue(path: path, message: reason)])
  }

  /// Stores `value` once and emits one warning per issue (several problems in one value,
  /// such as a parameter's value type, each at its own path).
  mutating func keep(_ value: JSONValue, at rawKeys: [String], issues: [ImportIssue]) {
    guard !issues.isEmpty else { return }
    let location: String
    if Self.insert(value, at: rawKeys[...], into: &raw) {
      location = "kept under \(Self.rawLocation(rawKeys))"
    } else {
      unplaced.append(["path": .string(Self.rawLocation(rawKeys)), "value": value])
      location = "kept in source.raw[\"#unplaced\"] because \(Self.rawLocation(rawKeys)) was already taken"
    }
    for issue in issues {
      warnings.append(ImportWarning(path: issue.path, message: "\(issue.message); \(location)", location: issue.location))
    }
  }

  /// The collected `source.raw` object.
  var rawObject: JSONObject {
    var result = raw
    if !unplaced.isEmpty {
      var key = "#unplaced"
      while result.contains(key: key) { key += "_" }
      result[key] = .array(unplaced)
    }
    return result
  }

  /// `source.raw.actions.OpenMoonIntent.outputFlags`, quoting keys that are not identifiers.
  static func rawLocation(_ rawKeys: [String]) -> String {
    "source.raw" + JSONPath(rawKeys.map { .key($0) }).description.dropFirst()
  }

  /// Inserts `value` at the key path, creating objects on the way; false if the place is
  /// taken or an intermediate value is not an object.
  private static func insert(_ value: JSONValue, at keys: ArraySlice<String>, into object: inout JSONObject) -> Bool {
    guard let key = keys.first else { return false }
    if keys.count == 1 {
      guard !object.contains(key: key) else { return false }
      object[key] = value
      return true
    }
    var child: JSONObject
    switch object[key] {
    case nil: child = JSONObject()
    case .object(let existing)?: child = existing
    default: return false
    }
    guard insert(value, at: keys.dropFirst(), into: &child) else { return false }
    object[key] = .object(child)
    return true
  }
}

/// One problem with a value, located in the input document.
struct ImportIssue {
  var path: JSONPath
  var message: String
  var location: FileLocation? = nil
}

/// The members of one input object while it is being mapped: remembers which members
/// were consumed so that the rest can be kept raw at the end.
struct Members {
  let object: JSONObject
  /// Where the object sits in the input document.
  let path: JSONPath
  /// Where its unmapped members go inside `source.raw`.
  let rawKeys: [String]
  private var used: Set<String> = []

  init(_ object: JSONObject, path: JSONPath, rawKeys: [String]) {
    self.object = object
    self.path = path
    self.rawKeys = rawKeys
  }

  /// The member's value, marking it as handled.
  mutating func take(_ key: String) -> JSONValue? {
    used.insert(key)
    return object[key]
  }

  /// Members nobody took, in input order.
  var untaken: [(key: String, value: JSONValue)] {
    object.filter { !used.contains($0.key) }
  }
}

extension JSONValue {
  /// `[]`, `{}`, `""` and `null` carry no information and are dropped without a warning.
  var isEmptyValue: Bool {
    switch self {
    case .null: return true
    case .string(let s): return s.isEmpty
    case .array(let a): return a.isEmpty
    case .object(let o): return o.isEmpty
    default: return false
    }
  }

  /// A short description for messages: scalars verbatim (long strings cut), containers
  /// by size, so that messages stay one line whatever the input.
  var briefDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .integer(let i): return String(i)
    case .number(let d): return JSONWriter.formatDouble(d)
    case .string(let s):
      let cut = s.count > 60 ? String(s.prefix(57)) + "…" : s
      return JSONWriter.quoted(cut)
    case .array(let a): return a.count == 1 ? "an array of 1 element" : "an array of \(a.count) elements"
    case .object(let o):
      if o.isEmpty { return "an empty object" }
      let keys = o.keys.prefix(3).map { JSONWriter.quoted($0) }.joined(separator: ", ")
      return "an object {\(keys)\(o.count > 3 ? ", …" : "")}"
    }
  }

  /// "found integer 5", "found an array of 2 elements".
  var foundDescription: String {
    switch self {
    case .null: return "found null"
    case .array, .object: return "found " + briefDescription
    default: return "found \(typeName) \(briefDescription)"
    }
  }
}
