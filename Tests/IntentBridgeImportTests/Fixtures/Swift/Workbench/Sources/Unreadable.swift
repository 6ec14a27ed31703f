import AppIntents
import CoreLocation

enum Branding {
  static let productName = "Workbench"
  static func title(for name: String) -> LocalizedStringResource { LocalizedStringResource(stringLiteral: name) }
}

/// Values a static reader cannot know: each becomes a warning, the rest is imported.
struct ComputedTitleIntent: AppIntent {
  static var title: LocalizedStringResource { Branding.title(for: "Computed") }
  static let description = IntentDescription("Has a title that is " + "computed.")

  @Parameter(title: "Count", description: "A count with a computed default.", default: Branding.productName.count)
  var count: Int

  @Parameter(title: "Place", description: "A location, which is no catalog type.")
  var place: CLLocation?

  @Parameter(title: "Greeting", description: "A greeting with a run-time value in its dialog.", requestValueDialog: "Greet \(Branding.productName)?")
  var greeting: String

  @Parameter(title: "Tool", description: "Tools offered by a provider at run time.", optionsProvider: ToolOptionsProvider())
  var toolName: String

  static var parameterSummary: some ParameterSummary {
    Switch(\.$count) {
      Case(1) {
        Summary("Greet once")
      }
      DefaultCase {
        Summary("Greet \(\.$count) times")
      }
    }
  }

  func perform() async throws -> some IntentResult { .result() }
}

struct ToolOptionsProvider: DynamicOptionsProvider {
  func results() async throws -> [String] { ["saw", "plane"] }
}

struct UnfinishedIntent: AppIntent {
  static let title: LocalizedStringResource = "Unfinished"
  static let description = IntentDescription("Is missing its closing quote and brace.")

  @Parameter(title: "Note, description: "The quote above never closes.")
  var note: String

  func perform() async throws -> some IntentResult { .result() }


struct AfterUnfinishedIntent: AppIntent {
  static let title: LocalizedStringResource = "After Unfinished"
  static let description = IntentDescription("Is still imported after a broken declaration.")

  func perform() async throws -> some IntentResult { .result() }
}
