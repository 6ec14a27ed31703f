import AppIntents
import Foundation

struct AddPantryItemIntent: AppIntent {
  static let title: LocalizedStringResource = "Add Pantry Item"
  static let description = IntentDescription(
    "Adds an item to the pantry with its quantity and where it is kept.",
    categoryName: "Pantry",
    searchKeywords: ["stock up", "groceries", "store food"],
    resultValueName: "Pantry Item")

  @Parameter(
    title: "Item",
    description: "What to add, such as rice or olive oil.",
    inputOptions: String.IntentInputOptions(capitalizationType: .none, autocorrect: true),
    requestValueDialog: "What would you like to add?")
  var name: String

  @Parameter(title: "Quantity", description: "How many to add; one when not given.", default: 1, inclusiveRange: (1, 99))
  var quantity: Int

  @Parameter(title: "Storage", description: "Where the item is kept: pantry, fridge, freezer or spice rack.", default: .pantry)
  var location: StorageLocation

  @Parameter(title: "Best Before", description: "The date printed on the package, if any.", kind: .date)
  var bestBefore: Date?

  static var parameterSummary: some ParameterSummary {
    Summary("Add \(\.$quantity) \(\.$name) to the \(\.$location)") {
      \.$bestBefore
    }
  }

  func perform() async throws -> some IntentResult & ReturnsValue<PantryItemEntity> & ProvidesDialog {
    let item = try await Pantry.shared.add(name: name, quantity: quantity, location: location, bestBefore: bestBefore)
    return .result(value: PantryItemEntity(item), dialog: "Added \(quantity) \(name).")
  }
}

struct RemovePantryItemIntent: DeleteIntent {
  static let title: LocalizedStringResource = "Remove Pantry Item"
  static let description = IntentDescription(
    "Removes items from the pantry, for example when they are used up or thrown away.",
    categoryName: "Pantry",
    searchKeywords: ["used up", "throw away", "delete"])

  @Parameter(title: "Items", description: "The pantry items to remove.", requestValueDialog: "Which items should I remove?")
  var entities: [PantryItemEntity]

  static var parameterSummary: some ParameterSummary {
    Summary("Remove \(\.$entities)")
  }

  func perform() async throws -> some IntentResult {
    try await requestConfirmation(actionName: .remove)
    try await Pantry.shared.remove(entities.map(\.id))
    return .result()
  }
}

struct CheckStockIntent: AppIntent {
  static let title: LocalizedStringResource = "Check Stock"
  static let description = IntentDescription(
    "Tells how much of an item is left, optionally only in one storage place.",
    categoryName: "Pantry",
    searchKeywords: ["how much", "left", "inventory"],
    resultValueName: "Quantity")
  static let openAppWhenRun = false

  @Parameter(title: "Item", description: "The item to look up, such as flour.", requestValueDialog: "Which item should I check?")
  var name: String

  @Parameter(title: "Storage", description: "Only look in this place; everywhere when not given.")
  var location: StorageLocation?

  static var parameterSummary: some ParameterSummary {
    When(\.$location, .hasAnyValue) {
      Summary("Check \(\.$name) in the \(\.$location)")
    } otherwise: {
      Summary("Check \(\.$name)")
    }
  }

  func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
    let count = try await Pantry.shared.count(of: name, in: location)
    return .result(value: count, dialog: "You have \(count) \(name) left.")
  }
}

struct ListExpiringItemsIntent: AppIntent {
  static let title: LocalizedStringResource = "List Expiring Items"
  static let description = IntentDescription(
    "Lists the pantry items whose best-before date falls within the next days.",
    categoryName: "Pantry",
    searchKeywords: ["expiring", "use soon", "best before"])

  @Parameter(title: "Days", description: "How many days ahead to look; three when not given.", default: 3, controlStyle: .stepper, inclusiveRange: (1, 30))
  var days: Int

  static var parameterSummary: some ParameterSummary {
    Summary("List items expiring within \(\.$days) days")
  }

  func perform() async throws -> some IntentResult & ReturnsValue<[PantryItemEntity]> & ShowsSnippetView {
    let items = try await Pantry.shared.expiring(within: days)
    return .result(value: items.map(PantryItemEntity.init)) { ExpiringItemsView(items: items) }
  }
}
