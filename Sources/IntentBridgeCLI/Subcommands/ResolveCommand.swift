import IntentBridgeEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentbridge resolve CATALOG "request" [--json] [--now ISO-8601 --tz OFFSET] [--intent ID]`
/// and the batch form `--requests FILE.jsonl`.
enum ResolveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "resolve", abstract: "Resolve a request (or a file of requests) to an intent and its filled arguments.",
    positionals: [
      .init(name: "catalog", help: "A catalog JSON file."),
      .init(name: "request", help: "The request text (omit with --requests).", optional: true),
    ],
    groups: [OptionGroups.language, OptionGroups.signals, OptionGroups.engine, OptionGroups.clock, OptionGroups.json],
    options: [
      .init(name: "intent", valueName: "id", help: "Fill this intent instead of the best-ranked one."),
      .init(
        name: "context", valueName: "json",
        help:
          "Values already known, e.g. '{\"area\": \"Kitchen\"}': used for parameters the request leaves empty (a row's own \"context\" adds to it)."),
      .init(name: "requests", valueName: "file.jsonl", help: "Resolve every row ({\"query\", \"id\"?}) and write one JSON line per row."),
    ],
    discussion: "Exit status: 0 when resolved (also for no match or missing values), 64 usage, 65 invalid catalog or requests file, 1 model failure.")

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let clock = try parseClock(arguments)
    var context = JSONObject()
    if let text = arguments.option("context") {
      guard let parsed = try? JSONParser.parse(text), let object = parsed.objectValue else {
        throw UsageError(
          message: "the value '\(text)' is invalid for '--context'; expected a JSON object such as {\"area\": \"Kitchen\"}", command: spec.name)
      }
      context = object
    }
    let requestsFile = arguments.option("requests")
    guard (arguments.positionals.count == 2) != (requestsFile != nil) else {
      throw UsageError(message: "give either a request or '--requests <file.jsonl>'", command: spec.name)
    }
    let engines: CatalogEngines
    switch try EngineOptions.loadEngines(arguments, console: console, command: spec.name) {
    case .success(let loaded): engines = loaded
    case .failure(let code): return code
    }
    var told = Set<String>()
    if let forced = arguments.option("intent"), engines.catalog.intent(id: forced) == nil {
      throw UsageError(message: "no intent '\(forced)' in \(arguments.positionals[0])", command: spec.name)
    }
    guard let requestsFile else {
      if let tooLong = RequestLimit.check(arguments.positionals[1]) { throw UsageError(message: "\(tooLong)", command: spec.name) }
      let window = RequestLimit.window(arguments.positionals[1])
      if let notice = window.notice { console.err("notice: \(notice)\n") }
      let resolution = EngineOptions.routed(engines, console: console, told: &told) { () throws(IntentEngine.LoadError) in
        try engines.resolve(window.text, clock: clock, intent: arguments.option("intent"), context: context)
      } fallback: {
        $0.resolve(window.text, clock: clock, intent: arguments.option("intent"), context: context)
      }.value
      if arguments.flag("json") {
        console.out(resolution.jsonValue.prettyText)
      } else {
        console.out(render(resolution))
      }
      return .success
    }
    return RequestsFile.run(requestsFile, console: console) { query, row in
      var rowContext = context
      for (key, value) in row["context"]?.objectValue ?? JSONObject() { rowContext[key] = value }
      let resolution = EngineOptions.routed(engines, console: console, told: &told) { () throws(IntentEngine.LoadError) in
        try engines.resolve(query, clock: clock, intent: arguments.option("intent"), context: rowContext, rowLanguage: row["lang"]?.stringValue)
      } fallback: {
        $0.resolve(query, clock: clock, intent: arguments.option("intent"), context: rowContext)
      }.value
      return (resolution.jsonValue.objectValue ?? JSONObject(), JSONObject())
    }
  }

  static func render(_ resolution: Resolution) -> String {
    guard let intent = resolution.intentID else {
      return "no match" + (resolution.ranking.noMatchReason.map { " (\($0))" } ?? "") + "\n"
    }
    var text = "\(intent)  \(Int((resolution.confidence * 100).rounded()))%\n"
    for argument in resolution.filled {
      text += "  \(argument.name) = \(argument.value.compactText)  [\(argument.source.rawValue)]\n"
    }
    for missing in resolution.missing { text += "  missing \(missing.name): \(missing.question)\n" }
    for ambiguous in resolution.ambiguous {
      text += "  ambiguous \(ambiguous.name): \(ambiguous.candidates.map(\.compactText).joined(separator: " or ")) — \(ambiguous.question)\n"
    }
    return text
  }

  /// `--now 2026-11-29T10:00:00` and `--tz +01:00` (or `Z`, `UTC`, `-0530`).
  static func parseClock(_ arguments: ParsedArguments) throws(UsageError) -> IntentEngine.Clock {
    var clock = IntentEngine.Clock()
    if let tz = arguments.option("tz") {
      guard let offset = parseOffset(tz) else {
        throw UsageError(message: "the value '\(tz)' is invalid for '--tz'; expected a UTC offset such as +01:00, -05:30 or Z", command: spec.name)
      }
      clock.utcOffsetSeconds = offset
    }
    if let now = arguments.option("now") {
      let parts = now.split(separator: "T", maxSplits: 1).map(String.init)
      let date = parts[0].split(separator: "-").compactMap { Int($0) }
      let time = parts.count > 1 ? parts[1].prefix(8).split(separator: ":").compactMap { Int($0) } : [0, 0, 0]
      guard date.count == 3, (1...12).contains(date[1]), (1...31).contains(date[2]), time.count >= 2, (0..<24).contains(time[0]),
        (0..<60).contains(time[1]), time.count < 3 || (0..<60).contains(time[2])
      else {
        throw UsageError(message: "the value '\(now)' is invalid for '--now'; expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]", command: spec.name)
      }
      guard (1...9999).contains(date[0]) else {
        throw UsageError(message: "the year \(date[0]) of '--now \(now)' is out of range; expected a year from 1 to 9999", command: spec.name)
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
        throw UsageError(message: "the value '\(now)' is not a date", command: spec.name)
      }
      clock.now = instant
    }
    return clock
  }

  static func parseOffset(_ text: String) -> Int? {
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
