import IntentBridgeJSON

/// One `@Parameter` of an intent.
public struct Parameter: Sendable, Hashable {
  public var name: String
  public var title: LocalizedText?
  public var description: LocalizedText?
  public var type: ValueType
  public var isArray: Bool
  public var isOptional: Bool
  public var defaultValue: JSONValue?
  public var minimum: Double?
  public var maximum: Double?
  public var minItems: Int?
  public var maxItems: Int?
  public var unit: MeasurementUnit?
  public var currencyCodes: [String]
  public var dateKind: DateKind?
  /// `String.IntentInputOptions`, kept as written.
  public var inputOptions: JSONObject?
  public var requestValueDialog: LocalizedText?
  public var requestDisambiguationDialog: LocalizedText?
  public var valueSynonyms: [ValueSynonym]
  /// A JSON Schema used verbatim for this parameter (imported tools, type `json`).
  public var jsonSchema: JSONObject?
  public var path: JSONPath

  public init(name: String, type: ValueType, path: JSONPath = .root) {
    self.name = name
    self.title = nil
    self.description = nil
    self.type = type
    self.isArray = false
    self.isOptional = false
    self.defaultValue = nil
    self.minimum = nil
    self.maximum = nil
    self.minItems = nil
    self.maxItems = nil
    self.unit = nil
    self.currencyCodes = []
    self.dateKind = nil
    self.inputOptions = nil
    self.requestValueDialog = nil
    self.requestDisambiguationDialog = nil
    self.valueSynonyms = []
    self.jsonSchema = nil
    self.path = path
  }

  /// Required ⇔ not optional and no default (docs/CATALOG.md).
  public var isRequired: Bool { !isOptional && defaultValue == nil }
}

public enum DateKind: String, Sendable, Hashable, CaseIterable {
  case date, time, dateTime
}

/// `unit` of a `measurement` parameter.
public struct MeasurementUnit: Sendable, Hashable {
  public var dimension: String?
  public var defaultUnit: String?
  public var allowed: [String]
}

/// Words that stand for a specific value of a parameter (`"max"` → 100).
public struct ValueSynonym: Sendable, Hashable {
  public var value: JSONValue
  public var synonyms: LocalizedTextList
}
