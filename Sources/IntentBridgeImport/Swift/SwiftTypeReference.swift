/// A type as written in a declaration (`[Trail]?`, `Measurement<UnitLength>`,
/// `Optional<Int>`), reduced to what the catalog needs: the named type, its generic
/// arguments, and whether it is optional or a collection.
struct SwiftTypeReference: Sendable, Hashable {
  /// The last component of the name (`Foundation.URL` → `URL`).
  var name: String
  var arguments: [SwiftTypeReference] = []
  var isOptional = false
  /// `[T]`, `Array<T>`, `Set<T>`: the element type is `arguments[0]`.
  var isCollection = false

  /// The element type of a collection, else the type itself (optionality dropped).
  var element: SwiftTypeReference {
    if isCollection, let first = arguments.first { return first }
    var copy = self
    copy.isOptional = false
    return copy
  }

  /// Parses the type tokens of `range`; nil for function types, tuples and anything else.
  static func parse(_ source: SwiftSource, _ range: Range<Int>) -> SwiftTypeReference? {
    var parser = Parser(source: source, end: min(range.upperBound, source.tokens.count), p: range.lowerBound)
    guard let type = parser.type(depth: 0) else { return nil }
    return parser.p >= parser.end ? type : nil
  }

  private struct Parser {
    let source: SwiftSource
    let end: Int
    var p: Int

    mutating func type(depth: Int) -> SwiftTypeReference? {
      guard depth < 32, p < end else { return nil }
      var result: SwiftTypeReference
      while source.isWord(p, "some") || source.isWord(p, "any") || source.kind(p) == .at {
        p += source.kind(p) == .at ? 2 : 1
      }
      switch source.kind(p) {
      case .leftBracket?:
        p += 1
        guard let element = type(depth: depth + 1) else { return nil }
        if source.kind(p) == .colon {
          p += 1
          guard let value = type(depth: depth + 1) else { return nil }
          result = SwiftTypeReference(name: "Dictionary", arguments: [element, value])
        } else {
          result = SwiftTypeReference(name: "Array", arguments: [element], isCollection: true)
        }
        guard source.kind(p) == .rightBracket else { return nil }
        p += 1
      case .identifier?:
        var name = source.name(p)
        p += 1
        while source.kind(p) == .period, source.kind(p + 1) == .identifier {
          name = source.name(p + 1)
          p += 2
        }
        var arguments: [SwiftTypeReference] = []
        if source.isOperator(p, UInt8(ascii: "<")) {
          p += 1
          while p < end {
            guard let argument = type(depth: depth + 1) else { return nil }
            arguments.append(argument)
            if source.kind(p) == .comma {
              p += 1
              continue
            }
            break
          }
          guard source.isOperator(p, UInt8(ascii: ">")) else { return nil }
          p += 1
        }
        if name == "Optional", arguments.count == 1 {
          result = arguments[0]
          result.isOptional = true
        } else if ["Array", "Set", "ContiguousArray"].contains(name), arguments.count == 1 {
          result = SwiftTypeReference(name: name, arguments: arguments, isCollection: true)
        } else {
          result = SwiftTypeReference(name: name, arguments: arguments)
        }
      default:
        return nil
      }
      while source.isOperator(p, UInt8(ascii: "?")) || source.isOperator(p, UInt8(ascii: "!")) {
        if source.isOperator(p, UInt8(ascii: "?")) { result.isOptional = true }
        p += 1
      }
      return result
    }
  }
}
