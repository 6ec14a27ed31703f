/// A subcommand's options, typed: read once from the parsed command line, then validated, both
/// before the command loads any file or model (`SubcommandEntry` runs them in that order).
///
///     let options = try RankOptions(arguments)   // every value read and parsed: --top, the request, --set, …
///     try options.validate()                     // what relates values: e.g. a request within the size limit
///     RankCommand.run(options, console: console)  // reads `options.top`, never `arguments`
///
/// An options type is built from the typed settings of its option groups (`EngineSettings`,
/// `ClockSettings`, …) plus the command's own options and positionals. `init` reads the values
/// in the order the command has always checked them, so the first error a command line gets
/// stays the same; choices between options that are one value (a request or `--requests`)
/// are parsed there too. What needs a file or the catalog (an `--intent` of the catalog, a
/// `--lang` it declares) is checked by the command once that is read.
protocol CommandOptions: Sendable {
  /// Reads and parses every option, flag and positional of the command; throws the first
  /// value that does not parse.
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// Checks what can be checked once every value is read, without loading a file or a model.
  func validate() throws(UsageError)
}

extension CommandOptions {
  func validate() throws(UsageError) {}
}
