/// The App Intents roles of the types declared in a set of Swift files: which are intents,
/// enums, entities, entity queries and App Shortcuts providers, with their members merged
/// across the declaration and its extensions.
///
/// A type has a role when it (or one of its extensions) conforms to one of the App Intents
/// protocols of that role, to a protocol declared in the same sources that refines one
/// (transitively), or carries the role's macro (`@AppIntent(schema:)`, `@AppEnum`, `@AppEntity`).
struct SwiftTypeIndex {
  enum Role: Sendable { case intent, appEnum, entity, query, shortcutsProvider }

  /// One type: its first declaration (or first extension when it is declared elsewhere)
  /// and every declaration of it, in file order.
  struct TypeInfo {
    var name: String
    var declarations: [SwiftTypeDeclaration]
    /// Every protocol it conforms to, directly or through local protocols.
    var conformances: Set<String>
    /// The protocols of these sources it conforms to, in name order (their extensions give defaults).
    var localProtocols: [String] = []
    var primary: SwiftTypeDeclaration { declarations.first { $0.kind != .extension } ?? declarations[0] }
  }

  // MARK: App Intents protocols

  /// `AppIntent` and its refinements (the `systemProtocols` of the catalog, except `AppIntent`).
  static let intentProtocols: Set<String> = [
    "AppIntent", "WidgetConfigurationIntent", "AudioPlaybackIntent", "AudioStartingIntent", "AudioRecordingIntent",
    "LiveActivityIntent", "LiveActivityStartingIntent", "ForegroundContinuableIntent", "OpenIntent", "DeleteIntent",
    "SetValueIntent", "ControlConfigurationIntent", "SnippetIntent", "URLRepresentableIntent", "ProgressReportingIntent",
    "PredictableIntent", "CameraCaptureIntent", "ShowInAppSearchResultsIntent", "UndoableIntent", "SystemIntent",
    "PushToTalkTransmissionIntent", "TargetContentProvidingIntent",
  ]
  static let enumProtocols: Set<String> = ["AppEnum"]
  static let entityProtocols: Set<String> = [
    "AppEntity", "IndexedEntity", "TransientAppEntity", "UniqueAppEntity", "FileEntity", "URLRepresentableEntity",
  ]
  /// Entity query protocols → the catalog's `query.kind`.
  static let queryKinds: [String: String] = [
    "EntityQuery": "id", "EntityStringQuery": "string", "EnumerableEntityQuery": "enumerable",
    "EntityPropertyQuery": "property", "UniqueAppEntityQuery": "id", "IndexedEntityQuery": "id",
  ]
  static let macroRoles: [String: Role] = [
    "AppIntent": .intent, "AssistantIntent": .intent, "AppEnum": .appEnum, "AssistantEnum": .appEnum,
    "AppEntity": .entity, "AssistantEntity": .entity,
  ]

  private(set) var types: [String: TypeInfo] = [:]
  /// Type names in the order their first declaration appears.
  private(set) var order: [String] = []
  /// Simple names that more than one type uses (`A.Options`, `B.Options`).
  private(set) var ambiguousSimpleNames: Set<String> = []
  private var bySimpleName: [String: [String]] = [:]

  init(declarations: [SwiftTypeDeclaration]) {
    // Types first, so that an extension `extension Outer.Inner` finds `Outer.Inner`, and an
    // extension of a nested type written by its simple name finds it when that is unique.
    var simpleOwners: [String: [String]] = [:]
    for declaration in declarations where declaration.kind != .extension {
      if types[declaration.name] == nil {
        types[declaration.name] = TypeInfo(name: declaration.name, declarations: [], conformances: [])
        order.append(declaration.name)
        simpleOwners[declaration.simpleName, default: []].append(declaration.name)
      }
    }
    bySimpleName = simpleOwners
    ambiguousSimpleNames = Set(simpleOwners.filter { $0.value.count > 1 }.keys)
    for declaration in declarations {
      let name = declaration.kind == .extension ? resolve(declaration.name) ?? declaration.name : declaration.name
      if types[name] == nil {
        types[name] = TypeInfo(name: name, declarations: [], conformances: [])
        order.append(name)
      }
      types[name]?.declarations.append(declaration)
    }
    computeConformances()
  }

  /// The full name of a type written as `name` (qualified or simple), when it is declared here.
  func resolve(_ name: String) -> String? {
    if types[name] != nil { return name }
    let simple = name.split(separator: ".").last.map(String.init) ?? name
    if let owners = bySimpleName[simple], owners.count == 1 { return owners[0] }
    return nil
  }

  func info(_ name: String) -> TypeInfo? { resolve(name).flatMap { types[$0] } }

  /// Local protocols refine App Intents ones: conformances are closed over them.
  private mutating func computeConformances() {
    var direct: [String: Set<String>] = [:]
    for (name, info) in types {
      var set = Set<String>()
      for declaration in info.declarations { for inherited in declaration.inherits { set.insert(inherited.name) } }
      direct[name] = set
    }
    for name in order {
      var closed = Set<String>()
      var stack = Array(direct[name] ?? [])
      var steps = 0
      while let next = stack.popLast(), steps < 10_000 {
        steps += 1
        guard closed.insert(next).inserted else { continue }
        if let local = resolve(next), local != name, let more = direct[local] { stack.append(contentsOf: more) }
      }
      types[name]?.conformances = closed
    }
    for name in order {
      guard let closed = types[name]?.conformances else { continue }
      let local = closed.sorted().compactMap { resolve($0) }.filter { types[$0]?.primary.kind == .protocol }
      types[name]?.localProtocols = local
    }
  }

  /// The role of a type (intents first; a type is given one role).
  func role(of name: String) -> Role? {
    guard let info = types[name], info.primary.kind != .protocol else { return nil }
    for declaration in info.declarations {
      for attribute in declaration.attributes { if let role = Self.macroRoles[attribute.name] { return role } }
    }
    let conformances = info.conformances
    if !conformances.isDisjoint(with: Self.intentProtocols) { return .intent }
    if !conformances.isDisjoint(with: Self.entityProtocols) { return .entity }
    if !conformances.isDisjoint(with: Self.enumProtocols) { return .appEnum }
    if conformances.contains("AppShortcutsProvider") { return .shortcutsProvider }
    if !conformances.isDisjoint(with: Set(Self.queryKinds.keys)) { return .query }
    return nil
  }

  /// The names with a role, in declaration order.
  func names(with role: Role) -> [String] { order.filter { self.role(of: $0) == role } }
}
