import IntentBridgeText

/// The options of `import`, read and checked before any input is read or a server starts: the
/// kind, then the options of that kind (`SwiftImportOptions`, `MCPImportOptions`); an option
/// of another kind is a usage error.
struct ImportOptions: CommandOptions {
  static let out = CommandSpec.Option(name: "out", valueName: "file", help: "Write the catalog here instead of standard output.")
  static let quiet = CommandSpec.Flag(name: "quiet", help: "Do not print import warnings.")

  /// The formats one file is imported from.
  enum FileKind: String, Sendable {
    case actionsdata, tools
  }

  /// What is imported.
  enum Source: Sendable {
    case swift(SwiftImportOptions)
    case mcp(MCPImportOptions)
    /// One file of Xcode actionsdata or a tool list.
    case file(FileKind, path: String)
  }

  var source: Source
  /// Where `--out` writes the catalog; nil: standard output.
  var out: String?
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let command = ImportCommand.spec.name
    let kind = arguments.positionals[0]
    guard kind == "actionsdata" || kind == "tools" || kind == "swift" || kind == "mcp" else {
      let suggestion = DidYouMean.closest(to: kind, in: ["swift", "actionsdata", "tools", "mcp"])
      throw UsageError(
        message: "unknown import kind '\(kind)'; expected 'swift', 'actionsdata', 'tools' or 'mcp'"
          + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""),
        command: command)
    }
    if kind != "mcp" {
      for option in MCPImportOptions.all where arguments.has(option) {
        throw UsageError(message: "'--\(option.name)' applies to 'import mcp' only", command: command)
      }
      guard arguments.positionals.count > 1 else { throw UsageError(message: "missing expected argument '<file>'", command: command) }
    }
    switch kind {
    case "mcp":
      for option in SwiftImportOptions.all where arguments.has(option) {
        throw UsageError(message: "'--\(option.name)' applies to 'import swift' only", command: command)
      }
      source = .mcp(try MCPImportOptions(arguments))
    case "swift":
      source = .swift(SwiftImportOptions(arguments))
    default:
      // `actionsdata` and `tools` take exactly one file and none of the Swift options.
      if arguments.positionals.count > 2 {
        throw UsageError(message: "'import \(kind)' takes one file; unexpected argument '\(arguments.positionals[2])'", command: command)
      }
      for option in SwiftImportOptions.all where arguments.has(option) {
        throw UsageError(message: "'--\(option.name)' applies to 'import swift' only", command: command)
      }
      source = .file(kind == "tools" ? .tools : .actionsdata, path: arguments.positionals[1])
    }
    out = arguments.value(Self.out)
    quiet = arguments.has(Self.quiet)
  }
}
