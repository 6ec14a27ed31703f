import IntentBridgeEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The clock option group: `--now` and `--tz`, the clock relative dates are read against.
struct ClockSettings: Sendable {
  static let now = CommandSpec.Option(
    name: "now", valueName: "iso-8601", help: "The clock for relative dates, e.g. 2026-11-29T10:00:00; default: now.")
  static let tz = CommandSpec.Option(name: "tz", valueName: "offset", help: "UTC offset of the clock, e.g. +01:00 or Z; default: the system's.")
  static let group = OptionGroup(name: "clock", options: [now, tz])

  /// The clock: `--now` read in the `--tz` offset; without them, the time and offset of the
  /// system when the options were read.
  var clock: IntentEngine.Clock

  /// Reads `--tz +01:00` (or `Z`, `UTC`, `-0530`), then `--now 2026-11-29T10:00:00` (or a date).
  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    clock = IntentEngine.Clock()
    if let tz = arguments.value(Self.tz) {
      guard let offset = Self.offset(tz) else {
        throw UsageError(message: "the value '\(tz)' is invalid for '--tz'; expected a UTC offset such as +01:00, -05:30 or Z", command: command)
      }
      clock.utcOffsetSeconds = offset
    }
    if let now = arguments.value(Self.now) {
      let parts = now.split(separator: "T", maxSplits: 1).map(String.init)
      let date = parts[0].split(separator: "-").compactMap { Int($0) }
      let time = parts.count > 1 ? parts[1].prefix(8).split(separator: ":").compactMap { Int($0) } : [0, 0, 0]
      guard date.count == 3, (1...12).contains(date[1]), (1...31).contains(date[2]), time.count >= 2, (0..<24).contains(time[0]),
        (0..<60).contains(time[1]), time.count < 3 || (0..<60).contains(time[2])
      else {
        throw UsageError(message: "the value '\(now)' is invalid for '--now'; expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]", command: command)
      }
      guard (1...9999).contains(date[0]) else {
        throw UsageError(message: "the year \(date[0]) of '--now \(now)' is out of range; expected a year from 1 to 9999", command: command)
      }
      var components = DateComponents()
      components.year = date[0]
      components.month = date[1]
      components.day = date[2]
      components.hour = time[0]
      components.minute = time[1]
      components.second = time.count > 2 ? time[2] : 0
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(secondsFromGMT: clock.utcOffsetSeconds) ?? TimeZone(secondsFromGMT: 0)!
      guard let instant = calendar.date(from: components) else {
        throw UsageError(message: "the value '\(now)' is not a date", command: command)
      }
      clock.now = instant
    }
  }

  /// The seconds east of UTC of `+01:00`, `-0530`, `+05`, `Z` or `UTC`; nil for anything else
  /// or beyond ±14:59.
  static func offset(_ text: String) -> Int? {
    if text == "Z" || text.uppercased() == "UTC" { return 0 }
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let digits = String(text.dropFirst().filter { $0 != ":" })
    guard digits.count == 4 || digits.count == 2, let value = Int(digits) else { return nil }
    let hours = digits.count == 4 ? value / 100 : value
    let minutes = digits.count == 4 ? value % 100 : 0
    guard hours <= 14, minutes < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}
