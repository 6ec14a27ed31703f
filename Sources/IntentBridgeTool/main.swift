import IntentBridgeCLI

// The executable only hands over to the library; see IntentBridgeCommand.
prepareProcess()
exit(IntentBridgeCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
