/// Every rule a catalog diagnostic can come from: its id, default severity, the reason it
/// exists, and a generic fix. `intentbridge lint --rules` prints this table.
public enum DiagnosticRule: String, Sendable, CaseIterable {
  // Reading and structure (errors).
  case unreadableFile = "unreadable-file"
  case jsonSyntax = "json-syntax"
  case unsupportedVersion = "unsupported-version"
  case wrongType = "wrong-type"
  case missingField = "missing-field"
  case unknownField = "unknown-field"
  case emptyValue = "empty-value"
  case invalidValue = "invalid-value"
  case invalidLanguageTag = "invalid-language-tag"
  case outOfRange = "out-of-range"
  case invalidParameterName = "invalid-parameter-name"
  case invalidToolName = "invalid-tool-name"
  case catalogTooLarge = "catalog-too-large"
  // Semantic errors (CATALOG.md lint errors).
  case duplicateIntentID = "duplicate-intent-id"
  case duplicateParameterName = "duplicate-parameter-name"
  case duplicateEnumID = "duplicate-enum-id"
  case duplicateEnumCase = "duplicate-enum-case"
  case duplicateEntityID = "duplicate-entity-id"
  case duplicateInstanceID = "duplicate-instance-id"
  case unknownTypeReference = "unknown-type-reference"
  case toolNameCollision = "tool-name-collision"
  case templateSyntax = "template-syntax"
  case unknownPhraseRule = "unknown-phrase-rule"
  case recursivePhraseRule = "recursive-phrase-rule"
  case phraseSlotNotParameter = "phrase-slot-not-parameter"
  case shortcutApplicationName = "shortcut-application-name"
  case shortcutSlotType = "shortcut-slot-type"
  case shortcutUnknownIntent = "shortcut-unknown-intent"
  case tooManyShortcuts = "too-many-shortcuts"
  case invalidDefault = "invalid-default"
  case unknownReplacement = "unknown-replacement"
  // Warnings (App Intents practice).
  case missingDescription = "missing-description"
  case missingParameterDescription = "missing-parameter-description"
  case descriptionNotSentence = "description-not-sentence"
  case missingSearchKeywords = "missing-search-keywords"
  case parameterSummaryIncomplete = "parameter-summary-incomplete"
  case destructiveWithoutConfirmation = "destructive-without-confirmation"
  case enumCaseWithoutTitle = "enum-case-without-title"
  case duplicateSynonym = "duplicate-synonym"
  case nearDuplicateIntents = "near-duplicate-intents"
  case descriptionTooLong = "description-too-long"
  case unresolvedLocalizationKey = "unresolved-localization-key"
  case missingTranslation = "missing-translation"

  public var severity: Diagnostic.Severity {
    switch self {
    case .missingDescription, .missingParameterDescription, .descriptionNotSentence, .missingSearchKeywords,
      .parameterSummaryIncomplete, .destructiveWithoutConfirmation, .enumCaseWithoutTitle, .duplicateSynonym,
      .nearDuplicateIntents, .descriptionTooLong, .unresolvedLocalizationKey, .missingTranslation:
      .warning
    default: .error
    }
  }

  /// One line: why the rule exists.
  public var reason: String {
    switch self {
    case .unreadableFile: "the catalog (or a file it references) must be readable"
    case .jsonSyntax: "the catalog must be strict JSON (RFC 8259)"
    case .unsupportedVersion: "only catalog format version 1 is defined"
    case .wrongType: "each field has one JSON type (CATALOG.md)"
    case .missingField: "required fields carry the identity of the object"
    case .unknownField: "a misspelt field would otherwise be ignored silently"
    case .emptyValue: "an empty id, title or list carries no meaning"
    case .invalidValue: "the field accepts a fixed set of values"
    case .invalidLanguageTag: "translations are keyed by BCP 47 tags"
    case .outOfRange: "the number is outside what the field allows"
    case .invalidParameterName: "parameter names become JSON Schema property keys that every provider accepts"
    case .invalidToolName: "providers accept tool names matching ^[a-zA-Z0-9_-]{1,64}$ only"
    case .catalogTooLarge: "inputs beyond the limits would exhaust memory"
    case .duplicateIntentID: "intent ids identify intents and tools"
    case .duplicateParameterName: "parameter names are property keys of one schema"
    case .duplicateEnumID: "enum ids are referenced by parameter types"
    case .duplicateEnumCase: "enum case values are the values a model sends"
    case .duplicateEntityID: "entity type ids are referenced by parameter types"
    case .duplicateInstanceID: "instance ids are the values a model sends"
    case .unknownTypeReference: "a parameter type must name a declared enum or entity"
    case .toolNameCollision: "two intents would expose the same tool name"
    case .templateSyntax: "phrase templates are parsed for ranking and slot filling"
    case .unknownPhraseRule: "a <rule> reference must be defined in phraseRules"
    case .recursivePhraseRule: "a rule that refers to itself never ends"
    case .phraseSlotNotParameter: "a ${slot} fills a parameter of its own intent"
    case .shortcutApplicationName: "App Shortcut phrases need exactly one ${applicationName}"
    case .shortcutSlotType: "App Shortcut phrases may only use enum or entity parameters (at most one)"
    case .shortcutUnknownIntent: "an App Shortcut runs an intent of this catalog"
    case .tooManyShortcuts: "an app may declare at most 10 App Shortcuts"
    case .invalidDefault: "a default must be a valid value of its parameter"
    case .unknownReplacement: "deprecation.replacedBy must name an intent of this catalog"
    case .missingDescription: "models choose tools by their descriptions (22% of Apple's own intents lack one)"
    case .missingParameterDescription: "models fill parameters from their descriptions"
    case .descriptionNotSentence: "descriptions read best as a sentence that starts with a verb (\"Creates a note.\")"
    case .missingSearchKeywords: "search keywords help people and rankers find the intent"
    case .parameterSummaryIncomplete: "the parameter summary should mention every required parameter"
    case .destructiveWithoutConfirmation: "destructive actions should ask before they run"
    case .enumCaseWithoutTitle: "people and models see case titles, not raw values"
    case .duplicateSynonym: "one synonym on two cases makes the value ambiguous"
    case .nearDuplicateIntents: "intents with near-identical titles or descriptions get confused"
    case .descriptionTooLong: "clients truncate tool descriptions at 2,048 characters"
    case .unresolvedLocalizationKey: "an ALL_CAPS_KEY is a strings-file key, not text for people"
    case .missingTranslation: "declared languages fall back to the default language for missing text"
    }
  }

  /// A generic fix; diagnostics usually carry a more specific one.
  public var hint: String {
    switch self {
    case .unreadableFile: "check the path and permissions"
    case .jsonSyntax: "fix the JSON at the reported line and column"
    case .unsupportedVersion: "set \"formatVersion\": 1"
    case .wrongType: "use the type CATALOG.md gives for the field"
    case .missingField: "add the field"
    case .unknownField: "fix the spelling, or prefix extension fields with \"x-\""
    case .emptyValue: "write a non-empty value"
    case .invalidValue: "use one of the allowed values"
    case .invalidLanguageTag: "use tags like en, de, fi, sk, zh-CN"
    case .outOfRange: "use a value within the allowed range"
    case .invalidParameterName: "use letters, digits, '_' and '-'"
    case .invalidToolName: "use letters, digits, '_' and '-', at most 64 characters"
    case .catalogTooLarge: "split the catalog"
    case .duplicateIntentID, .duplicateParameterName, .duplicateEnumID, .duplicateEnumCase, .duplicateEntityID, .duplicateInstanceID:
      "rename one of them"
    case .unknownTypeReference: "declare the enum/entity or fix the reference"
    case .toolNameCollision: "set a distinct \"toolName\" on one of the intents"
    case .templateSyntax: "fix the template; escape literal ()[]{}<>|$ with '\\'"
    case .unknownPhraseRule: "define the rule in \"phraseRules\" or fix its name"
    case .recursivePhraseRule: "break the cycle between the rules"
    case .phraseSlotNotParameter: "add the parameter to the intent or fix the slot name"
    case .shortcutApplicationName: "write ${applicationName} exactly once in each phrase"
    case .shortcutSlotType: "use an enum or entity parameter, or remove the slot"
    case .shortcutUnknownIntent: "name an intent id of this catalog"
    case .tooManyShortcuts: "keep the 10 most useful App Shortcuts"
    case .invalidDefault: "make the default fit the parameter's type and range"
    case .unknownReplacement: "name an existing intent id"
    case .missingDescription: "add \"description\": a sentence starting with a verb"
    case .missingParameterDescription: "add a \"description\" to the parameter"
    case .descriptionNotSentence: "start with a verb and end with a full stop"
    case .missingSearchKeywords: "add \"searchKeywords\": 3–6 words people use for this action"
    case .parameterSummaryIncomplete: "write \"parameterSummary\" with a ${param} for each required parameter"
    case .destructiveWithoutConfirmation: "set \"requiresConfirmation\": true"
    case .enumCaseWithoutTitle: "add a \"title\" to the case"
    case .duplicateSynonym: "keep the synonym on one case only"
    case .nearDuplicateIntents: "make titles and descriptions say what differs"
    case .descriptionTooLong: "shorten the description"
    case .unresolvedLocalizationKey: "write the text itself, or a Text object with translations"
    case .missingTranslation: "add the translation, or remove the language from app.languages"
    }
  }
}
