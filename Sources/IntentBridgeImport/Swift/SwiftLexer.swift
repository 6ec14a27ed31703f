/// Splits Swift source into tokens, skipping whitespace and comments.
///
///     let result = SwiftLexer.tokenize(Array("static var title = \"Add\" // x".utf8))
///     result.tokens.map(\.kind)   // [.identifier, .identifier, .identifier, .operator, .string]
///
/// What it knows of Swift, so that nothing inside a comment or a string is taken for code:
/// line comments, nested block comments, string literals of every form (`"…"`, multi-line
/// `"""…"""`, raw `#"…"#` with any number of `#`, interpolations `\(…)` / `\#(…)` holding
/// further strings, comments and parentheses), regex literals (`#/…/#`, and `/…/` where an
/// expression can start), backticked names, `$` names, numbers (decimal, hex, octal, binary,
/// floats), `#` directives and `@` attributes.
///
/// It never fails: an unterminated string ends at its line (single-line) or the end of the
/// file (multi-line), an unterminated block comment at the end of the file, and each such
/// case is reported in `issues`. Invalid UTF-8 is carried through byte for byte.
///
/// - Complexity: O(n) in the number of bytes; interpolations nest at most
///   `maximumInterpolationDepth` deep (deeper text is treated as unterminated).
enum SwiftLexer {
  static let maximumInterpolationDepth = 32

  struct Issue: Sendable, Hashable {
    var message: String
    var line: Int
    var column: Int
  }

  struct Result: Sendable {
    var tokens: [SwiftToken]
    var issues: [Issue]
    /// The byte ranges of the interpolations (`\(…)` contents, parentheses excluded) of
    /// every string token, outermost level only, in file order.
    var interpolations: [Range<Int32>]
  }

  static func tokenize(_ bytes: [UInt8]) -> Result {
    bytes.withUnsafeBufferPointer { buffer in
      var state = LexerState(buffer: buffer)
      state.run()
      return Result(tokens: state.tokens, issues: state.issues, interpolations: state.interpolations)
    }
  }

  /// Bytes that may start a name: ASCII letters, `_`, and every non-ASCII byte (Swift allows
  /// most of Unicode in names; a UTF-8 sequence is taken whole).
  @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
  }

  @inline(__always) static func isIdentifierPart(_ c: UInt8) -> Bool {
    isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
  }

  @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  static func isOperatorCharacter(_ c: UInt8) -> Bool {
    switch c {
    case 0x3D, 0x3C, 0x3E, 0x3F, 0x21,
      0x26, 0x2B, 0x2D, 0x2A, 0x2F,
      0x25, 0x7C, 0x5E, 0x7E:
      true
    default: false
    }
  }
}

/// Byte values are written as hexadecimal literals (`0x22` is `"`, `0x5C` is a backslash, `0x2F`
/// is `/`): `UInt8(ascii:)` is a call in unoptimised builds, and this loop runs over megabytes.
private struct LexerState {
  let b: UnsafeBufferPointer<UInt8>
  let n: Int
  var p = 0
  var line = 1
  var lineStart = 0
  var columns = ColumnCounter()
  var tokens: [SwiftToken] = []
  var issues: [SwiftLexer.Issue] = []
  var interpolations: [Range<Int32>] = []
  var pendingNewline = false
  var pendingSpace = false

  init(buffer: UnsafeBufferPointer<UInt8>) {
    b = buffer
    n = buffer.count
    tokens.reserveCapacity(n / 4)
  }

  // MARK: Positions

  @inline(__always) func byte(_ i: Int) -> UInt8 { i < n ? b[i] : 0 }

  mutating func newline(at i: Int) {
    line += 1
    lineStart = i + 1
    columns.startLine(at: lineStart)
  }

  /// The column of `offset` on the current line.
  mutating func column(at offset: Int) -> Int { columns.column(at: offset, in: b) }

  mutating func issue(_ message: @autoclosure () -> String, line: Int, column: Int) {
    // Past the limit only the count matters (SwiftSource reports it).
    guard issues.count <= SwiftSource.maximumIssues else {
      issues.append(SwiftLexer.Issue(message: "", line: line, column: column))
      return
    }
    issues.append(SwiftLexer.Issue(message: message(), line: line, column: column))
  }

  // MARK: Driver

  mutating func run() {
    if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
      p = 3
      columns.startLine(at: 3)
    }
    while p < n {
      let c = b[p]
      switch c {
      case 0x20, 0x09, 0x0B, 0x0C, 0x00:
        p += 1
        pendingSpace = true
      case 0x0A:
        newline(at: p)
        p += 1
        pendingNewline = true
        pendingSpace = true
      case 0x0D:
        if byte(p + 1) != 0x0A {
          newline(at: p)
          pendingNewline = true
        }
        p += 1
        pendingSpace = true
      case 0x2F:
        let next = byte(p + 1)
        if next == 0x2F {
          skipLineComment()
        } else if next == 0x2A {
          skipBlockComment()
        } else if regexCanStart(), let end = bareRegexEnd() {
          emit(.regex, from: p, to: end, line: line, column: column(at: p))
          p = end
        } else {
          single(.operator)
        }
      case 0x22:
        string(hashes: 0, start: p)
      case 0x23:
        pound()
      case 0x60:
        backtickIdentifier()
      case 0x24:
        if SwiftLexer.isIdentifierPart(byte(p + 1)) {
          let start = p
          p += 1
          skipIdentifierPart()
          emit(.identifier, from: start, to: p, line: line, column: column(at: start))
        } else {
          single(.unknown)
        }
      case 0x28: single(.leftParen)
      case 0x29: single(.rightParen)
      case 0x5B: single(.leftBracket)
      case 0x5D: single(.rightBracket)
      case 0x7B: single(.leftBrace)
      case 0x7D: single(.rightBrace)
      case 0x2C: single(.comma)
      case 0x3A: single(.colon)
      case 0x3B: single(.semicolon)
      case 0x40: single(.at)
      case 0x5C: single(.backslash)
      case 0x2E: single(.period)
      case 0x2D where byte(p + 1) == 0x3E:
        emit(.arrow, from: p, to: p + 2, line: line, column: column(at: p))
        p += 2
      default:
        if SwiftLexer.isDigit(c) {
          number()
        } else if SwiftLexer.isIdentifierStart(c) {
          let start = p
          p += 1
          skipIdentifierPart()
          emit(.identifier, from: start, to: p, line: line, column: column(at: start))
        } else if SwiftLexer.isOperatorCharacter(c) {
          single(.operator)
        } else {
          single(.unknown)
        }
      }
    }
  }

  mutating func emit(_ kind: SwiftToken.Kind, from start: Int, to end: Int, line: Int, column: Int, unterminated: Bool = false) {
    tokens.append(
      SwiftToken(
        kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
        line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column),
        newlineBefore: pendingNewline || tokens.isEmpty, spaceBefore: pendingSpace || tokens.isEmpty,
        unterminated: unterminated))
    pendingNewline = false
    pendingSpace = false
  }

  mutating func single(_ kind: SwiftToken.Kind) {
    emit(kind, from: p, to: p + 1, line: line, column: column(at: p))
    p += 1
  }

  // MARK: Comments

  mutating func skipLineComment() {
    while p < n, b[p] != 0x0A, b[p] != 0x0D { p += 1 }
    pendingSpace = true
  }

  /// `/* … */`, nested; unterminated runs to the end of the file.
  mutating func skipBlockComment() {
    let (startLine, startColumn) = (line, column(at: p))
    p += 2
    var depth = 1
    while p < n {
      let c = b[p]
      if c == 0x2F, byte(p + 1) == 0x2A {
        depth += 1
        p += 2
      } else if c == 0x2A, byte(p + 1) == 0x2F {
        depth -= 1
        p += 2
        if depth == 0 { break }
      } else {
        if c == 0x0A {
          newline(at: p)
          pendingNewline = true
        }
        p += 1
      }
    }
    if depth > 0 { issue("unterminated block comment; it runs to the end of the file", line: startLine, column: startColumn) }
    pendingSpace = true
  }

  // MARK: Strings

  /// A string literal whose opening quote is at `p`; `start` is where its `#`s begin.
  mutating func string(hashes: Int, start: Int) {
    let (startLine, startColumn) = (line, column(at: start))
    let terminated = scanString(hashes: hashes, depth: 0)
    emit(.string, from: start, to: p, line: startLine, column: startColumn, unterminated: !terminated)
    if !terminated {
      issue("unterminated string literal", line: startLine, column: startColumn)
    }
  }

  /// Scans a string literal from its opening quote at `p` to just after its closing
  /// delimiter. Returns false when it is unterminated (then `p` is at the end of the line
  /// for a single-line string, at the end of the file for a multi-line one).
  mutating func scanString(hashes: Int, depth: Int) -> Bool {
    let quote: UInt8 = 0x22
    let multiline = byte(p + 1) == quote && byte(p + 2) == quote
    p += multiline ? 3 : 1
    while p < n {
      let c = b[p]
      if c == 0x5C {
        guard hasHashes(hashes, at: p + 1) else {
          p += 1
          continue
        }
        let q = p + 1 + hashes
        let escaped = byte(q)
        if escaped == 0x28 && q < n {
          p = q + 1
          let contentStart = p
          if !skipInterpolation(multiline: multiline, depth: depth + 1) { return false }
          if depth == 0 {
            interpolations.append(Int32(truncatingIfNeeded: contentStart)..<Int32(truncatingIfNeeded: p - 1))
          }
          continue
        }
        if escaped == 0x0A || escaped == 0x0D {
          guard multiline else {
            p = q
            return false
          }
          p = q
          continue
        }
        p = min(q + 1, n)
        continue
      }
      if c == quote {
        if multiline {
          if byte(p + 1) == quote && byte(p + 2) == quote && hasHashes(hashes, at: p + 3) {
            p += 3 + hashes
            return true
          }
        } else if hasHashes(hashes, at: p + 1) {
          p += 1 + hashes
          return true
        }
        p += 1
        continue
      }
      if c == 0x0A {
        guard multiline else { return false }
        newline(at: p)
        p += 1
        continue
      }
      if c == 0x0D && !multiline { return false }
      p += 1
    }
    return false
  }

  @inline(__always) func hasHashes(_ count: Int, at offset: Int) -> Bool {
    guard count > 0 else { return true }
    guard offset + count <= n else { return false }
    for i in offset..<(offset + count) where b[i] != 0x23 { return false }
    return true
  }

  /// From just after `\(` to just after the matching `)`, across nested strings, comments
  /// and parentheses. False when the interpolation (and so its string) is unterminated.
  mutating func skipInterpolation(multiline: Bool, depth: Int) -> Bool {
    guard depth <= SwiftLexer.maximumInterpolationDepth else {
      while p < n, b[p] != 0x0A { p += 1 }
      if multiline { p = n }
      return false
    }
    var parens = 1
    while p < n {
      let c = b[p]
      switch c {
      case 0x28:
        parens += 1
        p += 1
      case 0x29:
        parens -= 1
        p += 1
        if parens == 0 { return true }
      case 0x22:
        if !scanString(hashes: 0, depth: depth) { return false }
      case 0x23:
        var k = 0
        while byte(p + k) == 0x23 { k += 1 }
        if byte(p + k) == 0x22 {
          p += k
          if !scanString(hashes: k, depth: depth) { return false }
        } else {
          p += k
        }
      case 0x2F:
        if byte(p + 1) == 0x2F {
          guard multiline else { return false }
          while p < n, b[p] != 0x0A { p += 1 }
        } else if byte(p + 1) == 0x2A {
          let before = line
          skipBlockComment()
          if line != before && !multiline { return false }
        } else {
          p += 1
        }
      case 0x0A:
        guard multiline else { return false }
        newline(at: p)
        p += 1
      case 0x0D:
        guard multiline else { return false }
        p += 1
      default:
        p += 1
      }
    }
    return false
  }

  // MARK: `#`

  /// `#"…"#` raw strings, `#/…/#` regexes, `#if`-style directives and `#name` macros.
  mutating func pound() {
    let start = p
    var k = 0
    while byte(p + k) == 0x23 { k += 1 }
    let after = byte(p + k)
    if after == 0x22 {
      p += k
      string(hashes: k, start: start)
    } else if after == 0x2F {
      extendedRegex(hashes: k, start: start)
    } else if k == 1, SwiftLexer.isIdentifierStart(after) {
      p += 1
      skipIdentifierPart()
      emit(.pound, from: start, to: p, line: line, column: column(at: start))
    } else {
      emit(.unknown, from: start, to: start + k, line: line, column: column(at: start))
      p = start + k
    }
  }

  /// `#/…/#` (any number of `#`, may span lines).
  mutating func extendedRegex(hashes: Int, start: Int) {
    let (startLine, startColumn) = (line, column(at: start))
    p = start + hashes + 1
    var terminated = false
    while p < n {
      let c = b[p]
      if c == 0x5C {
        p = min(p + 2, n)
        continue
      }
      if c == 0x2F, hasHashes(hashes, at: p + 1) {
        p += 1 + hashes
        terminated = true
        break
      }
      if c == 0x0A {
        newline(at: p)
      }
      p += 1
    }
    emit(.regex, from: start, to: p, line: startLine, column: startColumn, unterminated: !terminated)
    if !terminated { issue("unterminated regex literal", line: startLine, column: startColumn) }
  }

  /// A `/` starts a regex only where an expression can start: at the start, after an
  /// opening bracket, a separator, an operator or a keyword that precedes an expression.
  func regexCanStart() -> Bool {
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .arrow:
      return true
    case .operator:
      return true
    case .identifier:
      let text = b[Int(previous.start)..<Int(previous.end)]
      return ["return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "else"]
        .contains { text.elementsEqual($0.utf8) }
    default:
      return false
    }
  }

  /// The end of a bare `/…/` regex starting at `p`: its content may not start with a space
  /// and must close on the same line; nil when it is not a regex.
  func bareRegexEnd() -> Int? {
    let first = byte(p + 1)
    guard p + 1 < n, first != 0x20, first != 0x09, first != 0x0A, first != 0x0D, first != 0x2F else {
      return nil
    }
    var i = p + 1
    while i < n {
      let c = b[i]
      if c == 0x0A || c == 0x0D { return nil }
      if c == 0x5C {
        i += 2
        continue
      }
      if c == 0x2F { return b[i - 1] == 0x20 ? nil : i + 1 }
      i += 1
    }
    return nil
  }

  // MARK: Names and numbers

  /// Advances over name characters (the test is written out: a call per byte is slow in
  /// unoptimised builds).
  mutating func skipIdentifierPart() {
    while p < n {
      let c = b[p]
      guard (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80 || (c >= 0x30 && c <= 0x39) else { return }
      p += 1
    }
  }

  mutating func backtickIdentifier() {
    var i = p + 1
    while i < n, b[i] != 0x60, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
    guard i < n, b[i] == 0x60, i > p + 1 else {
      single(.unknown)
      return
    }
    emit(.identifier, from: p, to: i + 1, line: line, column: column(at: p))
    p = i + 1
  }

  mutating func number() {
    let start = p
    var isFloat = false
    if b[p] == 0x30, let radix = Self.radix(byte(p + 1)) {
      p += 2
      while p < n, Self.isDigit(b[p], radix: radix) || b[p] == 0x5F { p += 1 }
      if radix == 16 {
        if byte(p) == 0x2E, Self.isDigit(byte(p + 1), radix: 16) {
          isFloat = true
          p += 1
          while p < n, Self.isDigit(b[p], radix: 16) || b[p] == 0x5F { p += 1 }
        }
        if byte(p) == 0x70 || byte(p) == 0x50 { exponent(&isFloat) }
      }
    } else {
      while p < n, SwiftLexer.isDigit(b[p]) || b[p] == 0x5F { p += 1 }
      if byte(p) == 0x2E, SwiftLexer.isDigit(byte(p + 1)) {
        isFloat = true
        p += 1
        while p < n, SwiftLexer.isDigit(b[p]) || b[p] == 0x5F { p += 1 }
      }
      if byte(p) == 0x65 || byte(p) == 0x45 { exponent(&isFloat) }
    }
    // A suffix of name characters (`1a`) is not Swift; keep it in the token.
    skipIdentifierPart()
    emit(isFloat ? .float : .integer, from: start, to: p, line: line, column: column(at: start))
  }

  mutating func exponent(_ isFloat: inout Bool) {
    var i = p + 1
    if byte(i) == 0x2B || byte(i) == 0x2D { i += 1 }
    guard SwiftLexer.isDigit(byte(i)) else { return }
    isFloat = true
    p = i
    while p < n, SwiftLexer.isDigit(b[p]) || b[p] == 0x5F { p += 1 }
  }

  static func radix(_ c: UInt8) -> Int? {
    switch c {
    case 0x78: 16
    case 0x6F: 8
    case 0x62: 2
    default: nil
    }
  }

  static func isDigit(_ c: UInt8, radix: Int) -> Bool {
    switch radix {
    case 16: SwiftLexer.isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    case 8: c >= 0x30 && c <= 0x37
    default: c == 0x30 || c == 0x31
    }
  }
}
