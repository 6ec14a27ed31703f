import IntentBridgeJSON

/// A closed value set (`AppEnum`).
public struct EnumType: Sendable, Hashable {
  /// One case of the enum (an element of `cases`, with its DisplayRepresentation).
  public struct Case: Sendable, Hashable {
    /// The value a parameter of this enum takes (`value`); unique within the enum.
    public var value: String
    /// The display title (`title`); nil when absent, which lint warns about.
    public var title: LocalizedText?
    /// The display subtitle (`subtitle`); nil when absent.
    public var subtitle: LocalizedText?
    /// Other words for the case (`synonyms`, phrase templates allowed); empty when absent.
    public var synonyms: LocalizedTextList
    /// The image name (`image`, e.g. an SF Symbol); nil when absent.
    public var image: String?
    /// The JSON path of this case in its catalog (for diagnostics).
    public var path: JSONPath

    /// A case with the given value, title and synonyms, and no subtitle or image.
    public init(value: String, title: LocalizedText? = nil, synonyms: LocalizedTextList = .empty, path: JSONPath = .root) {
      self.value = value
      self.title = title
      self.subtitle = nil
      self.synonyms = synonyms
      self.image = nil
      self.path = path
    }
  }

  /// The unique enum id (`id`), referenced as `{"enum": "<id>"}`.
  public var id: String
  /// The display name of the type (`title`, typeDisplayRepresentation); nil when absent.
  public var title: LocalizedText?
  /// The cases (`cases`), in catalog order.
  public var cases: [Case]
  /// The JSON path of this enum in its catalog (for diagnostics).
  public var path: JSONPath

  /// An enum of the given id, title and cases.
  public init(id: String, title: LocalizedText? = nil, cases: [Case], path: JSONPath = .root) {
    self.id = id
    self.title = title
    self.cases = cases
    self.path = path
  }
}
