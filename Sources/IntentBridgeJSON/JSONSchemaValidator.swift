/// One way in which a JSON value fails a JSON Schema: where (`instancePath`), which schema
/// keyword (`keyword`) and a message that names what was expected and what was found.
///
///     $.priority: "urgentt" is not one of: "low", "normal", "high"
public struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
  /// Where in the validated value the problem is (`$` for the value itself).
  public var instancePath: JSONPath
  /// The schema keyword that failed (`"type"`, `"enum"`, `"required"`, …). Limits of the
  /// validator itself use `"$ref"` (unresolvable or too deeply nested reference), `"depth"`
  /// (nesting beyond `JSONSchemaValidator.maximumDepth`) and `"budget"` (validation stopped).
  public var keyword: String
  /// What was expected and what was found, e.g. `expected integer, found string "abc"`.
  public var message: String

  /// A violation at `instancePath` of the schema keyword `keyword`.
  public init(instancePath: JSONPath, keyword: String, message: String) {
    self.instancePath = instancePath
    self.keyword = keyword
    self.message = message
  }

  public var description: String { "\(instancePath): \(message)" }
}

/// Validates JSON values against a JSON Schema (a subset of draft 2020-12), collecting every
/// violation instead of stopping at the first.
///
///     let schema: JSONValue = ["type": "object", "required": ["title"],
///                              "properties": ["title": ["type": "string", "minLength": 1]]]
///     JSONSchemaValidator.validate(["title": ""], against: schema).map(\.description)
///     // ["$.title: must be at least 1 character long, found 0 characters: \"\""]
///
/// Supported: boolean schemas; `type`, `enum`, `const` (numbers compare by value, `1 == 1.0`);
/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`;
/// `minLength`, `maxLength` (in Unicode code points), `pattern` (unanchored, as Swift `Regex`
/// with Unicode scalar semantics), `format` (`date`, `time`, `date-time`, `email`, `uri`,
/// `uri-reference`, `uuid`; other formats are ignored); `prefixItems`, `items` (a schema, or an
/// array as in older drafts together with `additionalItems`), `minItems`, `maxItems`,
/// `uniqueItems`, `contains`, `minContains`, `maxContains`; `properties`, `patternProperties`,
/// `additionalProperties`, `required`, `dependentRequired`, `minProperties`, `maxProperties`,
/// `propertyNames`; `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`; local `$ref`
/// (JSON pointers into the schema document such as `#/$defs/Name`, `#/definitions/Name`, `#`,
/// also written after the root schema's `$id`), and `$ref` to a json-schema.org meta-schema,
/// which only checks that the value is an object or a boolean; OpenAPI's `nullable: true`.
/// Other references (remote documents, `$anchor` names) cannot be resolved and are reported.
/// Annotations (`title`, `description`, `default`, `examples`, `x-*`, `$schema`, `$id`,
/// `$comment`) and unsupported keywords (`unevaluatedProperties`, `dependentSchemas`,
/// `$dynamicRef`, …) are ignored.
///
/// Violations are returned in document order of the value (a value before its members,
/// members in their order), and in schema keyword order at the same location; the result is
/// deterministic. Where a property is not allowed, or an array item is a duplicate, the
/// violation's path is that of the offending member; a missing required property is reported
/// at the object.
///
/// Nothing in a value or a schema makes validation crash or loop: an invalid `pattern`, an
/// unresolvable `$ref`, `$ref`s nested more than `maximumReferenceDepth` deep and schemas
/// applied more than `maximumDepth` levels deep each become a violation, and validation stops
/// with a `"budget"` violation when a schema needs far more work than the size of the value
/// warrants (for example `anyOf` branches that recurse into each other).
///
/// - Complexity: Usually O(n·s) for a value of n nodes and a schema of s keywords.
public enum JSONSchemaValidator {
  /// How many levels of schema application (subschema inside subschema) are followed.
  public static let maximumDepth = 256
  /// How many `$ref`s may be followed inside one another.
  public static let maximumReferenceDepth = 64
  /// Messages quote values as compact JSON, cut after this many characters.
  static let previewLength = 40
  /// `enum` messages list at most this many of the allowed values.
  static let enumListLimit = 12
  /// `anyOf`/`oneOf` messages quote the first form's problem up to this many characters.
  static let detailLength = 160

  /// Validates `value` against `schema` and returns all violations (empty when valid), in
  /// document order of `value`.
  public static func validate(_ value: JSONValue, against schema: JSONValue) -> [JSONSchemaViolation] {
    var validation = Validation(rootSchema: schema, budget: max(250_000, 64 * countNodes(value)))
    validation.apply(schema, to: value)
    return validation.finish()
  }

  /// The number of values in `value` (itself and everything nested), counted without recursion.
  private static func countNodes(_ value: JSONValue) -> Int {
    var stack = [value]
    var count = 0
    while let top = stack.popLast() {
      count += 1
      switch top {
      case .array(let elements): stack.append(contentsOf: elements)
      case .object(let object): for member in object { stack.append(member.value) }
      default: break
      }
    }
    return count
  }

  // MARK: - Message helpers

  /// Compact JSON text of `value`, cut after `limit` characters with `…`. Only the first
  /// characters are ever produced, so previews of huge or deeply nested values are cheap.
  static func preview(_ value: JSONValue, limit: Int = previewLength) -> String {
    var writer = PreviewWriter(limit: limit)
    writer.write(value)
    return writer.result
  }

  /// `string "abc"`, `integer 5`, `object {"a":1}`, `null`: the found value's type and text.
  static func describe(_ value: JSONValue) -> String {
    if value.isNull { return "null" }
    return "\(value.typeName) \(preview(value))"
  }

  /// `a`, `a or b`, `a, b or c`.
  static func orList(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
  }

  /// `1 item`, `2 items`.
  static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(count) \(count == 1 ? singular : plural)"
  }
}

// MARK: - Preview

/// Writes compact JSON text until `limit` Unicode scalars are exceeded.
private struct PreviewWriter {
  let limit: Int
  var text = ""
  var length = 0

  init(limit: Int) { self.limit = limit }

  var isFull: Bool { length > limit }

  var result: String {
    guard isFull else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
  }

  mutating func append(_ piece: String) {
    guard !isFull else { return }
    text += piece
    length += piece.unicodeScalars.count
  }

  /// Quotes at most `limit + 1` scalars of `string`: enough to know the preview is cut.
  mutating func appendString(_ string: String) {
    let scalars = string.unicodeScalars
    var prefix = String.UnicodeScalarView()
    prefix.append(contentsOf: scalars.prefix(limit + 1))
    append(JSONWriter.quoted(String(prefix)))
  }

  mutating func write(_ value: JSONValue) {
    guard !isFull else { return }
    switch value {
    case .null: append("null")
    case .bool(let b): append(b ? "true" : "false")
    case .integer(let i): append(String(i))
    case .number(let d): append(JSONWriter.formatDouble(d))
    case .string(let s): appendString(s)
    case .array(let elements):
      append("[")
      for (i, element) in elements.enumerated() {
        if isFull { return }
        if i > 0 { append(",") }
        write(element)
      }
      append("]")
    case .object(let object):
      append("{")
      for (i, member) in object.enumerated() {
        if isFull { return }
        if i > 0 { append(",") }
        appendString(member.key)
        append(":")
        write(member.value)
      }
      append("}")
    }
  }
}

// MARK: - Validation state

/// A violation while validating: its path plus the position of each path component in its
/// container, so that violations can be sorted into document order at the end.
private struct PendingViolation {
  var components: [JSONPath.Component]
  var positions: [Int]
  var keyword: String
  var message: String
  var sequence: Int

  var path: JSONPath { JSONPath(components) }

  /// Document order: by positions (a value before its members), then by report order.
  static func inDocumentOrder(_ a: PendingViolation, _ b: PendingViolation) -> Bool {
    for (x, y) in zip(a.positions, b.positions) where x != y { return x < y }
    if a.positions.count != b.positions.count { return a.positions.count < b.positions.count }
    return a.sequence < b.sequence
  }
}

private struct Validation {
  let rootSchema: JSONValue
  let budget: Int

  /// Location of the value being validated.
  var components: [JSONPath.Component] = []
  var positions: [Int] = []

  var violations: [PendingViolation] = []
  var sequence = 0
  var depth = 0
  var referenceDepth = 0
  var evaluations = 0
  var aborted = false

  /// Compiled patterns; `.failure` holds the compiler's complaint about an invalid pattern.
  var regexes: [String: Result<Regex<AnyRegexOutput>, PatternError>] = [:]
  var resolvedReferences: [String: JSONValue?] = [:]

  init(rootSchema: JSONValue, budget: Int) {
    self.rootSchema = rootSchema
    self.budget = budget
  }

  struct PatternError: Error {
    var reason: String
  }

  // MARK: Reporting and locations

  mutating func report(_ keyword: String, _ message: String) {
    violations.append(
      PendingViolation(
        components: components, positions: positions, keyword: keyword, message: message,
        sequence: sequence))
    sequence += 1
  }

  mutating func push(_ component: JSONPath.Component, position: Int) {
    components.append(component)
    positions.append(position)
  }

  mutating func pop() {
    components.removeLast()
    positions.removeLast()
  }

  /// Applies `schema` to `value` on the side and returns the violations, sorted, without
  /// recording them (for `anyOf`, `oneOf`, `not`, `if`, `contains`, `propertyNames`).
  mutating func trial(_ schema: JSONValue, _ value: JSONValue) -> [PendingViolation] {
    let saved = violations
    violations = []
    apply(schema, to: value)
    var found = violations
    violations = saved
    found.sort(by: PendingViolation.inDocumentOrder)
    return found
  }

  mutating func matches(_ schema: JSONValue, _ value: JSONValue) -> Bool {
    trial(schema, value).isEmpty
  }

  /// The violations in document order; a `"budget"` violation, if any, comes last.
  func finish() -> [JSONSchemaViolation] {
    var result = violations.sorted(by: PendingViolation.inDocumentOrder).map {
      JSONSchemaViolation(instancePath: $0.path, keyword: $0.keyword, message: $0.message)
    }
    if aborted {
      result.append(
        JSONSchemaViolation(
          instancePath: .root, keyword: "budget",
          message: "validation stopped after \(budget) schema evaluations: the schema needs too "
            + "much work for this value (for example anyOf or oneOf branches that recurse), so "
            + "the result is incomplete"))
    }
    return result
  }

  // MARK: Schema application
  //
  // The recursion runs apply → applyKeywords → applyReference / applyItems / applyMembers /
  // applyAllOf, applyAnyOf, … (→ applyElement, applyMember, trial, …) → apply. Those functions keep few locals and leave every
  // check that does not recurse, and every message, to separate functions, so that each level
  // of nesting needs little stack (this matters in debug builds and on threads with small
  // stacks, such as Swift concurrency's).

  mutating func apply(_ schema: JSONValue, to value: JSONValue) {
    guard case .object(let keywords) = schema else {
      applyBooleanSchema(schema, to: value)
      return
    }
    guard enter() else { return }
    applyKeywords(keywords, to: value)
    depth -= 1
  }

  /// Counts one evaluation and one level of depth; false (after reporting why, if needed)
  /// when validation must not go further here.
  @inline(never)
  mutating func enter() -> Bool {
    if aborted { return false }
    evaluations += 1
    if evaluations > budget {
      aborted = true
      return false
    }
    guard depth < JSONSchemaValidator.maximumDepth else {
      report(
        "depth",
        "the schema applies more than \(JSONSchemaValidator.maximumDepth) levels deep here; "
          + "the value is nested too deeply to validate")
      return false
    }
    depth += 1
    return true
  }

  @inline(never)
  mutating func applyBooleanSchema(_ schema: JSONValue, to value: JSONValue) {
    switch schema {
    case .bool(true):
      return
    case .bool(false):
      report("false", "no value is allowed here, found \(JSONSchemaValidator.describe(value))")
    default:
      report(
        "schema",
        "invalid schema: expected an object or a boolean, found \(JSONSchemaValidator.describe(schema))")
    }
  }

  @inline(never)
  mutating func applyKeywords(_ s: JSONObject, to value: JSONValue) {
    if value.isNull, Self.isNullable(s) { return }
    checkValue(s, value)
    if s.contains(key: "$ref") { applyReference(s, to: value) }
    applyItems(s, to: value)
    applyMembers(s, to: value)
    if s.contains(key: "allOf") { applyAllOf(s, to: value) }
    if s.contains(key: "anyOf") { applyAnyOf(s, to: value) }
    if s.contains(key: "oneOf") { applyOneOf(s, to: value) }
    if s.contains(key: "not") { applyNot(s, to: value) }
    if s.contains(key: "if") { applyConditional(s, to: value) }
  }

  /// OpenAPI's `nullable: true`: null is valid whatever the other keywords say.
  static func isNullable(_ s: JSONObject) -> Bool {
    s["nullable"] == .bool(true)
  }

  /// Every keyword that looks at `value` alone, without applying subschemas.
  @inline(never)
  mutating func checkValue(_ s: JSONObject, _ value: JSONValue) {
    if let type = s["type"] { checkType(type, value) }
    if s["enum"] != nil || s["const"] != nil { checkConstants(s, value) }
    switch value {
    case .integer, .number: checkNumber(s, value)
    case .string(let string): checkString(s, string)
    case .array(let elements): checkArray(s, elements)
    case .object(let object): checkObject(s, object)
    case .null, .bool: break
    }
  }

  // MARK: $ref

  @inline(never)
  mutating func applyReference(_ s: JSONObject, to value: JSONValue) {
    guard case .string(let reference)? = s["$ref"] else { return }
    guard referenceDepth < JSONSchemaValidator.maximumReferenceDepth else {
      reportReferenceTooDeep(reference)
      return
    }
    guard let target = resolve(reference) else {
      reportUnresolvable(reference)
      return
    }
    referenceDepth += 1
    apply(target, to: value)
    referenceDepth -= 1
  }

  @inline(never)
  mutating func reportReferenceTooDeep(_ reference: String) {
    report(
      "$ref",
      "reference \(JSONWriter.quoted(reference)) is nested more than "
        + "\(JSONSchemaValidator.maximumReferenceDepth) levels deep: the value is nested too "
        + "deeply, or the schema refers to itself without descending into the value")
  }

  @inline(never)
  mutating func reportUnresolvable(_ reference: String) {
    report(
      "$ref",
      "cannot resolve reference \(JSONWriter.quoted(reference)); expected a local reference "
        + "such as \"#/$defs/Name\" to a schema in this document")
  }

  /// Resolves a reference: a JSON pointer into the root schema (`#`, `#/$defs/Name`, also
  /// after the root's own `$id`), or a JSON Schema meta-schema, which stands for a shallow
  /// check that the value is a schema (an object or a boolean).
  mutating func resolve(_ reference: String) -> JSONValue? {
    if let cached = resolvedReferences[reference] { return cached }
    var target: JSONValue?
    let hash = reference.firstIndex(of: "#") ?? reference.endIndex
    let base = reference[..<hash]
    let fragment = reference[hash...].dropFirst()
    if base.isEmpty || base == rootSchema["$id"]?.stringValue?.split(separator: "#").first {
      target = Self.resolve(pointer: fragment, in: rootSchema)
    } else if fragment.isEmpty, Self.isMetaSchema(base) {
      target = ["type": ["object", "boolean"]]
    }
    resolvedReferences[reference] = .some(target)
    return target
  }

  /// `""` is the document itself; `/a/b` follows members and indices (`~1` is `/`, `~0` is
  /// `~`, `%xx` percent escapes are decoded); nil when something is missing.
  static func resolve(pointer: Substring, in document: JSONValue) -> JSONValue? {
    if pointer.isEmpty { return document }
    guard pointer.hasPrefix("/") else { return nil }
    var target = document
    for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let decoded = percentDecoded(token) else { return nil }
      let name = decoded.replacing("~1", with: "/").replacing("~0", with: "~")
      switch target {
      case .object(let object):
        guard let member = object[name] else { return nil }
        target = member
      case .array(let elements):
        guard let index = Int(name), elements.indices.contains(index) else { return nil }
        target = elements[index]
      default:
        return nil
      }
    }
    return target
  }

  /// `https://json-schema.org/draft/2020-12/schema`, `http://json-schema.org/draft-07/schema`, …
  static func isMetaSchema(_ uri: Substring) -> Bool {
    var rest = uri
    if rest.hasPrefix("https://") {
      rest = rest.dropFirst(8)
    } else if rest.hasPrefix("http://") {
      rest = rest.dropFirst(7)
    } else {
      return false
    }
    guard rest.hasPrefix("json-schema.org/draft") else { return false }
    return rest.hasSuffix("/schema")
  }

  /// `%24defs` → `$defs`; nil for malformed escapes.
  static func percentDecoded(_ token: Substring) -> String? {
    guard token.contains("%") else { return String(token) }
    var bytes: [UInt8] = []
    var utf8 = Array(token.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard utf8.count >= 2, let high = hexValue(utf8.removeFirst()),
          let low = hexValue(utf8.removeFirst())
        else { return nil }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  // MARK: type, enum, const

  @inline(never)
  mutating func checkType(_ type: JSONValue, _ value: JSONValue) {
    let names: [String]
    switch type {
    case .string(let name): names = [name]
    case .array(let list): names = list.compactMap(\.stringValue)
    default: return
    }
    guard !names.isEmpty, !names.contains(where: { Self.value(value, hasType: $0) }) else { return }
    report("type", "expected \(JSONSchemaValidator.orList(names)), found \(JSONSchemaValidator.describe(value))")
  }

  static func value(_ value: JSONValue, hasType name: String) -> Bool {
    switch (name, value) {
    case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array),
      ("object", .object), ("number", .integer), ("number", .number), ("integer", .integer):
      return true
    case ("integer", .number(let d)):
      return d.isFinite && d.rounded(.towardZero) == d
    default:
      return false
    }
  }

  @inline(never)
  mutating func checkConstants(_ s: JSONObject, _ value: JSONValue) {
    if case .array(let options)? = s["enum"], !options.contains(where: { $0.numericallyEquals(value) }) {
      let found = JSONSchemaValidator.preview(value)
      if options.isEmpty {
        report("enum", "no value is allowed (the enum is empty), found \(found)")
      } else {
        var listed = options.prefix(JSONSchemaValidator.enumListLimit).map { JSONSchemaValidator.preview($0) }
        if options.count > JSONSchemaValidator.enumListLimit { listed.append("…") }
        report("enum", "\(found) is not one of: \(listed.joined(separator: ", "))")
      }
    }
    if let constant = s["const"], !constant.numericallyEquals(value) {
      report(
        "const",
        "must be \(JSONSchemaValidator.preview(constant)), found \(JSONSchemaValidator.preview(value))")
    }
  }

  // MARK: Numbers

  /// -1, 0, 1 as `a` is less than, equal to or greater than `b`; exact for two integers.
  static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
    if case .integer(let x) = a, case .integer(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
    guard let x = a.doubleValue, let y = b.doubleValue else { return nil }
    return x < y ? -1 : (x == y ? 0 : 1)
  }

  @inline(never)
  mutating func checkNumber(_ s: JSONObject, _ value: JSONValue) {
    let found = JSONSchemaValidator.preview(value)
    func limit(_ keyword: String) -> JSONValue? {
      guard let limit = s[keyword], limit.doubleValue != nil else { return nil }
      return limit
    }
    if let minimum = limit("minimum"), let order = Self.compare(value, minimum), order < 0 {
      report("minimum", "must be ≥ \(JSONSchemaValidator.preview(minimum)), found \(found)")
    }
    if let maximum = limit("maximum"), let order = Self.compare(value, maximum), order > 0 {
      report("maximum", "must be ≤ \(JSONSchemaValidator.preview(maximum)), found \(found)")
    }
    if let minimum = limit("exclusiveMinimum"), let order = Self.compare(value, minimum), order <= 0 {
      report("exclusiveMinimum", "must be > \(JSONSchemaValidator.preview(minimum)), found \(found)")
    }
    if let maximum = limit("exclusiveMaximum"), let order = Self.compare(value, maximum), order >= 0 {
      report("exclusiveMaximum", "must be < \(JSONSchemaValidator.preview(maximum)), found \(found)")
    }
    if let divisor = limit("multipleOf"), !Self.isMultiple(value, of: divisor) {
      report("multipleOf", "must be a multiple of \(JSONSchemaValidator.preview(divisor)), found \(found)")
    }
  }

  /// Exact for integers; for other numbers, the quotient must be integral up to rounding error
  /// (so 0.3 is a multiple of 0.1). A divisor ≤ 0 is not a valid schema and is ignored.
  static func isMultiple(_ value: JSONValue, of divisor: JSONValue) -> Bool {
    if case .integer(let x) = value, case .integer(let m) = divisor {
      return m <= 0 || x % m == 0
    }
    guard let x = value.doubleValue, let m = divisor.doubleValue, m > 0 else { return true }
    let quotient = x / m
    guard quotient.isFinite else { return false }
    return abs(quotient - quotient.rounded()) <= 1e-9 * max(1, abs(quotient))
  }

  // MARK: Strings

  @inline(never)
  mutating func checkString(_ s: JSONObject, _ string: String) {
    let minLength = s["minLength"]?.integerValue
    let maxLength = s["maxLength"]?.integerValue
    if minLength != nil || maxLength != nil {
      let length = string.unicodeScalars.count
      let found = "found \(JSONSchemaValidator.counted(length, "character", "characters")): \(JSONSchemaValidator.preview(.string(string)))"
      if let minLength, length < minLength {
        report("minLength", "must be at least \(JSONSchemaValidator.counted(Int(minLength), "character", "characters")) long, \(found)")
      }
      if let maxLength, length > maxLength {
        report("maxLength", "must be at most \(JSONSchemaValidator.counted(Int(maxLength), "character", "characters")) long, \(found)")
      }
    }
    if case .string(let pattern)? = s["pattern"] {
      switch regex(pattern) {
      case .success(let regex):
        if !Self.search(regex, in: string) {
          report(
            "pattern",
            "must match the pattern \(JSONWriter.quoted(pattern)), found \(JSONSchemaValidator.preview(.string(string)))")
        }
      case .failure(let error):
        report(
          "pattern",
          "the schema's pattern \(JSONWriter.quoted(pattern)) is not a valid regular expression "
            + "(\(error.reason)), so the value cannot be checked")
      }
    }
    if case .string(let format)? = s["format"], let check = JSONSchemaFormat(rawValue: format),
      !check.accepts(string)
    {
      report("format", "must be \(check.expectation), found \(JSONSchemaValidator.preview(.string(string)))")
    }
  }

  mutating func regex(_ pattern: String) -> Result<Regex<AnyRegexOutput>, PatternError> {
    if let cached = regexes[pattern] { return cached }
    let result: Result<Regex<AnyRegexOutput>, PatternError>
    do {
      result = .success(try Regex(pattern).matchingSemantics(.unicodeScalar))
    } catch {
      result = .failure(PatternError(reason: "\(error)"))
    }
    regexes[pattern] = result
    return result
  }

  /// JSON Schema patterns are not anchored: they match anywhere in the string.
  static func search(_ regex: Regex<AnyRegexOutput>, in string: String) -> Bool {
    ((try? regex.firstMatch(in: string)) ?? nil) != nil
  }

  // MARK: Arrays

  /// `minItems`, `maxItems` and `uniqueItems`.
  @inline(never)
  mutating func checkArray(_ s: JSONObject, _ elements: [JSONValue]) {
    let count = elements.count
    if let minItems = s["minItems"]?.integerValue, count < minItems {
      report("minItems", "must have at least \(JSONSchemaValidator.counted(Int(minItems), "item", "items")), found \(count)")
    }
    if let maxItems = s["maxItems"]?.integerValue, count > maxItems {
      report("maxItems", "must have at most \(JSONSchemaValidator.counted(Int(maxItems), "item", "items")), found \(count)")
    }
    if s["uniqueItems"] == .bool(true) { checkUniqueItems(elements) }
  }

  /// The schemas for the first items (`prefixItems`, or `items` as an array in drafts before
  /// 2020-12) and for the rest (`items`, or `additionalItems` in those drafts).
  static func itemSchemas(_ s: JSONObject) -> (positional: [JSONValue], rest: JSONValue?) {
    if case .array(let prefix)? = s["prefixItems"] { return (prefix, s["items"]) }
    if case .array(let tuple)? = s["items"] { return (tuple, s["additionalItems"]) }
    return ([], s["items"])
  }

  /// `prefixItems`, `items`, `additionalItems` and `contains`.
  @inline(never)
  mutating func applyItems(_ s: JSONObject, to value: JSONValue) {
    guard case .array(let elements) = value else { return }
    let schemas = Self.itemSchemas(s)
    var index = 0
    while index < min(schemas.positional.count, elements.count) {
      applyElement(schemas.positional[index], to: elements[index], at: index)
      index += 1
    }
    if let rest = schemas.rest, !Self.acceptsEverything(rest) {
      while index < elements.count, !aborted {
        applyElement(rest, to: elements[index], at: index)
        index += 1
      }
    }
    if s.contains(key: "contains") { applyContains(s, to: elements) }
  }

  mutating func applyElement(_ schema: JSONValue, to element: JSONValue, at index: Int) {
    push(.index(index), position: index)
    apply(schema, to: element)
    pop()
  }

  /// `true` and `{}`: nothing to check, so huge arrays and objects need no traversal.
  static func acceptsEverything(_ schema: JSONValue) -> Bool {
    switch schema {
    case .bool(true): true
    case .object(let object): object.isEmpty
    default: false
    }
  }

  @inline(never)
  mutating func checkUniqueItems(_ elements: [JSONValue]) {
    var firstIndex: [JSONValue: Int] = [:]
    for (index, element) in elements.enumerated() {
      guard let key = Self.canonical(element, depth: 0) else {
        push(.index(index), position: index)
        report(
          "depth",
          "the item is nested more than \(JSONSchemaValidator.maximumDepth) levels deep, too deep "
            + "to compare for uniqueItems")
        pop()
        continue
      }
      if let first = firstIndex[key] {
        push(.index(index), position: index)
        report(
          "uniqueItems",
          "items must be unique, found a duplicate of item [\(first)]: \(JSONSchemaValidator.preview(element))")
        pop()
      } else {
        firstIndex[key] = index
      }
    }
  }

  /// A form in which JSON Schema equality is `==`: integral numbers as `.integer` (so 1 and
  /// 1.0 are equal) and object members sorted by key (member order does not matter).
  static func canonical(_ value: JSONValue, depth: Int) -> JSONValue? {
    guard depth <= JSONSchemaValidator.maximumDepth else { return nil }
    switch value {
    case .number(let d):
      if let i = value.integerValue, Double(i) == d { return .integer(i) }
      return value
    case .array(let elements):
      var result: [JSONValue] = []
      result.reserveCapacity(elements.count)
      for element in elements {
        guard let c = canonical(element, depth: depth + 1) else { return nil }
        result.append(c)
      }
      return .array(result)
    case .object(let object):
      var result = JSONObject()
      for key in object.keys.sorted() {
        guard let c = canonical(object[key] ?? .null, depth: depth + 1) else { return nil }
        result[key] = c
      }
      return .object(result)
    default:
      return value
    }
  }

  @inline(never)
  mutating func applyContains(_ s: JSONObject, to elements: [JSONValue]) {
    guard let contains = s["contains"] else { return }
    var matching = 0
    var index = 0
    while index < elements.count, !aborted {
      push(.index(index), position: index)
      if matches(contains, elements[index]) { matching += 1 }
      pop()
      index += 1
    }
    reportContains(s, matching: matching)
  }

  @inline(never)
  mutating func reportContains(_ s: JSONObject, matching: Int) {
    let minimum = s["minContains"]?.integerValue ?? 1
    if matching < minimum {
      report(
        s["minContains"] == nil ? "contains" : "minContains",
        "must contain at least \(JSONSchemaValidator.counted(Int(minimum), "item", "items")) matching "
          + "the \"contains\" schema, found \(matching)")
    }
    if let maximum = s["maxContains"]?.integerValue, matching > maximum {
      report(
        "maxContains",
        "must contain at most \(JSONSchemaValidator.counted(Int(maximum), "item", "items")) matching "
          + "the \"contains\" schema, found \(matching)")
    }
  }

  // MARK: Objects

  /// `minProperties`, `maxProperties`, `required` and `dependentRequired`.
  @inline(never)
  mutating func checkObject(_ s: JSONObject, _ object: JSONObject) {
    let count = object.count
    if let minProperties = s["minProperties"]?.integerValue, count < minProperties {
      report(
        "minProperties",
        "must have at least \(JSONSchemaValidator.counted(Int(minProperties), "property", "properties")), found \(count)")
    }
    if let maxProperties = s["maxProperties"]?.integerValue, count > maxProperties {
      report(
        "maxProperties",
        "must have at most \(JSONSchemaValidator.counted(Int(maxProperties), "property", "properties")), found \(count)")
    }
    if case .array(let required)? = s["required"] {
      for case .string(let name) in required where !object.contains(key: name) {
        report("required", "missing required property \(JSONWriter.quoted(name))")
      }
    }
    if case .object(let dependencies)? = s["dependentRequired"] {
      for (trigger, needed) in dependencies where object.contains(key: trigger) {
        guard case .array(let names) = needed else { continue }
        for case .string(let name) in names where !object.contains(key: name) {
          report(
            "dependentRequired",
            "missing property \(JSONWriter.quoted(name)), which is required when "
              + "\(JSONWriter.quoted(trigger)) is present")
        }
      }
    }
  }

  /// A `patternProperties` entry; `regex` is nil when the pattern is invalid.
  struct PatternSchema {
    var pattern: String
    var regex: Regex<AnyRegexOutput>?
    var schema: JSONValue
  }

  /// What applies to the members of an object: `properties`, `patternProperties` (compiled;
  /// invalid patterns are reported) and `additionalProperties`.
  struct MemberSchemas {
    var properties: JSONObject
    var patterns: [PatternSchema]
    var additional: JSONValue?

    var isEmpty: Bool {
      properties.isEmpty && patterns.isEmpty && (additional.map(Validation.acceptsEverything) ?? true)
    }
  }

  @inline(never)
  mutating func memberSchemas(_ s: JSONObject) -> MemberSchemas {
    var schemas = MemberSchemas(
      properties: s["properties"]?.objectValue ?? JSONObject(), patterns: [],
      additional: s["additionalProperties"])
    guard case .object(let patternProperties)? = s["patternProperties"] else { return schemas }
    for (pattern, schema) in patternProperties {
      switch regex(pattern) {
      case .success(let regex):
        schemas.patterns.append(PatternSchema(pattern: pattern, regex: regex, schema: schema))
      case .failure(let error):
        schemas.patterns.append(PatternSchema(pattern: pattern, regex: nil, schema: schema))
        report(
          "patternProperties",
          "the schema's pattern \(JSONWriter.quoted(pattern)) is not a valid regular expression "
            + "(\(error.reason)), so property names cannot be checked against it")
      }
    }
    return schemas
  }

  /// `properties`, `patternProperties`, `additionalProperties` and `propertyNames`.
  @inline(never)
  mutating func applyMembers(_ s: JSONObject, to value: JSONValue) {
    guard case .object(let object) = value else { return }
    let schemas = memberSchemas(s)
    if !schemas.isEmpty {
      var position = 0
      while position < object.count, !aborted {
        applyMember(object[position], at: position, schemas)
        position += 1
      }
    }
    if let propertyNames = s["propertyNames"], !Self.acceptsEverything(propertyNames) {
      applyPropertyNames(propertyNames, to: object)
    }
  }

  mutating func applyMember(_ member: JSONObject.Element, at position: Int, _ schemas: MemberSchemas) {
    push(.key(member.key), position: position)
    var known = applyNamed(member, schemas)
    if !schemas.patterns.isEmpty, applyPatterns(member, schemas) { known = true }
    if !known, schemas.additional != nil { applyAdditional(member, schemas) }
    pop()
  }

  /// `properties`; true when the member has a schema there.
  @inline(never)
  mutating func applyNamed(_ member: JSONObject.Element, _ schemas: MemberSchemas) -> Bool {
    guard let schema = schemas.properties[member.key] else { return false }
    apply(schema, to: member.value)
    return true
  }

  /// `patternProperties`; true when a pattern matches the member's name.
  @inline(never)
  mutating func applyPatterns(_ member: JSONObject.Element, _ schemas: MemberSchemas) -> Bool {
    var matched = false
    var index = 0
    while index < schemas.patterns.count {
      if let regex = schemas.patterns[index].regex, Self.search(regex, in: member.key) {
        matched = true
        apply(schemas.patterns[index].schema, to: member.value)
      }
      index += 1
    }
    return matched
  }

  @inline(never)
  mutating func applyAdditional(_ member: JSONObject.Element, _ schemas: MemberSchemas) {
    guard let additional = schemas.additional else { return }
    if additional == .bool(false) {
      reportNotAllowed(member.key, schemas)
    } else {
      apply(additional, to: member.value)
    }
  }

  @inline(never)
  mutating func reportNotAllowed(_ name: String, _ schemas: MemberSchemas) {
    var allowed = Array(schemas.properties.keys.prefix(20))
    if schemas.properties.count > 20 { allowed.append("…") }
    allowed += schemas.patterns.map { "names matching \(JSONWriter.quoted($0.pattern))" }
    let summary = allowed.isEmpty ? "no properties are allowed" : "allowed properties: " + allowed.joined(separator: ", ")
    report("additionalProperties", "\(JSONWriter.quoted(name)) is not allowed; \(summary)")
  }

  @inline(never)
  mutating func applyPropertyNames(_ schema: JSONValue, to object: JSONObject) {
    var position = 0
    while position < object.count, !aborted {
      let name = object.keys[position]
      push(.key(name), position: position)
      let problems = trial(schema, .string(name))
      if !problems.isEmpty { reportPropertyName(name, problems) }
      pop()
      position += 1
    }
  }

  @inline(never)
  mutating func reportPropertyName(_ name: String, _ problems: [PendingViolation]) {
    for problem in problems {
      report("propertyNames", "invalid property name \(JSONWriter.quoted(name)): \(problem.message)")
    }
  }

  // MARK: Combinators

  @inline(never)
  mutating func applyAllOf(_ s: JSONObject, to value: JSONValue) {
    guard case .array(let branches)? = s["allOf"] else { return }
    var index = 0
    while index < branches.count {
      apply(branches[index], to: value)
      index += 1
    }
  }

  @inline(never)
  mutating func applyAnyOf(_ s: JSONObject, to value: JSONValue) {
    guard case .array(let branches)? = s["anyOf"], !branches.isEmpty else { return }
    var firstFailure: [PendingViolation] = []
    var index = 0
    while index < branches.count {
      let problems = trial(branches[index], value)
      if problems.isEmpty { return }
      if index == 0 { firstFailure = problems }
      index += 1
    }
    reportNoMatch("anyOf", branches.count, firstFailure)
  }

  @inline(never)
  mutating func applyOneOf(_ s: JSONObject, to value: JSONValue) {
    guard case .array(let branches)? = s["oneOf"], !branches.isEmpty else { return }
    var firstFailure: [PendingViolation] = []
    var matching: [Int] = []
    var index = 0
    while index < branches.count {
      let problems = trial(branches[index], value)
      if problems.isEmpty {
        matching.append(index + 1)
      } else if index == 0 {
        firstFailure = problems
      }
      index += 1
    }
    if matching.isEmpty {
      reportNoMatch("oneOf", branches.count, firstFailure)
    } else if matching.count > 1 {
      reportSeveralMatch(branches.count, matching, value)
    }
  }

  @inline(never)
  mutating func applyNot(_ s: JSONObject, to value: JSONValue) {
    guard let schema = s["not"] else { return }
    if matches(schema, value) { reportNot(value) }
  }

  /// `if`/`then`/`else`; `then` and `else` without `if` do nothing.
  @inline(never)
  mutating func applyConditional(_ s: JSONObject, to value: JSONValue) {
    guard let condition = s["if"] else { return }
    let next = matches(condition, value) ? s["then"] : s["else"]
    if let next { apply(next, to: value) }
  }

  @inline(never)
  mutating func reportNot(_ value: JSONValue) {
    report("not", "must not match the \"not\" schema, found \(JSONSchemaValidator.describe(value))")
  }

  /// `does not match any of the 2 allowed forms (form 1: expected string, found integer 5)`:
  /// names the location of the first form's first problem when it is deeper, and cuts it
  /// (nested `anyOf`s would otherwise quote each other ever deeper).
  @inline(never)
  mutating func reportNoMatch(_ keyword: String, _ count: Int, _ firstFailure: [PendingViolation]) {
    var text = count == 1 ? "does not match the allowed form" : "does not match any of the \(count) allowed forms"
    if let first = firstFailure.first {
      var detail = first.components == components ? "" : "at \(first.path): "
      detail += first.message
      if detail.unicodeScalars.count > JSONSchemaValidator.detailLength {
        detail = String(String.UnicodeScalarView(detail.unicodeScalars.prefix(JSONSchemaValidator.detailLength))) + "…"
      }
      if firstFailure.count > 1 {
        detail += "; and \(JSONSchemaValidator.counted(firstFailure.count - 1, "more problem", "more problems"))"
      }
      text += " (form 1: \(detail))"
    }
    report(keyword, text)
  }

  @inline(never)
  mutating func reportSeveralMatch(_ count: Int, _ matching: [Int], _ value: JSONValue) {
    let forms = JSONSchemaValidator.orList(matching.map(String.init)).replacing(" or ", with: " and ")
    report(
      "oneOf",
      "must match exactly one of the \(count) allowed forms, found a value matching "
        + "forms \(forms): \(JSONSchemaValidator.preview(value))")
  }
}

// MARK: - Formats

/// The `format` values that are checked; other formats are annotations only.
private enum JSONSchemaFormat: String {
  case date
  case time
  case dateTime = "date-time"
  case email
  case uri
  case uriReference = "uri-reference"
  case uuid

  var expectation: String {
    switch self {
    case .date: "a valid date (YYYY-MM-DD)"
    case .time: "a valid time (HH:MM, HH:MM:SS or HH:MM:SS.fraction, optionally followed by Z or ±HH:MM)"
    case .dateTime: "a valid RFC 3339 date-time (YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z or ±HH:MM)"
    case .email: "an email address (name@example.com)"
    case .uri: "an absolute URI with a scheme (such as https://example.com/page)"
    case .uriReference: "a URI reference (a non-empty string without spaces)"
    case .uuid: "a UUID (8-4-4-4-12 hexadecimal digits)"
    }
  }

  func accepts(_ string: String) -> Bool {
    let bytes = Array(string.utf8)
    switch self {
    case .date:
      return Self.isDate(bytes[...])
    case .time:
      return Self.isTime(bytes[...], requireSeconds: false, requireOffset: false)
    case .dateTime:
      guard bytes.count > 11, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
        return false
      }
      return Self.isDate(bytes[..<10]) && Self.isTime(bytes[11...], requireSeconds: true, requireOffset: true)
    case .email:
      return Self.isEmail(string)
    case .uri:
      return Self.isURI(string)
    case .uriReference:
      return !string.isEmpty && !string.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    case .uuid:
      return Self.isUUID(bytes)
    }
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// The value of exactly `count` digits at the start of `bytes`, consuming them.
  static func number(_ bytes: inout ArraySlice<UInt8>, digits count: Int) -> Int? {
    guard bytes.count >= count else { return nil }
    var value = 0
    for _ in 0..<count {
      let byte = bytes.removeFirst()
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  static func consume(_ bytes: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
    guard bytes.first == UInt8(ascii: character) else { return false }
    bytes.removeFirst()
    return true
  }

  static func isDate(_ input: ArraySlice<UInt8>) -> Bool {
    var bytes = input
    guard let year = number(&bytes, digits: 4), consume(&bytes, "-"),
      let month = number(&bytes, digits: 2), consume(&bytes, "-"),
      let day = number(&bytes, digits: 2), bytes.isEmpty, (1...12).contains(month)
    else { return false }
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }

  static func isTime(_ input: ArraySlice<UInt8>, requireSeconds: Bool, requireOffset: Bool) -> Bool {
    var bytes = input
    guard let hour = number(&bytes, digits: 2), hour <= 23, consume(&bytes, ":"),
      let minute = number(&bytes, digits: 2), minute <= 59
    else { return false }
    if consume(&bytes, ":") {
      // 60 is a leap second.
      guard let second = number(&bytes, digits: 2), second <= 60 else { return false }
      if consume(&bytes, ".") {
        guard let first = bytes.first, isDigit(first) else { return false }
        while let next = bytes.first, isDigit(next) { bytes.removeFirst() }
      }
    } else if requireSeconds {
      return false
    }
    if bytes.isEmpty { return !requireOffset }
    if consume(&bytes, "Z") || consume(&bytes, "z") { return bytes.isEmpty }
    guard consume(&bytes, "+") || consume(&bytes, "-"),
      let offsetHour = number(&bytes, digits: 2), offsetHour <= 23, consume(&bytes, ":"),
      let offsetMinute = number(&bytes, digits: 2), offsetMinute <= 59
    else { return false }
    return bytes.isEmpty
  }

  /// One `@`, a non-empty local part without spaces, and a domain of two or more non-empty
  /// dot-separated labels of letters, digits and hyphens (or any non-ASCII letters).
  static func isEmail(_ string: String) -> Bool {
    let parts = string.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty,
      !local.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2 else { return false }
    return labels.allSatisfy { label in
      !label.isEmpty && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy { s in
          s.isASCII
            ? (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-")
            : (s.properties.isAlphabetic || s.properties.numericType != nil)
        }
    }
  }

  /// `scheme ":" rest` with a scheme of a letter followed by letters, digits, `+`, `-`, `.`,
  /// and no spaces or control characters anywhere.
  static func isURI(_ string: String) -> Bool {
    guard let colon = string.firstIndex(of: ":") else { return false }
    let scheme = string[..<colon].unicodeScalars
    guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
    let schemeOK = scheme.allSatisfy { s in
      s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "+" || s == "-" || s == ".")
    }
    return schemeOK
      && !string.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
  }

  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if Validation.hexValue(byte) == nil {
        return false
      }
    }
    return true
  }
}
