/// The output option group: `--json`, machine-readable output.
struct OutputSettings: Sendable {
  static let json = CommandSpec.Flag(name: "json", help: "Write JSON instead of text.")
  static let group = OptionGroup(name: "output", flags: [json])

  /// Whether `--json` asks for JSON instead of text.
  var json: Bool

  init(_ arguments: ParsedArguments) {
    json = arguments.has(Self.json)
  }
}
