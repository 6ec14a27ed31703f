/// An attribute: `@Parameter(title: "Trail")`, `@available(*, deprecated)`, `@MainActor`.
struct SwiftAttribute: Sendable {
  var name: String
  /// The token of the name.
  var token: Int
  /// Tokens between the parentheses, when there are any.
  var arguments: Range<Int>?
}

/// A member of a type body (or a top-level declaration of a file).
struct SwiftMember: Sendable {
  enum Kind: Sendable { case variable, function, enumCase }

  var kind: Kind
  var name: String
  var nameToken: Int
  var isStatic: Bool
  var attributes: [SwiftAttribute]
  /// `: Type` of a variable, `-> Type` of a function.
  var type: Range<Int>?
  /// After `=` (a variable's initial value, an enum case's raw value).
  var initializer: Range<Int>?
  /// Between the braces of a computed property or a function body.
  var body: Range<Int>?
  /// Between the parentheses of a function's parameters or a case's associated values.
  var parameters: Range<Int>?

  func attribute(_ name: String) -> SwiftAttribute? { attributes.first { $0.name == name } }
}

/// A type declaration or an extension.
struct SwiftTypeDeclaration: Sendable {
  enum Kind: String, Sendable { case `struct`, `class`, `enum`, actor, `protocol`, `extension` }

  var kind: Kind
  /// The qualified name (`Trail.Difficulty` for a nested type; an extension's type as written).
  var name: String
  var nameToken: Int
  /// Conformances and superclass as written, by last name (`AppIntents.AppIntent` → `AppIntent`),
  /// with the token of each.
  var inherits: [(name: String, token: Int)]
  var attributes: [SwiftAttribute]
  var members: [SwiftMember]
  /// The file (index into the importer's sources).
  var file: Int

  /// The last component of the name.
  var simpleName: String { name.split(separator: ".").last.map(String.init) ?? name }
}

/// Reads the declarations of a lexed file: types (nested ones flattened with qualified
/// names), extensions and their members. Bodies of functions and computed properties are
/// kept as token ranges, never parsed here.
///
/// Robust by construction: every loop advances, brackets are skipped through the source's
/// bracket table, and type bodies nest at most `maximumDepth` deep (deeper ones are skipped).
///
/// - Complexity: O(t) in the number of tokens.
struct SwiftDeclarationReader {
  static let maximumDepth = 32

  let source: SwiftSource
  let file: Int
  private(set) var types: [SwiftTypeDeclaration] = []
  private(set) var topLevel: [SwiftMember] = []

  init(source: SwiftSource, file: Int) {
    self.source = source
    self.file = file
  }

  static func read(_ source: SwiftSource, file: Int) -> (types: [SwiftTypeDeclaration], topLevel: [SwiftMember]) {
    var reader = SwiftDeclarationReader(source: source, file: file)
    reader.topLevel = reader.readMembers(0..<source.tokens.count, parent: nil, depth: 0)
    return (reader.types, reader.topLevel)
  }

  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "mutating", "nonmutating",
    "override", "required", "convenience", "lazy", "weak", "unowned", "dynamic", "optional", "indirect", "nonisolated",
    "consuming", "borrowing", "distributed", "prefix", "postfix", "infix", "isolated", "__consuming",
  ]

  /// Keywords that start a declaration: a line beginning with one ends the previous one.
  static let declarationStarts: Set<String> = [
    "var", "let", "func", "init", "deinit", "subscript", "struct", "class", "enum", "actor", "protocol", "extension",
    "typealias", "associatedtype", "case", "import", "static", "public", "private", "fileprivate", "internal", "open",
    "final", "override", "mutating", "nonmutating", "package", "nonisolated", "required", "convenience", "lazy",
    "weak", "unowned", "dynamic", "indirect", "operator", "precedencegroup", "macro", "prefix", "postfix", "infix",
  ]

  // MARK: Members

  private mutating func readMembers(_ range: Range<Int>, parent: String?, depth: Int) -> [SwiftMember] {
    var members: [SwiftMember] = []
    var p = range.lowerBound
    let end = min(range.upperBound, source.tokens.count)
    while p < end {
      let start = p
      let token = source.tokens[p]
      if token.isCloser || token.kind == .semicolon || token.kind == .comma {
        p += 1
        continue
      }
      var attributes: [SwiftAttribute] = []
      while p < end, source.kind(p) == .at {
        p = readAttribute(at: p, end: end, into: &attributes)
      }
      var isStatic = false
      while p < end, source.kind(p) == .identifier {
        let word = source.text(p)
        if word == "class", let next = source.kind(p + 1), next == .identifier,
          ["var", "let", "func", "subscript", "final", "override", "public", "private", "internal", "open"].contains(source.text(p + 1))
        {
          isStatic = true
          p += 1
          continue
        }
        guard Self.modifiers.contains(word) else { break }
        if word == "static" { isStatic = true }
        p += 1
        // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`
        if p < end, source.kind(p) == .leftParen, !source.tokens[p].spaceBefore { p = min(source.closer(of: p) + 1, end) }
      }
      guard p < end else { break }
      if source.kind(p) == .identifier {
        switch source.text(p) {
        case "struct", "class", "enum", "actor", "protocol", "extension":
          p = readType(at: p, end: end, attributes: attributes, parent: parent, depth: depth)
          continue
        case "var", "let":
          if let (member, next) = readVariable(at: p, end: end, attributes: attributes, isStatic: isStatic) {
            members.append(member)
            p = next
            continue
          }
        case "func", "init", "subscript", "deinit":
          let (member, next) = readFunction(at: p, end: end, attributes: attributes, isStatic: isStatic)
          members.append(member)
          p = next
          continue
        case "case":
          let (cases, next) = readCases(at: p, end: end, attributes: attributes)
          members += cases
          p = next
          continue
        default:
          break
        }
      }
      p = skipStatement(from: p, end: end)
      if p == start { p += 1 }
    }
    return members
  }

  /// `@Name`, `@Name.Sub`, `@Name(…)`; returns the index after it.
  private func readAttribute(at index: Int, end: Int, into attributes: inout [SwiftAttribute]) -> Int {
    var p = index + 1
    guard p < end, source.kind(p) == .identifier else { return p }
    let nameToken = p
    var name = source.name(p)
    p += 1
    while p + 1 < end, source.kind(p) == .period, source.kind(p + 1) == .identifier, !source.tokens[p].spaceBefore {
      name = source.name(p + 1)
      p += 2
    }
    // Generic attribute arguments (`@Foo<Bar>`) are skipped.
    if p < end, source.isOperator(p, UInt8(ascii: "<")), !source.tokens[p].spaceBefore {
      p = skipAngles(from: p, end: end)
    }
    var arguments: Range<Int>?
    if p < end, source.kind(p) == .leftParen, !source.tokens[p].newlineBefore {
      let close = min(source.closer(of: p), end)
      arguments = (p + 1)..<close
      p = min(close + 1, end)
    }
    attributes.append(SwiftAttribute(name: name, token: nameToken, arguments: arguments))
    return p
  }

  // MARK: Types

  private mutating func readType(at index: Int, end: Int, attributes: [SwiftAttribute], parent: String?, depth: Int) -> Int {
    guard let kind = SwiftTypeDeclaration.Kind(rawValue: source.text(index)) else { return index + 1 }
    var p = index + 1
    guard p < end, source.kind(p) == .identifier else { return p }
    let nameToken = p
    var name = source.name(p)
    p += 1
    while p + 1 < end, source.kind(p) == .period, source.kind(p + 1) == .identifier {
      name += "." + source.name(p + 1)
      p += 2
    }
    if p < end, source.isOperator(p, UInt8(ascii: "<")) { p = skipAngles(from: p, end: end) }
    var inherits: [(name: String, token: Int)] = []
    if p < end, source.kind(p) == .colon {
      p += 1
      (inherits, p) = readInheritance(from: p, end: end)
    }
    // A `where` clause (or anything else) up to the body.
    while p < end, source.kind(p) != .leftBrace {
      if source.tokens[p].newlineBefore, let word = source.kind(p) == .identifier ? source.text(p) : nil,
        Self.declarationStarts.contains(word)
      {
        break
      }
      if source.kind(p) == .rightBrace { break }
      p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
    }
    let qualified = kind == .extension || parent == nil ? name : "\(parent!).\(name)"
    var declaration = SwiftTypeDeclaration(
      kind: kind, name: qualified, nameToken: nameToken, inherits: inherits, attributes: attributes, members: [], file: file)
    guard p < end, source.kind(p) == .leftBrace else {
      types.append(declaration)
      return p
    }
    let close = min(source.closer(of: p), end)
    let slot = types.count
    types.append(declaration)
    if depth < Self.maximumDepth {
      declaration.members = readMembers((p + 1)..<close, parent: qualified, depth: depth + 1)
      types[slot].members = declaration.members
    }
    return min(close + 1, end)
  }

  /// `A, B.C, D<E>` up to `where` or `{`: the last name of each entry.
  private func readInheritance(from start: Int, end: Int) -> ([(name: String, token: Int)], Int) {
    var result: [(name: String, token: Int)] = []
    var p = start
    var lastName: (String, Int)?
    var angle = 0
    func flush() {
      if let lastName { result.append((name: lastName.0, token: lastName.1)) }
      lastName = nil
    }
    while p < end {
      let kind = source.tokens[p].kind
      if kind == .leftBrace || source.isWord(p, "where") { break }
      if source.tokens[p].newlineBefore, kind == .identifier, p > start, Self.declarationStarts.contains(source.text(p)) { break }
      switch kind {
      case .comma where angle == 0:
        flush()
      case .operator:
        if source.isOperator(p, UInt8(ascii: "<")) { angle += 1 }
        if source.isOperator(p, UInt8(ascii: ">")) { angle = max(0, angle - 1) }
      case .identifier where angle == 0:
        let word = source.text(p)
        if word != "any", word != "some" { lastName = (source.name(p), p) }
      case .at:
        // `@unchecked Sendable`, `@retroactive Foo`: skip the attribute name.
        p += 1
      case .leftParen, .leftBracket:
        p = min(source.closer(of: p), end)
      default:
        break
      }
      p += 1
    }
    flush()
    return (result, p)
  }

  /// Skips `<…>` starting at the `<` at `index` (angle brackets counted; stops at a brace).
  private func skipAngles(from index: Int, end: Int) -> Int {
    var depth = 0
    var p = index
    while p < end {
      if source.isOperator(p, UInt8(ascii: "<")) {
        depth += 1
      } else if source.isOperator(p, UInt8(ascii: ">")) {
        depth -= 1
        if depth == 0 { return p + 1 }
      } else if source.kind(p) == .leftBrace || source.kind(p) == .rightBrace {
        return p
      } else if source.tokens[p].isOpener {
        p = min(source.closer(of: p), end)
      }
      p += 1
    }
    return p
  }

  // MARK: Variables, functions, cases

  private func readVariable(at index: Int, end: Int, attributes: [SwiftAttribute], isStatic: Bool) -> (SwiftMember, Int)? {
    var p = index + 1
    guard p < end, source.kind(p) == .identifier else { return nil }
    var member = SwiftMember(
      kind: .variable, name: source.name(p), nameToken: p, isStatic: isStatic, attributes: attributes)
    p += 1
    if p < end, source.kind(p) == .colon {
      let typeStart = p + 1
      p = typeStart
      while p < end {
        let kind = source.tokens[p].kind
        if kind == .leftBrace || source.isOperator(p, UInt8(ascii: "=")) || kind == .rightBrace || kind == .semicolon { break }
        if p > typeStart, startsDeclaration(p) { break }
        p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
      }
      member.type = typeStart..<p
    }
    if p < end, source.isOperator(p, UInt8(ascii: "=")) {
      let valueStart = p + 1
      p = statementEnd(from: valueStart, end: end)
      member.initializer = valueStart..<p
    } else if p < end, source.kind(p) == .leftBrace {
      let close = min(source.closer(of: p), end)
      member.body = (p + 1)..<close
      p = min(close + 1, end)
    }
    return (member, p)
  }

  private func readFunction(at index: Int, end: Int, attributes: [SwiftAttribute], isStatic: Bool) -> (SwiftMember, Int) {
    var p = index + 1
    var name = source.text(index)
    if name == "func", p < end {
      // An operator function's name is its operator characters.
      name = source.name(p)
      p += 1
      while p < end, source.kind(p) == .operator, !source.isOperator(p, UInt8(ascii: "<")) || source.kind(p + 1) == .operator {
        p += 1
      }
    }
    var member = SwiftMember(kind: .function, name: name, nameToken: min(index + 1, end - 1), isStatic: isStatic, attributes: attributes)
    if p < end, source.isOperator(p, UInt8(ascii: "<")) { p = skipAngles(from: p, end: end) }
    if p < end, source.kind(p) == .leftParen {
      let close = min(source.closer(of: p), end)
      member.parameters = (p + 1)..<close
      p = min(close + 1, end)
    }
    var returnStart: Int?
    while p < end {
      let kind = source.tokens[p].kind
      if kind == .leftBrace {
        let close = min(source.closer(of: p), end)
        if let returnStart { member.type = returnStart..<p }
        member.body = (p + 1)..<close
        return (member, min(close + 1, end))
      }
      if kind == .rightBrace || kind == .semicolon || startsDeclaration(p) { break }
      if kind == .arrow { returnStart = p + 1 }
      p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
    }
    if let returnStart { member.type = returnStart..<p }
    return (member, p)
  }

  /// `case a, b(Int), c = "x"` → one member per case.
  private func readCases(at index: Int, end: Int, attributes: [SwiftAttribute]) -> ([SwiftMember], Int) {
    var cases: [SwiftMember] = []
    var p = index + 1
    while p < end, source.kind(p) == .identifier {
      var member = SwiftMember(kind: .enumCase, name: source.name(p), nameToken: p, isStatic: true, attributes: attributes)
      p += 1
      if p < end, source.kind(p) == .leftParen {
        let close = min(source.closer(of: p), end)
        member.parameters = (p + 1)..<close
        p = min(close + 1, end)
      }
      if p < end, source.isOperator(p, UInt8(ascii: "=")) {
        let valueStart = p + 1
        p = valueStart
        while p < end, source.kind(p) != .comma, !(p > valueStart && source.tokens[p].newlineBefore) {
          p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
        }
        member.initializer = valueStart..<p
      }
      cases.append(member)
      guard p < end, source.kind(p) == .comma else { break }
      p += 1
    }
    return (cases, p)
  }

  // MARK: Statement ends

  /// A token that starts a new declaration on its own line (or closes the body).
  private func startsDeclaration(_ index: Int) -> Bool {
    let token = source.tokens[index]
    guard token.newlineBefore else { return false }
    switch token.kind {
    case .at, .pound, .rightBrace: return true
    case .identifier: return Self.declarationStarts.contains(source.text(index))
    default: return false
    }
  }

  /// The end of an initial value or statement starting at `start`: the next declaration
  /// on a new line, a `;`, or the end of the enclosing body.
  private func statementEnd(from start: Int, end: Int) -> Int {
    var p = start
    while p < end {
      let kind = source.tokens[p].kind
      if kind == .rightBrace || kind == .semicolon { return p }
      if p > start, startsDeclaration(p) { return p }
      p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
    }
    return p
  }

  private func skipStatement(from start: Int, end: Int) -> Int {
    var p = start
    while p < end {
      let kind = source.tokens[p].kind
      if kind == .semicolon { return p + 1 }
      if kind == .rightBrace { return p }
      if p > start, startsDeclaration(p) { return p }
      p = source.tokens[p].isOpener ? min(source.closer(of: p) + 1, end) : p + 1
    }
    return p
  }
}
