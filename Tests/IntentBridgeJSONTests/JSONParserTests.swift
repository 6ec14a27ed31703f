import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@Suite struct JSONParserTests {
  @Test func parsesAllValueKinds() throws {
    let value = try JSONParser.parse(#"{"s":"a\u00e9\n","i":-12,"d":1.5,"e":1e3,"t":true,"f":false,"n":null,"a":[1,[2]],"o":{}}"#)
    #expect(value["s"] == .string("aé\n"))
    #expect(value["i"] == .integer(-12))
    #expect(value["d"] == .number(1.5))
    #expect(value["e"] == .number(1000))
    #expect(value["t"] == .bool(true))
    #expect(value["f"] == .bool(false))
    #expect(value["n"] == .null)
    #expect(value["a"]?[1]?[0] == .integer(2))
    #expect(value["o"] == .object(JSONObject()))
  }

  @Test func keepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"zeta":1,"alpha":2,"mid":3}"#)
    #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
  }

  @Test func distinguishesIntegerAndDouble() throws {
    #expect(try JSONParser.parse("1") == .integer(1))
    #expect(try JSONParser.parse("1.0") == .number(1.0))
    #expect(try JSONParser.parse("9007199254740991") == .integer(9_007_199_254_740_991))
    #expect(try JSONParser.parse("123456789012345678901234567890") == .number(1.2345678901234568e29))
  }

  @Test func decodesSurrogatePairs() throws {
    #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
  }

  struct BadInput: Sendable, CustomStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var fragment: String
    var description: String { text }
  }

  @Test(arguments: [
    BadInput(text: "", line: 1, column: 1, fragment: "empty"),
    BadInput(text: "{\"a\":1,}", line: 1, column: 8, fragment: "trailing comma"),
    BadInput(text: "[1,2,]", line: 1, column: 6, fragment: "trailing comma"),
    BadInput(text: "{\"a\" 1}", line: 1, column: 6, fragment: "expected ':'"),
    BadInput(text: "{\n  \"a\": tru\n}", line: 2, column: 8, fragment: "invalid literal"),
    BadInput(text: "[01]", line: 1, column: 2, fragment: "leading zeros"),
    BadInput(text: "\"abc", line: 1, column: 1, fragment: "unterminated string"),
    BadInput(text: "{\"a\":1 \"b\":2}", line: 1, column: 8, fragment: "expected ',' or '}'"),
    BadInput(text: "// c\n{}", line: 1, column: 1, fragment: "comments"),
    BadInput(text: "{\"a\":1,\"a\":2}", line: 1, column: 8, fragment: "duplicate member name \"a\""),
    BadInput(text: "\"\\x\"", line: 1, column: 2, fragment: "invalid escape"),
    BadInput(text: "\"\\ud800\"", line: 1, column: 8, fragment: "lone high surrogate"),
    BadInput(text: "{} {}", line: 1, column: 4, fragment: "after the end"),
    BadInput(text: "[1.]", line: 1, column: 4, fragment: "decimal point"),
    BadInput(text: "\"a\tb\"", line: 1, column: 3, fragment: "control character"),
    BadInput(text: "[\n\n  NaN]", line: 3, column: 3, fragment: "JSON literals are lowercase"),
  ])
  func rejectsWithLocation(_ input: BadInput) {
    do {
      _ = try JSONParser.parse(input.text)
      Issue.record("expected a parse error for \(input.text)")
    } catch {
      #expect(error.location == SourceLocation(line: input.line, column: input.column), "\(error)")
      #expect(error.message.contains(input.fragment), "\(error.message)")
    }
  }

  @Test func rejectsInvalidUTF8() {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes: [0x22, 0xC3, 0x28, 0x22]) }
  }

  @Test func limitsNestingDepth() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try JSONParser.parse(deep)
      Issue.record("expected a depth error")
    } catch {
      #expect(error.message.contains("deeper than 256"))
    }
  }

  @Test func recordsLocationsByPath() throws {
    let text = "{\n  \"intents\": [\n    {\"id\": \"A\"}\n  ]\n}"
    let (_, locations) = try JSONParser.parseWithLocations(bytes: Array(text.utf8))
    #expect(locations[JSONPath.root / "intents" / 0 / "id"] == SourceLocation(line: 3, column: 12))
    #expect(locations[JSONPath.root / "intents"] == SourceLocation(line: 2, column: 14))
  }

  @Test func columnsCountScalarsNotBytes() {
    do {
      _ = try JSONParser.parse("[\"é€😀\" x]")
      Issue.record("expected an error")
    } catch {
      #expect(error.location.column == 8)
    }
  }
}

@Suite struct JSONWriterTests {
  @Test func compactIsDeterministicAndOrdered() throws {
    let text = #"{"b":[1,2.5,true,null],"a":{"x":"y/z"},"c":"é\"\\\n"}"#
    let value = try JSONParser.parse(text)
    #expect(JSONWriter.compact(value) == text)
  }

  @Test func prettyIndentsTwoSpaces() {
    let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
    #expect(JSONWriter.pretty(value) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}\n")
  }

  @Test func escapesControlCharacters() {
    #expect(JSONWriter.quoted("\u{01}\t") == "\"\\u0001\\t\"")
  }

  @Test func doublesRoundTrip() throws {
    for d in [0.1, 1.0, -2.5e-8, 1e21, 123456.789] {
      let text = JSONWriter.compact(.number(d))
      #expect(try JSONParser.parse(text) == .number(d), "\(text)")
    }
    #expect(JSONWriter.compact(.number(.nan)) == "null")
  }

  @Test func roundTripsRandomDocuments() throws {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let value = randomValue(&generator, depth: 0)
      let compact = JSONWriter.compact(value)
      #expect(try JSONParser.parse(compact) == value)
      #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
    }
  }

  private func randomValue(_ g: inout SeededGenerator, depth: Int) -> JSONValue {
    switch g.next() % (depth > 3 ? 5 : 7) {
    case 0: return .null
    case 1: return .bool(g.next() % 2 == 0)
    case 2: return .integer(Int64(bitPattern: g.next()) >> 12)
    case 3: return .number(Double(Int64(bitPattern: g.next()) >> 20) / 1024.0 + 0.5)
    case 4:
      let alphabet = Array("aé\"\\\n/😀 z\u{1}")
      return .string(String((0..<(g.next() % 8)).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] }))
    case 5: return .array((0..<(g.next() % 4)).map { _ in randomValue(&g, depth: depth + 1) })
    default:
      var object = JSONObject()
      for i in 0..<(g.next() % 4) { object["k\(i)_\(g.next() % 100)"] = randomValue(&g, depth: depth + 1) }
      return .object(object)
    }
  }
}

/// Inputs large enough that the quadratic paths of before (a `String` appended to per
/// escape; columns counted from the line's start for every value) take many minutes, while
/// the linear ones take about a second in a debug build.
@Suite struct JSONParserLinearityTests {
  @Test func manyEscapesInOneString() async throws {
    let escapes = 4 << 20  // 8 MiB of "\n": before, 1 MB took 3.9 s and 2.1 MB 22 s (release)
    let text = "\"" + String(repeating: "\\n", count: escapes) + "é\\u00e9\""
    let parsed = await withinHangGuard { try? JSONParser.parse(text) }
    let value = try #require(parsed ?? nil, "8 MiB of escapes did not parse within the guard")
    #expect(value.stringValue?.utf8.count == escapes + 4)
    #expect(value.stringValue?.hasSuffix("\néé") == true)
  }

  @Test func locationsOfADocumentOnOneLine() async throws {
    let members = 200_000  // before: every value's column was counted from the line's start
    let text = "[" + Array(repeating: #"{"a":[1,"x"]}"#, count: members).joined(separator: ",") + "]"
    let parsed = await withinHangGuard { try? JSONParser.parseWithLocations(bytes: Array(text.utf8)) }
    let (_, locations) = try #require(parsed ?? nil, "a one-line document did not parse within the guard")
    #expect(locations[.root / (members - 1) / "a" / 1] == SourceLocation(line: 1, column: 2 + (members - 1) * 14 + 8))
    #expect(locations.count == 1 + members * 4)
  }

  @Test func spansGiveTheTextOfShallowValues() throws {
    let text = #"{"id": 9223372036854775808, "params": {"requestId": 0.1e-400, "deep": {"x": 1}}, "s": "\u0041"}"#
    let bytes = Array(text.utf8)
    let (value, spans) = try JSONParser.parseWithSpans(bytes: bytes, depth: 2)
    func source(_ path: JSONPath) -> String? { spans[path].map { String(decoding: bytes[$0], as: UTF8.self) } }
    #expect(source(.root / "id") == "9223372036854775808")
    #expect(source(.root / "params" / "requestId") == "0.1e-400")
    #expect(source(.root / "s") == #""\u0041""#)
    #expect(source(.root / "params" / "deep") == #"{"x": 1}"#)
    #expect(spans[.root / "params" / "deep" / "x"] == nil, "deeper than asked")
    #expect(source(.root) == text)
    #expect(value["s"] == "A")
  }
}
