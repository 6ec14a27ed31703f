import IntentBridgeJSON

/// An app object type a parameter can refer to (`AppEntity`).
public struct EntityType: Sendable, Hashable {
  /// A property of the entities (an element of `properties`, App Intents `@Property`).
  public struct Property: Sendable, Hashable {
    /// The key of the property in an instance's `properties` (`name`).
    public var name: String
    /// The display title (`title`); nil when absent.
    public var title: LocalizedText?
    /// What the property holds (`description`); nil when absent.
    public var description: LocalizedText?
    /// The type of the property's values (`type`); `.string` when absent.
    public var type: ValueType
    /// Whether instances may lack the property (`optional`); false when absent.
    public var isOptional: Bool
  }

  /// A known app object of the type (an element of `instances`, or a line of `instancesFile`).
  public struct Instance: Sendable, Hashable {
    /// The identifier a parameter of this type takes as its value (`id`); unique within the
    /// entity type.
    public var id: String
    /// The display title (`title`), matched in requests; nil when absent.
    public var title: LocalizedText?
    /// The display subtitle (`subtitle`); nil when absent.
    public var subtitle: LocalizedText?
    /// Other names for the instance (`synonyms`, phrase templates allowed); empty when absent.
    public var synonyms: LocalizedTextList
    /// The property values by property name (`properties`, any JSON), as written; empty when
    /// absent.
    public var properties: JSONObject
    /// The JSON path of this instance (for diagnostics); for a line of `instancesFile`, a path
    /// that names the file and the line number.
    public var path: JSONPath
  }

  /// How instances are looked up (`query.kind`, App Intents `EntityQuery`); the raw value is
  /// the catalog spelling.
  public enum QueryKind: String, Sendable, Hashable, CaseIterable {
    /// `id`: instances are looked up by identifier (`EntityQuery`).
    case id
    /// `string`: instances are looked up by a search string (`EntityStringQuery`).
    case string
    /// `enumerable`: all instances are known (`EnumerableEntityQuery`); tool schemas list their
    /// ids as the allowed values.
    case enumerable
    /// `property`: instances are looked up by their property values (`EntityPropertyQuery`).
    case property
  }

  /// The unique entity type id (`id`), referenced as `{"entity": "<id>"}`.
  public var id: String
  /// The display name of the type (`title`, typeDisplayRepresentation); nil when absent.
  public var title: LocalizedText?
  /// What the entities are (`description`), which tells a model what to give; nil when absent.
  public var description: LocalizedText?
  /// The properties of the entities (`properties`), in catalog order; empty when absent.
  public var properties: [Property]
  /// Inline instances followed by those read from `instancesFile`.
  public var instances: [Instance]
  /// The path of a JSON Lines file of instances, relative to the catalog file
  /// (`instancesFile`), as written; nil when absent.
  public var instancesFile: String?
  /// How instances are looked up (`query.kind`); nil when absent.
  public var queryKind: QueryKind?
  /// The JSON path of this entity type in its catalog (for diagnostics).
  public var path: JSONPath
}

/// An App Shortcut: phrases with `${applicationName}` that run an intent.
public struct AppShortcut: Sendable, Hashable {
  /// The id of the intent the shortcut runs (`intent`).
  public var intent: String
  /// The invocation phrases (`phrases`): each must hold exactly one `${applicationName}` and at
  /// most one other slot (validation reports `shortcut-application-name`, `shortcut-slot-type`).
  public var phrases: LocalizedTextList
  /// The short title shown in Shortcuts and Spotlight (`shortTitle`); nil when absent.
  public var shortTitle: LocalizedText?
  /// The SF Symbol name shown with the shortcut (`systemImageName`); nil when absent.
  public var systemImageName: String?
  /// The name of the intent parameter that the phrases' other slot fills (`parameter`: an enum
  /// or entity parameter); nil when absent.
  public var parameter: String?
  /// The JSON path of this App Shortcut in its catalog (for diagnostics).
  public var path: JSONPath
}
