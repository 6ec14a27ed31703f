import IntentBridgeJSON

/// One `@Parameter` of an intent.
public struct Parameter: Sendable, Hashable {
  /// The property key (`name`), unique within the intent; also the slot name in `${name}`
  /// templates.
  public var name: String
  /// The display title (`title`; JSON Schema `title`); nil when absent.
  public var title: LocalizedText?
  /// The explanation for people and models (`description`; JSON Schema `description`); nil
  /// when absent.
  public var description: LocalizedText?
  /// The type of the value (`type`), or of each element when `isArray` is true.
  public var type: ValueType
  /// Whether the parameter takes a list of values (`array`); false when absent.
  public var isArray: Bool
  /// Whether the parameter may be left out (`optional`, Swift `T?`); false when absent.
  public var isOptional: Bool
  /// The value used when the request gives none (`default`), kept as written; nil when absent.
  public var defaultValue: JSONValue?
  /// The smallest allowed value (`minimum`, the inclusiveRange lower bound); nil when absent.
  public var minimum: Double?
  /// The largest allowed value (`maximum`, the inclusiveRange upper bound); nil when absent.
  public var maximum: Double?
  /// The fewest items of an array parameter (`minItems`); nil when absent.
  public var minItems: Int?
  /// The most items of an array parameter (`maxItems`); nil when absent.
  public var maxItems: Int?
  /// The unit of a `measurement` parameter (`unit`); nil when absent.
  public var unit: MeasurementUnit?
  /// The ISO 4217 codes a `currency` parameter accepts (`currencyCodes`), in catalog order;
  /// empty when absent.
  public var currencyCodes: [String]
  /// What a `date` parameter holds (`dateKind`); nil when absent, which tool schemas treat as
  /// `.dateTime`.
  public var dateKind: DateKind?
  /// `String.IntentInputOptions`, kept as written.
  public var inputOptions: JSONObject?
  /// The question to ask when the value is missing (`requestValueDialog`); nil when absent.
  public var requestValueDialog: LocalizedText?
  /// The question to ask when several values match (`requestDisambiguationDialog`); nil when
  /// absent.
  public var requestDisambiguationDialog: LocalizedText?
  /// Words that stand for specific values (`valueSynonyms`), in catalog order; empty when
  /// absent.
  public var valueSynonyms: [ValueSynonym]
  /// A JSON Schema used verbatim for this parameter (imported tools, type `json`).
  public var jsonSchema: JSONObject?
  /// The JSON path of this parameter in its catalog (for diagnostics).
  public var path: JSONPath

  /// A parameter with the defaults of a catalog that gives only `name` and `type`: a single,
  /// required value with every optional field absent.
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

/// What a `date` parameter holds (`dateKind`); the raw value is the catalog spelling.
public enum DateKind: String, Sendable, Hashable, CaseIterable {
  /// `date`: a calendar date without a time (JSON Schema `format` `date`).
  case date
  /// `time`: a time of day without a date (JSON Schema `format` `time`).
  case time
  /// `dateTime`: a date with a time of day (JSON Schema `format` `date-time`).
  case dateTime
}

/// `unit` of a `measurement` parameter.
public struct MeasurementUnit: Sendable, Hashable {
  /// The physical dimension (`dimension`, e.g. `length`, `mass`, `temperature`); nil when absent.
  public var dimension: String?
  /// The unit assumed when the request gives none (`default`, e.g. `celsius`, `km`); nil when
  /// absent.
  public var defaultUnit: String?
  /// The units accepted (`allowed`), in catalog order; empty when absent, meaning every unit of
  /// the dimension.
  public var allowed: [String]
}

/// Words that stand for a specific value of a parameter (`"max"` → 100).
public struct ValueSynonym: Sendable, Hashable {
  /// The value the words stand for (`value`: any JSON of the parameter's type; a `duration` in
  /// seconds).
  public var value: JSONValue
  /// The words or phrase templates that mean `value` (`synonyms`); empty when absent.
  public var synonyms: LocalizedTextList
}
