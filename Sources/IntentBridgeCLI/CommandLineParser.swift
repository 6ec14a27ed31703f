import IntentBridgeEngine
import IntentBridgeText

/// What a subcommand accepts: positional arguments, options with values, and flags.
struct CommandSpec: Sendable {
  struct Option: Sendable {
    var name: String
    var valueName: String
    var help: String
    /// Allowed values, when the option takes one of a fixed set.
    var allowed: [String] = []
    var repeatable = false
  }

  struct Flag: Sendable {
    var name: String
    var help: String
  }

  struct Positional: Sendable {
    var name: String
    var help: String
    var repeating = false
    var optional = false
  }

  var name: String
  var abstract: String
  var positionals: [Positional]
  /// Shared option groups (engine, output, clock, …), declared once and composed here.
  var groups: [OptionGroup] = []
  /// The command's own options and flags, besides its groups'.
  var options: [Option] = []
  var flags: [Flag] = []
  var discussion: String = ""

  /// Every option the command accepts: its groups', then its own.
  var allOptions: [Option] { groups.flatMap(\.options) + options }
  var allFlags: [Flag] { groups.flatMap(\.flags) + flags }

  /// Option and flag names that occur more than once (a command must have none; a test
  /// checks every command).
  var duplicateNames: [String] {
    var seen = Set<String>()
    var duplicates: [String] = []
    for name in allOptions.map(\.name) + allFlags.map(\.name) + ["help"] where !seen.insert(name).inserted { duplicates.append(name) }
    return duplicates
  }

  var usage: String {
    var parts = ["intentbridge", name]
    for p in positionals {
      let token = p.repeating ? "<\(p.name)>…" : "<\(p.name)>"
      parts.append(p.optional ? "[\(token)]" : token)
    }
    for o in options {
      let value = o.allowed.isEmpty ? "<\(o.valueName)>" : o.allowed.joined(separator: "|")
      parts.append("[--\(o.name) \(value)]")
    }
    for f in flags { parts.append("[--\(f.name)]") }
    for group in groups where !group.options.isEmpty || !group.flags.isEmpty { parts.append("[\(group.name) options]") }
    return parts.joined(separator: " ")
  }

  var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    if !positionals.isEmpty {
      text += "\nARGUMENTS:\n"
      for p in positionals { text += "  <\(p.name)>".padded(to: 26) + p.help + "\n" }
    }
    text += "\nOPTIONS:\n" + Self.helpLines(options, flags)
    text += "  -h, --help".padded(to: 26) + "Show help information.\n"
    for group in groups where !group.options.isEmpty || !group.flags.isEmpty {
      text += "\n\(group.name.uppercased()) OPTIONS:\n" + Self.helpLines(group.options, group.flags)
    }
    return text
  }
}

extension CommandSpec {
  static func helpLines(_ options: [Option], _ flags: [Flag]) -> String {
    var text = ""
    for o in options {
      let allowed = o.allowed.isEmpty ? "" : " (\(o.allowed.joined(separator: ", ")))"
      text += "  --\(o.name) <\(o.valueName)>".padded(to: 26) + o.help + allowed + "\n"
    }
    for f in flags { text += "  --\(f.name)".padded(to: 26) + f.help + "\n" }
    return text
  }
}

/// Options several commands share, declared once (`OptionGroups`) and composed per command.
struct OptionGroup: Sendable {
  var name: String
  var options: [CommandSpec.Option] = []
  var flags: [CommandSpec.Flag] = []
}

/// The parsed command line of one subcommand.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var options: [String: [String]] = [:]
  var flags: Set<String> = []
  var wantsHelp = false

  /// The value of `option`, read by its declaration (the typed options of `CommandOptions`
  /// do, so that an option's name is written once); nil when it was not given.
  func value(_ option: CommandSpec.Option) -> String? { options[option.name]?.last }
  /// Every value of a repeatable `option`, in the order given; empty when it was not given.
  func values(_ option: CommandSpec.Option) -> [String] { options[option.name] ?? [] }
  /// Whether `option` was given.
  func has(_ option: CommandSpec.Option) -> Bool { options[option.name] != nil }
  /// Whether `flag` was given.
  func has(_ flag: CommandSpec.Flag) -> Bool { flags.contains(flag.name) }
}

/// A command-line mistake; rendered with the usage line and a `--help` pointer, exit code 64.
struct UsageError: Error, Sendable {
  var message: String
  var command: String?
}

enum CommandLineParser {
  /// Parses `arguments` (after the subcommand name) against `spec`.
  /// Accepts `--name value`, `--name=value`, and `--` to end options.
  static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    var optionsEnded = false
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(
          message: "unknown option '\(argument)'; options are spelled with two dashes, e.g. --\(spec.allOptions.first?.name ?? "help")",
          command: spec.name)
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let eq = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      if let flag = spec.allFlags.first(where: { $0.name == name }) {
        if inlineValue != nil {
          throw UsageError(message: "flag '--\(flag.name)' does not take a value", command: spec.name)
        }
        parsed.flags.insert(flag.name)
        continue
      }
      guard let option = spec.allOptions.first(where: { $0.name == name }) else {
        let known = spec.allOptions.map(\.name) + spec.allFlags.map(\.name) + ["help"]
        let suggestion = DidYouMean.closest(to: name, in: known)
        throw UsageError(
          message: "unknown option '--\(name)'" + (suggestion.map { "\nHelp: did you mean '--\($0)'?" } ?? ""), command: spec.name)
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard i < arguments.count, !(arguments[i].hasPrefix("--") && arguments[i].count > 2) else {
          throw UsageError(message: "missing value for '--\(option.name) <\(option.valueName)>'", command: spec.name)
        }
        value = arguments[i]
        i += 1
      }
      if !option.allowed.isEmpty, !option.allowed.contains(value) {
        let suggestion = DidYouMean.closest(to: value, in: option.allowed)
        throw UsageError(
          message:
            "the value '\(value)' is invalid for '--\(option.name) <\(option.valueName)>'; allowed values: \(option.allowed.joined(separator: ", "))"
            + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""),
          command: spec.name)
      }
      if parsed.options[option.name] != nil && !option.repeatable {
        throw UsageError(message: "'--\(option.name)' was given more than once", command: spec.name)
      }
      parsed.options[option.name, default: []].append(value)
    }
    if parsed.wantsHelp { return parsed }
    let required = spec.positionals.filter { !$0.optional }
    if parsed.positionals.count < required.count {
      let missing = required[parsed.positionals.count]
      throw UsageError(message: "missing expected argument '<\(missing.name)>'", command: spec.name)
    }
    if !(spec.positionals.last?.repeating ?? false), parsed.positionals.count > spec.positionals.count {
      throw UsageError(message: "unexpected argument '\(parsed.positionals[spec.positionals.count])'", command: spec.name)
    }
    return parsed
  }
}

extension String {
  func padded(to width: Int) -> String {
    count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
  }
}
