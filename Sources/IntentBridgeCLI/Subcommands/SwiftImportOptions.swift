/// The options of `import swift`: the sources, more string files, and the languages kept.
struct SwiftImportOptions: Sendable {
  static let strings = CommandSpec.Option(
    name: "strings", valueName: "path", help: "swift: more .xcstrings/.strings files or folders.", repeatable: true)
  static let lang = CommandSpec.Option(
    name: "lang", valueName: "language", help: "swift: import only these languages of the String Catalogs (e.g. de,zh-Hans).", repeatable: true)
  /// The options only `import swift` takes.
  static let all = [strings, lang]

  /// The `.swift` files and folders to read.
  var paths: [String]
  /// The string files and folders `--strings` adds.
  var stringPaths: [String]
  /// The languages `--lang` keeps (repeatable or comma-separated); empty: all.
  var languages: [String]

  init(_ arguments: ParsedArguments) {
    paths = Array(arguments.positionals.dropFirst())
    stringPaths = arguments.values(Self.strings)
    languages = arguments.values(Self.lang).flatMap { $0.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) } }
      .filter { !$0.isEmpty }
  }
}
