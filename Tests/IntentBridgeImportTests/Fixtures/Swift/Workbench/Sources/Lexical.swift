import AppIntents
import Foundation

// A line comment naming a type: struct CommentIntent: AppIntent { static let title = "No" }
/* A block comment /* with a nested one: struct NestedCommentIntent: AppIntent {} */
struct StillCommentIntent: AppIntent { static let title: LocalizedStringResource = "Still a comment" }
*/

/// Doc comments are comments too: `struct DocIntent: AppIntent`.
let decoy = "struct StringIntent: AppIntent { static let title: LocalizedStringResource = \"No\" }"
let rawDecoy = #"struct RawIntent: AppIntent { "quoted" \(notInterpolated) }"#
let multiLineDecoy = """
  struct MultiLineIntent: AppIntent {
    static let title = "\(decoy.count) is interpolated, \"escaped\" too"
  }
  """
let pattern = #/struct (\w+): AppIntent/#
let barePattern = try? Regex("x").wholeMatch(in: "x") != nil ? /AppIntent {/ : nil
let café = "names may use Unicode"
let `default` = "backticked names"

@available(iOS 17.0, macOS 14.0, *)
struct SayHelloIntent: AppIntent {
  static let title: LocalizedStringResource = #"Say "Hello""#
  static let description = IntentDescription(
    """
    Says "hello" to someone, \
    in one line.
    """)

  @Parameter(title: "Name", description: "Who to greet; written /* not a comment */ like this.", requestValueDialog: "Who should I greet?")
  var name: String

  static var parameterSummary: some ParameterSummary {
    Summary("Say hello to \(\.$name) (politely)")
  }

  func perform() async throws -> some IntentResult & ProvidesDialog {
    let greeting = "Hello, \(name)! { not a brace"
    return .result(dialog: "Hello, \(name)!")
  }
}

/// Generic, with a where clause and attributes on the way.
@MainActor
struct CountItemsIntent<Counter: Sendable>: AppIntent where Counter: Equatable {
  static var title: LocalizedStringResource { "Count Items" }
  static var description: IntentDescription { "Counts the items in a box." }

  @Parameter(title: "Box", description: "The box to count.", default: "Main")
  var box: String

  func perform() async throws -> some IntentResult & ReturnsValue<Int> {
    .result(value: 0)
  }
}

#if DEBUG
struct ResetDemoDataIntent: AppIntent {
  static let title: LocalizedStringResource = "Reset Demo Data"
  static let description = IntentDescription("Restores the demo data of the app.")
  static let isDiscoverable = false

  func perform() async throws -> some IntentResult { .result() }
}
#endif

struct OpenWorkshopIntent: AppIntent {
  #if os(macOS)
  static let title: LocalizedStringResource = "Open Workshop Window"
  #else
  static let title: LocalizedStringResource = "Open Workshop"
  #endif
  static let description = IntentDescription("Opens the workshop view of the app.")
  static let openAppWhenRun = true

  func perform() async throws -> some IntentResult { .result() }
}
