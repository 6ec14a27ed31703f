import IntentBridgeText

/// Value forms several commands share: counts, seconds and comma-separated lists, each read
/// with a usage error that names the option and what it accepts.
extension ParsedArguments {
  /// The largest count `--top`, `--page-size` and `--k` take: far beyond any catalog (30,000 tools).
  static let maximumCount = 1_000_000

  /// The value of `option` as a whole number from 1 to `maximumCount`; nil when absent.
  func count(_ option: CommandSpec.Option, command: String) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text), number > 0, number <= Self.maximumCount else {
      throw UsageError(
        message: "the value '\(text)' is invalid for '--\(option.name)'; expected a whole number from 1 to \(Self.maximumCount)",
        command: command)
    }
    return number
  }

  /// The value of `option` as seconds above 0 and at most an hour (`value` when absent).
  func seconds(_ option: CommandSpec.Option, default value: Double, command: String) throws(UsageError) -> Double {
    guard let text = self.value(option) else { return value }
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw UsageError(
        message: "'--\(option.name) <seconds>' must be a number of seconds above 0 and at most 3600, found '\(text)'", command: command)
    }
    return seconds
  }

  /// The value of `option` as a comma-separated list, trimmed, empty items dropped (`value`
  /// when absent); a list with no item is a usage error.
  func list(_ option: CommandSpec.Option, default value: [String], command: String) throws(UsageError) -> [String] {
    guard let text = self.value(option) else { return value }
    let items = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    guard !items.isEmpty else { throw UsageError(message: "'--\(option.name)' needs at least one value", command: command) }
    return items
  }
}
