import IntentBridgeEngine
import IntentBridgeText
import IntentBridgeTools

/// `intentbridge validate CATALOG INTENT ARGUMENTS_JSON`: checks a call's arguments.
enum ValidateCommand: Subcommand {
  static let spec = CommandSpec(
    name: "validate", abstract: "Validate a call's arguments against an intent's tool schema.",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "intent", help: "Intent id or tool name."),
      .init(name: "arguments", help: "The arguments as a JSON object, e.g. '{\"title\": \"Milk\"}'."),
    ],
    groups: [OptionGroups.json],
    discussion: "Exit status: 0 when the arguments are valid, 65 when they are not.")

  static func run(_ options: ValidateOptions, console: Console) throws(UsageError) -> ExitCode {
    guard let catalog = CatalogInput.load(options.catalogPath, console: console) else { return .dataError }
    let name = options.intentName
    guard let intent = catalog.intent(id: name) ?? catalog.intents.first(where: { $0.toolName == name }) else {
      let suggestion = DidYouMean.closest(to: name, in: catalog.intents.map(\.id) + catalog.intents.map(\.toolName))
      throw UsageError(
        message: "no intent or tool named '\(name)' in \(options.catalogPath)" + (suggestion.map { "\nHelp: did you mean '\($0)'?" } ?? ""),
        command: spec.name)
    }
    let errors = ArgumentValidator(catalog: catalog).validate(options.arguments, for: intent)
    for error in errors {
      if options.output.json {
        console.out(error.jsonValue.compactText + "\n")
      } else {
        console.err("error: \(error.description)\n  at \(error.path)\n  expected: \(error.expected)\n")
      }
    }
    if errors.isEmpty && !options.output.json { console.err("valid\n") }
    return errors.isEmpty ? .success : .dataError
  }
}
