import AppIntents
import Foundation

struct SharpenToolIntent: AppIntent {
  static let title = LocalizedStringResource("intent.sharpen.title", defaultValue: "Sharpen Tool", table: "Workbench", comment: "Title of the sharpen intent")
  static let description = IntentDescription(
    .init("intent.sharpen.description", defaultValue: "Adds a tool to the sharpening queue.", table: "Workbench"),
    categoryName: LocalizedStringResource("Maintenance"),
    searchKeywords: [.init("hone"), LocalizedStringResource("whet")],
    resultValueName: LocalizedStringResource(stringLiteral: "Queue Position"))

  @Parameter(
    title: LocalizedStringResource("Tool", comment: "The tool parameter"),
    description: "The tool to sharpen.",
    requestValueDialog: IntentDialog("Which tool needs sharpening?"))
  var tool: ToolEntity

  @Parameter(
    title: "Grit",
    description: "The grit of the stone; 1000 when not given.",
    default: 1000,
    inclusiveRange: (lowerBound: 120, upperBound: 8000),
    requestValueDialog: IntentDialog(full: "Which grit should the stone have?", supporting: "For example 1000."))
  var grit: Int

  static var parameterSummary: some ParameterSummary {
    Summary("Sharpen \(\.$tool) at \(\.$grit) grit")
  }

  func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
    .result(value: 1, dialog: IntentDialog("Queued \(tool) for sharpening."))
  }
}

/// Texts from old-style strings files (`Legacy` table in xx.lproj folders).
struct OilToolIntent: AppIntent {
  static let title = LocalizedStringResource("OIL_TOOL_TITLE", defaultValue: "Oil Tool", table: "Legacy")
  static let description = IntentDescription(LocalizedStringResource("OIL_TOOL_DESCRIPTION", defaultValue: "Records that a tool was oiled.", table: "Legacy"))

  @Parameter(title: LocalizedStringResource("OIL_TOOL_PARAMETER", defaultValue: "Tool", table: "Legacy"), description: "The tool that was oiled.", requestValueDialog: "Which tool?")
  var tool: ToolEntity

  func perform() async throws -> some IntentResult { .result() }
}

/// A text with plural variations in the String Catalog.
struct CountOpenProjectsIntent: AppIntent {
  static let title: LocalizedStringResource = "Count Open Projects"
  static let description = IntentDescription("Counts the projects that are not finished.", categoryName: "Projects")

  func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
    let count = 3
    return .result(value: count, dialog: "You have \(count) open projects.")
  }
}
