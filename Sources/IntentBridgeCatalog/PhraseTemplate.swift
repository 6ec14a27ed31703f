/// A parsed phrase template (see docs/CATALOG.md, "Phrase templates").
///
///     let t = try PhraseTemplate.parse("(add|create) [a] note [called] ${title}")
///     t.slots   // ["title"]
///
/// The grammar: literal text; `(a|b)` alternatives; `[x]` optional (also inside words:
/// `light[s]`); `${param}` slots; `${applicationName}`; `<rule>` references; `\` escapes
/// any of `()[]{}<>|$\`. A `|` outside any group separates whole-template alternatives.
/// Groups nest at most `maximumNesting` deep: every consumer walks the tree recursively.
package struct PhraseTemplate: Sendable, Hashable {
  /// How deep `(…)` and `[…]` groups may nest in one template (real templates use up to 6):
  /// deeper is a syntax error, so compiling, expanding and matching never recurse without
  /// bound (a template nested ~5,700 deep crashed `rank` and `serve` with a stack overflow).
  package static let maximumNesting = 32

  /// Only `optional` is boxed (the arrays of the other cases already live on the heap): a
  /// text or slot node costs no allocation of its own.
  package enum Node: Sendable, Hashable {
    /// Literal text, exactly as written (spaces included, escapes removed).
    case text(String)
    case sequence([Node])
    case alternatives([Node])
    indirect case optional(Node)
    case slot(String)
    case applicationName
    case rule(String)
  }

  package var source: String
  package var root: Node

  /// Parameter slot names in order of appearance (duplicates kept).
  package var slots: [String] { collect { if case .slot(let s) = $0 { s } else { nil } } }
  /// Rule names referenced, in order of appearance.
  package var rules: [String] { collect { if case .rule(let r) = $0 { r } else { nil } } }
  /// How many `${applicationName}` occurrences the template has.
  package var applicationNameCount: Int {
    collect { if case .applicationName = $0 { "" } else { nil } }.count
  }

  private func collect(_ pick: (Node) -> String?) -> [String] {
    var out: [String] = []
    func walk(_ node: Node) {
      if let value = pick(node) { out.append(value) }
      switch node {
      case .sequence(let nodes), .alternatives(let nodes): nodes.forEach(walk)
      case .optional(let inner): walk(inner)
      default: break
      }
    }
    walk(root)
    return out
  }

  /// Parses `source`; syntax errors carry the character offset and what was expected.
  ///
  /// A catalog's phrases are parsed by validation, then again by the templates, the keyword
  /// documents and the tool descriptions; parsing is pure, so each text is parsed once per
  /// process and later calls share the result (`ParsedTemplates`).
  /// - Complexity: O(n) for a text of n scalars the first time, a hash lookup after.
  package static func parse(_ source: String) throws(TemplateSyntaxError) -> PhraseTemplate {
    try ParsedTemplates.shared.parse(source) { () throws(TemplateSyntaxError) in
      var parser = TemplateParser(Array(source.unicodeScalars))
      let root = try parser.parseTemplate()
      return PhraseTemplate(source: source, root: root)
    }.get()
  }
}

/// A phrase-template syntax error: `offset` counts Unicode scalars from the template start.
package struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  package var message: String
  package var offset: Int
  package var description: String { "at character \(offset + 1): \(message)" }
}

private struct TemplateParser {
  let scalars: [Unicode.Scalar]
  var position = 0

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  mutating func parseTemplate() throws(TemplateSyntaxError) -> PhraseTemplate.Node {
    if scalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
      throw TemplateSyntaxError(message: "the template is empty", offset: 0)
    }
    let node = try parseAlternatives(closing: nil, openedAt: 0)
    return node
  }

  /// Groups open around `position`.
  var nesting = 0

  /// Appends the UTF-8 of `scalar` (literals and names are made into one string each from
  /// their UTF-8; appending scalar by scalar to a string costs several times more).
  static func appendUTF8(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
    if scalar.isASCII {
      utf8.append(UInt8(scalar.value))
    } else {
      UTF8.encode(scalar) { utf8.append($0) }
    }
  }

  /// Enters a group opened at `offset`, or fails beyond `PhraseTemplate.maximumNesting`.
  mutating func enterGroup(at offset: Int) throws(TemplateSyntaxError) {
    nesting += 1
    guard nesting <= PhraseTemplate.maximumNesting else {
      throw TemplateSyntaxError(
        message: "groups nest deeper than \(PhraseTemplate.maximumNesting) levels here; flatten the template or move a part into a phrase rule",
        offset: offset)
    }
  }

  /// Parses `seq (| seq)*` up to `closing` (or the end when `closing` is nil).
  mutating func parseAlternatives(closing: Unicode.Scalar?, openedAt: Int) throws(TemplateSyntaxError) -> PhraseTemplate.Node {
    var options: [PhraseTemplate.Node] = []
    var current: [PhraseTemplate.Node] = []
    // A literal's UTF-8, made into one string when it ends (appending scalar by scalar to a
    // string costs several times more).
    var literal: [UInt8] = []
    func flush() {
      if !literal.isEmpty {
        current.append(.text(String(decoding: literal, as: UTF8.self)))
        literal.removeAll(keepingCapacity: true)
      }
    }
    func append(_ scalar: Unicode.Scalar) { Self.appendUTF8(scalar, to: &literal) }
    while position < scalars.count {
      let c = scalars[position]
      switch c {
      case "\\":
        guard position + 1 < scalars.count else {
          throw TemplateSyntaxError(message: "the template ends with a lone '\\'; escape it as '\\\\'", offset: position)
        }
        append(scalars[position + 1])
        position += 2
      case "(":
        flush()
        let start = position
        position += 1
        try enterGroup(at: start)
        let group = try parseAlternatives(closing: ")", openedAt: start)
        nesting -= 1
        if case .alternatives(let alts) = group, alts.count == 1, case .sequence(let s) = alts[0], s.isEmpty {
          throw TemplateSyntaxError(message: "empty group '()'; write at least one alternative", offset: start)
        }
        current.append(group)
      case "[":
        flush()
        let start = position
        position += 1
        try enterGroup(at: start)
        let group = try parseAlternatives(closing: "]", openedAt: start)
        nesting -= 1
        if case .alternatives(let alts) = group, alts.count == 1, case .sequence(let s) = alts[0], s.isEmpty {
          throw TemplateSyntaxError(message: "empty optional part '[]'", offset: start)
        }
        current.append(.optional(group))
      case ")", "]":
        if c == closing {
          flush()
          options.append(.sequence(current))
          position += 1
          return .alternatives(options)
        }
        let expected = closing.map { "'\($0)' to close the group opened at character \(openedAt + 1)" } ?? "no closing bracket here"
        throw TemplateSyntaxError(message: "unexpected '\(c)'; expected \(expected) (escape a literal bracket as '\\\(c)')", offset: position)
      case "|":
        flush()
        options.append(.sequence(current))
        current = []
        position += 1
      case "<":
        flush()
        let start = position
        position += 1
        var utf8: [UInt8] = []
        while position < scalars.count, scalars[position] != ">" {
          switch scalars[position] {
          case "(", ")", "[", "]", "{", "}", "<", "|", "$", " ":
            throw TemplateSyntaxError(message: "rule name contains '\(scalars[position])'; expected '<name>'", offset: position)
          default: Self.appendUTF8(scalars[position], to: &utf8)
          }
          position += 1
        }
        let name = String(decoding: utf8, as: UTF8.self)
        guard position < scalars.count else {
          throw TemplateSyntaxError(message: "unclosed rule reference; expected '>' (escape a literal '<' as '\\<')", offset: start)
        }
        guard !name.isEmpty else { throw TemplateSyntaxError(message: "empty rule reference '<>'", offset: start) }
        position += 1
        current.append(.rule(name))
      case "$":
        flush()
        let start = position
        guard position + 1 < scalars.count, scalars[position + 1] == "{" else {
          throw TemplateSyntaxError(message: "'$' must start a slot '${name}'; escape a literal dollar sign as '\\$'", offset: start)
        }
        position += 2
        var utf8: [UInt8] = []
        while position < scalars.count, scalars[position] != "}" {
          let s = scalars[position]
          let ok = (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-" || s == "."
          guard ok else {
            throw TemplateSyntaxError(
              message: "slot name contains '\(s)'; a slot is '${parameterName}' with letters, digits and '_'", offset: position)
          }
          utf8.append(UInt8(s.value))  // ASCII, checked above
          position += 1
        }
        let name = String(decoding: utf8, as: UTF8.self)
        guard position < scalars.count else {
          throw TemplateSyntaxError(message: "unclosed slot; expected '}' after '${\(name)'", offset: start)
        }
        guard !name.isEmpty else { throw TemplateSyntaxError(message: "empty slot '${}'; name a parameter", offset: start) }
        position += 1
        current.append(name == "applicationName" ? .applicationName : .slot(name))
      case "{", "}":
        throw TemplateSyntaxError(
          message: "unexpected '\(c)'; braces only appear in slots '${name}' (escape a literal brace as '\\\(c)')", offset: position)
      default:
        append(c)
        position += 1
      }
    }
    if let closing {
      throw TemplateSyntaxError(
        message: "unclosed '\(closing == ")" ? "(" : "[")'; expected '\(closing)' before the end of the template", offset: openedAt)
    }
    flush()
    options.append(.sequence(current))
    return options.count == 1 ? options[0] : .alternatives(options)
  }
}
