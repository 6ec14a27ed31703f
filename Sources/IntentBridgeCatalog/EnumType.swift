import IntentBridgeJSON

/// A closed value set (`AppEnum`).
public struct EnumType: Sendable, Hashable {
  public struct Case: Sendable, Hashable {
    public var value: String
    public var title: LocalizedText?
    public var subtitle: LocalizedText?
    public var synonyms: LocalizedTextList
    public var image: String?
    public var path: JSONPath

    public init(value: String, title: LocalizedText? = nil, synonyms: LocalizedTextList = .empty, path: JSONPath = .root) {
      self.value = value
      self.title = title
      self.subtitle = nil
      self.synonyms = synonyms
      self.image = nil
      self.path = path
    }
  }

  public var id: String
  public var title: LocalizedText?
  public var cases: [Case]
  public var path: JSONPath

  public init(id: String, title: LocalizedText? = nil, cases: [Case], path: JSONPath = .root) {
    self.id = id
    self.title = title
    self.cases = cases
    self.path = path
  }
}
