import IntentBridgeEngine

/// One row of a labelled request set (`docs/EVAL.md`, `Schemas/eval-dataset.schema.json`).
public struct LabelledRequest: Sendable, Hashable {
  /// What the row expects the request to route to.
  public enum ExpectedIntent: Sendable, Hashable {
    /// `null`: no intent should match.
    case noMatch
    /// Any of these intents is right (a string is a list of one).
    case anyOf([String])

    public func accepts(_ intentID: String?) -> Bool {
      switch self {
      case .noMatch: intentID == nil
      case .anyOf(let ids): intentID.map(ids.contains) ?? false
      }
    }

    /// The first acceptable intent (for confusion tables), nil for `noMatch`.
    public var primary: String? {
      if case .anyOf(let ids) = self { return ids.first }
      return nil
    }
  }

  /// The request text.
  public var query: String
  /// Stable identifier; `<file>:<line>` when the row has none.
  public var id: String
  public var language: String?
  public var intent: ExpectedIntent
  /// Expected parameter values (`{"$anyOf": […]}` accepts any of the listed values).
  public var arguments: JSONObject
  /// Parameters not scored for this row.
  public var ignore: [String]
  public var tags: [String]
  /// Values the caller already knows; resolvers may use them as defaults.
  public var context: JSONObject
  /// The file and 1-based line the row came from.
  public var source: String
  public var line: Int

  public init(
    query: String, id: String, language: String? = nil, intent: ExpectedIntent, arguments: JSONObject = JSONObject(), ignore: [String] = [],
    tags: [String] = [], context: JSONObject = JSONObject(), source: String = "", line: Int = 0
  ) {
    self.query = query
    self.id = id
    self.language = language
    self.intent = intent
    self.arguments = arguments
    self.ignore = ignore
    self.tags = tags
    self.context = context
    self.source = source
    self.line = line
  }
}
