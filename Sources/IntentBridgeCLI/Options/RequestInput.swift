import IntentBridgeEngine

/// What `rank` and `resolve` answer: the request given on the command line, or every row of a
/// `--requests` file (`RequestsFile`); exactly one of them.
enum RequestInput: Sendable {
  case request(String)
  case file(String)

  /// The request positional (`arguments.positionals[1]`) or the value of `requests`; a usage
  /// error when both or neither is given.
  init(_ arguments: ParsedArguments, requests: CommandSpec.Option, command: String) throws(UsageError) {
    switch (arguments.positionals.count == 2 ? arguments.positionals[1] : nil, arguments.value(requests)) {
    case (let request?, nil): self = .request(request)
    case (nil, let file?): self = .file(file)
    default: throw UsageError(message: "give either a request or '--\(requests.name) <\(requests.valueName)>'", command: command)
    }
  }

  /// A request beyond `RequestLimit.maximumBytes` is a usage error (a longer one is answered
  /// on its window, with a notice).
  func validate(command: String) throws(UsageError) {
    if case .request(let request) = self, let tooLong = RequestLimit.check(request) {
      throw UsageError(message: "\(tooLong)", command: command)
    }
  }
}
