import IntentBridgeEngine

/// One row of a labelled request set (`docs/EVAL.md`, `Schemas/eval-dataset.schema.json`).
public struct LabelledRequest: Sendable, Hashable {
  /// What the row expects the request to route to.
  public enum ExpectedIntent: Sendable, Hashable {
    /// `null`: no intent should match.
    case noMatch
    /// Any of these intents is right (a string is a list of one).
    case anyOf([String])

    /// Whether `intentID` (nil: "no match") is a right answer for the row.
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
  /// The row's `lang` tag; nil when the row has none (the catalog's default language is used).
  public var language: String?
  /// The intent (or "no match") the row expects.
  public var intent: ExpectedIntent
  /// Expected parameter values (`{"$anyOf": […]}` accepts any of the listed values).
  public var arguments: JSONObject
  /// Parameters not scored for this row.
  public var ignore: [String]
  /// Free labels for breakdowns (e.g. `clean`, `perturbed:typo`); empty when none.
  public var tags: [String]
  /// Values the caller already knows; resolvers may use them as defaults.
  public var context: JSONObject
  /// The file and 1-based line the row came from.
  public var source: String
  /// The 1-based line in `source`; 0 for rows not read from a file.
  public var line: Int

  /// A row; the defaults are what a row without the optional fields means.
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
