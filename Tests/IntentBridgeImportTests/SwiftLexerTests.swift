import Testing

@testable import IntentBridgeImport

/// The Swift reader, layer by layer: tokens, string values, conditional compilation,
/// brackets, declarations and expressions.
@Suite struct SwiftLexerTests {
  static func source(_ text: String) -> SwiftSource { SwiftSource(name: "t.swift", bytes: Array(text.utf8)) }

  /// The tokens as `kind:text` (text without the surrounding bytes).
  static func tokens(_ text: String) -> [String] {
    let source = source(text)
    return source.tokens.indices.map { "\(source.tokens[$0].kind):\(source.text($0))" }
  }

  @Test(arguments: [
    // Comments are not tokens, nested block comments included.
    ("a // b c\nd", ["identifier:a", "identifier:d"]),
    ("a /* b /* c */ still */ d", ["identifier:a", "identifier:d"]),
    ("a /** doc `x` */ d", ["identifier:a", "identifier:d"]),
    // Strings of every form are one token, whatever they hold.
    (#"x = "a \"b\" // c""#, ["identifier:x", "operator:=", #"string:"a \"b\" // c""#]),
    (#"x = "a \(f("b)", 1)) c""#, ["identifier:x", "operator:=", #"string:"a \(f("b)", 1)) c""#]),
    (#"x = "a \(g(/* ) */ 2)) c""#, ["identifier:x", "operator:=", #"string:"a \(g(/* ) */ 2)) c""#]),
    ("x = \"\"\"\n  a \"b\" \"\"\n  \"\"\" y", ["identifier:x", "operator:=", "string:\"\"\"\n  a \"b\" \"\"\n  \"\"\"", "identifier:y"]),
    (##"x = #"a "b" \(c)"# y"##, ["identifier:x", "operator:=", ##"string:#"a "b" \(c)"#"##, "identifier:y"]),
    (###"x = ##"a "# b"## y"###, ["identifier:x", "operator:=", ###"string:##"a "# b"##"###, "identifier:y"]),
    // Regex literals.
    ("x = #/a/b/#", ["identifier:x", "operator:=", "regex:#/a/b/#"]),
    ("x = /a\\/b/", ["identifier:x", "operator:=", "regex:/a\\/b/"]),
    ("a / b / c", ["identifier:a", "operator:/", "identifier:b", "operator:/", "identifier:c"]),
    // Names, numbers, attributes, key paths.
    ("`default` $0 $trail café", ["identifier:`default`", "identifier:$0", "identifier:$trail", "identifier:café"]),
    ("0x1F 1_000 2.5e-3 1...5", ["integer:0x1F", "integer:1_000", "float:2.5e-3", "integer:1", "period:.", "period:.", "period:.", "integer:5"]),
    (
      "@Parameter(title: \"T\") var t",
      [
        "at:@", "identifier:Parameter", "leftParen:(", "identifier:title", "colon::", "string:\"T\"", "rightParen:)", "identifier:var",
        "identifier:t",
      ]
    ),
    (#"\.$trail -> T"#, ["backslash:\\", "period:.", "identifier:$trail", "arrow:->", "identifier:T"]),
  ])
  func tokenizes(_ text: String, _ expected: [String]) {
    #expect(Self.tokens(text) == expected)
  }

  @Test func linesAndColumnsCountScalars() {
    let source = Self.source("é = 1\n  /* two\n lines */ x")
    let x = source.tokens.last!
    #expect((x.line, x.column) == (3, 11))
    #expect(x.newlineBefore)
    #expect(source.tokens[1].column == 3, "é is one column")
  }

  @Test(arguments: [
    ("x = \"open\ny = 1", "unterminated string literal", 1),
    ("x = \"\"\"\nopen", "unterminated string literal", 1),
    ("/* open /* nested */", "unterminated block comment; it runs to the end of the file", 1),
    ("#if A\nx", "#if A has no #endif", 1),
    ("x\n#endif", "#endif without #if", 2),
  ])
  func reportsUnterminatedConstructs(_ text: String, _ message: String, _ line: Int) {
    let issues = Self.source(text).issues
    #expect(issues.contains { $0.message == message && $0.line == line }, "\(issues)")
  }

  @Test func everyBranchOfConditionalCompilationIsReadWithItsCondition() {
    let source = Self.source("#if os(iOS)\na\n#elseif DEBUG\nb\n#else\nc\n#endif\nd")
    let names = source.tokens.indices.map { source.text($0) }
    #expect(names == ["a", "b", "c", "d"])
    #expect(source.condition(of: 0)?.text == "#if os(iOS)")
    #expect(source.condition(of: 1)?.text == "#elseif DEBUG")
    #expect(source.condition(of: 2)?.text == "#else (of #if os(iOS))")
    #expect(source.condition(of: 3) == nil)
  }

  @Test func bracketsMatchWithBracesStrongest() {
    let source = Self.source("{ ( [ } )")
    let brace = source.closer(of: 0)
    #expect(source.text(brace) == "}", "the brace closes over the open paren and bracket")
    #expect(source.closer(of: 1) < brace && source.closer(of: 2) < source.closer(of: 1), "which end (synthetic closers) before it")
    #expect(source.text(source.closer(of: 1)).isEmpty)
    let stray = Self.source("a ) ] } b")
    #expect(stray.partner.allSatisfy { $0 == -1 })
  }

  @Test func unclosedGroupsCloseBeforeTheNextDeclaration() {
    let source = Self.source("struct A {\n  @Parameter(title: \"x\"\n  var x: Int\n\nstruct B {}\n")
    let texts = source.tokens.indices.map { source.text($0) }
    // A synthetic ')' before `var`, a synthetic '}' before `struct B`.
    let paren = source.tokens.firstIndex { $0.kind == .leftParen }!
    #expect(texts[source.closer(of: paren) + 1] == "var")
    let brace = source.tokens.firstIndex { $0.kind == .leftBrace }!
    #expect(source.text(source.closer(of: brace) + 1) == "struct")
    #expect(source.issues.map(\.message).contains("'{' is never closed; read as closed before line 5"))
    #expect(source.issues.map(\.message).contains("'(' is never closed; read as closed before line 3"))
  }
}

@Suite struct SwiftStringLiteralTests {
  static func value(_ literal: String) -> SwiftStringLiteral {
    let source = SwiftLexerTests.source("x = " + literal)
    return SwiftStringLiteral(source: source, token: 2)
  }

  @Test(arguments: [
    (#""a\tb\n\"c\" \\ \u{1F600}""#, "a\tb\n\"c\" \\ 😀"),
    (##"#"a\tb "c""#"##, #"a\tb "c""#),
    (##"#"a\#tb"#"##, "a\tb"),
    ("\"\"\"\n    one\n      two\n    \"\"\"", "one\n  two"),
    ("\"\"\"\n  joined \\\n  line\n  \"\"\"", "joined line"),
    ("\"\"\"\n  \"quoted\" \"\"\n  \"\"\"", "\"quoted\" \"\""),
  ])
  func decodes(_ literal: String, _ expected: String) {
    #expect(Self.value(literal).plainText == expected)
  }

  @Test func keepsInterpolationsInOrder() {
    let source = SwiftLexerTests.source(#"x = "Start \(.applicationName) with \(\.$trail)!""#)
    let literal = SwiftStringLiteral(source: source, token: 2)
    #expect(literal.segments.count == 5)
    guard case .interpolation(let first) = literal.segments[1], case .interpolation(let second) = literal.segments[3] else {
      Issue.record("expected interpolations: \(literal.segments)")
      return
    }
    #expect(String(decoding: source.bytes[first], as: UTF8.self) == ".applicationName")
    #expect(String(decoding: source.bytes[second], as: UTF8.self) == #"\.$trail"#)
    #expect(literal.plainText == nil)
  }

  @Test func rawInterpolationNeedsItsHashes() {
    let source = SwiftLexerTests.source(##"x = #"a \(b) \#(c)"#"##)
    let literal = SwiftStringLiteral(source: source, token: 2)
    #expect(literal.segments.first == .text(#"a \(b) "#))
    #expect(literal.segments.count == 2)
  }
}

@Suite struct SwiftDeclarationReaderTests {
  @Test func readsTypesMembersAndAttributes() {
    let source = SwiftLexerTests.source(
      """
      @available(iOS 17, *)
      public struct Box<T: Equatable>: AppIntents.AppIntent, @unchecked Sendable where T: Hashable {
        static let title: LocalizedStringResource = "Box"
        @Parameter(title: "Size") var size: [Int]?
        static var summary: some ParameterSummary { Summary("x") }
        func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: 1) }
        enum Kind: String, AppEnum { case a, b = "bee", `default` }
      }
      extension Box: Identifiable {}
      """)
    let (types, _) = SwiftDeclarationReader.read(source, file: 0)
    #expect(types.map(\.name) == ["Box", "Box.Kind", "Box"])
    #expect(types[0].inherits.map(\.name) == ["AppIntent", "Sendable"])
    #expect(types[0].attributes.map(\.name) == ["available"])
    let members = types[0].members
    #expect(members.map(\.name) == ["title", "size", "summary", "perform"])
    #expect(members[0].isStatic && members[0].initializer != nil)
    #expect(members[1].attribute("Parameter") != nil && !members[1].isStatic)
    #expect(members[2].body != nil)
    #expect(source.text(from: members[3].type!.lowerBound, to: members[3].type!.upperBound) == "some IntentResult & ReturnsValue<Int>")
    #expect(types[1].members.map(\.name) == ["a", "b", "default"])
    #expect(types[2].kind == .extension && types[2].inherits.map(\.name) == ["Identifiable"])
  }
}

@Suite struct SwiftExpressionParserTests {
  static func parse(_ text: String) -> (SwiftSource, SwiftExpression) {
    let source = SwiftLexerTests.source(text)
    return (source, SwiftExpressionParser.parse(source, 0..<source.tokens.count))
  }

  @Test func readsCallsWithLabelsAndTrailingClosures() {
    let (_, expression) = Self.parse(#"When(\.$a, .equalTo, 1) { Summary("x") } otherwise: { Summary("y") }"#)
    guard case .call(let callee, let arguments, let trailing) = expression.kind else {
      Issue.record("not a call: \(expression.kind)")
      return
    }
    #expect(callee.lastName == "When")
    #expect(arguments.count == 3)
    #expect(trailing.map(\.label) == [nil, "otherwise"])
  }

  @Test func readsCollectionsKeyPathsAndNumbers() {
    let (_, dictionary) = Self.parse(#"[.a: "A", Self.b: DisplayRepresentation(title: "B", synonyms: ["bee"])]"#)
    guard case .dictionary(let entries) = dictionary.kind else {
      Issue.record("not a dictionary")
      return
    }
    #expect(entries.count == 2 && entries[1].value.argument("synonyms") != nil)
    let (_, keyPath) = Self.parse(#"\Self.$trail"#)
    if case .keyPath(let root, let components) = keyPath.kind {
      #expect(root == "Self" && components == ["$trail"])
    } else {
      Issue.record("not a key path")
    }
    let (_, range) = Self.parse("(lowerBound: -5, upperBound: 2.5)")
    #expect(range.arguments.isEmpty)
    if case .tuple(let bounds) = range.kind {
      #expect(bounds.map(\.label) == ["lowerBound", "upperBound"])
    } else {
      Issue.record("not a tuple")
    }
  }

  @Test(arguments: [
    (#""a" + "b""#, "an expression with the operator '+'"),
    ("flag ? 1 : 2", "an expression with the operator '?'"),
    ("x as String", "an expression with 'as'"),
  ])
  func operatorsMakeItOpaque(_ text: String, _ reason: String) {
    let (_, expression) = Self.parse(text)
    guard case .opaque(let found) = expression.kind else {
      Issue.record("\(text) was read as \(expression.kind)")
      return
    }
    #expect(found == reason)
  }

  @Test func deepNestingIsBoundedNotRecursedWithoutLimit() {
    let (_, expression) = Self.parse(String(repeating: "f(", count: 10_000) + String(repeating: ")", count: 10_000))
    #expect(expression.calleeName == "f")
  }
}
