import AppIntents
import Foundation

struct StartKitchenTimerIntent: AppIntent, LiveActivityIntent {
  static let title: LocalizedStringResource = "Start Kitchen Timer"
  static let description = IntentDescription(
    "Starts a kitchen timer and shows it as a Live Activity.",
    categoryName: "Timers",
    searchKeywords: ["timer", "countdown", "remind me"])

  @Parameter(
    title: "Duration",
    description: "How long the timer runs; ten minutes when not given.",
    default: Measurement(value: 10, unit: UnitDuration.minutes),
    defaultUnit: .minutes)
  var duration: Measurement<UnitDuration>

  @Parameter(title: "Label", description: "What the timer is for, such as pasta.")
  var label: String?

  static var parameterSummary: some ParameterSummary {
    Summary("Start a \(\.$duration) timer") {
      \.$label
    }
  }

  func perform() async throws -> some IntentResult & ProvidesDialog {
    try await KitchenTimers.shared.start(duration, label: label)
    return .result(dialog: "Timer started.")
  }
}

struct StopKitchenTimerIntent: AppIntent, LiveActivityIntent {
  static let title: LocalizedStringResource = "Stop Kitchen Timer"
  static let description = IntentDescription(
    "Stops the running kitchen timers, or only the one with the given label.",
    categoryName: "Timers",
    searchKeywords: ["cancel timer", "stop countdown"])

  @Parameter(title: "Label", description: "The label of the timer to stop; all timers when not given.")
  var label: String?

  func perform() async throws -> some IntentResult {
    try await KitchenTimers.shared.stop(label: label)
    return .result()
  }
}

struct PreheatOvenIntent: AppIntent {
  static let title: LocalizedStringResource = "Preheat Oven"
  static let description = IntentDescription(
    "Preheats a connected oven to a temperature.",
    categoryName: "Appliances",
    searchKeywords: ["oven", "heat up", "bake"])
  static let supportedModes: IntentModes = .background

  @Parameter(
    title: "Temperature",
    description: "The oven temperature, in degrees Celsius unless another unit is said.",
    defaultUnit: .celsius,
    supportsNegativeNumbers: false,
    requestValueDialog: "To what temperature?")
  var temperature: Measurement<UnitTemperature>

  @Parameter(title: "Fan", description: "Whether to use the fan (convection) setting.", default: false)
  var useFan: Bool

  static var parameterSummary: some ParameterSummary {
    Summary("Preheat the oven to \(\.$temperature)") {
      \.$useFan
    }
  }

  func perform() async throws -> some IntentResult & ProvidesDialog {
    try await Oven.shared.preheat(to: temperature, fan: useFan)
    return .result(dialog: "Preheating the oven.")
  }
}
