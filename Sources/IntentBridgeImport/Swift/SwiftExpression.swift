/// A Swift expression, read as far as a static importer can use it: literals, names,
/// member chains, calls with labelled arguments and trailing closures, arrays,
/// dictionaries, tuples and key paths. Anything else (operators, casts, ternaries,
/// subscripts, `#` macros) is `opaque`, with the source text kept for the warning.
struct SwiftExpression: Sendable {
  indirect enum Kind: Sendable {
    case string(SwiftStringLiteral)
    /// The literal as written, underscores removed (`1_000` → "1000", `0x1F` → "0x1F").
    case integer(String)
    case float(String)
    case boolean(Bool)
    case nilLiteral
    /// `title`, `Self`, `TrailQuery`, `UnitLength`.
    case name(String)
    /// `.kilometers`, `.init`
    case implicitMember(String)
    /// `UnitLength.kilometers`, `Self.easy`
    case member(SwiftExpression, String)
    /// `Measurement<UnitLength>`: the base and the generic arguments as written.
    case specialized(SwiftExpression, String)
    case call(SwiftExpression, [SwiftArgument], trailing: [SwiftClosure])
    case array([SwiftExpression])
    case dictionary([SwiftDictionaryEntry])
    /// `(1, 10)`, `(lowerBound: 1, upperBound: 10)`
    case tuple([SwiftArgument])
    /// `\.$trail` → root nil, components ["$trail"]; `\Self.$trail` → root "Self".
    case keyPath(root: String?, components: [String])
    case closure(SwiftClosure)
    /// `-5`, `-2.5`
    case negated(SwiftExpression)
    /// Not readable statically; the reason names the construct.
    case opaque(reason: String)
  }

  var kind: Kind
  /// Token indices the expression spans.
  var tokens: Range<Int>

  /// The callee's last name for calls (`IntentDescription`, `init`, `Summary`), else nil.
  var calleeName: String? {
    guard case .call(let callee, _, _) = kind else { return nil }
    return callee.lastName
  }

  /// `Foo` for `Foo`, `.foo`, `A.Foo`, `Foo<T>`.
  var lastName: String? {
    switch kind {
    case .name(let name), .implicitMember(let name), .member(_, let name): name
    case .specialized(let base, _): base.lastName
    default: nil
    }
  }

  /// The arguments of a call (empty for other expressions).
  var arguments: [SwiftArgument] {
    if case .call(_, let arguments, _) = kind { return arguments }
    return []
  }

  /// The value of the argument labelled `label` (nil label: the first unlabelled one).
  func argument(_ label: String?) -> SwiftExpression? {
    arguments.first { $0.label == label }?.value
  }
}

struct SwiftArgument: Sendable {
  var label: String?
  var value: SwiftExpression
}

struct SwiftDictionaryEntry: Sendable {
  var key: SwiftExpression
  var value: SwiftExpression
}

/// `{ … }`: the tokens between the braces, and the label of a trailing closure after the
/// first (`otherwise:`).
struct SwiftClosure: Sendable {
  var label: String?
  var body: Range<Int>
}

/// Parses expressions from a token range of a `SwiftSource`.
///
/// Never fails and never recurses without bound: nesting deeper than `maximumDepth`
/// becomes an opaque expression and its tokens are skipped with the bracket table.
///
/// - Complexity: O(t) in the tokens of the range.
struct SwiftExpressionParser {
  static let maximumDepth = 64

  let source: SwiftSource
  let end: Int
  private(set) var p: Int

  init(source: SwiftSource, range: Range<Int>) {
    self.source = source
    self.end = min(range.upperBound, source.tokens.count)
    self.p = range.lowerBound
  }

  /// The expression spanning the whole range; opaque when anything is left over.
  static func parse(_ source: SwiftSource, _ range: Range<Int>) -> SwiftExpression {
    guard !range.isEmpty else { return SwiftExpression(kind: .opaque(reason: "an empty expression"), tokens: range) }
    var parser = SwiftExpressionParser(source: source, range: range)
    let expression = parser.parseExpression(depth: 0)
    if parser.p < parser.end {
      return SwiftExpression(kind: .opaque(reason: Self.reason(source, parser.p)), tokens: range)
    }
    return expression
  }

  /// The arguments between the parentheses of an attribute (`@Parameter(title: "x")`).
  static func arguments(_ source: SwiftSource, _ range: Range<Int>) -> [SwiftArgument] {
    var parser = SwiftExpressionParser(source: source, range: range)
    return parser.parseArguments(from: range.lowerBound, to: parser.end, depth: 0)
  }

  /// Why the expression continues past what was read: `an operator '+'`, `'as'`.
  private static func reason(_ source: SwiftSource, _ index: Int) -> String {
    switch source.kind(index) {
    case .operator?: "an expression with the operator '\(source.text(index))'"
    case .identifier?: "an expression with '\(source.text(index))'"
    default: "an expression with '\(source.text(index))'"
    }
  }

  // MARK: Expressions

  mutating func parseExpression(depth: Int) -> SwiftExpression {
    let start = p
    guard depth < Self.maximumDepth else {
      skipToSeparator()
      return SwiftExpression(kind: .opaque(reason: "an expression nested more than \(Self.maximumDepth) levels deep"), tokens: start..<p)
    }
    // `try`, `try?`, `await` do not change what a value is.
    while p < end, source.isWord(p, "try") || source.isWord(p, "await") {
      p += 1
      if source.isOperator(p, UInt8(ascii: "?")) || source.isOperator(p, UInt8(ascii: "!")) { p += 1 }
    }
    var expression = parsePrimary(depth: depth)
    expression = parsePostfix(expression, start: start, depth: depth)
    return expression
  }

  private mutating func parsePrimary(depth: Int) -> SwiftExpression {
    let start = p
    guard p < end else { return SwiftExpression(kind: .opaque(reason: "a missing value"), tokens: start..<p) }
    let token = source.tokens[p]
    switch token.kind {
    case .string:
      p += 1
      return SwiftExpression(kind: .string(SwiftStringLiteral(source: source, token: start)), tokens: start..<p)
    case .integer:
      p += 1
      return SwiftExpression(kind: .integer(source.text(start).replacingUnderscores), tokens: start..<p)
    case .float:
      p += 1
      return SwiftExpression(kind: .float(source.text(start).replacingUnderscores), tokens: start..<p)
    case .identifier:
      p += 1
      if source.isWord(start, "true") { return SwiftExpression(kind: .boolean(true), tokens: start..<p) }
      if source.isWord(start, "false") { return SwiftExpression(kind: .boolean(false), tokens: start..<p) }
      if source.isWord(start, "nil") { return SwiftExpression(kind: .nilLiteral, tokens: start..<p) }
      return SwiftExpression(kind: .name(source.name(start)), tokens: start..<p)
    case .period:
      if source.kind(p + 1) == .identifier {
        p += 2
        return SwiftExpression(kind: .implicitMember(source.name(start + 1)), tokens: start..<p)
      }
    case .leftParen:
      let close = min(source.closer(of: p), end)
      let elements = parseArguments(from: p + 1, to: close, depth: depth)
      p = min(close + 1, end)
      if elements.count == 1, elements[0].label == nil {
        return SwiftExpression(kind: elements[0].value.kind, tokens: start..<p)
      }
      return SwiftExpression(kind: .tuple(elements), tokens: start..<p)
    case .leftBracket:
      return parseCollection(depth: depth)
    case .leftBrace:
      let close = min(source.closer(of: p), end)
      let closure = SwiftClosure(label: nil, body: (p + 1)..<close)
      p = min(close + 1, end)
      return SwiftExpression(kind: .closure(closure), tokens: start..<p)
    case .backslash:
      return parseKeyPath()
    case .operator:
      if source.isOperator(p, UInt8(ascii: "-")), !source.tokens[p + 1 < end ? p + 1 : p].spaceBefore, p + 1 < end,
        source.kind(p + 1) == .integer || source.kind(p + 1) == .float
      {
        p += 1
        let number = parsePrimary(depth: depth + 1)
        return SwiftExpression(kind: .negated(number), tokens: start..<p)
      }
      if source.isOperator(p, UInt8(ascii: "&")) {
        p += 1
        return parseExpression(depth: depth + 1)
      }
    default:
      break
    }
    // Not a value we read: skip to the end of this operand.
    skipToSeparator()
    if p == start { p += 1 }
    let what = source.text(start)
    return SwiftExpression(kind: .opaque(reason: "'\(what)'"), tokens: start..<p)
  }

  private mutating func parsePostfix(_ base: SwiftExpression, start: Int, depth: Int) -> SwiftExpression {
    var expression = base
    while p < end {
      let token = source.tokens[p]
      switch token.kind {
      case .period:
        guard p + 1 < end, source.kind(p + 1) == .identifier || source.kind(p + 1) == .integer else { return expression }
        expression = SwiftExpression(kind: .member(expression, source.name(p + 1)), tokens: start..<(p + 2))
        p += 2
      case .leftParen where !token.newlineBefore:
        let close = min(source.closer(of: p), end)
        let arguments = parseArguments(from: p + 1, to: close, depth: depth)
        p = min(close + 1, end)
        let trailing = parseTrailingClosures()
        expression = SwiftExpression(kind: .call(expression, arguments, trailing: trailing), tokens: start..<p)
      case .leftBrace where !token.newlineBefore:
        let trailing = parseTrailingClosures()
        expression = SwiftExpression(kind: .call(expression, [], trailing: trailing), tokens: start..<p)
      case .leftBracket where !token.newlineBefore:
        p = min(source.closer(of: p) + 1, end)
        expression = SwiftExpression(kind: .opaque(reason: "a subscript"), tokens: start..<p)
      case .operator:
        let c = source.bytes[Int(token.start)]
        if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")) && !token.spaceBefore {
          p += 1
          continue
        }
        if c == UInt8(ascii: "<"), !token.spaceBefore, let close = genericArgumentsEnd(from: p) {
          let arguments = source.text(from: p + 1, to: close)
          p = close + 1
          expression = SwiftExpression(kind: .specialized(expression, arguments), tokens: start..<p)
          continue
        }
        return expression
      default:
        return expression
      }
    }
    return expression
  }

  /// `{ … }` after a call, and labelled ones after it (`otherwise: { … }`).
  private mutating func parseTrailingClosures() -> [SwiftClosure] {
    var closures: [SwiftClosure] = []
    guard p < end, source.kind(p) == .leftBrace, !source.tokens[p].newlineBefore else { return closures }
    var close = min(source.closer(of: p), end)
    closures.append(SwiftClosure(label: nil, body: (p + 1)..<close))
    p = min(close + 1, end)
    while p + 2 < end, source.kind(p) == .identifier, source.kind(p + 1) == .colon, source.kind(p + 2) == .leftBrace {
      close = min(source.closer(of: p + 2), end)
      closures.append(SwiftClosure(label: source.name(p), body: (p + 3)..<close))
      p = min(close + 1, end)
    }
    return closures
  }

  /// The index of the `>` closing generic arguments that start at the `<` at `index`, when
  /// only type-like tokens lie between and a call, member or type use follows.
  private func genericArgumentsEnd(from index: Int) -> Int? {
    var depth = 0
    var i = index
    while i < end && i < index + 64 {
      switch source.tokens[i].kind {
      case .operator:
        let c = source.bytes[Int(source.tokens[i].start)]
        if c == UInt8(ascii: "<") {
          depth += 1
        } else if c == UInt8(ascii: ">") {
          depth -= 1
          if depth == 0 {
            let next = source.kind(i + 1)
            return next == .leftParen || next == .period || next == nil || next == .rightParen || next == .comma ? i : nil
          }
        } else if c != UInt8(ascii: "?") && c != UInt8(ascii: "!") && c != UInt8(ascii: "&") {
          return nil
        }
      case .identifier, .period, .comma, .colon, .leftBracket, .rightBracket:
        break
      default:
        return nil
      }
      i += 1
    }
    return nil
  }

  private mutating func parseCollection(depth: Int) -> SwiftExpression {
    let start = p
    let close = min(source.closer(of: p), end)
    p += 1
    var elements: [SwiftExpression] = []
    var entries: [SwiftDictionaryEntry] = []
    var isDictionary = false
    if p < close, source.kind(p) == .colon, p + 1 == close {
      isDictionary = true
      p = close
    }
    var inner = SwiftExpressionParser(source: source, range: p..<close)
    while inner.p < close {
      let value = inner.parseExpression(depth: depth + 1)
      if inner.p < close, source.kind(inner.p) == .colon {
        isDictionary = true
        inner.p += 1
        let entryValue = inner.parseExpression(depth: depth + 1)
        entries.append(SwiftDictionaryEntry(key: value, value: inner.finishElement(entryValue)))
      } else {
        elements.append(inner.finishElement(value))
      }
      if inner.p < close, source.kind(inner.p) == .comma { inner.p += 1 }
    }
    p = min(close + 1, end)
    if isDictionary { return SwiftExpression(kind: .dictionary(entries), tokens: start..<p) }
    return SwiftExpression(kind: .array(elements), tokens: start..<p)
  }

  /// After an element: when more follows before the separator, the element is opaque.
  private mutating func finishElement(_ value: SwiftExpression) -> SwiftExpression {
    guard p < end, source.kind(p) != .comma, source.kind(p) != .colon else { return value }
    let start = value.tokens.lowerBound
    let why = Self.reason(source, p)
    skipToSeparator()
    return SwiftExpression(kind: .opaque(reason: why), tokens: start..<p)
  }

  private mutating func parseArguments(from start: Int, to close: Int, depth: Int) -> [SwiftArgument] {
    var inner = SwiftExpressionParser(source: source, range: start..<close)
    var arguments: [SwiftArgument] = []
    while inner.p < close {
      var label: String?
      if inner.p + 1 < close, source.kind(inner.p) == .identifier, source.kind(inner.p + 1) == .colon {
        label = source.name(inner.p)
        inner.p += 2
      }
      let value = inner.parseExpression(depth: depth + 1)
      let finished: SwiftExpression
      if inner.p < close, source.kind(inner.p) != .comma {
        let why = Self.reason(source, inner.p)
        inner.skipToSeparator()
        finished = SwiftExpression(kind: .opaque(reason: why), tokens: value.tokens.lowerBound..<inner.p)
      } else {
        finished = value
      }
      arguments.append(SwiftArgument(label: label == "_" ? nil : label, value: finished))
      if inner.p < close, source.kind(inner.p) == .comma { inner.p += 1 }
    }
    return arguments
  }

  /// `\.$trail`, `\Self.name`, `\Trail.name.count`
  private mutating func parseKeyPath() -> SwiftExpression {
    let start = p
    p += 1
    var root: String?
    if p < end, source.kind(p) == .identifier, !source.tokens[p].spaceBefore {
      root = source.name(p)
      p += 1
    }
    var components: [String] = []
    while p + 1 < end, source.kind(p) == .period, source.kind(p + 1) == .identifier || source.kind(p + 1) == .integer {
      components.append(source.name(p + 1))
      p += 2
      while p < end, source.isOperator(p, UInt8(ascii: "?")) || source.isOperator(p, UInt8(ascii: "!")) { p += 1 }
    }
    return SwiftExpression(kind: .keyPath(root: root, components: components), tokens: start..<p)
  }

  /// Advances to the next `,` or `:` at this level (or the end), skipping bracketed groups.
  private mutating func skipToSeparator() {
    while p < end {
      let kind = source.tokens[p].kind
      if kind == .comma || kind == .colon { return }
      if source.tokens[p].isOpener {
        p = min(source.closer(of: p) + 1, end)
      } else {
        p += 1
      }
    }
  }
}

extension String {
  fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
