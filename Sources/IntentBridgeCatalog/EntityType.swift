import IntentBridgeJSON

/// An app object type a parameter can refer to (`AppEntity`).
public struct EntityType: Sendable, Hashable {
  public struct Property: Sendable, Hashable {
    public var name: String
    public var title: LocalizedText?
    public var description: LocalizedText?
    public var type: ValueType
    public var isOptional: Bool
  }

  public struct Instance: Sendable, Hashable {
    public var id: String
    public var title: LocalizedText?
    public var subtitle: LocalizedText?
    public var synonyms: LocalizedTextList
    public var properties: JSONObject
    public var path: JSONPath
  }

  public enum QueryKind: String, Sendable, Hashable, CaseIterable {
    case id, string, enumerable, property
  }

  public var id: String
  public var title: LocalizedText?
  public var description: LocalizedText?
  public var properties: [Property]
  /// Inline instances followed by those read from `instancesFile`.
  public var instances: [Instance]
  public var instancesFile: String?
  public var queryKind: QueryKind?
  public var path: JSONPath
}

/// An App Shortcut: phrases with `${applicationName}` that run an intent.
public struct AppShortcut: Sendable, Hashable {
  public var intent: String
  public var phrases: LocalizedTextList
  public var shortTitle: LocalizedText?
  public var systemImageName: String?
  public var parameter: String?
  public var path: JSONPath
}
