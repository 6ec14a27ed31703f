import IntentBridgeEngine
import IntentBridgeSystem
import IntentBridgeText

/// The `intentbridge` command: dispatches to subcommands and renders usage errors.
///
/// `main.swift` only calls `IntentBridgeCommand.main(arguments:console:)`.
public enum IntentBridgeCommand {
  public static let version = "0.1.0"

  static let subcommands: [SubcommandEntry] = [
    SubcommandEntry(LintCommand.self), SubcommandEntry(ToolsCommand.self), SubcommandEntry(ImportCommand.self),
    SubcommandEntry(ValidateCommand.self), SubcommandEntry(IndexCommand.self), SubcommandEntry(RankCommand.self),
    SubcommandEntry(ResolveCommand.self), SubcommandEntry(EvalCommand.self), SubcommandEntry(TuneCommand.self),
    SubcommandEntry(ServeCommand.self), SubcommandEntry(GatewayCommand.self),
  ]

  static var overview: String {
    var text = """
      OVERVIEW: IntentBridge — App Intents catalogs as tools for language-model agents.

      USAGE: intentbridge <subcommand>

      SUBCOMMANDS:

      """
    for command in subcommands {
      text += "  " + command.spec.name.padded(to: 12) + command.spec.abstract + "\n"
    }
    text += "\n  See 'intentbridge help <subcommand>' for detailed help.\n"
    return text
  }

  /// Runs the command line (without the program name) and returns the exit code.
  public static func main(arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.err(overview)
      return ExitCode.usage.rawValue
    }
    switch first {
    case "-h", "--help":
      console.out(overview)
      return 0
    case "--version", "version":
      console.out("intentbridge \(version)\n")
      return 0
    case "help":
      if arguments.count > 1, let command = subcommands.first(where: { $0.spec.name == arguments[1] }) {
        console.out(command.spec.help)
      } else {
        console.out(overview)
      }
      return 0
    default: break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
      let suggestion = DidYouMean.closest(to: first, in: subcommands.map(\.spec.name))
      console.err(
        "Error: unknown subcommand '\(first)'\n" + (suggestion.map { "Help: did you mean '\($0)'?\n" } ?? "")
          + "Usage: intentbridge <subcommand>\n  See 'intentbridge --help'.\n")
      return ExitCode.usage.rawValue
    }
    do {
      let parsed = try CommandLineParser.parse(Array(arguments.dropFirst()), spec: command.spec)
      if parsed.wantsHelp {
        console.out(command.spec.help)
        return 0
      }
      let status = try command.run(parsed, console).rawValue
      // A model, tokenizer or index file rewritten in place while mapped read as zeros.
      for path in MappedFileGuard.rewrittenFiles { console.err(MappedFileGuard.warning(for: path) + "\n") }
      return status
    } catch {
      console.err("Error: \(error.message)\nUsage: \(command.spec.usage)\n  See 'intentbridge \(command.spec.name) --help'.\n")
      return ExitCode.usage.rawValue
    }
  }
}

/// A type-erased subcommand (existential metatypes crash the 6.3 compiler here).
struct SubcommandEntry: Sendable {
  let spec: CommandSpec
  let run: @Sendable (ParsedArguments, Console) throws(UsageError) -> ExitCode

  init<Command: Subcommand>(_ command: Command.Type) {
    spec = Command.spec
    run = { (arguments, console) throws(UsageError) -> ExitCode in
      // Every option is read and checked before the command loads a file or a model.
      let options = try Command.Options(arguments)
      try options.validate()
      return try Command.run(options, console: console)
    }
  }
}

/// A subcommand: a spec (for parsing and help), its typed options, and a run function over them.
protocol Subcommand: Sendable {
  associatedtype Options: CommandOptions
  static var spec: CommandSpec { get }
  /// Runs the command with options that were read and validated.
  static func run(_ options: Options, console: Console) throws(UsageError) -> ExitCode
}
