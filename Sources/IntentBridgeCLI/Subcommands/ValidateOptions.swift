import IntentBridgeEngine

/// The options of `validate`, read and checked before the catalog loads; the intent is looked
/// up in the catalog by the command.
struct ValidateOptions: CommandOptions {
  var catalogPath: String
  /// The intent id or tool name the arguments are for.
  var intentName: String
  /// The call's arguments, as parsed (any JSON value: the validator says what is wrong with it).
  var arguments: JSONValue
  var output: OutputSettings

  init(_ arguments: ParsedArguments) throws(UsageError) {
    catalogPath = arguments.positionals[0]
    intentName = arguments.positionals[1]
    do {
      self.arguments = try JSONParser.parse(arguments.positionals[2])
    } catch {
      throw UsageError(message: "argument '<arguments>' is not valid JSON: \(error)", command: ValidateCommand.spec.name)
    }
    output = OutputSettings(arguments)
  }
}
