/// The options of `lint`, read and checked before any catalog loads.
struct LintOptions: CommandOptions {
  static let strict = CommandSpec.Flag(name: "strict", help: "Treat warnings as errors (exit 65).")
  static let rules = CommandSpec.Flag(name: "rules", help: "List every rule with its id, severity and reason, then exit.")

  var catalogPaths: [String]
  /// Warnings count as errors.
  var strict: Bool
  /// List the rules instead of checking catalogs.
  var listsRules: Bool
  var output: OutputSettings

  init(_ arguments: ParsedArguments) {
    catalogPaths = arguments.positionals
    strict = arguments.has(Self.strict)
    listsRules = arguments.has(Self.rules)
    output = OutputSettings(arguments)
  }

  /// A catalog is needed unless `--rules` lists the rules.
  func validate() throws(UsageError) {
    guard listsRules || !catalogPaths.isEmpty else {
      throw UsageError(message: "missing expected argument '<catalog>'", command: LintCommand.spec.name)
    }
  }
}
