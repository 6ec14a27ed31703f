/// Every rule a catalog diagnostic can come from: its id, default severity, the reason it
/// exists, and a generic fix. `intentbridge lint --rules` prints this table.
///
/// Each rule's metadata is written once: a lint rule's in its `LintRule` type (LintRules/,
/// listed in `CatalogLinter.rules`), the others' in `readingAndValidationInfo`.
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
  // Semantic errors (docs/CATALOG.md lint errors).
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
  // Warnings (App Intents practice): the lint rules, one `LintRule` type each in LintRules/.
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
  case intentWithoutPhrases = "intent-without-phrases"
  // Warnings for catalogs imported from an App Intents app: what the system shows and asks
  // (`LintScope.appIntentsCatalogs`).
  case missingRequestValueDialog = "missing-request-value-dialog"
  case missingParameterTitle = "missing-parameter-title"
  case missingTypeTitle = "missing-type-title"
  case incompleteAppShortcut = "incomplete-app-shortcut"

  public var severity: Diagnostic.Severity { info.severity }

  /// One line: why the rule exists.
  public var reason: String { info.reason }

  /// A generic fix; diagnostics usually carry a more specific one.
  public var hint: String { info.fix }

  /// The rule's severity, reason and fix.
  var info: RuleInfo {
    guard let info = lintRule?.info ?? readingAndValidationInfo else {
      preconditionFailure("rule \(rawValue) has neither a LintRule type nor an entry in readingAndValidationInfo")
    }
    return info
  }

  /// The lint check that reports this rule; nil for the rules reported while a catalog is read
  /// and validated.
  var lintRule: (any LintRule.Type)? { CatalogLinter.rules.first { $0.rule == self } }

  /// The metadata of the rules `CatalogLoader`, `CatalogDecoder` and `CatalogValidator` report
  /// (reading, structure and semantic errors); nil for the lint rules, whose metadata is in
  /// their `LintRule` type.
  var readingAndValidationInfo: RuleInfo? {
    let rename = "rename one of them"
    return switch self {
    case .unreadableFile: .error("the catalog (or a file it references) must be readable", fix: "check the path and permissions")
    case .jsonSyntax: .error("the catalog must be strict JSON (RFC 8259)", fix: "fix the JSON at the reported line and column")
    case .unsupportedVersion: .error("only catalog format version 1 is defined", fix: "set \"formatVersion\": 1")
    case .wrongType: .error("each field has one JSON type (docs/CATALOG.md)", fix: "use the type docs/CATALOG.md gives for the field")
    case .missingField: .error("required fields carry the identity of the object", fix: "add the field")
    case .unknownField:
      .error("a misspelt field would otherwise be ignored silently", fix: "fix the spelling, or prefix extension fields with \"x-\"")
    case .emptyValue: .error("an empty id, title or list carries no meaning", fix: "write a non-empty value")
    case .invalidValue: .error("the field accepts a fixed set of values", fix: "use one of the allowed values")
    case .invalidLanguageTag: .error("translations are keyed by BCP 47 tags", fix: "use tags like en, de, fi, sk, zh-CN")
    case .outOfRange: .error("the number is outside what the field allows", fix: "use a value within the allowed range")
    case .invalidParameterName:
      .error("parameter names become JSON Schema property keys that every provider accepts", fix: "use letters, digits, '_' and '-'")
    case .invalidToolName:
      .error("providers accept tool names matching ^[a-zA-Z0-9_-]{1,64}$ only", fix: "use letters, digits, '_' and '-', at most 64 characters")
    case .catalogTooLarge: .error("inputs beyond the limits would exhaust memory", fix: "split the catalog")
    case .duplicateIntentID: .error("intent ids identify intents and tools", fix: rename)
    case .duplicateParameterName: .error("parameter names are property keys of one schema", fix: rename)
    case .duplicateEnumID: .error("enum ids are referenced by parameter types", fix: rename)
    case .duplicateEnumCase: .error("enum case values are the values a model sends", fix: rename)
    case .duplicateEntityID: .error("entity type ids are referenced by parameter types", fix: rename)
    case .duplicateInstanceID: .error("instance ids are the values a model sends", fix: rename)
    case .unknownTypeReference: .error("a parameter type must name a declared enum or entity", fix: "declare the enum/entity or fix the reference")
    case .toolNameCollision: .error("two intents would expose the same tool name", fix: "set a distinct \"toolName\" on one of the intents")
    case .templateSyntax:
      .error("phrase templates are parsed for ranking and slot filling", fix: "fix the template; escape literal ()[]{}<>|$ with '\\'")
    case .unknownPhraseRule: .error("a <rule> reference must be defined in phraseRules", fix: "define the rule in \"phraseRules\" or fix its name")
    case .recursivePhraseRule: .error("a rule that refers to itself never ends", fix: "break the cycle between the rules")
    case .phraseSlotNotParameter: .error("a ${slot} fills a parameter of its own intent", fix: "add the parameter to the intent or fix the slot name")
    case .shortcutApplicationName:
      .error("App Shortcut phrases need exactly one ${applicationName}", fix: "write ${applicationName} exactly once in each phrase")
    case .shortcutSlotType:
      .error("App Shortcut phrases may only use enum or entity parameters (at most one)", fix: "use an enum or entity parameter, or remove the slot")
    case .shortcutUnknownIntent: .error("an App Shortcut runs an intent of this catalog", fix: "name an intent id of this catalog")
    case .tooManyShortcuts: .error("an app may declare at most 10 App Shortcuts", fix: "keep the 10 most useful App Shortcuts")
    case .invalidDefault: .error("a default must be a valid value of its parameter", fix: "make the default fit the parameter's type and range")
    case .unknownReplacement: .error("deprecation.replacedBy must name an intent of this catalog", fix: "name an existing intent id")
    default: nil
    }
  }
}
