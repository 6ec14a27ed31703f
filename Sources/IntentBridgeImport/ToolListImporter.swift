import IntentBridgeCatalog
import IntentBridgeJSON

/// Imports tool definitions (the output of an MCP server or of `intentbridge tools`) into a
/// catalog v1 document, so that existing tools can be linted, evaluated and re-rendered.
///
///     let document = try JSONParser.parse(bytes: bytes)
///     let result = ToolListImporter.importCatalog(document, fileName: "tools.json")
///     print(result.catalog.prettyText)     // {"formatVersion": 1, "app": …, "intents": […], …}
///     for warning in result.warnings { print(warning) }
///
/// Recognised inputs (detected per entry, so mixed lists work):
/// - MCP: a `tools/list` result `{"tools": [{name, title?, description?, inputSchema, outputSchema?,
///   annotations?}]}`, also wrapped in a JSON-RPC response `{"jsonrpc", "id", "result": {…}}`;
/// - OpenAI: `[{"type": "function", "function": {name, description?, parameters?, strict?}}]`
///   (Chat Completions) or the flat Responses form `[{"type": "function", name, …, parameters}]`;
/// - Anthropic: `[{name, description?, input_schema}]`;
/// - Gemini: `{"functionDeclarations": […]}` or `[{"functionDeclarations": […]}]`;
/// - anything else shaped `[{name, description?, parameters?}]` (legacy OpenAI `functions`).
///
/// Each tool becomes an intent: `id` = the tool name (with `toolName` set when deriving a name
/// from the id would not give it back), `title` = the MCP title or one derived from the name
/// (`add_note` → "Add note"), `description` verbatim. Input-schema properties become parameters
/// in order; a property is mapped to a catalog type only when the catalog renders exactly that
/// schema back (`string`, `integer`/`number` with `minimum`/`maximum`, `boolean`, `date`
/// (formats `date`, `time`, `date-time`), `url` (`uri`), `email`, `file` (`uri-reference`),
/// string `enum`s (a new enum `"<tool>.<parameter>"` whose cases have values only), and arrays
/// of those); everything else is a `json` parameter whose `jsonSchema` is the property schema
/// as given. Nullable forms (`"type": [T, "null"]`, `null` in `enum`, `anyOf` with
/// `{"type": "null"}`, Gemini `nullable`) make a parameter optional. Local `$ref`s into
/// `$defs`/`definitions` are inlined. MCP `annotations` become `effects`, an MCP
/// `outputSchema` of the form `intentbridge tools` writes becomes `returns`.
///
/// Because descriptions are kept whole and enum cases get no titles, rendering the imported
/// catalog again gives back the tool list it came from (`tools --format openai`, byte for byte).
///
/// The import never fails: what has no catalog field is kept under `source.raw` (tool members
/// under `source.raw.tools.<name>`, skipped entries under `source.raw.skipped["<path>"]`,
/// other document members under `source.raw.document["<path>"]`) and reported as an
/// ``ImportWarning`` whose path points into the input.
public enum ToolListImporter {
  /// Converts a parsed tool list.
  ///
  /// - Parameters:
  ///   - document: the parsed file; any JSON value is accepted.
  ///   - fileName: the file's name; its stem names the app, and it is recorded as `source.upstream`.
  /// - Returns: the catalog (a JSON object whose keys are, in order, `formatVersion`, `app`,
  ///   `intents`, `enums`, `source`) and the warnings, in the order they were found.
  /// - Complexity: O(n) in the size of `document` (plus the size of inlined `$ref` targets).
  public static func importCatalog(_ document: JSONValue, fileName: String) -> ImportResult {
    var converter = Converter(fileName: fileName)
    let catalog = converter.convert(document)
    return ImportResult(catalog: catalog, warnings: converter.recorder.warnings, notRecognized: converter.notRecognized)
  }
}

extension ToolListImporter {
  /// The shape of one tool entry, recorded in `source.dialect`.
  enum Form: String {
    case mcp
    case openai
    case openaiResponses = "openai-responses"
    case anthropic
    case gemini
    case functions

    /// The member holding the input schema.
    var schemaKey: String {
      switch self {
      case .mcp: "inputSchema"
      case .anthropic: "input_schema"
      case .openai, .openaiResponses, .gemini, .functions: "parameters"
      }
    }

    /// Whether a missing input schema deserves a warning (MCP and Anthropic require one).
    var requiresSchema: Bool { self == .mcp || self == .anthropic }
  }

  /// One tool found in the document, before it is converted.
  struct Entry {
    /// The tool's own members (for OpenAI Chat Completions, the `function` object).
    var tool: JSONObject
    var path: JSONPath
    var form: Form
    /// The `{"type": "function", "function": …}` wrapper of an OpenAI Chat Completions tool.
    var wrapper: JSONObject?
    var wrapperPath: JSONPath?
    /// Set by the naming pass: the intent id, and the explicit tool name when one is needed.
    var id: String?
    var toolName: String?
  }

  /// The value part of a parameter that the catalog can express exactly.
  struct SimpleType {
    /// A primitive type name; ignored when `enumValues` is set.
    var type: String
    var enumValues: [String]?
    var isArray = false
    var minimum: JSONValue?
    var maximum: JSONValue?
    var minItems: JSONValue?
    var maxItems: JSONValue?
    var dateKind: String?
    var title: String?
    var description: String?
  }

  /// A property schema with its `null` alternative removed.
  struct NullStripped {
    var schema: JSONObject
    var nullable: Bool
    /// True when the null came from `anyOf`, which re-rendering as optional would not
    /// reproduce in the same place.
    var viaAnyOf: Bool
  }

  struct Converter {
    let fileName: String
    var recorder = ImportRecorder()
    var entries: [Entry] = []
    var intents: [JSONObject] = []
    var enums: [JSONObject] = []
    var enumIDs: Set<String> = []
    var forms: [Form] = []
    /// Where and why the document is no tool list at all (see `ImportResult.notRecognized`).
    var notRecognized: ImportWarning?

    init(fileName: String) { self.fileName = fileName }

    // MARK: Document

    mutating func convert(_ document: JSONValue) -> JSONValue {
      collectDocument(document, at: .root)
      nameEntries()
      for entry in entries where entry.id != nil {
        convertTool(entry)
      }
      if intents.isEmpty && recorder.warnings.isEmpty {
        recorder.warn(.root, "the document contains no tools; imported a catalog without intents")
      }

      var app = JSONObject()
      app["name"] = .string(appName)
      app["defaultLanguage"] = "en"

      var source = JSONObject()
      source["kind"] = "tools"
      source["generator"] = "intentbridge import tools"
      source["upstream"] = .string(fileName)
      var seen: [Form] = []
      for form in forms where !seen.contains(form) { seen.append(form) }
      if !seen.isEmpty { source["dialect"] = .string(seen.map(\.rawValue).joined(separator: "+")) }
      let raw = recorder.rawObject
      if !raw.isEmpty { source["raw"] = .object(raw) }

      var catalog = JSONObject()
      catalog["formatVersion"] = 1
      catalog["app"] = .object(app)
      catalog["intents"] = .array(intents.map { .object($0) })
      catalog["enums"] = .array(enums.map { .object($0) })
      catalog["source"] = .object(source)
      return .object(catalog)
    }

    /// The file name without directories and its last extension (`notes.tools.json` → `notes.tools`).
    var appName: String {
      var stem = Substring(fileName.split(separator: "/").last ?? "")
      if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
      return stem.isEmpty ? (fileName.isEmpty ? "Tools" : fileName) : String(stem)
    }

    /// Keeps a document-level value that is not a tool under `source.raw.document["<path>"]`.
    mutating func keepDocument(_ value: JSONValue, at path: JSONPath, reason: String) {
      recorder.keep(value, at: ["document", path.description], from: path, reason: reason)
    }

    /// Keeps a skipped tool entry under `source.raw.skipped["<path>"]`.
    mutating func skip(_ value: JSONValue, at path: JSONPath, reason: String) {
      recorder.keep(value, at: ["skipped", path.description], from: path, reason: reason + "; the entry was skipped")
    }

    static let notAToolList = "the document is not a tool list (expected {\"tools\": […]}, an array of tools or {\"functionDeclarations\": […]})"

    mutating func collectDocument(_ value: JSONValue, at path: JSONPath) {
      switch value {
      case .array(let elements):
        if elements.isEmpty { recorder.warn(path, "the tool list is empty; imported a catalog without intents") }
        for (i, element) in elements.enumerated() {
          collectElement(element, at: path / i, defaultForm: .functions)
        }
      case .object(let object):
        if object["jsonrpc"] != nil || (object["id"] != nil && (object["result"] != nil || object["error"] != nil)) {
          collectJSONRPC(object, at: path)
        } else if let tools = object["tools"] {
          for (key, member) in object where key != "tools" && !member.isEmptyValue {
            let reason =
              key == "nextCursor"
              ? "the tools/list result has a next page (nextCursor \(member.briefDescription)); only this page was imported"
              : "document member '\(key)' (\(member.briefDescription)) is not part of a tool list"
            keepDocument(member, at: path / key, reason: reason)
          }
          guard case .array(let elements) = tools else {
            keepDocument(
              tools, at: path / "tools", reason: "\"tools\" must be an array of tools, \(tools.foundDescription); imported a catalog without intents")
            if notRecognized == nil {
              notRecognized = ImportWarning(path: path / "tools", message: "\"tools\" must be an array of tools, \(tools.foundDescription)")
            }
            return
          }
          if elements.isEmpty { recorder.warn(path / "tools", "the tool list is empty; imported a catalog without intents") }
          for (i, element) in elements.enumerated() {
            collectElement(element, at: path / "tools" / i, defaultForm: .mcp)
          }
        } else if object["functionDeclarations"] != nil || object["function_declarations"] != nil || object["name"] != nil {
          collectElement(value, at: path, defaultForm: .functions)
        } else {
          notAToolList(value, at: path)
        }
      default:
        notAToolList(value, at: path)
      }
    }

    mutating func notAToolList(_ value: JSONValue, at path: JSONPath) {
      keepDocument(value, at: path, reason: "\(Self.notAToolList), \(value.foundDescription); imported a catalog without intents")
      if notRecognized == nil { notRecognized = ImportWarning(path: path, message: "\(Self.notAToolList), \(value.foundDescription)") }
    }

    mutating func collectJSONRPC(_ object: JSONObject, at path: JSONPath) {
      for (key, member) in object {
        switch key {
        case "jsonrpc", "id":
          continue
        case "result":
          collectDocument(member, at: path / "result")
        case "error":
          let message = member["message"]?.stringValue.map { ": \($0)" } ?? ""
          keepDocument(member, at: path / "error", reason: "the JSON-RPC response is an error\(message); it lists no tools")
        default:
          if !member.isEmptyValue {
            keepDocument(member, at: path / key, reason: "JSON-RPC response member '\(key)' (\(member.briefDescription)) is not part of a tool list")
          }
        }
      }
      if object["result"] == nil && object["error"] == nil {
        recorder.warn(path, "the JSON-RPC message has no \"result\"; imported a catalog without intents")
      }
    }

    mutating func collectElement(_ value: JSONValue, at path: JSONPath, defaultForm: Form) {
      guard case .object(let object) = value else {
        skip(value, at: path, reason: "a tool must be an object, \(value.foundDescription)")
        return
      }
      if let key = ["functionDeclarations", "function_declarations"].first(where: { object[$0] != nil }), let declarations = object[key] {
        for (other, member) in object where other != key && !member.isEmptyValue {
          keepDocument(
            member, at: path / other,
            reason: "Gemini tool member '\(other)' (\(member.briefDescription)) is not a function declaration and has no catalog equivalent")
        }
        guard case .array(let list) = declarations else {
          skip(declarations, at: path / key, reason: "\"\(key)\" must be an array of function declarations, \(declarations.foundDescription)")
          return
        }
        for (i, declaration) in list.enumerated() {
          guard case .object(let tool) = declaration else {
            skip(declaration, at: path / key / i, reason: "a function declaration must be an object, \(declaration.foundDescription)")
            continue
          }
          entries.append(Entry(tool: tool, path: path / key / i, form: .gemini))
        }
        return
      }
      let type = object["type"]?.stringValue
      if type == "function" {
        if let function = object["function"] {
          guard case .object(let tool) = function else {
            skip(value, at: path, reason: "\"function\" must be an object with \"name\", \(function.foundDescription)")
            return
          }
          entries.append(Entry(tool: tool, path: path / "function", form: .openai, wrapper: object, wrapperPath: path))
        } else {
          entries.append(Entry(tool: object, path: path, form: .openaiResponses))
        }
        return
      }
      if let type, type != "custom" {
        skip(value, at: path, reason: "a built-in tool of type \(JSONWriter.quoted(type)) has no input schema and no catalog equivalent")
        return
      }
      let form: Form
      if object["inputSchema"] != nil {
        form = .mcp
      } else if object["input_schema"] != nil || type == "custom" {
        form = .anthropic
      } else if object["parameters"] != nil || object["parametersJsonSchema"] != nil {
        form = .functions
      } else {
        form = defaultForm
      }
      entries.append(Entry(tool: object, path: path, form: form))
    }

    // MARK: Names

    /// Gives each entry its intent id (the tool name) and, where the name is not a valid tool
    /// name, a sanitised unique `toolName`; skips entries without a usable or unique name.
    mutating func nameEntries() {
      var ids: [String: JSONPath] = [:]
      for i in entries.indices {
        let entry = entries[i]
        let entryValue = JSONValue.object(entry.wrapper ?? entry.tool)
        let entryPath = entry.wrapperPath ?? entry.path
        guard let value = entry.tool["name"] else {
          skip(entryValue, at: entryPath, reason: "the tool has no \"name\"")
          continue
        }
        guard case .string(let name) = value else {
          skip(entryValue, at: entryPath, reason: "the tool's \"name\" must be a string, \(value.foundDescription)")
          continue
        }
        guard !name.allSatisfy(\.isWhitespace) else {
          skip(entryValue, at: entryPath, reason: "the tool's \"name\" is empty")
          continue
        }
        if let first = ids[name] {
          skip(entryValue, at: entryPath, reason: "a second tool named \(JSONWriter.quoted(name)) (the first is at \(first))")
          continue
        }
        ids[name] = entryPath
        entries[i].id = name
      }
      var taken = Set(entries.compactMap { $0.id }.filter(ToolListImporter.isValidToolName))
      for i in entries.indices {
        guard let name = entries[i].id else { continue }
        if ToolListImporter.isValidToolName(name) {
          if ToolListImporter.deriveToolName(name) != name { entries[i].toolName = name }
          continue
        }
        let base = ToolListImporter.sanitizeToolName(name)
        var candidate = base
        var n = 2
        while taken.contains(candidate) {
          let suffix = "_\(n)"
          candidate = String(base.prefix(64 - suffix.count)) + suffix
          n += 1
        }
        taken.insert(candidate)
        entries[i].toolName = candidate
        recorder.warn(
          entries[i].path / "name",
          "tool name \(JSONWriter.quoted(name)) does not match ^[a-zA-Z0-9_-]{1,64}$; the intent keeps it as its id and is exposed as \(JSONWriter.quoted(candidate))"
        )
      }
    }

    // MARK: Tools

    mutating func convertTool(_ entry: Entry) {
      guard let id = entry.id else { return }
      forms.append(entry.form)
      let rawBase = ["tools", id]
      let toolRawKeys = entry.form == .openai ? rawBase + ["function"] : rawBase
      var members = Members(entry.tool, path: entry.path, rawKeys: toolRawKeys)
      _ = members.take("name")
      if entry.form == .openaiResponses { _ = members.take("type") }
      if entry.form == .anthropic, members.object["type"] == "custom" { _ = members.take("type") }

      var title: String?
      if entry.form == .mcp, let value = members.take("title") {
        switch value {
        case .string(let text) where !text.isEmpty: title = text
        case .null, .string: break
        default: invalid(value, at: members.path / "title", rawKeys: toolRawKeys + ["title"], expected: "a string")
        }
      }

      var description: String?
      if let value = members.take("description") {
        switch value {
        case .string(let text) where !text.isEmpty: description = text
        case .null, .string: break
        default: invalid(value, at: members.path / "description", rawKeys: toolRawKeys + ["description"], expected: "a string")
        }
      }

      if [.openai, .openaiResponses, .functions].contains(entry.form), let value = members.take("strict") {
        switch value {
        case .bool(false), .null: break
        case .bool(true):
          recorder.keep(
            value, at: toolRawKeys + ["strict"], from: members.path / "strict",
            reason:
              "\"strict\": true is a rendering option, not part of the catalog; render with 'intentbridge tools --format openai --strict' to get it back"
          )
        default:
          invalid(value, at: members.path / "strict", rawKeys: toolRawKeys + ["strict"], expected: "true or false")
        }
      }

      var schemaKey = entry.form.schemaKey
      var schema = members.take(schemaKey)
      if entry.form == .gemini || entry.form == .functions, let alternative = members.take("parametersJsonSchema") {
        if schema == nil {
          schema = alternative
          schemaKey = "parametersJsonSchema"
        } else {
          recorder.keep(
            alternative, at: toolRawKeys + ["parametersJsonSchema"], from: members.path / "parametersJsonSchema",
            reason: "both \"parameters\" and \"parametersJsonSchema\" are given; \"parameters\" was imported")
        }
      }
      var effects: JSONObject?
      var returns: JSONObject?
      if entry.form == .mcp {
        if let annotations = members.take("annotations") {
          effects = mapAnnotations(annotations, at: members.path / "annotations", rawKeys: toolRawKeys + ["annotations"], title: &title)
        }
        if let output = members.take("outputSchema") {
          returns = mapOutputSchema(output, at: members.path / "outputSchema", rawKeys: toolRawKeys + ["outputSchema"], toolID: id)
        }
      }

      let parameters = mapInputSchema(
        schema, at: members.path / schemaKey, rawKeys: toolRawKeys + [schemaKey], form: entry.form, toolID: id,
        title: &title, description: &description)

      finish(members)
      if let wrapper = entry.wrapper, let wrapperPath = entry.wrapperPath {
        var outer = Members(wrapper, path: wrapperPath, rawKeys: rawBase)
        _ = outer.take("type")
        _ = outer.take("function")
        finish(outer)
      }

      var intent = JSONObject()
      intent["id"] = .string(id)
      if let toolName = entry.toolName { intent["toolName"] = .string(toolName) }
      intent["title"] = .string(title ?? ToolListImporter.derivedTitle(id))
      if let description { intent["description"] = .string(description) }
      intent["parameters"] = .array(parameters.map { .object($0) })
      if let effects, !effects.isEmpty { intent["effects"] = .object(effects) }
      if let returns { intent["returns"] = .object(returns) }
      intents.append(intent)
    }

    /// Keeps every member nobody mapped under `source.raw`, except empty values.
    mutating func finish(_ members: Members) {
      for (key, value) in members.untaken where !value.isEmptyValue {
        recorder.keep(
          value, at: members.rawKeys + [key], from: members.path / key,
          reason: "unknown tool member '\(key)' (\(value.briefDescription)) has no catalog equivalent")
      }
    }

    /// Keeps a value of the wrong type: "'x' must be …, found …".
    mutating func invalid(_ value: JSONValue, at path: JSONPath, rawKeys: [String], expected: String) {
      let name = rawKeys.last.map { "'\($0)'" } ?? "the value"
      recorder.keep(value, at: rawKeys, from: path, reason: "\(name) must be \(expected), \(value.foundDescription)")
    }

    // MARK: Annotations and output

    /// MCP `annotations` → `effects`; a differing `annotations.title` is kept raw, and used as
    /// the title when the tool has none.
    mutating func mapAnnotations(_ value: JSONValue, at path: JSONPath, rawKeys: [String], title: inout String?) -> JSONObject? {
      guard case .object(let object) = value else {
        if !value.isEmptyValue { invalid(value, at: path, rawKeys: rawKeys, expected: "an object of hints") }
        return nil
      }
      var members = Members(object, path: path, rawKeys: rawKeys)
      if let value = members.take("title") {
        if case .string(let text) = value, !text.isEmpty {
          if title == nil {
            title = text
          } else if title != text {
            recorder.keep(
              value, at: rawKeys + ["title"], from: path / "title",
              reason: "annotations.title \(value.briefDescription) differs from the tool's title; the tool's title was imported")
          }
        } else if !value.isEmptyValue {
          invalid(value, at: path / "title", rawKeys: rawKeys + ["title"], expected: "a string")
        }
      }
      var effects = JSONObject()
      for (hint, effect) in [
        ("readOnlyHint", "readOnly"), ("destructiveHint", "destructive"), ("idempotentHint", "idempotent"), ("openWorldHint", "openWorld"),
      ] {
        guard let value = members.take(hint) else { continue }
        if case .bool(let flag) = value {
          effects[effect] = .bool(flag)
        } else if !value.isNull {
          invalid(value, at: path / hint, rawKeys: rawKeys + [hint], expected: "true or false")
        }
      }
      for (key, value) in members.untaken where !value.isEmptyValue {
        recorder.keep(
          value, at: rawKeys + [key], from: path / key,
          reason: "unknown annotation '\(key)' (\(value.briefDescription)) has no catalog equivalent")
      }
      return effects
    }

    /// An MCP `outputSchema` `{"type": "object", "properties": {"result": S}, "required": ["result"]}`
    /// whose `S` is a plain catalog type → `returns`; anything else is kept raw.
    mutating func mapOutputSchema(_ value: JSONValue, at path: JSONPath, rawKeys: [String], toolID: String) -> JSONObject? {
      if value.isEmptyValue { return nil }
      let why =
        "the catalog's \"returns\" holds only {\"type\", \"array\"}, rendered as {\"type\": \"object\", \"properties\": {\"result\": …}, \"required\": [\"result\"]}"
      guard case .object(let object) = value, object.count == 3, object["type"] == "object", object["required"] == ["result"],
        let properties = object["properties"]?.objectValue, properties.count == 1, let result = properties["result"]?.objectValue
      else {
        recorder.keep(value, at: rawKeys, from: path, reason: "the output schema cannot be expressed: \(why)")
        return nil
      }
      var returns = JSONObject()
      if result.isEmpty {
        returns["type"] = "json"
        return returns
      }
      guard let simple = ToolListImporter.simpleProperty(result), simple.title == nil, simple.description == nil, result["default"] == nil,
        simple.minimum == nil, simple.maximum == nil, simple.minItems == nil, simple.maxItems == nil,
        simple.dateKind == nil || simple.dateKind == "dateTime"
      else {
        recorder.keep(value, at: rawKeys, from: path, reason: "the output schema's \"result\" is not a plain catalog type: \(why)")
        return nil
      }
      if let values = simple.enumValues {
        returns["type"] = ["enum": .string(addEnum(id: toolID + ".result", values: values))]
      } else {
        returns["type"] = .string(simple.type)
      }
      if simple.isArray { returns["array"] = true }
      return returns
    }

    /// Adds an enum with value-only cases under a unique id; returns the id.
    mutating func addEnum(id base: String, values: [String]) -> String {
      var id = base
      var n = 2
      while enumIDs.contains(id) {
        id = "\(base)_\(n)"
        n += 1
      }
      enumIDs.insert(id)
      var enumType = JSONObject()
      enumType["id"] = .string(id)
      enumType["cases"] = .array(values.map { ["value": .string($0)] })
      enums.append(enumType)
      return id
    }

    // MARK: Input schema

    /// The input schema's properties → parameters. In `functions`-shaped lists a root `title`
    /// or `description` (as in Foundation Models' GenerationSchema) fills in the tool's.
    mutating func mapInputSchema(
      _ value: JSONValue?, at path: JSONPath, rawKeys: [String], form: Form, toolID: String, title: inout String?,
      description: inout String?
    ) -> [JSONObject] {
      guard let value, !value.isNull else {
        if form.requiresSchema {
          recorder.warn(path, "the tool has no \"\(rawKeys.last ?? "inputSchema")\"; imported without parameters")
        }
        return []
      }
      guard case .object(var root) = value else {
        invalid(value, at: path, rawKeys: rawKeys, expected: "an object (a JSON Schema of type object); imported without parameters")
        return []
      }
      if form == .gemini { root = ToolListImporter.normalizeGemini(root) }
      if let type = root["type"], type != "object" {
        recorder.keep(
          value, at: rawKeys, from: path,
          reason: "the input schema has \"type\" \(type.briefDescription), but tool arguments are an object; imported without parameters")
        return []
      }

      var properties = JSONObject()
      var required: [String] = []
      var order: [String]?
      for (key, member) in root {
        switch key {
        case "type":
          continue
        case "properties":
          if case .object(let object) = member {
            properties = object
          } else {
            invalid(member, at: path / key, rawKeys: rawKeys + [key], expected: "an object of property schemas; imported without parameters")
          }
        case "required":
          if case .array(let names) = member, names.allSatisfy({ $0.stringValue != nil }) {
            required = names.compactMap(\.stringValue)
          } else {
            invalid(
              member, at: path / key, rawKeys: rawKeys + [key], expected: "an array of property names; every parameter was imported as optional")
          }
        case "additionalProperties":
          if member != false {
            recorder.keep(
              member, at: rawKeys + [key], from: path / key,
              reason: "\"additionalProperties\" \(member.briefDescription) cannot be expressed: the catalog closes every tool's arguments")
          }
        case "propertyOrdering" where form == .gemini, "x-order":
          order = member.arrayValue?.compactMap(\.stringValue)
        case "title" where member.stringValue != nil, "description" where member.stringValue != nil:
          let text = member.stringValue ?? ""
          let current = key == "title" ? title : description
          // Only GenerationSchema-style lists (no tool-level title) name the tool in the schema;
          // elsewhere a root title is usually generated noise such as "searchArguments".
          if current == text || (current == nil && form == .functions) {
            if key == "title" { title = text } else { description = text }
          } else {
            recorder.keep(
              member, at: rawKeys + [key], from: path / key,
              reason: "the input schema's \(key) \(member.briefDescription) is not the tool's \(key) and has no catalog equivalent")
          }
        case "nullable" where form == .gemini && member == false:
          continue
        case "$defs", "definitions":
          if !member.isEmptyValue {
            recorder.keep(
              member, at: rawKeys + [key], from: path / key,
              reason: "\"\(key)\" has no catalog equivalent; its schemas were inlined where properties refer to them")
          }
        default:
          if !member.isEmptyValue {
            recorder.keep(
              member, at: rawKeys + [key], from: path / key,
              reason: "input-schema member '\(key)' (\(member.briefDescription)) has no catalog equivalent")
          }
        }
      }

      let missing = required.filter { properties[$0] == nil }
      if !missing.isEmpty {
        recorder.keep(
          .array(missing.map(JSONValue.string)), at: rawKeys + ["required"], from: path / "required",
          reason:
            "\"required\" names \(missing.map { JSONWriter.quoted($0) }.joined(separator: ", ")), which \(missing.count == 1 ? "is not a property" : "are not properties")"
        )
      }

      var names = properties.keys
      if let order {
        if order.count == names.count && Set(order) == Set(names) {
          names = order
        } else {
          let key = root["x-order"] != nil ? "x-order" : "propertyOrdering"
          recorder.warn(path / key, "\"\(key)\" does not list each property exactly once; the order of \"properties\" was used")
        }
      }

      var parameters: [JSONObject] = []
      var parameterNames = Set(names.filter(ToolListImporter.isValidToolName))
      for name in names {
        guard let schema = properties[name] else { continue }
        let propertyPath = path / "properties" / name
        let propertyRawKeys = rawKeys + ["properties", name]
        var parameterName = name
        if !ToolListImporter.isValidToolName(name) {
          let base = ToolListImporter.sanitizeToolName(name)
          parameterName = base
          var n = 2
          while parameterNames.contains(parameterName) {
            parameterName = "\(base.prefix(60))_\(n)"
            n += 1
          }
          parameterNames.insert(parameterName)
          recorder.keep(
            .string(name), at: rawKeys + ["renamedProperties", parameterName], from: propertyPath,
            reason:
              "property name \(JSONWriter.quoted(name)) is not a valid parameter name (^[a-zA-Z0-9_-]{1,64}$); imported as \(JSONWriter.quoted(parameterName))"
          )
        }
        if let parameter = mapProperty(
          schema, name: parameterName, isRequired: required.contains(name), at: propertyPath, rawKeys: propertyRawKeys,
          root: .object(root), form: form, toolID: toolID)
        {
          parameters.append(parameter)
        }
      }
      return parameters
    }

    /// One property → one parameter, or nil (with a warning) when the schema is unusable.
    mutating func mapProperty(
      _ value: JSONValue, name: String, isRequired: Bool, at path: JSONPath, rawKeys: [String], root: JSONValue, form: Form,
      toolID: String
    ) -> JSONObject? {
      var parameter = JSONObject()
      parameter["name"] = .string(name)
      let given: JSONObject
      switch value {
      case .object(let object):
        given = object
      case .bool(true):
        recorder.warn(path, "the schema `true` (any value) was imported as a json parameter without a schema")
        parameter["type"] = "json"
        if !isRequired { parameter["optional"] = true }
        return parameter
      default:
        recorder.keep(
          value, at: rawKeys, from: path,
          reason: "a property schema must be an object, \(value.foundDescription); the property was not imported")
        return nil
      }

      var inliner = RefInliner(root: root)
      var schema = inliner.inline(given)
      for ref in inliner.unresolved {
        recorder.warn(path, "$ref \(JSONWriter.quoted(ref)) does not resolve inside the input schema; it was kept as written")
      }
      for ref in inliner.recursive {
        recorder.warn(path, "$ref \(JSONWriter.quoted(ref)) is recursive and cannot be inlined; it was kept as written and no longer resolves")
      }
      if form == .gemini { schema = ToolListImporter.normalizeGemini(schema) }

      let stripped = ToolListImporter.strippingNull(schema, gemini: form == .gemini)
      if let simple = ToolListImporter.simpleProperty(stripped.schema) {
        let optional = !isRequired || stripped.nullable
        var defaultValue = stripped.schema["default"]
        if let value = defaultValue {
          let violations = JSONSchemaValidator.validate(value, against: .object(stripped.schema))
          if let first = violations.first {
            recorder.keep(
              value, at: rawKeys + ["default"], from: path / "default",
              reason: "the default \(value.briefDescription) does not fit the property's schema (\(first.message)); imported without a default")
            defaultValue = nil
          } else if !optional {
            recorder.keep(
              value, at: rawKeys + ["default"], from: path / "default",
              reason:
                "the property is required and has a default \(value.briefDescription); a catalog parameter with a default is never required, so the default was not imported"
            )
            defaultValue = nil
          }
        }
        if let title = simple.title { parameter["title"] = .string(title) }
        if let description = simple.description, !description.isEmpty { parameter["description"] = .string(description) }
        if let values = simple.enumValues {
          parameter["type"] = ["enum": .string(addEnum(id: toolID + "." + name, values: values))]
        } else {
          parameter["type"] = .string(simple.type)
        }
        if simple.isArray { parameter["array"] = true }
        if let defaultValue {
          parameter["default"] = defaultValue
        } else if optional {
          parameter["optional"] = true
        }
        if let minimum = simple.minimum { parameter["minimum"] = minimum }
        if let maximum = simple.maximum { parameter["maximum"] = maximum }
        if let minItems = simple.minItems { parameter["minItems"] = minItems }
        if let maxItems = simple.maxItems { parameter["maxItems"] = maxItems }
        if let dateKind = simple.dateKind { parameter["dateKind"] = .string(dateKind) }
        return parameter
      }

      // Passthrough: the schema as given (after $ref inlining).
      if case .string(let title)? = schema["title"] { parameter["title"] = .string(title) }
      if case .string(let description)? = schema["description"], !description.isEmpty { parameter["description"] = .string(description) }
      parameter["type"] = "json"
      // Optional when not required; a nullable type or enum also makes it optional, because
      // re-rendering an optional parameter as nullable gives back the same schema (an `anyOf`
      // null alternative would be appended a second time, so that one keeps the requirement).
      let optional = !isRequired || (stripped.nullable && !stripped.viaAnyOf)
      if optional, let value = schema["default"], !value.isNull, JSONSchemaValidator.validate(value, against: .object(schema)).isEmpty {
        parameter["default"] = value
      } else if optional {
        parameter["optional"] = true
      }
      parameter["jsonSchema"] = .object(schema)
      return parameter
    }
  }

  // MARK: Schema helpers

  /// Removes the `null` alternative of a nullable schema: `"type": [T, "null"]`, `null` in
  /// `enum`, `anyOf: [S, {"type": "null"}]` (merged into the outer schema) and Gemini's
  /// `nullable: true`. A `"default": null` of a nullable schema goes too.
  static func strippingNull(_ schema: JSONObject, gemini: Bool) -> NullStripped {
    var s = schema
    var nullable = false
    var viaAnyOf = false
    if case .array(let types)? = s["type"], types.contains("null") {
      let rest = types.filter { $0 != "null" }
      if rest.count == 1 {
        s["type"] = rest[0]
        nullable = true
      } else if rest.count > 1 {
        s["type"] = .array(rest)
        nullable = true
      }
    }
    if case .array(let values)? = s["enum"], values.contains(.null) {
      let rest = values.filter { !$0.isNull }
      if !rest.isEmpty {
        s["enum"] = .array(rest)
        nullable = true
      }
    }
    if case .array(let options)? = s["anyOf"], options.count == 2 {
      let isNull: (JSONValue) -> Bool = { $0 == ["type": "null"] }
      if let nullIndex = options.firstIndex(where: isNull), case .object(let other) = options[1 - nullIndex],
        !other.keys.contains(where: { s.contains(key: $0) })
      {
        var merged = JSONObject()
        for (key, value) in s {
          if key == "anyOf" {
            for (k, v) in other { merged[k] = v }
          } else {
            merged[key] = value
          }
        }
        s = merged
        nullable = true
        viaAnyOf = true
      }
    }
    if gemini, let flag = s["nullable"] {
      if flag == true { nullable = true }
      if flag.boolValue != nil { s["nullable"] = nil }
    }
    if nullable, s["default"] == .null { s["default"] = nil }
    return NullStripped(schema: s, nullable: nullable, viaAnyOf: viaAnyOf)
  }

  /// The catalog type of a property schema the catalog renders back exactly (apart from key
  /// order): `{type, title?, description?, default?, …}` with the type's own keywords only.
  static func simpleProperty(_ schema: JSONObject) -> SimpleType? {
    var title: String?
    var description: String?
    var rest = JSONObject()
    for (key, value) in schema {
      switch key {
      case "title":
        guard case .string(let text) = value else { return nil }
        title = text
      case "description":
        guard case .string(let text) = value else { return nil }
        description = text
      case "default":
        continue
      default:
        rest[key] = value
      }
    }
    var result: SimpleType
    if rest["type"] == "array" {
      var element: JSONObject?
      var minItems: Int64?
      var maxItems: Int64?
      for (key, value) in rest {
        switch key {
        case "type": continue
        case "items":
          guard case .object(let items) = value else { return nil }
          element = items
        case "minItems":
          guard let n = value.integerValue, n >= 0 else { return nil }
          minItems = n
        case "maxItems":
          guard let n = value.integerValue, n >= 0 else { return nil }
          maxItems = n
        default:
          return nil
        }
      }
      guard let element, var mapped = simpleElement(element) else { return nil }
      if let lo = minItems, let hi = maxItems, lo > hi { return nil }
      mapped.isArray = true
      mapped.minItems = minItems.map(JSONValue.integer)
      mapped.maxItems = maxItems.map(JSONValue.integer)
      result = mapped
    } else {
      guard let mapped = simpleElement(rest) else { return nil }
      result = mapped
    }
    result.title = title
    result.description = description
    return result
  }

  /// `{type, format?, enum?, minimum?, maximum?}` of one value (an array element or a scalar property).
  static func simpleElement(_ schema: JSONObject) -> SimpleType? {
    guard case .string(let type)? = schema["type"] else { return nil }
    var format: String?
    var values: [JSONValue]?
    var minimum: JSONValue?
    var maximum: JSONValue?
    for (key, value) in schema {
      switch key {
      case "type": continue
      case "format":
        guard case .string(let text) = value else { return nil }
        format = text
      case "enum":
        guard case .array(let list) = value else { return nil }
        values = list
      case "minimum", "maximum":
        switch value {
        case .integer(let i) where abs(i) < 9_000_000_000_000_000: break
        case .number(let d) where d.isFinite: break
        default: return nil
        }
        if key == "minimum" { minimum = value } else { maximum = value }
      default:
        return nil
      }
    }
    switch type {
    case "string":
      guard minimum == nil, maximum == nil else { return nil }
      if let values {
        guard format == nil, !values.isEmpty else { return nil }
        var strings: [String] = []
        for value in values {
          guard case .string(let text) = value, !text.allSatisfy(\.isWhitespace), !strings.contains(text) else { return nil }
          strings.append(text)
        }
        return SimpleType(type: "string", enumValues: strings)
      }
      switch format {
      case nil: return SimpleType(type: "string")
      case "date"?: return SimpleType(type: "date", dateKind: "date")
      case "time"?: return SimpleType(type: "date", dateKind: "time")
      case "date-time"?: return SimpleType(type: "date", dateKind: "dateTime")
      case "uri"?: return SimpleType(type: "url")
      case "email"?: return SimpleType(type: "email")
      case "uri-reference"?: return SimpleType(type: "file")
      default: return nil
      }
    case "integer", "number":
      guard format == nil, values == nil else { return nil }
      if let lo = minimum?.doubleValue, let hi = maximum?.doubleValue, lo > hi { return nil }
      return SimpleType(type: type, minimum: minimum, maximum: maximum)
    case "boolean":
      guard format == nil, values == nil, minimum == nil, maximum == nil else { return nil }
      return SimpleType(type: "boolean")
    default:
      return nil
    }
  }

  /// Gemini's OpenAPI-style schemas spell types in capitals (`STRING`); JSON Schema does not.
  static func normalizeGemini(_ schema: JSONObject) -> JSONObject {
    mapSubschemas(schema) { s in
      var s = s
      switch s["type"] {
      case .string(let type)?: s["type"] = .string(type.lowercased())
      case .array(let types)?: s["type"] = .array(types.map { $0.stringValue.map { .string($0.lowercased()) } ?? $0 })
      default: break
      }
      if s["format"] == "enum", s["enum"] != nil { s["format"] = nil }
      return s
    }
  }

  static let subschemaKeys: Set<String> = [
    "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "additionalItems",
    "unevaluatedItems", "unevaluatedProperties",
  ]
  static let subschemaListKeys: Set<String> = ["anyOf", "oneOf", "allOf", "prefixItems", "items"]
  static let subschemaMapKeys: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]

  /// Applies `transform` to every nested subschema first, then to the schema itself.
  static func mapSubschemas(_ schema: JSONObject, _ transform: (JSONObject) -> JSONObject) -> JSONObject {
    var out = JSONObject()
    for (key, value) in schema {
      if subschemaKeys.contains(key), case .object(let object) = value {
        out[key] = .object(mapSubschemas(object, transform))
      } else if subschemaListKeys.contains(key), case .array(let list) = value {
        out[key] = .array(list.map { $0.objectValue.map { .object(mapSubschemas($0, transform)) } ?? $0 })
      } else if subschemaMapKeys.contains(key), case .object(let members) = value {
        out[key] = .object(JSONObject(members.map { ($0.key, $0.value.objectValue.map { .object(mapSubschemas($0, transform)) } ?? $0.value) }))
      } else {
        out[key] = value
      }
    }
    return transform(out)
  }

  /// Replaces local `$ref`s (`#/$defs/X`, `#/definitions/X`, any `#/…` pointer into the input
  /// schema) by their targets, merged with the referring schema's other keywords. Recursive and
  /// unresolvable references stay as written.
  struct RefInliner {
    let root: JSONValue
    var unresolved: [String] = []
    var recursive: [String] = []

    mutating func inline(_ schema: JSONObject) -> JSONObject {
      inline(schema, stack: [])
    }

    private mutating func inline(_ schema: JSONObject, stack: [String]) -> JSONObject {
      if case .string(let ref)? = schema["$ref"] {
        if stack.contains(ref) || stack.count >= 32 {
          if !recursive.contains(ref) { recursive.append(ref) }
          return inlineChildren(schema, stack: stack)
        }
        guard case .object(let target)? = Self.resolve(ref, in: root) else {
          if !unresolved.contains(ref) { unresolved.append(ref) }
          return inlineChildren(schema, stack: stack)
        }
        var merged = inline(target, stack: stack + [ref])
        for (key, value) in inlineChildren(schema, stack: stack) where key != "$ref" {
          merged[key] = value
        }
        return merged
      }
      return inlineChildren(schema, stack: stack)
    }

    private mutating func inlineChildren(_ schema: JSONObject, stack: [String]) -> JSONObject {
      var out = JSONObject()
      for (key, value) in schema {
        if ToolListImporter.subschemaKeys.contains(key), case .object(let object) = value {
          out[key] = .object(inline(object, stack: stack))
        } else if ToolListImporter.subschemaListKeys.contains(key), case .array(let list) = value {
          var mapped: [JSONValue] = []
          for element in list {
            if case .object(let object) = element { mapped.append(.object(inline(object, stack: stack))) } else { mapped.append(element) }
          }
          out[key] = .array(mapped)
        } else if ToolListImporter.subschemaMapKeys.contains(key), key != "$defs", key != "definitions", case .object(let members) = value {
          var mapped = JSONObject()
          for (name, member) in members {
            if case .object(let object) = member { mapped[name] = .object(inline(object, stack: stack)) } else { mapped[name] = member }
          }
          out[key] = .object(mapped)
        } else {
          out[key] = value
        }
      }
      return out
    }

    /// Resolves a local JSON Pointer reference (`#/$defs/Item`) against the input schema.
    static func resolve(_ ref: String, in root: JSONValue) -> JSONValue? {
      guard ref.hasPrefix("#") else { return nil }
      let pointer = ref.dropFirst()
      if pointer.isEmpty { return root }
      guard pointer.hasPrefix("/") else { return nil }
      var current: JSONValue? = root
      for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
        let key = percentDecoded(String(token)).replacing("~1", with: "/").replacing("~0", with: "~")
        switch current {
        case .object(let object)?: current = object[key]
        case .array(let list)?:
          guard let index = Int(key), list.indices.contains(index) else { return nil }
          current = list[index]
        default: return nil
        }
      }
      return current
    }

    static func percentDecoded(_ text: String) -> String {
      guard text.contains("%") else { return text }
      var bytes: [UInt8] = []
      var utf8 = Array(text.utf8)[...]
      while let byte = utf8.first {
        if byte == UInt8(ascii: "%"), utf8.count >= 3,
          let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16)
        {
          bytes.append(value)
          utf8 = utf8.dropFirst(3)
        } else {
          bytes.append(byte)
          utf8 = utf8.dropFirst()
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  // MARK: Names

  static func deriveToolName(_ id: String) -> String { ToolName.derive(fromIdentifier: id) }
  static func isValidToolName(_ name: String) -> Bool { ToolName.isValid(name) }
  static func sanitizeToolName(_ name: String) -> String { ToolName.sanitize(name) }

  /// A title from a tool name, deterministic so that re-imports agree:
  /// `add_note` → "Add note", `HassTurnOn` → "Hass turn on", `get-weather` → "Get weather".
  static func derivedTitle(_ name: String) -> String {
    let words = deriveToolName(name).split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard let first = words.first else { return name }
    return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
  }
}
