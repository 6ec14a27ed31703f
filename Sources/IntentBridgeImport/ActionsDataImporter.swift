import IntentBridgeJSON

/// Imports Xcode's App Intents metadata (`Metadata.appintents/extract.actionsdata`) into a
/// catalog v1 document.
///
///     let document = try JSONParser.parse(bytes: bytes)
///     let result = ActionsDataImporter.importCatalog(document, fileName: "extract.actionsdata")
///     print(result.catalog.prettyText)          // {"formatVersion": 1, "app": …, "intents": […], …}
///     for warning in result.warnings { print(warning) }
///
/// What maps where:
/// - `actions.<id>` → `intents[]` (title, description, search keywords, category, result name,
///   parameters, parameter summary, supported modes, visibility, authentication policy,
///   system protocols, schema, deprecation, returns);
/// - `enums[]` → `enums[]`; `entities.<type>` → `entities[]` with a `query.kind` inferred from
///   `queries`; `autoShortcuts[]` → `appShortcuts[]`; `negativePhrases[]` → `negativePhrases`;
/// - `generator` and `version` → `source.generator`; the module of the Swift type names → `app.name`.
///
/// The import never fails. Whatever has no catalog field (build plumbing such as
/// `outputFlags`, `presentationStyle`, parameter `capabilities`, query capabilities and
/// comparators, conditional parameter summaries) and every value of an unexpected type is
/// kept under `source.raw`, mirroring its place in the input (`source.raw.actions.<id>.<field>`,
/// parameters by name), and reported as an ``ImportWarning`` whose path points into the input.
/// Empty values (`[]`, `{}`, `""`, `null`), platform availability "everywhere", default
/// visibility and type names that agree with the identifier carry no information and are not kept.
public enum ActionsDataImporter {
  /// Converts a parsed `extract.actionsdata` document.
  ///
  /// - Parameters:
  ///   - document: the parsed file; any JSON value is accepted.
  ///   - fileName: the file's name, recorded as `source.upstream`.
  /// - Returns: the catalog (a JSON object whose keys are, in order, `formatVersion`, `app`,
  ///   `intents`, `enums`, `entities`, `appShortcuts`, `negativePhrases`, `source`) and the
  ///   warnings, in the order they were found.
  /// - Complexity: O(n) in the size of `document`.
  public static func importCatalog(_ document: JSONValue, fileName: String) -> ImportResult {
    var converter = ActionsDataConverter(fileName: fileName)
    let catalog = converter.convert(document)
    return ImportResult(catalog: catalog, warnings: converter.recorder.warnings, notRecognized: converter.notRecognized)
  }
}

/// The state of one import; the mapping of each section lives in its own file.
struct ActionsDataConverter {
  let fileName: String
  var recorder = ImportRecorder()
  /// Set when the document is no actionsdata at all (see `ImportResult.notRecognized`).
  var notRecognized: ImportWarning?
  /// Strings tables named by localized strings (`"table": "CRLAppIntents"`), in order seen.
  var stringTables: [String] = []
  /// Modules of the app's own type names, counted to name the app.
  var moduleCounts: [String: Int] = [:]
  var moduleOrder: [String] = []
  /// Type names of the entities in the file (to recognise copies embedded in actions).
  var entityTypeNames: Set<String> = []
  /// Entity id → its `defaultQueryIdentifier`, until `queries` resolves it.
  var pendingDefaultQueries: [String: (value: String, path: JSONPath)] = [:]

  init(fileName: String) { self.fileName = fileName }

  static let wildcardAvailability: JSONValue = ["LNPlatformNameWildcard": ["introducedVersion": "*"]]
  /// Modules that belong to the system, not to the app whose catalog this is.
  static let systemModules: Set<String> = ["AppIntents", "Swift", "Foundation", "_Concurrency", "__C"]

  mutating func convert(_ document: JSONValue) -> JSONValue {
    let root = JSONPath.root
    var generator: String?
    var bundleIdentifier: String?
    var intents: [JSONObject] = []
    var enums: [JSONObject] = []
    var entities: [JSONObject] = []
    var shortcuts: [JSONObject] = []
    var negativePhrases: [String] = []

    if case .object(let object) = document {
      var members = Members(object, path: root, rawKeys: [])
      if object.isEmpty {
        recorder.warn(
          root,
          "the document is an empty object; expected Xcode's extract.actionsdata with \"actions\", \"enums\" and \"entities\"; imported a catalog without intents"
        )
      } else if !object.contains(key: "actions") {
        recorder.warn(root, "the document has no \"actions\" member; imported a catalog without intents")
      }
      generator = generatorText(generator: members.take("generator"), version: members.take("version"))
      bundleIdentifier = string(members.take("bundleIdentifier"), path: root / "bundleIdentifier", rawKeys: ["bundleIdentifier"])
      enums = convertEnums(members.take("enums"))
      entities = convertEntities(members.take("entities"))
      intents = convertActions(members.take("actions"))
      attachQueries(members.take("queries"), to: &entities)
      shortcuts = convertShortcuts(members.take("autoShortcuts"), intents: &intents)
      negativePhrases = convertNegativePhrases(members.take("negativePhrases"))
      finish(members)
    } else {
      recorder.keep(
        document, at: ["document"], from: root,
        reason:
          "expected a JSON object (Xcode's extract.actionsdata) at the top level, \(document.foundDescription); imported a catalog without intents")
      notRecognized = ImportWarning(
        path: root, message: "expected a JSON object (Xcode's extract.actionsdata) at the top level, \(document.foundDescription)")
    }
    if !stringTables.isEmpty {
      let names = stringTables.map { JSONWriter.quoted($0) }.joined(separator: ", ")
      recorder.keep(
        .array(stringTables.map { .string($0) }), at: ["stringsTables"], from: root,
        reason: "localized strings name the strings tables \(names), whose translations are not in this file; their keys were imported as the text")
    }

    var app = JSONObject()
    app["name"] = .string(appName(bundleIdentifier: bundleIdentifier))
    if let bundleIdentifier { app["bundleIdentifier"] = .string(bundleIdentifier) }
    app["defaultLanguage"] = "en"

    var source = JSONObject()
    source["kind"] = "actionsdata"
    if let generator { source["generator"] = .string(generator) }
    source["upstream"] = .string(fileName)
    source["raw"] = .object(recorder.rawObject)

    var catalog = JSONObject()
    catalog["formatVersion"] = 1
    catalog["app"] = .object(app)
    catalog["intents"] = .array(intents.map { .object($0) })
    catalog["enums"] = .array(enums.map { .object($0) })
    catalog["entities"] = .array(entities.map { .object($0) })
    catalog["appShortcuts"] = .array(shortcuts.map { .object($0) })
    catalog["negativePhrases"] = .array(negativePhrases.map { .string($0) })
    catalog["source"] = .object(source)
    return .object(catalog)
  }

  // MARK: Provenance and app

  /// `"xcode-tools 17E6107 / metadata 1"` from `generator {name, version}` and `version`.
  private mutating func generatorText(generator: JSONValue?, version: JSONValue?) -> String? {
    var parts: [String] = []
    switch generator {
    case .object(let object)?:
      var members = Members(object, path: .root / "generator", rawKeys: ["generator"])
      let name = string(members.take("name"), path: members.path / "name", rawKeys: ["generator", "name"])
      let number = string(members.take("version"), path: members.path / "version", rawKeys: ["generator", "version"])
      let text = [name, number].compactMap { $0 }.joined(separator: " ")
      if !text.isEmpty { parts.append(text) }
      finish(members)
    case .string(let text)? where !text.isEmpty:
      parts.append(text)
    case nil, .null?:
      break
    case let other?:
      invalid(other, rawKeys: ["generator"], path: .root / "generator", expected: "an object {\"name\", \"version\"}")
    }
    switch version {
    case .integer(let number)?: parts.append("metadata \(number)")
    case .number(let number)?: parts.append("metadata \(JSONWriter.formatDouble(number))")
    case .string(let text)? where !text.isEmpty: parts.append("metadata \(text)")
    case nil, .null?: break
    case let other?:
      invalid(other, rawKeys: ["version"], path: .root / "version", expected: "the metadata format version (a number)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " / ")
  }

  /// The module most of the app's own type names live in (`Weather.OpenMoonIntent` →
  /// `Weather`); else the last part of the bundle identifier; else the file name.
  private mutating func appName(bundleIdentifier: String?) -> String {
    var best: String?
    for module in moduleOrder {
      // Ties go to the module seen first.
      if let current = best, moduleCounts[module, default: 0] <= moduleCounts[current, default: 0] { continue }
      best = module
    }
    if let best { return best }
    if let last = bundleIdentifier?.split(separator: ".").last, !last.isEmpty {
      recorder.warn(.root, "no Swift type names to take the app name from; used '\(last)' from the bundle identifier")
      return String(last)
    }
    var stem = Substring(fileName.split(separator: "/").last ?? "")
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
    let name = stem.isEmpty || stem == "extract" ? "App" : String(stem)
    recorder.warn(.root, "no Swift type names to take the app name from; named the app '\(name)'")
    return name
  }

  mutating func noteModule(ofTypeName typeName: String) {
    let parts = typeName.split(separator: ".")
    guard parts.count >= 2, let module = parts.first.map(String.init), !Self.systemModules.contains(module) else { return }
    if moduleCounts[module] == nil { moduleOrder.append(module) }
    moduleCounts[module, default: 0] += 1
  }

  // MARK: Shared member handling

  /// Keeps every member nobody mapped under `source.raw`, except empty values.
  mutating func finish(_ members: Members) {
    for (key, value) in members.untaken where !value.isEmptyValue {
      let what: String
      if case .integer = value {
        what = "unknown integer field '\(key)' = \(value.briefDescription)"
      } else {
        what = "'\(key)' (\(value.briefDescription))"
      }
      recorder.keep(value, at: members.rawKeys + [key], from: members.path / key, reason: "\(what) has no catalog equivalent")
    }
  }

  /// Keeps a value of the wrong type: "expected …, found …".
  mutating func invalid(_ value: JSONValue, rawKeys: [String], path: JSONPath, expected: String, consequence: String = "") {
    let suffix = consequence.isEmpty ? "" : "; \(consequence)"
    recorder.keep(value, at: rawKeys, from: path, reason: "expected \(expected), \(value.foundDescription)\(suffix)")
  }

  /// A localized string `{"key": …, "alternatives": […]}` (or a plain string) → its key.
  ///
  /// The key holds the development-language text (or a strings-table key, which the linter
  /// reports). Non-empty `alternatives` are kept raw; a `table` name is collected once.
  mutating func text(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> String? {
    switch value {
    case nil, .null?:
      return nil
    case .string(let text)?:
      return text.isEmpty ? nil : text
    case .object(let object)? where object["key"]?.stringValue != nil:
      var members = Members(object, path: path, rawKeys: rawKeys)
      let key = members.take("key")?.stringValue ?? ""
      if let alternatives = members.take("alternatives"), !alternatives.isEmptyValue {
        recorder.keep(
          alternatives, at: rawKeys + ["alternatives"], from: path / "alternatives",
          reason: "alternative texts \(alternatives.briefDescription) have no catalog equivalent")
      }
      switch members.take("table") {
      case .string(let table)?:
        if !table.isEmpty, !stringTables.contains(table) { stringTables.append(table) }
      case nil: break
      case let other?: invalid(other, rawKeys: rawKeys + ["table"], path: path / "table", expected: "a strings table name")
      }
      finish(members)
      return key.isEmpty ? nil : key
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "a localized string {\"key\": …, \"alternatives\": […]}")
      return nil
    }
  }

  /// An array of localized strings → their keys (empty ones skipped).
  mutating func textList(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> [String] {
    switch value {
    case nil, .null?:
      return []
    case .array(let elements)?:
      var texts: [String] = []
      for (index, element) in elements.enumerated() {
        if let text = text(element, path: path / index, rawKeys: rawKeys + [String(index)]) { texts.append(text) }
      }
      return texts
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "an array of localized strings")
      return []
    }
  }

  mutating func string(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> String? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?: return text.isEmpty ? nil : text
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "a string")
      return nil
    }
  }

  mutating func bool(_ value: JSONValue?, path: JSONPath, rawKeys: [String]) -> Bool? {
    switch value {
    case nil, .null?: return nil
    case .bool(let flag)?: return flag
    case let other?:
      invalid(other, rawKeys: rawKeys, path: path, expected: "true or false")
      return nil
    }
  }

  /// The id of a type without one: the preferred name (a member name), else the demangled
  /// `mangledTypeName`, else the last part of `fullyQualifiedTypeName`, else a made-up one.
  /// Only the last two fallbacks are reported.
  mutating func typeIdentifier(preferred: String?, object: JSONObject, fallbackPrefix: String, index: Int, path: JSONPath) -> String {
    if let preferred, !preferred.isEmpty { return preferred }
    let fallback: (String, String)? =
      if let name = object["mangledTypeName"]?.stringValue.flatMap(MangledTypeName.demangle), let last = name.split(separator: ".").last {
        (String(last), "the demangled mangledTypeName \(name)")
      } else if let name = object["fullyQualifiedTypeName"]?.stringValue, let last = name.split(separator: ".").last {
        (String(last), "the fullyQualifiedTypeName \(name)")
      } else { nil }
    let (id, origin) = fallback ?? ("\(fallbackPrefix)\(index + 1)", "its position")
    recorder.warn(path, "no identifier; named it '\(id)' after \(origin)")
    return id
  }

  /// Drops `availabilityAnnotations` that say "available everywhere"; keeps others raw.
  mutating func checkAvailability(_ members: inout Members) {
    guard let value = members.take("availabilityAnnotations"), !value.isEmptyValue,
      value != Self.wildcardAvailability
    else { return }
    recorder.keep(
      value, at: members.rawKeys + ["availabilityAnnotations"], from: members.path / "availabilityAnnotations",
      reason: "platform availability \(value.briefDescription) has no catalog equivalent")
  }

  /// Drops `visibilityMetadata` with the default values; keeps others raw (for types that
  /// have no visibility in the catalog: enums, entities, queries).
  mutating func checkDefaultVisibility(_ members: inout Members) {
    guard let value = members.take("visibilityMetadata"), !value.isEmptyValue else { return }
    if let object = value.objectValue, object.count == 2,
      object["assistantOnly"] == .bool(false), object["isDiscoverable"] == .bool(true)
    {
      return
    }
    recorder.keep(
      value, at: members.rawKeys + ["visibilityMetadata"], from: members.path / "visibilityMetadata",
      reason: "visibility \(value.briefDescription) differs from the default and has no catalog equivalent for this kind of type")
  }

  /// Checks the Swift type-name members against each other and the identifier: names that
  /// agree are dropped (their module names the app), others are kept raw.
  mutating func checkTypeNames(_ members: inout Members, id: String, qualifiedKey: String = "fullyQualifiedTypeName") {
    var qualified: String?
    switch members.take(qualifiedKey) {
    case .string(let name)? where !name.isEmpty: qualified = name
    case nil, .null?, .string?: break
    case let other?: invalid(other, rawKeys: members.rawKeys + [qualifiedKey], path: members.path / qualifiedKey, expected: "a type name")
    }
    var demangled: String?
    let first = members.object["mangledTypeName"]
    for key in ["mangledTypeName", "mangledTypeNameV2"] {
      guard let value = members.take(key), !value.isEmptyValue else { continue }
      if key == "mangledTypeNameV2", value == first { continue }
      guard case .string(let mangled) = value else {
        invalid(value, rawKeys: members.rawKeys + [key], path: members.path / key, expected: "a mangled type name")
        continue
      }
      let name = MangledTypeName.demangle(mangled)
      if let name, qualified == nil || name == qualified {
        demangled = demangled ?? name
        continue
      }
      let reason =
        name.map { "'\(key)' demangles to \($0), which differs from \(qualifiedKey) \(qualified ?? "")" }
        ?? "'\(key)' \(value.briefDescription) is not a mangled type name this importer understands"
      recorder.keep(value, at: members.rawKeys + [key], from: members.path / key, reason: reason)
    }
    if let name = qualified ?? demangled { noteModule(ofTypeName: name) }
    if let qualified, qualified.split(separator: ".").last.map(String.init) != id {
      recorder.keep(
        .string(qualified), at: members.rawKeys + [qualifiedKey], from: members.path / qualifiedKey,
        reason: "the Swift type name \(qualified) differs from the identifier '\(id)'")
    }
  }
}

extension JSONObject {
  /// The same members with `order`'s keys first, in that order; others keep their order.
  func ordered(_ order: [String]) -> JSONObject {
    var result = JSONObject()
    for key in order { if let value = self[key] { result[key] = value } }
    for (key, value) in self where !result.contains(key: key) { result[key] = value }
    return result
  }
}
