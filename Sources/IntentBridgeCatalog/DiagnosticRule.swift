/// Every rule a catalog diagnostic can come from: its id, default severity, the reason it
/// exists, and a generic fix. `intentbridge lint --rules` prints this table.
///
/// Each rule's metadata is written once: a lint rule's in its `LintRule` type (LintRules/,
/// listed in `CatalogLinter.rules`), the others' in `readingAndValidationInfo`.
public enum DiagnosticRule: String, Sendable, CaseIterable {
  // Reading and structure (errors).
  /// `unreadable-file`: a catalog file, or an `instancesFile` it references, cannot be read.
  case unreadableFile = "unreadable-file"
  /// `json-syntax`: the catalog (or a line of an `instancesFile`) is not strict JSON (RFC 8259).
  case jsonSyntax = "json-syntax"
  /// `unsupported-version`: `formatVersion` is not 1, the only catalog format version defined.
  case unsupportedVersion = "unsupported-version"
  /// `wrong-type`: a field has the wrong JSON type (a string where an object belongs, …).
  case wrongType = "wrong-type"
  /// `missing-field`: a required field is missing (`formatVersion`, `intents`, an `id`, a
  /// `title`, …).
  case missingField = "missing-field"
  /// `unknown-field`: a field the format does not define, and not an `x-` extension key.
  case unknownField = "unknown-field"
  /// `empty-value`: an empty value where one is needed (an id, a title, an enum's cases, a
  /// handler's command).
  case emptyValue = "empty-value"
  /// `invalid-value`: a value the field does not accept (an unknown type name or mode, a
  /// malformed type reference, a field that does not apply to the parameter's type).
  case invalidValue = "invalid-value"
  /// `invalid-language-tag`: a language tag that is not a well-formed BCP 47 tag.
  case invalidLanguageTag = "invalid-language-tag"
  /// `out-of-range`: a number outside what the field allows (`minimum` over `maximum`, a
  /// handler timeout outside (0, 3600] seconds).
  case outOfRange = "out-of-range"
  /// `invalid-parameter-name`: a parameter name that is not letters, digits, `_` and `-` (at
  /// most 64 characters).
  case invalidParameterName = "invalid-parameter-name"
  /// `invalid-tool-name`: a `toolName` that does not match `^[a-zA-Z0-9_-]{1,64}$`.
  case invalidToolName = "invalid-tool-name"
  /// `catalog-too-large`: an input beyond the loader's limits. Listed by `lint --rules` but not
  /// reported: the loader reports an oversized file as `unreadable-file` and too deep nesting
  /// as `json-syntax`.
  case catalogTooLarge = "catalog-too-large"
  // Semantic errors (docs/CATALOG.md lint errors).
  /// `duplicate-intent-id`: two intents with one `id`.
  case duplicateIntentID = "duplicate-intent-id"
  /// `duplicate-parameter-name`: two parameters of one intent with one `name`.
  case duplicateParameterName = "duplicate-parameter-name"
  /// `duplicate-enum-id`: two enums with one `id`.
  case duplicateEnumID = "duplicate-enum-id"
  /// `duplicate-enum-case`: two cases of one enum with one `value`.
  case duplicateEnumCase = "duplicate-enum-case"
  /// `duplicate-entity-id`: two entity types with one `id`.
  case duplicateEntityID = "duplicate-entity-id"
  /// `duplicate-instance-id`: two instances of one entity type with one `id`.
  case duplicateInstanceID = "duplicate-instance-id"
  /// `unknown-type-reference`: a type reference (`{"enum": …}`, `{"entity": …}`) that names no
  /// declared enum or entity type.
  case unknownTypeReference = "unknown-type-reference"
  /// `tool-name-collision`: two intents that would expose the same tool name.
  case toolNameCollision = "tool-name-collision"
  /// `template-syntax`: a phrase template that does not parse (or nests too deep).
  case templateSyntax = "template-syntax"
  /// `unknown-phrase-rule`: a `<rule>` reference that `phraseRules` does not define.
  case unknownPhraseRule = "unknown-phrase-rule"
  /// `recursive-phrase-rule`: a phrase rule that refers to itself, directly or through others.
  case recursivePhraseRule = "recursive-phrase-rule"
  /// `phrase-slot-not-parameter`: a `${slot}` (or an App Shortcut's `parameter`) that is not a
  /// parameter of its intent.
  case phraseSlotNotParameter = "phrase-slot-not-parameter"
  /// `shortcut-application-name`: an App Shortcut phrase without exactly one
  /// `${applicationName}`.
  case shortcutApplicationName = "shortcut-application-name"
  /// `shortcut-slot-type`: an App Shortcut phrase with more than one slot, or a slot that is
  /// not an enum or entity parameter.
  case shortcutSlotType = "shortcut-slot-type"
  /// `shortcut-unknown-intent`: an App Shortcut whose `intent` is not an intent of the catalog.
  case shortcutUnknownIntent = "shortcut-unknown-intent"
  /// `too-many-shortcuts`: more than 10 App Shortcuts.
  case tooManyShortcuts = "too-many-shortcuts"
  /// `invalid-default`: a parameter `default` that does not fit its type or range.
  case invalidDefault = "invalid-default"
  /// `unknown-replacement`: a `deprecation.replacedBy` that names no intent of the catalog.
  case unknownReplacement = "unknown-replacement"
  // Warnings (App Intents practice): the lint rules, one `LintRule` type each in LintRules/.
  /// `missing-description`: a discoverable intent without a description.
  case missingDescription = "missing-description"
  /// `missing-parameter-description`: a parameter without a description (or with only blank
  /// ones).
  case missingParameterDescription = "missing-parameter-description"
  /// `description-not-sentence`: an intent description that does not start with a capital
  /// letter and a verb or does not end like a sentence.
  case descriptionNotSentence = "description-not-sentence"
  /// `missing-search-keywords`: a discoverable intent without search keywords.
  case missingSearchKeywords = "missing-search-keywords"
  /// `parameter-summary-incomplete`: a discoverable intent with parameters but no parameter
  /// summary, or a summary that leaves out a required parameter.
  case parameterSummaryIncomplete = "parameter-summary-incomplete"
  /// `destructive-without-confirmation`: an intent whose effects are destructive but that does
  /// not ask for confirmation.
  case destructiveWithoutConfirmation = "destructive-without-confirmation"
  /// `enum-case-without-title`: an enum case without a title (or with only blank ones).
  case enumCaseWithoutTitle = "enum-case-without-title"
  /// `duplicate-synonym`: one synonym (or a title and a synonym) on two cases of an enum or two
  /// instances of an entity type.
  case duplicateSynonym = "duplicate-synonym"
  /// `near-duplicate-intents`: a discoverable intent with the same title as an earlier one, or a
  /// title and description nearly the same as an earlier one's.
  case nearDuplicateIntents = "near-duplicate-intents"
  /// `description-too-long`: an intent description over 2,048 characters, where clients cut it.
  case descriptionTooLong = "description-too-long"
  /// `unresolved-localization-key`: a text for people that is an `ALL_CAPS_KEY` of a strings
  /// file rather than the text itself.
  case unresolvedLocalizationKey = "unresolved-localization-key"
  /// `missing-translation`: an intent's title or description without a translation for a
  /// language that `app.languages` declares.
  case missingTranslation = "missing-translation"
  /// `intent-without-phrases`: a discoverable intent without phrases (of its own or of an App
  /// Shortcut) in a catalog where at least half of the discoverable intents have some.
  case intentWithoutPhrases = "intent-without-phrases"
  // Warnings for catalogs imported from an App Intents app: what the system shows and asks
  // (`LintScope.appIntentsCatalogs`).
  /// `missing-request-value-dialog`: a required parameter of a discoverable intent without
  /// `requestValueDialog` (catalogs imported from an App Intents app).
  case missingRequestValueDialog = "missing-request-value-dialog"
  /// `missing-parameter-title`: a parameter of a discoverable intent without a title (catalogs
  /// imported from an App Intents app).
  case missingParameterTitle = "missing-parameter-title"
  /// `missing-type-title`: an enum or entity type without a title (catalogs imported from an
  /// App Intents app).
  case missingTypeTitle = "missing-type-title"
  /// `incomplete-app-shortcut`: an App Shortcut without `shortTitle` or `systemImageName`
  /// (catalogs imported from an App Intents app).
  case incompleteAppShortcut = "incomplete-app-shortcut"

  /// The rule's severity, as `intentbridge lint --rules` prints it.
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
