import IntentBridgeCLI

// The executable only hands over to the library; see IntentBridgeCommand.
// On Linux it links no networking library: the embeddings endpoint loads libcurl at run time
// (CurlTransport), so `ldd intentbridge` lists neither FoundationNetworking nor libcurl.
prepareProcess()
exit(IntentBridgeCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
