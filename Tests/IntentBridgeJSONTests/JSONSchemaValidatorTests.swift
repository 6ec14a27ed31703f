import IntentBridgeJSON
import Testing

/// One validation: a schema and a value as JSON text, and the expected violation
/// descriptions (`path: message`) in order; empty when the value is valid.
struct SchemaCase: Sendable, CustomTestStringConvertible {
  var schema: String
  var value: String
  var expected: [String]

  init(_ schema: String, _ value: String, _ expected: String...) {
    self.schema = schema
    self.value = value
    self.expected = expected
  }

  var testDescription: String { "\(value) against \(schema)" }

  func run() throws -> [String] {
    let schemaValue = try JSONParser.parse(schema)
    let instance = try JSONParser.parse(value)
    return JSONSchemaValidator.validate(instance, against: schemaValue).map(\.description)
  }
}

private func violations(_ value: JSONValue, _ schema: String) throws -> [JSONSchemaViolation] {
  JSONSchemaValidator.validate(value, against: try JSONParser.parse(schema))
}

/// `depth` arrays inside one another around `innermost`, built without recursion.
private func nestedArray(depth: Int, innermost: JSONValue = .array([])) -> JSONValue {
  var value = innermost
  for _ in 0..<depth { value = .array([value]) }
  return value
}

@Suite("JSONSchemaValidator")
struct JSONSchemaValidatorTests {
  // MARK: Types and boolean schemas

  static let typeCases: [SchemaCase] = [
    SchemaCase(#"{"type":"integer"}"#, #""abc""#, #"$: expected integer, found string "abc""#),
    SchemaCase(#"{"type":"integer"}"#, "5"),
    SchemaCase(#"{"type":"integer"}"#, "5.0"),
    SchemaCase(#"{"type":"integer"}"#, "-0.0"),
    SchemaCase(#"{"type":"integer"}"#, "1e20"),
    SchemaCase(#"{"type":"integer"}"#, "5.5", "$: expected integer, found number 5.5"),
    SchemaCase(#"{"type":"number"}"#, "5"),
    SchemaCase(#"{"type":"number"}"#, "5.5"),
    SchemaCase(#"{"type":"number"}"#, #""5""#, #"$: expected number, found string "5""#),
    SchemaCase(#"{"type":"boolean"}"#, "0", "$: expected boolean, found integer 0"),
    SchemaCase(#"{"type":"null"}"#, "false", "$: expected null, found boolean false"),
    SchemaCase(#"{"type":"string"}"#, "null", "$: expected string, found null"),
    SchemaCase(#"{"type":"object"}"#, "[1,2]", "$: expected object, found array [1,2]"),
    SchemaCase(#"{"type":"array"}"#, #"{"a":1}"#, #"$: expected array, found object {"a":1}"#),
    SchemaCase(#"{"type":["string","null"]}"#, "null"),
    SchemaCase(#"{"type":["string","null"]}"#, "3", "$: expected string or null, found integer 3"),
    SchemaCase(
      #"{"type":["string","integer","null"]}"#, "true",
      "$: expected string, integer or null, found boolean true"),
    SchemaCase("true", #"{"anything":[1,"goes"]}"#),
    SchemaCase("{}", "null"),
    SchemaCase("false", "1", "$: no value is allowed here, found integer 1"),
    SchemaCase(
      #"{"properties":{"secret":false}}"#, #"{"secret":"x"}"#,
      #"$.secret: no value is allowed here, found string "x""#),
    SchemaCase("5", "1", "$: invalid schema: expected an object or a boolean, found integer 5"),
  ]

  @Test("type and boolean schemas", arguments: typeCases)
  func types(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: enum and const

  static let constantCases: [SchemaCase] = [
    SchemaCase(#"{"enum":["low","normal","high"]}"#, #""normal""#),
    SchemaCase(
      #"{"enum":["low","normal","high"]}"#, #""urgentt""#,
      #"$: "urgentt" is not one of: "low", "normal", "high""#),
    SchemaCase(#"{"enum":[10,50,100]}"#, "50.0"),
    SchemaCase(#"{"enum":[10.0,50.0]}"#, "50"),
    SchemaCase(#"{"enum":[10,50]}"#, "50.5", "$: 50.5 is not one of: 10, 50"),
    SchemaCase(#"{"enum":[{"a":1,"b":[2]}]}"#, #"{"b":[2.0],"a":1}"#),
    SchemaCase(#"{"enum":[null,"x"]}"#, "null"),
    SchemaCase(
      #"{"enum":[1,2,3,4,5,6,7,8,9,10,11,12]}"#, "0",
      "$: 0 is not one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"),
    SchemaCase(
      #"{"enum":[1,2,3,4,5,6,7,8,9,10,11,12,13,14]}"#, "0",
      "$: 0 is not one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …"),
    SchemaCase(#"{"const":1}"#, "1.0"),
    SchemaCase(#"{"const":"a"}"#, #""b""#, #"$: must be "a", found "b""#),
    SchemaCase(#"{"const":[1,{"x":null}]}"#, #"[1.0,{"x":null}]"#),
    SchemaCase(#"{"const":false}"#, "0", "$: must be false, found 0"),
  ]

  @Test("enum and const", arguments: constantCases)
  func constants(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: Numbers

  static let numberCases: [SchemaCase] = [
    SchemaCase(#"{"minimum":1}"#, "1"),
    SchemaCase(#"{"minimum":1}"#, "0", "$: must be ≥ 1, found 0"),
    SchemaCase(#"{"minimum":1.5}"#, "1", "$: must be ≥ 1.5, found 1"),
    SchemaCase(#"{"maximum":10}"#, "10.0"),
    SchemaCase(#"{"maximum":10}"#, "10.5", "$: must be ≤ 10, found 10.5"),
    SchemaCase(#"{"exclusiveMinimum":0}"#, "0", "$: must be > 0, found 0"),
    SchemaCase(#"{"exclusiveMinimum":0}"#, "0.001"),
    SchemaCase(#"{"exclusiveMaximum":100}"#, "100.0", "$: must be < 100, found 100.0"),
    SchemaCase(#"{"exclusiveMaximum":100}"#, "99"),
    SchemaCase(#"{"multipleOf":2}"#, "8"),
    SchemaCase(#"{"multipleOf":2}"#, "7", "$: must be a multiple of 2, found 7"),
    SchemaCase(#"{"multipleOf":0.1}"#, "0.3"),
    SchemaCase(#"{"multipleOf":0.01}"#, "19.99"),
    SchemaCase(#"{"multipleOf":0.5}"#, "1.3", "$: must be a multiple of 0.5, found 1.3"),
    SchemaCase(#"{"minimum":9223372036854775806}"#, "9223372036854775807"),
    SchemaCase(
      #"{"maximum":9223372036854775806}"#, "9223372036854775807",
      "$: must be ≤ 9223372036854775806, found 9223372036854775807"),
    // Numeric keywords do not apply to other types.
    SchemaCase(#"{"minimum":1,"multipleOf":3}"#, #""0""#),
    SchemaCase(
      #"{"type":"integer","minimum":1,"maximum":5}"#, "9",
      "$: must be ≤ 5, found 9"),
  ]

  @Test("numeric keywords", arguments: numberCases)
  func numbers(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: Strings

  static let stringCases: [SchemaCase] = [
    SchemaCase(#"{"minLength":2,"maxLength":3}"#, #""abc""#),
    SchemaCase(
      #"{"minLength":3}"#, #""ab""#, #"$: must be at least 3 characters long, found 2 characters: "ab""#),
    SchemaCase(
      #"{"minLength":1}"#, #""""#, #"$: must be at least 1 character long, found 0 characters: """#),
    SchemaCase(
      #"{"maxLength":3}"#, #""abcd""#, #"$: must be at most 3 characters long, found 4 characters: "abcd""#),
    // Code points, not grapheme clusters: "e" + combining acute accent is 2, the thumbs-up
    // with a skin tone is 2, and a non-BMP scalar (encoded as a surrogate pair) is 1.
    SchemaCase(
      #"{"maxLength":1}"#, #""e\u0301""#,
      "$: must be at most 1 character long, found 2 characters: \"e\u{301}\""),
    SchemaCase(#"{"minLength":2,"maxLength":2}"#, #""👍🏽""#),
    SchemaCase(#"{"maxLength":1}"#, #""\ud83d\ude00""#),
    SchemaCase(#"{"pattern":"b"}"#, #""abc""#),
    SchemaCase(#"{"pattern":"^[a-z]+$"}"#, #""abc""#),
    SchemaCase(
      #"{"pattern":"^[a-z]+$"}"#, #""ABC""#, #"$: must match the pattern "^[a-z]+$", found "ABC""#),
    SchemaCase(#"{"pattern":"^\\d{4}$"}"#, #""2026""#),
    SchemaCase(#"{"pattern":"^.$"}"#, #""é""#),
    SchemaCase(
      #"{"pattern":"("}"#, #""abc""#,
      #"$: the schema's pattern "(" is not a valid regular expression (expected ')'), so the value cannot be checked"#),
    // String keywords do not apply to other types.
    SchemaCase(#"{"minLength":5,"pattern":"^x","format":"date"}"#, "12"),
  ]

  @Test("string keywords", arguments: stringCases)
  func strings(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: Formats

  struct FormatCase: Sendable, CustomTestStringConvertible {
    var format: String
    var value: String
    var valid: Bool
    var testDescription: String { "\(format) \(valid ? "accepts" : "rejects") \(value)" }
  }

  static let formatCases: [FormatCase] = [
    FormatCase(format: "date", value: "2026-01-31", valid: true),
    FormatCase(format: "date", value: "2024-02-29", valid: true),
    FormatCase(format: "date", value: "2000-02-29", valid: true),
    FormatCase(format: "date", value: "2026-02-30", valid: false),
    FormatCase(format: "date", value: "2023-02-29", valid: false),
    FormatCase(format: "date", value: "1900-02-29", valid: false),
    FormatCase(format: "date", value: "2026-04-31", valid: false),
    FormatCase(format: "date", value: "2026-13-01", valid: false),
    FormatCase(format: "date", value: "2026-00-10", valid: false),
    FormatCase(format: "date", value: "2026-01-00", valid: false),
    FormatCase(format: "date", value: "2026-1-01", valid: false),
    FormatCase(format: "date", value: "2026-01-31T10:00:00Z", valid: false),
    FormatCase(format: "date", value: "31.01.2026", valid: false),
    FormatCase(format: "date", value: "２０２６-01-31", valid: false),
    FormatCase(format: "time", value: "09:30", valid: true),
    FormatCase(format: "time", value: "09:30:15", valid: true),
    FormatCase(format: "time", value: "09:30:15.123Z", valid: true),
    FormatCase(format: "time", value: "23:59:60+02:00", valid: true),
    FormatCase(format: "time", value: "00:00-05:30", valid: true),
    FormatCase(format: "time", value: "24:00", valid: false),
    FormatCase(format: "time", value: "12:60", valid: false),
    FormatCase(format: "time", value: "9:30", valid: false),
    FormatCase(format: "time", value: "09:30:15.", valid: false),
    FormatCase(format: "time", value: "09:30Zx", valid: false),
    FormatCase(format: "time", value: "09:30+2:00", valid: false),
    FormatCase(format: "time", value: "09:30 PM", valid: false),
    FormatCase(format: "date-time", value: "2026-03-01T09:30:00Z", valid: true),
    FormatCase(format: "date-time", value: "2026-03-01t09:30:00.5+01:00", valid: true),
    FormatCase(format: "date-time", value: "2026-03-01T09:30:00", valid: false),
    FormatCase(format: "date-time", value: "2026-03-01T09:30Z", valid: false),
    FormatCase(format: "date-time", value: "2026-03-01 09:30:00Z", valid: false),
    FormatCase(format: "date-time", value: "2026-02-30T09:30:00Z", valid: false),
    FormatCase(format: "date-time", value: "2026-03-01T25:30:00Z", valid: false),
    FormatCase(format: "email", value: "name@example.com", valid: true),
    FormatCase(format: "email", value: "first.last+tag@mail.example.co.uk", valid: true),
    FormatCase(format: "email", value: "name@example", valid: false),
    FormatCase(format: "email", value: "@example.com", valid: false),
    FormatCase(format: "email", value: "a@@example.com", valid: false),
    FormatCase(format: "email", value: "a@b@example.com", valid: false),
    FormatCase(format: "email", value: "a@example..com", valid: false),
    FormatCase(format: "email", value: "a@.example.com", valid: false),
    FormatCase(format: "email", value: "first last@example.com", valid: false),
    FormatCase(format: "uri", value: "https://example.com/a?b=c#d", valid: true),
    FormatCase(format: "uri", value: "mailto:name@example.com", valid: true),
    FormatCase(format: "uri", value: "urn:isbn:0451450523", valid: true),
    FormatCase(format: "uri", value: "x-app+v1.2:open", valid: true),
    FormatCase(format: "uri", value: "example.com/path", valid: false),
    FormatCase(format: "uri", value: "/relative/path", valid: false),
    FormatCase(format: "uri", value: "1http://example.com", valid: false),
    FormatCase(format: "uri", value: "http://exa mple.com", valid: false),
    FormatCase(format: "uri", value: ":nothing", valid: false),
    FormatCase(format: "uri-reference", value: "../a/b?c", valid: true),
    FormatCase(format: "uri-reference", value: "https://example.com", valid: true),
    FormatCase(format: "uri-reference", value: "#fragment", valid: true),
    FormatCase(format: "uri-reference", value: "", valid: false),
    FormatCase(format: "uri-reference", value: "a b", valid: false),
    FormatCase(format: "uuid", value: "123e4567-e89b-12d3-a456-426614174000", valid: true),
    FormatCase(format: "uuid", value: "123E4567-E89B-12D3-A456-426614174000", valid: true),
    FormatCase(format: "uuid", value: "123e4567e89b12d3a456426614174000", valid: false),
    FormatCase(format: "uuid", value: "123e4567-e89b-12d3-a456-42661417400g", valid: false),
    FormatCase(format: "uuid", value: "{123e4567-e89b-12d3-a456-426614174000}", valid: false),
    // Unknown formats are annotations.
    FormatCase(format: "color", value: "not a colour at all", valid: true),
    FormatCase(format: "ipv4", value: "999.1.1.1", valid: true),
  ]

  @Test("format assertions", arguments: formatCases)
  func formats(_ c: FormatCase) throws {
    let found = try violations(.string(c.value), #"{"type":"string","format":"\#(c.format)"}"#)
    if c.valid {
      #expect(found.isEmpty)
    } else {
      #expect(found.map(\.keyword) == ["format"])
      #expect(found.first?.message.hasSuffix("found \(JSONWriter.quoted(c.value))") == true)
    }
  }

  @Test func formatMessageNamesExpectedForm() throws {
    let found = try violations(["due": "2026-02-30"], #"{"properties":{"due":{"format":"date"}}}"#)
    #expect(found.map(\.description) == [#"$.due: must be a valid date (YYYY-MM-DD), found "2026-02-30""#])
  }

  // MARK: Arrays

  static let arrayCases: [SchemaCase] = [
    SchemaCase(#"{"items":{"type":"integer"}}"#, "[1,2,3.0]"),
    SchemaCase(
      #"{"items":{"type":"integer"}}"#, #"[1,"two",3,4.5]"#,
      #"$[1]: expected integer, found string "two""#, "$[3]: expected integer, found number 4.5"),
    SchemaCase(
      #"{"properties":{"items":{"items":{"properties":{"name":{"type":"string"}}}}}}"#,
      #"{"items":[{"name":"a"},{"name":"b"},{"name":7}]}"#,
      "$.items[2].name: expected string, found integer 7"),
    SchemaCase(#"{"minItems":1,"maxItems":2}"#, "[0]"),
    SchemaCase(#"{"minItems":1}"#, "[]", "$: must have at least 1 item, found 0"),
    SchemaCase(#"{"maxItems":2}"#, "[1,2,3]", "$: must have at most 2 items, found 3"),
    SchemaCase(
      #"{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}"#, #"["a",1]"#),
    SchemaCase(
      #"{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}"#, #"["a"]"#),
    SchemaCase(
      #"{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}"#, #"[1,"a",true]"#,
      "$[0]: expected string, found integer 1", #"$[1]: expected integer, found string "a""#,
      "$[2]: no value is allowed here, found boolean true"),
    SchemaCase(
      #"{"prefixItems":[{"const":"x"}],"items":{"type":"number"}}"#, #"["x",1,"y"]"#,
      #"$[2]: expected number, found string "y""#),
    // Older drafts: `items` as an array with `additionalItems`.
    SchemaCase(
      #"{"items":[{"type":"string"}],"additionalItems":{"type":"boolean"}}"#, #"["a",true,1]"#,
      "$[2]: expected boolean, found integer 1"),
    SchemaCase(#"{"uniqueItems":true}"#, #"[1,2,"1",[1],{"a":1}]"#),
    SchemaCase(
      #"{"uniqueItems":true}"#, "[1,2,1.0]", "$[2]: items must be unique, found a duplicate of item [0]: 1.0"),
    SchemaCase(
      #"{"uniqueItems":true}"#, #"[{"a":1,"b":2},{"b":2,"a":1}]"#,
      #"$[1]: items must be unique, found a duplicate of item [0]: {"b":2,"a":1}"#),
    SchemaCase(#"{"uniqueItems":false}"#, "[1,1]"),
    SchemaCase(#"{"contains":{"type":"string"}}"#, #"[1,"a"]"#),
    SchemaCase(
      #"{"contains":{"type":"string"}}"#, "[1,2]",
      #"$: must contain at least 1 item matching the "contains" schema, found 0"#),
    SchemaCase(
      #"{"contains":{"type":"string"},"maxContains":1}"#, #"["a","b"]"#,
      #"$: must contain at most 1 item matching the "contains" schema, found 2"#),
    // Array keywords do not apply to other types.
    SchemaCase(#"{"minItems":3,"items":false}"#, #""abc""#),
  ]

  @Test("array keywords", arguments: arrayCases)
  func arrays(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: Objects

  static let noteSchema = #"""
    {"type":"object","required":["title"],"additionalProperties":false,
     "properties":{"title":{"type":"string"},"body":{"type":"string"}}}
    """#

  static let objectCases: [SchemaCase] = [
    SchemaCase(noteSchema, #"{"title":"Milk","body":"2 litres"}"#),
    SchemaCase(noteSchema, #"{"body":"x"}"#, #"$: missing required property "title""#),
    SchemaCase(
      noteSchema, #"{"title":"Milk","colour":"red"}"#,
      #"$.colour: "colour" is not allowed; allowed properties: title, body"#),
    SchemaCase(
      noteSchema, #"{"colour":"red","body":5}"#,
      #"$: missing required property "title""#,
      #"$.colour: "colour" is not allowed; allowed properties: title, body"#,
      "$.body: expected string, found integer 5"),
    SchemaCase(
      #"{"additionalProperties":false}"#, #"{"a":1}"#, #"$.a: "a" is not allowed; no properties are allowed"#),
    SchemaCase(
      #"{"properties":{"a":{}},"additionalProperties":{"type":"integer"}}"#, #"{"a":"x","b":1,"c":"y"}"#,
      #"$.c: expected integer, found string "y""#),
    SchemaCase(
      #"{"properties":{"id":{}},"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}"#,
      #"{"id":1,"x-note":"ok","x-bad":2,"other":3}"#,
      "$.x-bad: expected string, found integer 2",
      #"$.other: "other" is not allowed; allowed properties: id, names matching "^x-""#),
    SchemaCase(
      #"{"properties":{"a b":{"type":"string"}}}"#, #"{"a b":1}"#,
      #"$["a b"]: expected string, found integer 1"#),
    SchemaCase(#"{"minProperties":1,"maxProperties":2}"#, #"{"a":1}"#),
    SchemaCase(#"{"minProperties":1}"#, "{}", "$: must have at least 1 property, found 0"),
    SchemaCase(
      #"{"maxProperties":2}"#, #"{"a":1,"b":2,"c":3}"#, "$: must have at most 2 properties, found 3"),
    SchemaCase(#"{"propertyNames":{"pattern":"^[a-z]+$"}}"#, #"{"abc":1}"#),
    SchemaCase(
      #"{"propertyNames":{"pattern":"^[a-z]+$"}}"#, #"{"abc":1,"Bad":2}"#,
      #"$.Bad: invalid property name "Bad": must match the pattern "^[a-z]+$", found "Bad""#),
    SchemaCase(
      #"{"propertyNames":{"maxLength":3}}"#, #"{"long":1}"#,
      #"$.long: invalid property name "long": must be at most 3 characters long, found 4 characters: "long""#),
    SchemaCase(#"{"dependentRequired":{"card":["expiry"]}}"#, #"{"name":"x"}"#),
    SchemaCase(
      #"{"dependentRequired":{"card":["expiry"]}}"#, #"{"card":"4111"}"#,
      #"$: missing property "expiry", which is required when "card" is present"#),
    // Object keywords do not apply to other types.
    SchemaCase(#"{"required":["a"],"additionalProperties":false}"#, "[1]"),
  ]

  @Test("object keywords", arguments: objectCases)
  func objects(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  @Test func keywordsAreReported() throws {
    let found = try violations(
      ["colour": "red", "count": 0],
      #"""
      {"required":["title"],"additionalProperties":false,
       "properties":{"title":{},"count":{"minimum":1}}}
      """#)
    #expect(found.map(\.keyword) == ["required", "additionalProperties", "minimum"])
    #expect(found.map(\.instancePath) == [JSONPath.root, JSONPath.root / "colour", JSONPath.root / "count"])
  }

  // MARK: Combinators

  static let combinatorCases: [SchemaCase] = [
    SchemaCase(#"{"allOf":[{"type":"integer"},{"minimum":3}]}"#, "4"),
    SchemaCase(
      #"{"allOf":[{"type":"integer"},{"minimum":3}]}"#, "2.5",
      "$: expected integer, found number 2.5", "$: must be ≥ 3, found 2.5"),
    SchemaCase(#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#, "null"),
    SchemaCase(
      #"{"anyOf":[{"type":"string"},{"type":"null"}]}"#, "5",
      "$: does not match any of the 2 allowed forms (form 1: expected string, found integer 5)"),
    SchemaCase(
      #"{"anyOf":[{"required":["a","b"]},{"type":"array"}]}"#, "{}",
      #"$: does not match any of the 2 allowed forms (form 1: missing required property "a"; and 1 more problem)"#),
    SchemaCase(
      #"{"anyOf":[{"properties":{"a":{"properties":{"b":{"type":"string"}}}}},{"type":"array"}]}"#,
      #"{"a":{"b":1}}"#,
      "$: does not match any of the 2 allowed forms (form 1: at $.a.b: expected string, found integer 1)"),
    SchemaCase(#"{"anyOf":[{"minimum":10}]}"#, "3", "$: does not match the allowed form (form 1: must be ≥ 10, found 3)"),
    SchemaCase(#"{"oneOf":[{"type":"integer"},{"type":"string"}]}"#, #""x""#),
    SchemaCase(
      #"{"oneOf":[{"type":"integer"},{"type":"string"}]}"#, "true",
      "$: does not match any of the 2 allowed forms (form 1: expected integer, found boolean true)"),
    SchemaCase(
      #"{"oneOf":[{"type":"integer"},{"type":"number"},{"minimum":0}]}"#, "5",
      "$: must match exactly one of the 3 allowed forms, found a value matching forms 1, 2 and 3: 5"),
    SchemaCase(#"{"not":{"type":"string"}}"#, "5"),
    SchemaCase(#"{"not":{"type":"string"}}"#, #""a""#, #"$: must not match the "not" schema, found string "a""#),
    SchemaCase(
      #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
      #"{"kind":"card","number":"4111"}"#),
    SchemaCase(
      #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
      #"{"kind":"card"}"#, #"$: missing required property "number""#),
    SchemaCase(
      #"{"if":{"properties":{"kind":{"const":"card"}}},"then":{"required":["number"]},"else":{"required":["iban"]}}"#,
      #"{"kind":"bank"}"#, #"$: missing required property "iban""#),
    SchemaCase(#"{"then":{"required":["x"]}}"#, "{}"),
  ]

  @Test("allOf, anyOf, oneOf, not, if/then/else", arguments: combinatorCases)
  func combinators(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: References, nullable, annotations

  static let treeSchema = #"""
    {"$ref":"#/$defs/Node",
     "$defs":{"Node":{"type":"object","required":["name"],
       "properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}
    """#

  static let referenceCases: [SchemaCase] = [
    SchemaCase(treeSchema, #"{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}"#),
    SchemaCase(
      treeSchema, #"{"name":"a","children":[{"name":"b","children":[{"name":"c"},{"title":"d"}]}]}"#,
      #"$.children[0].children[1]: missing required property "name""#),
    SchemaCase(
      ##"{"properties":{"p":{"$ref":"#/definitions/Priority"}},"definitions":{"Priority":{"enum":["low","high"]}}}"##,
      #"{"p":"mid"}"#, #"$.p: "mid" is not one of: "low", "high""#),
    SchemaCase(##"{"type":"array","items":{"$ref":"#"}}"##, "[[],[[]]]"),
    SchemaCase(##"{"type":"array","items":{"$ref":"#"}}"##, "[[],[1]]", "$[1][0]: expected array, found integer 1"),
    SchemaCase(
      ##"{"$ref":"#/$defs/a~1b","$defs":{"a/b":{"type":"string"}}}"##, "1", "$: expected string, found integer 1"),
    SchemaCase(
      ##"{"$ref":"#/%24defs/x","$defs":{"x":{"type":"string"}}}"##, "1", "$: expected string, found integer 1"),
    // `$ref` with sibling keywords: both apply (draft 2020-12).
    SchemaCase(
      ##"{"$ref":"#/$defs/S","maxLength":2,"$defs":{"S":{"type":"string"}}}"##, #""abc""#,
      #"$: must be at most 2 characters long, found 3 characters: "abc""#),
    SchemaCase(
      ##"{"$ref":"#/$defs/Missing"}"##, "1",
      ##"$: cannot resolve reference "#/$defs/Missing"; expected a local reference such as "#/$defs/Name" to a schema in this document"##),
    SchemaCase(
      #"{"properties":{"a":{"$ref":"https://example.com/schema.json"}}}"#, #"{"a":1}"#,
      ##"$.a: cannot resolve reference "https://example.com/schema.json"; expected a local reference such as "#/$defs/Name" to a schema in this document"##
    ),
    SchemaCase(
      ##"{"$id":"https://x.dev/s.json","$ref":"https://x.dev/s.json#/$defs/S","$defs":{"S":{"type":"string"}}}"##,
      "1", "$: expected string, found integer 1"),
    // A meta-schema reference checks only that the value could be a schema.
    SchemaCase(
      #"{"properties":{"schema":{"$ref":"https://json-schema.org/draft/2020-12/schema"}}}"#,
      #"{"schema":{"type":"string"}}"#),
    SchemaCase(
      #"{"properties":{"schema":{"$ref":"http://json-schema.org/draft-07/schema"}}}"#,
      #"{"schema":"string"}"#, #"$.schema: expected object or boolean, found string "string""#),
    SchemaCase(#"{"type":"string","nullable":true}"#, "null"),
    SchemaCase(#"{"type":"string","nullable":true}"#, "1", "$: expected string, found integer 1"),
    SchemaCase(#"{"type":"string","nullable":false}"#, "null", "$: expected string, found null"),
    SchemaCase(
      #"""
      {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://x/s.json",
       "$comment":"c","title":"T","description":"D","default":1,"examples":[1],"x-internal":{"type":"string"},
       "type":"integer","deprecated":true,"readOnly":true}
      """#, "3"),
  ]

  @Test("$ref, nullable and annotations", arguments: referenceCases)
  func references(_ c: SchemaCase) throws {
    let actual = try c.run()
    #expect(actual == c.expected)
  }

  // MARK: Invalid patterns

  @Test(arguments: ["(", "[a-", "*abc", "a{2,1}", "\\"])
  func invalidPatternIsAViolation(_ pattern: String) throws {
    let schema: JSONValue = ["pattern": .string(pattern)]
    let found = JSONSchemaValidator.validate("abc", against: schema)
    #expect(found.count == 1)
    #expect(found.first?.keyword == "pattern")
    #expect(found.first?.message.contains("is not a valid regular expression") == true)
    // Non-strings are not checked against the pattern at all.
    #expect(JSONSchemaValidator.validate(1, against: schema).isEmpty)
  }

  @Test func invalidPatternPropertyIsAViolation() {
    let schema: JSONValue = ["patternProperties": ["[": ["type": "string"]], "additionalProperties": false]
    let found = JSONSchemaValidator.validate(["a": 1], against: schema)
    #expect(found.map(\.keyword) == ["patternProperties", "additionalProperties"])
  }

  // MARK: Order, paths and messages

  @Test func violationsAreInDocumentOrder() throws {
    // The value's member order decides, not the schema's; indices compare as numbers.
    let schema = #"""
      {"properties":{"a":{"type":"string"},"b":{"type":"string"},
                     "list":{"items":{"type":"integer"}}}}
      """#
    let value = try JSONParser.parse(#"{"list":[0,1,"x",3,4,5,6,7,8,9,"y"],"b":1,"a":2}"#)
    let found = try violations(value, schema).map(\.instancePath.description)
    #expect(found == ["$.list[2]", "$.list[10]", "$.b", "$.a"])
    #expect(try violations(value, schema) == violations(value, schema))
  }

  @Test func longValuesAreCutInMessages() throws {
    let long = String(repeating: "abcdefghij", count: 10)
    let found = try violations(.string(long), #"{"type":"integer"}"#)
    let expectedPreview = "\"" + String(long.prefix(39)) + "…"
    #expect(found.map(\.message) == ["expected integer, found string \(expectedPreview)"])

    let bigArray = JSONValue.array((0..<1000).map { JSONValue.integer(Int64($0)) })
    let message = try violations(bigArray, #"{"type":"object"}"#).first?.message ?? ""
    #expect(message == "expected object, found array [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,1…")
  }

  @Test func violationDescriptionIsPathAndMessage() {
    let violation = JSONSchemaViolation(
      instancePath: JSONPath.root / "items" / 2 / "name", keyword: "type", message: "expected string, found integer 7")
    #expect(violation.description == "$.items[2].name: expected string, found integer 7")
  }

  // MARK: Limits

  @Test func deeplyNestedValueAgainstRecursiveSchemaIsAViolation() throws {
    let value = nestedArray(depth: 1000)
    let found = try violations(value, ##"{"$ref":"#/$defs/List","$defs":{"List":{"type":"array","items":{"$ref":"#/$defs/List"}}}}"##)
    #expect(found.count == 1)
    #expect(found.first?.keyword == "$ref")
    #expect(found.first?.message.contains("nested more than 64 levels deep") == true)
    // The 64 levels of `$ref` are followed before giving up.
    #expect(found.first?.instancePath.components.count == 64)

    // Within the limit the same schema validates.
    #expect(try violations(nestedArray(depth: 40), ##"{"type":"array","items":{"$ref":"#"}}"##).isEmpty)
  }

  @Test func nestedAnyOfMessagesStayShort() throws {
    // Each level's anyOf quotes the level below; the quote is cut so messages stay short.
    let schema = ##"""
      {"$defs":{"L":{"anyOf":[{"type":"array","items":{"$ref":"#/$defs/L"}},{"type":"null"}]}},
       "$ref":"#/$defs/L"}
      """##
    #expect(try violations(nestedArray(depth: 20, innermost: .null), schema).isEmpty)
    let found = try violations(nestedArray(depth: 1000), schema)
    #expect(found.count == 1)
    #expect(found.first?.keyword == "anyOf")
    #expect(found.first?.instancePath == JSONPath.root)
    #expect((found.first?.message.count ?? .max) < 300)
    #expect(found.first?.message.hasPrefix("does not match any of the 2 allowed forms (form 1: at $[0]: does not match") == true)
  }

  @Test func selfReferenceWithoutProgressIsAViolation() throws {
    let found = try violations(1, ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##)
    #expect(found.map(\.keyword) == ["$ref"])
    #expect(found.map(\.instancePath) == [JSONPath.root])
  }

  @Test func deeplyNestedSchemaIsAViolation() {
    // 300 levels of `items` without `$ref`, built in memory (the parser would refuse it).
    var schema: JSONValue = ["type": "integer"]
    for _ in 0..<300 { schema = ["type": "array", "items": schema] }
    let found = JSONSchemaValidator.validate(nestedArray(depth: 300, innermost: 1), against: schema)
    #expect(found.map(\.keyword) == ["depth"])
    #expect(found.first?.instancePath.components.count == JSONSchemaValidator.maximumDepth)

    // 200 levels are within the limit, and a wrong innermost value is found.
    var shallower: JSONValue = ["type": "integer"]
    for _ in 0..<200 { shallower = ["type": "array", "items": shallower] }
    let innermost = JSONSchemaValidator.validate(nestedArray(depth: 200, innermost: "x"), against: shallower)
    #expect(innermost.map(\.message) == [#"expected integer, found string "x""#])
    #expect(innermost.first?.instancePath.components.count == 200)
  }

  @Test func deeplyNestedDuplicatesDoNotCrash() {
    let deep = nestedArray(depth: 1000)
    let found = JSONSchemaValidator.validate([deep, deep], against: ["uniqueItems": true])
    #expect(found.map(\.keyword) == ["depth", "depth"])
    #expect(JSONSchemaValidator.validate([deep, 1], against: ["type": "array"]).isEmpty)
  }

  @Test
  func exponentialSchemaStopsWithABudgetViolation() throws {
    // Two recursive branches per level: 2^60 evaluations without a budget.
    let schema = #"""
      {"$defs":{"N":{"anyOf":[{"type":"array","items":{"$ref":"#/$defs/N"}},
                             {"type":"array","items":{"$ref":"#/$defs/N"}}]}},
       "$ref":"#/$defs/N"}
      """#
    let found = try violations(nestedArray(depth: 60, innermost: "leaf"), schema)
    #expect(found.last?.keyword == "budget")
    #expect(found.last?.instancePath == JSONPath.root)
  }

  @Test func hugeArrayIsValidated() {
    var elements = (0..<200_000).map { JSONValue.integer(Int64($0)) }
    elements[150_000] = "oops"
    let schema: JSONValue = ["type": "array", "items": ["type": "integer", "minimum": 0], "uniqueItems": true]
    let found = JSONSchemaValidator.validate(.array(elements), against: schema)
    #expect(found.map(\.description) == [#"$[150000]: expected integer, found string "oops""#])
  }
}
