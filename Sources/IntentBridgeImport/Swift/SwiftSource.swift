/// A lexed Swift file: its tokens without `#if` directive lines, the bracket that matches
/// each bracket, and the `#if` branch each token sits in.
///
/// Conditional compilation is read *whole*: every branch of every `#if … #elseif … #else …
/// #endif` group is kept (a static reader cannot know the build settings), and the
/// condition of the innermost branch is recorded per token so that what is imported from
/// a branch can be reported. Declarations repeated across branches are resolved later
/// (the first one wins, with a warning).
///
/// Brackets are matched so that a closing brace is stronger than parentheses: `}` closes
/// any `(` or `[` still open inside its `{`, while a `)` or `]` never closes a `{`.
/// Unmatched openers extend to the end of the file; stray closers are ignored.
///
/// A class so that the readers share one copy of its arrays (a struct of six arrays made
/// every call on it retain and release each of them in unoptimised builds: half the time
/// of the test sweep); everything in it is immutable.
///
/// - Complexity: O(n) in the number of tokens.
final class SwiftSource: Sendable {
  /// The name used in warnings and in the catalog's `source.locations`.
  let name: String
  let bytes: [UInt8]
  let tokens: [SwiftToken]
  /// For an opener, the index of its closer (`tokens.count` when unclosed); for a closer,
  /// its opener (or -1 when stray); -1 for other tokens.
  let partner: [Int32]
  /// Per token, an index into `conditions` (-1 outside any `#if`).
  let conditionIndex: [Int32]
  /// `#if DEBUG`, `#else (of #if os(iOS))`, … with the line of the directive.
  let conditions: [(text: String, line: Int)]
  let issues: [SwiftLexer.Issue]
  /// Interpolation contents of string tokens (see `SwiftLexer.Result.interpolations`).
  let interpolations: [Range<Int32>]

  init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    let lexed = SwiftLexer.tokenize(bytes)
    var issues = lexed.issues
    var (tokens, conditionIndex, conditions) = Self.removingDirectives(lexed.tokens, bytes: bytes, issues: &issues)
    var (partner, unclosed, unclosedCount) = Self.matchBrackets(tokens)
    if unclosedCount > Self.maximumUnclosed, let first = unclosed.min(by: { $0.opener < $1.opener }) {
      // Not source code a person wrote: recovering each bracket would cost ~160 bytes apiece
      // (16 MiB of `(` took 2.5 GB). The file is reported and read as empty.
      let token = tokens[first.opener]
      issues.insert(
        SwiftLexer.Issue(
          message:
            "\(unclosedCount) brackets are never closed, more than the \(Self.maximumUnclosed) this reader recovers; the file was not read (is it Swift source?)",
          line: Int(token.line), column: Int(token.column)), at: 0)
      (tokens, conditionIndex, partner, unclosed) = ([], [], [], [])
    }
    if !unclosed.isEmpty {
      Self.closeUnclosed(unclosed, tokens: &tokens, conditionIndex: &conditionIndex, bytes: bytes, issues: &issues)
      partner = Self.matchBrackets(tokens).partner
    }
    self.tokens = tokens
    self.conditionIndex = conditionIndex
    self.conditions = conditions
    self.partner = partner
    if issues.count > Self.maximumIssues {
      let more = issues.count - Self.maximumIssues
      issues.removeLast(more)
      if let last = issues.last {
        issues.append(
          SwiftLexer.Issue(message: "\(more) more problems of this kind in the file were not reported", line: last.line, column: last.column))
      }
    }
    self.issues = issues
    self.interpolations = lexed.interpolations
  }

  // MARK: Token text

  func text(_ index: Int) -> String {
    guard index >= 0, index < tokens.count else { return "" }
    return String(decoding: bytes[tokens[index].range], as: UTF8.self)
  }

  /// A name without its backticks.
  func name(_ index: Int) -> String {
    let text = text(index)
    if text.count >= 2, text.first == "`", text.last == "`" { return String(text.dropFirst().dropLast()) }
    return text
  }

  /// Whether token `index` is the identifier (or keyword) `word`, without allocating.
  @inline(__always) func isWord(_ index: Int, _ word: StaticString) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
    let token = tokens[index]
    let length = Int(token.end - token.start)
    guard length == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { wordBytes in
      var i = 0
      var j = Int(token.start)
      while i < length {
        if wordBytes[i] != bytes[j] { return false }
        i += 1
        j += 1
      }
      return true
    }
  }

  @inline(__always) func kind(_ index: Int) -> SwiftToken.Kind? {
    index >= 0 && index < tokens.count ? tokens[index].kind : nil
  }

  /// Whether token `index` is the operator character `c`.
  @inline(__always) func isOperator(_ index: Int, _ c: UInt8) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .operator else { return false }
    return bytes[Int(tokens[index].start)] == c
  }

  /// The source text from token `from` up to (excluding) token `to`, as written.
  func text(from: Int, to: Int) -> String {
    guard from < to, from >= 0, from < tokens.count else { return "" }
    let start = Int(tokens[from].start)
    let end = Int(tokens[min(to, tokens.count) - 1].end)
    guard start < end else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// `file:line:column` of token `index` (the end of the file past the last token).
  func location(_ index: Int) -> FileLocation {
    if index >= 0, index < tokens.count {
      return FileLocation(file: name, line: Int(tokens[index].line), column: Int(tokens[index].column))
    }
    if let last = tokens.last { return FileLocation(file: name, line: Int(last.line), column: Int(last.column)) }
    return FileLocation(file: name, line: 1, column: 1)
  }

  /// The closer of the opener at `index`, or `tokens.count` when there is none.
  func closer(of index: Int) -> Int {
    guard index >= 0, index < partner.count, tokens[index].isOpener else { return index + 1 }
    return Int(partner[index])
  }

  /// The `#if` branch condition of token `index`, if any.
  func condition(of index: Int) -> (text: String, line: Int)? {
    guard index >= 0, index < conditionIndex.count, conditionIndex[index] >= 0 else { return nil }
    return conditions[Int(conditionIndex[index])]
  }

  // MARK: Building

  /// Drops `#if`/`#elseif`/`#else`/`#endif` lines (the directive and its condition up to the
  /// end of the line) and records the branch of every other token.
  private static func removingDirectives(
    _ tokens: [SwiftToken], bytes: [UInt8], issues: inout [SwiftLexer.Issue]
  ) -> ([SwiftToken], [Int32], [(text: String, line: Int)]) {
    func directive(_ token: SwiftToken) -> String? {
      // `#if`, `#else`, `#elseif`, `#endif`: a pound token whose name starts with i or e.
      guard token.kind == .pound, token.end - token.start >= 3 else { return nil }
      let first = bytes[Int(token.start) + 1]
      guard first == 0x69 || first == 0x65 else { return nil }
      let text = String(decoding: bytes[token.range], as: UTF8.self)
      return ["#if", "#elseif", "#else", "#endif"].contains(text) ? text : nil
    }
    var hasDirectives = false
    tokens.withUnsafeBufferPointer { buffer in
      for token in buffer where token.kind == .pound && directive(token) != nil {
        hasDirectives = true
        break
      }
    }
    guard hasDirectives else {
      return (tokens, [Int32](repeating: -1, count: tokens.count), [])
    }
    var kept: [SwiftToken] = []
    var branch: [Int32] = []
    kept.reserveCapacity(tokens.count)
    branch.reserveCapacity(tokens.count)
    var current: Int32 = -1
    var conditions: [(text: String, line: Int)] = []
    /// Open groups: the `#if` condition text and the current branch's condition index.
    var stack: [(ifText: String, current: Int32)] = []
    var i = 0
    var carryNewline = false
    while i < tokens.count {
      let token = tokens[i]
      guard token.kind == .pound, let word = directive(token) else {
        kept.append(token)
        if carryNewline {
          kept[kept.count - 1].newlineBefore = true
          kept[kept.count - 1].spaceBefore = true
          carryNewline = false
        }
        branch.append(current)
        i += 1
        continue
      }
      // The condition runs to the end of the directive's line.
      var end = i + 1
      while end < tokens.count, !tokens[end].newlineBefore { end += 1 }
      let conditionText =
        end > i + 1
        ? String(decoding: bytes[Int(tokens[i + 1].start)..<Int(tokens[end - 1].end)], as: UTF8.self) : ""
      let line = Int(token.line)
      switch word {
      case "#if":
        conditions.append(("#if \(conditionText)", line))
        stack.append((conditionText, Int32(conditions.count - 1)))
      case "#elseif", "#else":
        if let open = stack.popLast() {
          let text = word == "#else" ? "#else (of #if \(open.ifText))" : "#elseif \(conditionText)"
          conditions.append((text, line))
          stack.append((open.ifText, Int32(conditions.count - 1)))
        } else {
          issues.append(SwiftLexer.Issue(message: "\(word) without #if", line: line, column: Int(token.column)))
        }
      default:
        if stack.popLast() == nil {
          issues.append(SwiftLexer.Issue(message: "#endif without #if", line: line, column: Int(token.column)))
        }
      }
      carryNewline = true
      current = stack.last?.current ?? -1
      i = end
    }
    if let open = stack.last {
      issues.append(SwiftLexer.Issue(message: "#if \(open.ifText) has no #endif", line: conditions[Int(open.current)].line, column: 1))
    }
    return (kept, branch, conditions)
  }

  /// An opener without its own closer: closed by an outer `}` (or a `)`/`]` for another
  /// opener) at `forcedBy`, or by nothing (nil).
  struct Unclosed {
    var opener: Int
    var forcedBy: Int?
  }

  /// The partner of every bracket, the unclosed openers (at most `maximumUnclosed + 1` of
  /// them are kept: past that the file is not read) and how many there are in all.
  private static func matchBrackets(_ tokens: [SwiftToken]) -> (partner: [Int32], unclosed: [Unclosed], unclosedCount: Int) {
    var unclosed: [Unclosed] = []
    var unclosedCount = 0
    func note(_ item: Unclosed) {
      unclosedCount += 1
      if unclosed.count <= maximumUnclosed { unclosed.append(item) }
    }
    var partner = [Int32](repeating: -1, count: tokens.count)
    var stack: [Int] = []
    // Open parens and brackets since the innermost open brace, and the counts saved for
    // each enclosing brace, so that a stray closer is rejected in O(1).
    var parens = 0
    var brackets = 0
    var saved: [(parens: Int, brackets: Int)] = []
    let end = Int32(tokens.count)
    let kinds = tokens.map(\.kind)
    for i in kinds.indices {
      switch kinds[i] {
      case .leftParen:
        stack.append(i)
        parens += 1
      case .leftBracket:
        stack.append(i)
        brackets += 1
      case .leftBrace:
        stack.append(i)
        saved.append((parens, brackets))
        parens = 0
        brackets = 0
      case .rightBrace:
        guard let outer = saved.popLast() else { continue }
        while let open = stack.popLast() {
          partner[open] = Int32(i)
          if kinds[open] == .leftBrace {
            partner[i] = Int32(open)
            break
          }
          // A paren or bracket left open inside the braces ends here.
          note(Unclosed(opener: open, forcedBy: i))
        }
        (parens, brackets) = outer
      case .rightParen, .rightBracket:
        let isParen = kinds[i] == .rightParen
        guard isParen ? parens > 0 : brackets > 0 else { continue }
        let wanted: SwiftToken.Kind = isParen ? .leftParen : .leftBracket
        // Pop through other parens/brackets (never through a brace: the counts say one is there).
        while let open = stack.popLast() {
          partner[open] = Int32(i)
          if kinds[open] == .leftParen { parens -= 1 } else { brackets -= 1 }
          if kinds[open] == wanted {
            partner[i] = Int32(open)
            break
          }
          note(Unclosed(opener: open, forcedBy: i))
        }
      default:
        break
      }
    }
    for open in stack {
      partner[open] = end
      note(Unclosed(opener: open, forcedBy: nil))
    }
    return (partner, unclosed, unclosedCount)
  }

  /// Inserts a closer (a zero-width token) for every opener that lacks one, where the
  /// code around it most likely meant the group to end, and reports each:
  /// - `(` and `[` end before the next line that starts a declaration (`var`, `func`,
  ///   `@Parameter`, `struct`, …), or where an outer bracket closed them;
  /// - `{` ends before the next line that starts a declaration at or left of the column
  ///   where the line of the `{` starts (its sibling), else at the end of the file.
  /// Groups stay nested: an inner group never ends after the one around it.
  ///
  /// - Complexity: O(n + k log k) for k unclosed openers, the search for a brace's sibling
  ///   bounded by `maximumRecoverySteps` in total.
  private static func closeUnclosed(
    _ unclosed: [Unclosed], tokens: inout [SwiftToken], conditionIndex: inout [Int32], bytes: [UInt8], issues: inout [SwiftLexer.Issue]
  ) {
    let n = tokens.count
    func startsDeclaration(_ i: Int) -> Bool {
      let token = tokens[i]
      guard token.newlineBefore else { return false }
      if token.kind == .at { return true }
      guard token.kind == .identifier else { return false }
      return SwiftDeclarationReader.declarationStarts.contains(String(decoding: bytes[token.range], as: UTF8.self))
    }
    // Declaration starts in order, and for each token the next one after it.
    var declarations: [Int] = []
    for i in 0..<n where startsDeclaration(i) { declarations.append(i) }
    func firstDeclaration(after i: Int) -> Int {
      var low = 0
      var high = declarations.count
      while low < high {
        let middle = (low + high) / 2
        if declarations[middle] <= i { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var steps = 0
    var points: [(opener: Int, point: Int)] = []
    for item in unclosed.sorted(by: { $0.opener < $1.opener }) {
      var point = n
      let start = firstDeclaration(after: item.opener)
      if tokens[item.opener].kind == .leftBrace {
        // The column where the opener's line starts.
        var lineStart = item.opener
        while lineStart > 0, !tokens[lineStart].newlineBefore, steps < maximumRecoverySteps {
          lineStart -= 1
          steps += 1
        }
        let indent = tokens[lineStart].column
        var k = start
        while k < declarations.count, steps < maximumRecoverySteps {
          steps += 1
          if tokens[declarations[k]].column <= indent {
            point = declarations[k]
            break
          }
          k += 1
        }
      } else if start < declarations.count {
        point = declarations[start]
      }
      if let forced = item.forcedBy { point = min(point, forced) }
      points.append((item.opener, max(point, item.opener + 1)))
    }
    // Nesting: an inner group ends no later than the unclosed group around it.
    var active: [Int] = []
    for i in points.indices {
      while let top = active.last, points[top].point <= points[i].opener { active.removeLast() }
      if let top = active.last { points[i].point = min(points[i].point, points[top].point) }
      active.append(i)
    }
    for (opener, point) in points.prefix(maximumIssues) {
      let token = tokens[opener]
      let symbol = token.kind == .leftBrace ? "{" : token.kind == .leftParen ? "(" : "["
      let place = point < n ? "before line \(tokens[point].line)" : "at the end of the file"
      issues.append(
        SwiftLexer.Issue(message: "'\(symbol)' is never closed; read as closed \(place)", line: Int(token.line), column: Int(token.column)))
    }
    if points.count > maximumIssues, let last = points.last {
      let token = tokens[last.opener]
      issues.append(
        SwiftLexer.Issue(
          message: "\(points.count - maximumIssues) more unclosed brackets were closed the same way", line: Int(token.line), column: Int(token.column)
        ))
    }
    // Insert, innermost first at each point.
    var byPoint: [Int: [Int]] = [:]
    for (opener, point) in points { byPoint[point, default: []].append(opener) }
    var newTokens: [SwiftToken] = []
    var newConditions: [Int32] = []
    newTokens.reserveCapacity(n + points.count)
    newConditions.reserveCapacity(n + points.count)
    for i in 0...n {
      if let openers = byPoint[i] {
        for opener in openers.sorted(by: >) {
          let at = i < n ? tokens[i] : tokens[n - 1]
          let offset = i < n ? at.start : at.end
          let kind: SwiftToken.Kind =
            tokens[opener].kind == .leftBrace ? .rightBrace : tokens[opener].kind == .leftParen ? .rightParen : .rightBracket
          newTokens.append(
            SwiftToken(
              kind: kind, start: offset, end: offset, line: at.line, column: at.column, newlineBefore: i < n && at.newlineBefore, spaceBefore: true))
          newConditions.append(i < n ? conditionIndex[i] : conditionIndex[n - 1])
        }
      }
      if i < n {
        newTokens.append(tokens[i])
        newConditions.append(conditionIndex[i])
      }
    }
    tokens = newTokens
    conditionIndex = newConditions
  }

  static let maximumRecoverySteps = 1_000_000
  /// Files with more unclosed brackets than this are not read (a person's source has a few).
  static let maximumUnclosed = 10_000
  /// At most this many lexical problems are reported per file (then one line with the rest's count).
  static let maximumIssues = 100
}
