import AppIntents
import WidgetKit

/// A refinement declared here: intents adopting it are App Intents too.
protocol WorkshopAudioIntent: AudioPlaybackIntent {}
protocol LoopingWorkshopAudioIntent: WorkshopAudioIntent {}

struct PlayWorkshopRadioIntent: LoopingWorkshopAudioIntent {
  static let title: LocalizedStringResource = "Play Workshop Radio"
  static let description = IntentDescription("Plays the workshop radio station.")
  static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]

  func perform() async throws -> some IntentResult { .result() }
}

struct ToolWidgetIntent: WidgetConfigurationIntent {
  static let title: LocalizedStringResource = "Tool Widget"
  static let description = IntentDescription("Chooses the tool the widget shows.")
  static let isDiscoverable = false

  @Parameter(title: "Tool", description: "The tool to show.")
  var tool: ToolEntity?
}

struct LightSwitchControlIntent: SetValueIntent, ControlConfigurationIntent {
  static let title: LocalizedStringResource = "Workshop Lights"
  static let description = IntentDescription("Turns the workshop lights on or off.")
  static let authenticationPolicy = IntentAuthenticationPolicy.requiresLocalDeviceAuthentication

  @Parameter(title: "On", description: "Whether the lights are on.", requestValueDialog: "On or off?")
  var value: Bool

  func perform() async throws -> some IntentResult { .result() }
}

struct ToolSnippetIntent: SnippetIntent {
  static let title: LocalizedStringResource = "Tool Snippet"
  static let description = IntentDescription("Shows a tool as a snippet.")
  static let isAssistantOnly = true

  @Parameter(title: "Tool", description: "The tool to show.", requestValueDialog: "Which tool?")
  var tool: ToolEntity

  func perform() async throws -> some IntentResult & ShowsSnippetView { .result { EmptyView() } }
}

struct OpenToolURLIntent: URLRepresentableIntent, ForegroundContinuableIntent {
  static let title: LocalizedStringResource = "Open Tool Page"
  static let description = IntentDescription("Opens the web page of a tool.")
  static let urlRepresentation: URLRepresentation = "https://example.com/tools/\(\.$tool)"

  @Parameter(title: "Tool", description: "The tool whose page to open.", requestValueDialog: "Which tool?")
  var tool: ToolEntity

  func perform() async throws -> some IntentResult & OpensIntent { .result() }
}

final class LegacyCleanupIntent: NSObject, AppIntent {
  static let title: LocalizedStringResource = "Clean Up Workshop"
  static let description = IntentDescription("Removes finished projects and empty boxes.")

  override required init() {}

  func perform() async throws -> some IntentResult { .result() }
}

@AppIntent(schema: .photos.openAsset)
struct OpenProjectPhotoIntent: OpenIntent {
  static let title: LocalizedStringResource = "Open Project Photo"
  static let description = IntentDescription("Opens a photo of a project.")

  var target: ProjectPhotoEntity

  func perform() async throws -> some IntentResult { .result() }
}
