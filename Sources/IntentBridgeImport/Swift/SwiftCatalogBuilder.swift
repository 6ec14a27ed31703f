import IntentBridgeJSON

/// The state of one Swift import; each part of the mapping lives in its own file
/// (`SwiftTextReading`, `SwiftIntentMapping`, `SwiftParameterMapping`, `SwiftEnumMapping`,
/// `SwiftEntityMapping`, `SwiftShortcutMapping`, `SwiftAppInfo`).
struct SwiftCatalogBuilder {
  var recorder = ImportRecorder()
  let sources: [SwiftSource]
  let index: SwiftTypeIndex
  let strings: LocalizedStrings
  let options: SwiftSourceImporter.Options
  let defaultLanguage: String
  /// Languages of the catalog: the default one, then the others of the String Catalogs.
  let languages: [String]
  /// `source.locations`: JSON path of a catalog value → `file:line:column` it came from.
  var locations = JSONObject()
  /// Type name → catalog id, for enums, entities and intents.
  var enumIDs: [String: String] = [:]
  var entityIDs: [String: String] = [:]
  var intentIDs: [String: String] = [:]
  /// Where each imported App Shortcut is written, by its index in `appShortcuts`.
  var shortcutLocations: [FileLocation] = []
  /// Members already reported as declared twice.
  private var reportedDuplicates: Set<String> = []

  init(sources: [SwiftSource], strings: LocalizedStrings, options: SwiftSourceImporter.Options, recorder: ImportRecorder) {
    self.recorder = recorder
    self.sources = sources
    self.strings = strings
    self.options = options
    var declarations: [SwiftTypeDeclaration] = []
    for (file, source) in sources.enumerated() {
      declarations += SwiftDeclarationReader.read(source, file: file).types
    }
    index = SwiftTypeIndex(declarations: declarations)
    let wanted = options.languages.compactMap(LocalizedStrings.catalogTag)
    let source = strings.sourceLanguage ?? "en"
    defaultLanguage = source
    var languages = [source]
    for language in strings.languages.sorted() where language != source && !languages.contains(language) {
      if wanted.isEmpty || wanted.contains(language) { languages.append(language) }
    }
    self.languages = languages
  }

  // MARK: Catalog

  mutating func build() -> JSONValue {
    reportLexicalIssues()
    // Ids first, so that parameter types can refer to enums and entities declared later.
    var enumNames = assignIDs(index.names(with: .appEnum)) { $0.enumIDs[$1] = $2 }
    // The catalog needs at least one case per enum; parameters of a caseless one become 'json'.
    enumNames.removeAll { name in
      guard let info = index.types[name], enumCases(of: info).isEmpty else { return false }
      warn(info.primary, "the AppEnum '\(name)' has no cases that can be read; it was not imported")
      enumIDs[name] = nil
      return true
    }
    let entityNames = assignIDs(index.names(with: .entity)) { $0.entityIDs[$1] = $2 }
    let intentNames = assignIDs(index.names(with: .intent)) { $0.intentIDs[$1] = $2 }

    var intents: [JSONValue] = []
    for name in intentNames {
      guard let info = index.types[name], let id = intentIDs[name] else { continue }
      intents.append(.object(convertIntent(info, id: id, path: .root / "intents" / intents.count)))
    }
    var enums: [JSONValue] = []
    for name in enumNames {
      guard let info = index.types[name], let id = enumIDs[name] else { continue }
      enums.append(.object(convertEnum(info, id: id, path: .root / "enums" / enums.count)))
    }
    var entities: [JSONValue] = []
    for name in entityNames {
      guard let info = index.types[name], let id = entityIDs[name] else { continue }
      entities.append(.object(convertEntity(info, id: id, path: .root / "entities" / entities.count)))
    }
    var shortcuts: [JSONObject] = []
    var negativePhrases: JSONValue = []
    for name in index.names(with: .shortcutsProvider) {
      guard let info = index.types[name] else { continue }
      convertShortcutsProvider(info, into: &shortcuts, negativePhrases: &negativePhrases)
    }
    moveShortcutPhrasesWithoutApplicationName(&shortcuts, intents: &intents)

    var catalog = JSONObject()
    catalog["formatVersion"] = 1
    catalog["app"] = .object(appInfo())
    catalog["intents"] = .array(intents)
    catalog["enums"] = .array(enums)
    catalog["entities"] = .array(entities)
    catalog["appShortcuts"] = .array(shortcuts.map(JSONValue.object))
    catalog["negativePhrases"] = negativePhrases
    var source = JSONObject()
    source["kind"] = "swift"
    source["generator"] = "intentbridge import swift"
    if !options.upstream.isEmpty { source["upstream"] = .string(options.upstream.joined(separator: ", ")) }
    source["locations"] = .object(locations)
    source["raw"] = .object(recorder.rawObject)
    catalog["source"] = .object(source)
    return .object(catalog)
  }

  /// Catalog ids: the type's simple name, or its qualified name when two types share it.
  private mutating func assignIDs(_ names: [String], record: (inout SwiftCatalogBuilder, String, String) -> Void) -> [String] {
    var used: Set<String> = Set(enumIDs.values).union(entityIDs.values).union(intentIDs.values)
    var kept: [String] = []
    for name in names {
      guard let info = index.types[name] else { continue }
      let simple = info.primary.simpleName
      var id = index.ambiguousSimpleNames.contains(simple) ? name : simple
      if used.contains(id) { id = name }
      guard !used.contains(id) else {
        warn(info.primary, "a second type named '\(name)' was not imported (ids must be unique)")
        continue
      }
      used.insert(id)
      record(&self, name, id)
      kept.append(name)
      checkDeclarations(of: info)
    }
    return kept
  }

  /// Reports what a static reader has to decide for a type: a second declaration of it,
  /// and a declaration inside a `#if` branch.
  private mutating func checkDeclarations(of info: SwiftTypeIndex.TypeInfo) {
    let primary = info.primary
    for other in info.declarations where other.kind != .extension && (other.file != primary.file || other.nameToken != primary.nameToken) {
      warn(other, "'\(info.name)' is declared again (first at \(location(primary))); only the first declaration and the extensions were imported")
    }
    if let condition = sources[primary.file].condition(of: primary.nameToken) {
      warn(primary, "'\(info.name)' is declared inside '\(condition.text)' (line \(condition.line)); imported as if the condition holds")
    }
  }

  private mutating func reportLexicalIssues() {
    for source in sources {
      for issue in source.issues {
        let rest = source.tokens.isEmpty ? "" : "; the rest of the file was read as well as possible"
        recorder.warn(FileLocation(file: source.name, line: issue.line, column: issue.column), issue.message + rest)
      }
    }
  }

  // MARK: Members

  /// The declarations of a type that contribute members: the first declaration and every extension.
  func declarations(of info: SwiftTypeIndex.TypeInfo) -> [SwiftTypeDeclaration] {
    let primary = info.primary
    return info.declarations.filter { $0.kind == .extension || ($0.file == primary.file && $0.nameToken == primary.nameToken) }
  }

  /// The member `name` (static or not, as asked) and its file; a second one is reported once.
  mutating func member(_ name: String, of info: SwiftTypeIndex.TypeInfo, isStatic: Bool? = true, kind: SwiftMember.Kind = .variable) -> (
    SwiftMember, SwiftSource
  )? {
    func matches(_ declarations: [SwiftTypeDeclaration]) -> [(SwiftMember, SwiftSource)] {
      var found: [(SwiftMember, SwiftSource)] = []
      for declaration in declarations {
        for member in declaration.members where member.name == name && member.kind == kind && (isStatic == nil || member.isStatic == isStatic) {
          found.append((member, sources[declaration.file]))
        }
      }
      return found
    }
    var found = matches(declarations(of: info))
    if found.isEmpty {
      // A default from an extension of a protocol of these sources that the type adopts.
      for name in info.localProtocols {
        guard let local = index.types[name] else { continue }
        let defaults = matches(local.declarations.filter { $0.kind == .extension })
        if let first = defaults.first {
          found = [first]
          break
        }
      }
    }
    guard let first = found.first else { return nil }
    if found.count > 1, reportedDuplicates.insert("\(info.name).\(name)").inserted {
      let second = found[1]
      var note = ""
      if let condition = second.1.condition(of: second.0.nameToken) { note = " (in '\(condition.text)')" }
      recorder.warn(
        second.1.location(second.0.nameToken),
        "'\(name)' of '\(info.name)' is declared again\(note); used the first declaration at \(first.1.location(first.0.nameToken))")
    }
    return first
  }

  /// The value of a variable: its initial value, or the single expression of its getter
  /// (`{ "Title" }`, `{ return "Title" }`, `{ get { "Title" } }`).
  func value(of member: SwiftMember, in source: SwiftSource) -> SwiftExpression? {
    if let initializer = member.initializer { return SwiftExpressionParser.parse(source, initializer) }
    guard var body = member.body else { return nil }
    if body.count >= 2, source.isWord(body.lowerBound, "get"), source.kind(body.lowerBound + 1) == .leftBrace {
      let close = source.closer(of: body.lowerBound + 1)
      body = (body.lowerBound + 2)..<min(close, body.upperBound)
    }
    if !body.isEmpty, source.isWord(body.lowerBound, "return") { body = (body.lowerBound + 1)..<body.upperBound }
    return SwiftExpressionParser.parse(source, body)
  }

  // MARK: Locations and warnings

  func location(_ declaration: SwiftTypeDeclaration) -> FileLocation {
    sources[declaration.file].location(declaration.nameToken)
  }

  mutating func warn(_ declaration: SwiftTypeDeclaration, _ message: String) {
    recorder.warn(location(declaration), message)
  }

  /// Records where the catalog value at `path` came from.
  mutating func note(_ path: JSONPath, _ location: FileLocation) {
    locations[path.description] = .string(location.description)
  }

  mutating func note(_ path: JSONPath, _ source: SwiftSource, _ token: Int) {
    note(path, source.location(token))
  }

  /// Keeps the source text of an expression under `source.raw` with a warning at it.
  mutating func keepRaw(_ expression: SwiftExpression, in source: SwiftSource, at rawKeys: [String], reason: String) {
    let text = source.text(from: expression.tokens.lowerBound, to: expression.tokens.upperBound)
    recorder.keep(.string(text), at: rawKeys, location: source.location(expression.tokens.lowerBound), reason: reason)
  }
}
