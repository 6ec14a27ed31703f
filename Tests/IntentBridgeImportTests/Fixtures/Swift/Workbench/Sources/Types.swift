import AppIntents
import CoreLocation
import Foundation

/// One parameter of every type App Intents offers.
struct LogMeasurementIntent: AppIntent {
  static let title: LocalizedStringResource = "Log Measurement"
  static let description = IntentDescription("Logs a measurement of a workpiece.")

  @Parameter(title: "Label", description: "A label.", requestValueDialog: "Which label?") var label: String
  @Parameter(title: "Notes", description: "Formatted notes.") var notes: AttributedString?
  @Parameter(title: "Pieces", description: "How many pieces.", default: 1) var pieces: Int
  @Parameter(title: "Serial", description: "A serial number.") var serial: Int64?
  @Parameter(title: "Shelf", description: "A shelf number.") var shelf: UInt8?
  @Parameter(title: "Ratio", description: "A ratio.", default: 0.5) var ratio: Double
  @Parameter(title: "Weight", description: "A weight.") var weight: Float?
  @Parameter(title: "Price", description: "A price.") var price: Decimal?
  @Parameter(title: "Offset", description: "An offset.", default: -2.5) var offset: CGFloat
  @Parameter(title: "Done", description: "Whether it is done.", default: false) var done: Bool
  @Parameter(title: "Time", description: "A time of day.", kind: .time) var time: Date?
  @Parameter(title: "Day", description: "A calendar day.", kind: .date) var day: DateComponents?
  @Parameter(title: "Link", description: "A link.") var link: URL?
  @Parameter(title: "Length", description: "A length.", default: Measurement(value: 30, unit: UnitLength.centimeters)) var length: Measurement<UnitLength>
  @Parameter(title: "Speed", description: "A feed speed.", defaultUnit: .metersPerSecond, supportsNegativeNumbers: false) var speed: Measurement<UnitSpeed>?
  @Parameter(title: "Drying Time", description: "How long the glue dries.", default: Measurement(value: 2, unit: UnitDuration.hours)) var dryingTime: Measurement<UnitDuration>
  @Parameter(title: "Pause", description: "A pause.") var pause: Duration?
  @Parameter(title: "Drawing", description: "A drawing.") var drawing: IntentFile?
  @Parameter(title: "Helper", description: "Who helped.") var helper: IntentPerson?
  @Parameter(title: "Site", description: "Where it was made.") var site: CLPlacemark?
  @Parameter(title: "Cost", description: "What it cost.") var cost: IntentCurrencyAmount?
  @Parameter(title: "Tags", description: "Tags.") var tags: [String]
  @Parameter(title: "Sizes", description: "Sizes.") var sizes: [Int]?
  @Parameter(title: "Batch", description: "A batch.") var batch: Optional<Int>
  @Parameter(title: "Materials", description: "Materials.") var materials: Set<String>
  @Parameter(title: "Finish", description: "The finish.", default: .oiled) var finish: SurfaceFinish
  @Parameter(title: "Finishes", description: "Finishes to compare.", default: [.raw, .waxed]) var finishes: [SurfaceFinish]
  @Parameter(title: "Tool", description: "The tool used.", requestValueDialog: "Which tool?") var tool: ToolEntity
  @Parameter(title: "Tools", description: "More tools used.") var moreTools: [ToolEntity]?

  func perform() async throws -> some IntentResult { .result() }
}
